// Fetching a mod archive to learn its md5 and size (the rehash of a version, the mirror audit).
// The URL comes from the catalogue (the mirror's form, or a version's own `url` that a user with
// mods_manage set), so the fetch is a way into the network the service runs in: it reaches only
// http(s) URLs of the hosts the operator allows, never a loopback, private, link-local or
// multicast address (checked on the addresses DNS answers, at connect time, so a name that
// resolves differently later cannot slip through; literal addresses are checked before), follows
// a few redirects only to URLs that pass the same checks, and is bounded in time and size. The
// archive is hashed while it streams: never held in memory.
import { createHash } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { envBool, envInt, z } from './config';
import { DepotError, REASONS, type Reason } from './errors';

/** Why an archive could not be hashed; each answers differently (see the gateway's rehash route). */
export type ArchiveProblem =
  /** The URL is not one Depot may fetch: scheme, host not allowed, private address. */
  | 'refused'
  /** The server answered 404 or 410. */
  | 'missing'
  /** Another answer than 200 (or too many redirects, or a body cut short). */
  | 'upstream'
  /** Larger than the size limit. */
  | 'too_large'
  /** No connection within the connect timeout, or not complete within the transfer timeout. */
  | 'timeout'
  /** No connection at all: unknown host, refused, reset, TLS failure. */
  | 'unreachable';

