// Which archive URLs the catalog may fetch (fetch.ts): http(s) URLs of the hosts the
// operator allows (ARCHIVE_HOSTS, by default the mirror's), never a loopback, private, link-local
// or multicast address unless ARCHIVE_ALLOW_PRIVATE. The address rules are shared with webhook
// deliveries (@depot/common/egress): literal addresses checked before the fetch, names on the
// addresses DNS answers at connect time.
import type net from 'node:net';
import {
  guardedLookup as guardedAddressLookup,
  isPublicAddress,
  literalAddressOf,
  type Lookup,
} from '@depot/common/egress';
import { parseHostRules, type ArchiveSettings, type HostRule } from '@depot/common/archive-store';
import { ArchiveFetchError } from './problems';

export { isPublicAddress, type Lookup };

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
  const literal = literalAddressOf(url);
  if (literal && !policy.allowPrivate && !isPublicAddress(literal)) {
    throw new ArchiveFetchError('refused', `${literal} is not a public address (ARCHIVE_ALLOW_PRIVATE)`);
  }
  return url;
}

/**
 * dns.lookup that refuses a name resolving to any address that is not public (the shared address
 * policy, @depot/common/egress), failing the fetch with an ArchiveFetchError that says so.
 */
export function guardedLookup(policy: ArchivePolicy, resolve: Lookup): net.LookupFunction {
  return guardedAddressLookup(
    {
      allowPrivate: policy.allowPrivate,
      refuse: (hostname, address) =>
        new ArchiveFetchError(
          'refused',
          `${hostname} resolves to ${address}, not a public address (ARCHIVE_ALLOW_PRIVATE)`,
        ),
    },
    resolve,
  );
}
