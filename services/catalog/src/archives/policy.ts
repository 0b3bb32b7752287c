// Which archive URLs the catalog may fetch (fetch.ts): http(s) URLs of the hosts the
// operator allows (ARCHIVE_HOSTS, by default the mirror's), never a loopback, private, link-local
// or multicast address unless ARCHIVE_ALLOW_PRIVATE: literal addresses are checked before the
// fetch, names on the addresses DNS answers at connect time, so that a name resolving differently
// later cannot slip through.
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { parseHostRules, type ArchiveSettings, type HostRule } from '@depot/common/archive-store';
import { ArchiveFetchError } from './problems';

export interface ArchivePolicy {
  hosts: HostRule[];
  /** Lets the fetch reach loopback and private addresses (a mirror inside the network, tests). */
  allowPrivate: boolean;
  connectTimeoutMs: number;
  /** The whole fetch, redirects included. */
  transferTimeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

/** As many as Solder's fetch follows. */
const MAX_REDIRECTS = 5;

/**
 * The policy of the settings; without ARCHIVE_HOSTS, the mirror's host is the one allowed (and the
 * old mirror's, `upstream`, when Depot is its own mirror and passes downloads to it).
 */
export function archivePolicy(settings: ArchiveSettings, mirrorUrl: string, upstream?: string): ArchivePolicy {
  const hosts = settings.ARCHIVE_HOSTS.trim()
    ? parseHostRules(settings.ARCHIVE_HOSTS)
    : [mirrorUrl, ...(upstream ? [upstream] : [])].map(hostRuleOf);
  return {
    hosts,
    allowPrivate: settings.ARCHIVE_ALLOW_PRIVATE,
    connectTimeoutMs: settings.ARCHIVE_CONNECT_TIMEOUT_MS,
    transferTimeoutMs: settings.ARCHIVE_TRANSFER_TIMEOUT_MS,
    maxBytes: settings.ARCHIVE_MAX_BYTES,
    maxRedirects: MAX_REDIRECTS,
  };
}

/** The rule that allows the host (and port, when given) of `base`. */
export function hostRuleOf(base: string): HostRule {
  const url = new URL(base);
  return { host: url.hostname.toLowerCase(), wildcard: false, ...(url.port ? { port: Number(url.port) } : {}) };
}

function hostAllowed(url: URL, rules: HostRule[]): boolean {
  const host = url.hostname.toLowerCase();
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return rules.some(
    (rule) =>
      (rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host) &&
      (rule.port === undefined || rule.port === port),
  );
}

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

/** Checks a URL before it is fetched: scheme, allowed host, and a literal address. */
export function checkUrl(raw: string, policy: ArchivePolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ArchiveFetchError('refused', `"${raw}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ArchiveFetchError('refused', `${url.protocol} URLs are not fetched, only http and https`);
  }
  if (!hostAllowed(url, policy.hosts)) {
    throw new ArchiveFetchError(
      'refused',
      `the host ${url.host} is not one archives may be fetched from (ARCHIVE_HOSTS)`,
    );
  }
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !policy.allowPrivate && !isPublicAddress(literal)) {
    throw new ArchiveFetchError('refused', `${literal} is not a public address (ARCHIVE_ALLOW_PRIVATE)`);
  }
  return url;
}

export type Lookup = typeof dns.lookup;

/**
 * dns.lookup that refuses a name resolving to any address that is not public: used by the
 * socket itself, so what is checked is what is connected to.
 */
export function guardedLookup(policy: ArchivePolicy, resolve: Lookup): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses as dns.LookupAddress[];
      const refused = policy.allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (refused) {
        return callback(
          new ArchiveFetchError(
            'refused',
            `${hostname} resolves to ${refused.address}, not a public address (ARCHIVE_ALLOW_PRIVATE)`,
          ),
        );
      }
      if (options.all) callback(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  }) as unknown as net.LookupFunction;
}