export class ArchiveFetchError extends Error {
  constructor(
    readonly problem: ArchiveProblem,
    message: string,
    /** The HTTP status the server answered, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ArchiveFetchError';
  }
}

const REASON_OF: Record<ArchiveProblem, Reason> = {
  refused: 'ARCHIVE_REFUSED',
  missing: 'ARCHIVE_MISSING',
  upstream: 'ARCHIVE_UPSTREAM',
  too_large: 'ARCHIVE_TOO_LARGE',
  timeout: 'ARCHIVE_TIMEOUT',
  unreachable: 'ARCHIVE_UNREACHABLE',
};

/** The failure as the Depot error a service answers: "The archive is missing: <url> answered 404." */
export function archiveError(err: ArchiveFetchError): DepotError {
  const reason = REASON_OF[err.problem];
  return new DepotError(reason, {}, `${REASONS[reason].message.replace(/\.$/, '')}: ${err.message}.`);
}

/** One allowed host: `example.com`, `*.example.com` (its subdomains), optionally with `:port`. */
export interface HostRule {
  host: string;
  wildcard: boolean;
  /** Any port when absent. */
  port?: number;
}

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

export interface ArchiveDigest {
  /** Lowercase hex. */
  md5: string;
  size: number;
}

/** The settings of archive fetches (docs/configuration.md); the services and the CLI read them alike. */
export const archiveEnv = {
  ARCHIVE_HOSTS: z
    .string()
    .default('')
    .superRefine((value, ctx) => {
      try {
        parseHostRules(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    })
    .meta({
      description:
        'Hosts whose archives may be fetched ([rehash and the mirror audit](admin-cli.md#rehash-and-the-mirror-audit)), ' +
        'comma separated: `mirror.example.com`, `*.cdn.example.com` (its subdomains), `[2001:db8::1]`, each ' +
        'optionally `:port` (without, any port). A version `url` on another host is refused (422). Redirects ' +
        'are followed only to these hosts.',
      defaultNote: "the mirror's host",
    }),
  ARCHIVE_ALLOW_PRIVATE: envBool(false).meta({
    description:
      '`true` lets archive fetches reach loopback, private, link-local and other non-public addresses (a ' +
      'mirror on `localhost` or inside your network). Checked on the addresses DNS answers, when connecting.',
  }),
  ARCHIVE_CONNECT_TIMEOUT_MS: envInt(5_000, 100).meta({
    description: "Name resolution and connection to an archive's host must succeed within this (each redirect too).",
  }),
  ARCHIVE_TRANSFER_TIMEOUT_MS: envInt(30_000, 100).meta({
    description:
      'A whole archive fetch, redirects included, must finish within this; the gateway and the CLI wait ' +
      'that long for a rehash (the audit, for each page).',
  }),
  ARCHIVE_MAX_BYTES: envInt(512 * 1024 * 1024, 1).meta({
    description:
      'Larger archives are not hashed (refused as soon as `Content-Length` says so, else when the limit is passed).',
    defaultNote: '512 MiB',
  }),
};

export type ArchiveSettings = { [K in keyof typeof archiveEnv]: z.output<(typeof archiveEnv)[K]> };

/** As many as Solder's fetch follows. */
const MAX_REDIRECTS = 5;

/** The policy of the settings; without ARCHIVE_HOSTS, the mirror's host is the one allowed. */
export function archivePolicy(settings: ArchiveSettings, mirrorUrl: string): ArchivePolicy {
  const hosts = settings.ARCHIVE_HOSTS.trim() ? parseHostRules(settings.ARCHIVE_HOSTS) : [mirrorHostRule(mirrorUrl)];
  return {
    hosts,
    allowPrivate: settings.ARCHIVE_ALLOW_PRIVATE,
    connectTimeoutMs: settings.ARCHIVE_CONNECT_TIMEOUT_MS,
    transferTimeoutMs: settings.ARCHIVE_TRANSFER_TIMEOUT_MS,
    maxBytes: settings.ARCHIVE_MAX_BYTES,
    maxRedirects: MAX_REDIRECTS,
  };
}

function mirrorHostRule(mirrorUrl: string): HostRule {
  const url = new URL(mirrorUrl);
  return { host: url.hostname.toLowerCase(), wildcard: false, ...(url.port ? { port: Number(url.port) } : {}) };
}

/** `a.example, *.cdn.example:8443, [2001:db8::1]` → rules; throws on an entry that is not a host. */
export function parseHostRules(value: string): HostRule[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
      if (!match) throw new Error(`"${entry}" is not a host (host, *.domain or [IPv6], optionally :port)`);
      const wildcard = match[1].startsWith('*.');
      const name = wildcard ? match[1].slice(2) : match[1];
      let host: string;
      try {
        // The URL parser normalises the name as it will normalise the URLs it is compared with.
        host = new URL(`http://${name}/`).hostname;
      } catch {
        host = '';
      }
      if (!/^(?:[a-z0-9_-]+\.)*[a-z0-9_-]+$|^\[[0-9a-f:.]+\]$/.test(host)) {
        throw new Error(`"${entry}" is not a host (host, *.domain or [IPv6], optionally :port)`);
      }
      const port = match[2] === undefined ? undefined : Number(match[2]);
      if (port !== undefined && (port < 1 || port > 65535)) throw new Error(`"${entry}": the port must be 1-65535`);
      return { host, wildcard, ...(port !== undefined ? { port } : {}) };
    });
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
function checkUrl(raw: string, policy: ArchivePolicy): URL {
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

type Lookup = typeof dns.lookup;

/**
 * dns.lookup that refuses a name resolving to any address that is not public: used by the
 * socket itself, so what is checked is what is connected to.
 */
function guardedLookup(policy: ArchivePolicy, resolve: Lookup): net.LookupFunction {
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

const USER_AGENT = 'Depot (mod archive check)';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface FetchOptions {
  /** Stops the fetch (the error is the signal's reason). */
  signal?: AbortSignal;
  /** Name resolution, for tests (default dns.lookup). */
  lookup?: Lookup;
}

/**
 * The md5 and size of the archive at `url`, read as it streams. Throws ArchiveFetchError with
 * the reason it could not; nothing else except an abort through `options.signal`.
 */
export async function fetchArchiveDigest(
  url: string,
  policy: ArchivePolicy,
  options: FetchOptions = {},
): Promise<ArchiveDigest> {
  const deadline = new AbortController();
  const timer = setTimeout(
    () =>
      deadline.abort(
        new ArchiveFetchError('timeout', `not complete within ${seconds(policy.transferTimeoutMs)} (transfer timeout)`),
      ),
    policy.transferTimeoutMs,
  );
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  const lookup = guardedLookup(policy, options.lookup ?? dns.lookup);
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      const next = await fetchOnce(checkUrl(current, policy), policy, lookup, signal);
      if ('digest' in next) return next.digest;
      if (hop >= policy.maxRedirects) {
        throw new ArchiveFetchError('upstream', `more than ${policy.maxRedirects} redirects`);
      }
      current = next.location;
    }
  } finally {
    clearTimeout(timer);
  }
}

const seconds = (ms: number) => `${ms / 1000} s`;

/** One request: the digest of a 200, or where a redirect points. */
function fetchOnce(
  url: URL,
  policy: ArchivePolicy,
  lookup: net.LookupFunction,
  signal: AbortSignal,
): Promise<{ digest: ArchiveDigest } | { location: string }> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const client = url.protocol === 'https:' ? https : http;
    // Name resolution and the TCP connection within the connect timeout.
    const connectTimer = setTimeout(
      () =>
        fail(
          new ArchiveFetchError('timeout', `no connection to ${url.host} within ${seconds(policy.connectTimeoutMs)}`),
        ),
      policy.connectTimeoutMs,
    );
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      signal.removeEventListener('abort', onAbort);
      req.destroy();
      reject(err);
    };
    const done = (value: { digest: ArchiveDigest } | { location: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => fail(signal.reason);
    const req = client.get(url, {
      lookup,
      // A connection per fetch: its address was checked by this fetch's lookup.
      agent: false,
      headers: { 'user-agent': USER_AGENT, 'accept-encoding': 'identity' },
    });
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once('connect', () => clearTimeout(connectTimer));
    });
    req.on('error', (err) => fail(connectionError(err, url)));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.resume();
        let location: string;
        try {
          location = new URL(res.headers.location, url).href;
        } catch {
          return fail(new ArchiveFetchError('upstream', `a redirect to "${res.headers.location}", not a URL`, status));
        }
        return done({ location });
      }
      if (status !== 200) {
        res.resume();
        return fail(
          status === 404 || status === 410
            ? new ArchiveFetchError('missing', `${url.href} answered ${status}`, status)
            : new ArchiveFetchError('upstream', `${url.href} answered ${status}`, status),
        );
      }
      const declared = res.headers['content-length'] === undefined ? undefined : Number(res.headers['content-length']);
      if (declared !== undefined && declared > policy.maxBytes) {
        return fail(tooLarge(policy, `${declared} bytes announced`));
      }
      const hash = createHash('md5');
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > policy.maxBytes) return fail(tooLarge(policy, 'more sent'));
        hash.update(chunk);
      });
      res.on('end', () => {
        if (declared !== undefined && size !== declared) {
          return fail(new ArchiveFetchError('upstream', `${size} bytes arrived of the ${declared} announced`, status));
        }
        done({ digest: { md5: hash.digest('hex'), size } });
      });
      // The connection closed before the body was complete.
      res.on('error', () =>
        fail(new ArchiveFetchError('upstream', `the connection closed after ${size} bytes`, status)),
      );
    });
  });
}

function tooLarge(policy: ArchivePolicy, what: string): ArchiveFetchError {
  return new ArchiveFetchError('too_large', `larger than ${policy.maxBytes} bytes (ARCHIVE_MAX_BYTES): ${what}`);
}

/** A socket or TLS failure as the problem it is. */
function connectionError(err: unknown, url: URL): unknown {
  if (err instanceof ArchiveFetchError) return err;
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ENOTFOUND' || e?.code === 'EAI_AGAIN') {
    return new ArchiveFetchError('unreachable', `${url.hostname} could not be resolved`);
  }
  return new ArchiveFetchError('unreachable', `${url.host}: ${e?.code ?? ''} ${e?.message ?? String(err)}`.trim());
}
