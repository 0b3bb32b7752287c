// Which addresses a service may reach when it fetches a URL a user chose (the catalog's archive
// fetch, the hooks service's webhook deliveries): never a loopback, private, link-local,
// multicast, reserved or metadata address unless the operator allows private ones. Literal
// addresses are checked before the request; names on the addresses DNS answers at connect time
// (the socket's own lookup), so a name that resolves differently later cannot slip through.
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** A public unicast address: not loopback, private, link-local, multicast, reserved... */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    // NAT64 (64:ff9b::/96): the IPv4 address it stands for decides (IPv6-only clusters reach
    // every IPv4 host this way).
    else if (v6.range() === 'rfc6052') ip = ipaddr.fromByteArray(v6.toByteArray().slice(12));
  }
  return ip.range() === 'unicast';
}

/** The literal address of a URL's host (brackets of IPv6 removed), or undefined for a name. */
export function literalAddressOf(url: URL): string | undefined {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(literal) ? literal : undefined;
}

export type Lookup = typeof dns.lookup;

export interface AddressGuard {
  allowPrivate: boolean;
  /** The error a refused name fails the connection with. */
  refuse(hostname: string, address: string): Error;
}

/**
 * dns.lookup that refuses a name resolving to any address that is not public: used by the
 * socket itself, so what is checked is what is connected to.
 */
export function guardedLookup(guard: AddressGuard, resolve: Lookup = dns.lookup): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses as dns.LookupAddress[];
      const refused = guard.allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (refused) return callback(guard.refuse(hostname, refused.address));
      if (options.all) callback(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  }) as unknown as net.LookupFunction;
}
