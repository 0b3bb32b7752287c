// Fetching a mod archive: to learn its md5 and size (the rehash of a version, the mirror audit), or
// to stream it into the store (adopting an old mirror's archives, adopt.ts).
// The URL comes from the catalogue (the mirror's form, or a version's own `url` that a user with
// mods_manage set), so the fetch is a way into the network the service runs in: it reaches only
// http(s) URLs of the hosts the operator allows, never a loopback, private, link-local or
// multicast address (checked on the addresses DNS answers, at connect time, so a name that
// resolves differently later cannot slip through; literal addresses are checked before), follows
// a few redirects only to URLs that pass the same checks, and is bounded in time and size. The
// archive is hashed while it streams: never held in memory.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { checkUrl, guardedLookup, type ArchivePolicy, type Lookup } from './policy';
import { ArchiveFetchError } from './problems';

export interface ArchiveDigest {
  /** Lowercase hex. */
  md5: string;
  size: number;
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
export function fetchArchiveDigest(
  url: string,
  policy: ArchivePolicy,
  options: FetchOptions = {},
): Promise<ArchiveDigest> {
  return fetchArchive(url, policy, options, async (body) => {
    const hash = createHash('md5');
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      hash.update(chunk as Buffer);
    }
    return { md5: hash.digest('hex'), size };
  });
}

/**
 * The archive at `url` handed to `consume` as a stream that fails with ArchiveFetchError when the
 * archive is over the size limit or cut short; the whole, consumption included, within the
 * transfer timeout. A fetch failure is thrown as such even when `consume` wrapped it.
 */
export async function fetchArchive<T>(
  url: string,
  policy: ArchivePolicy,
  options: FetchOptions,
  consume: (body: Readable, signal: AbortSignal) => Promise<T>,
): Promise<T> {
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
      if ('response' in next) return await consumeResponse(next.response, policy, signal, consume);
      if (hop >= policy.maxRedirects) {
        throw new ArchiveFetchError('upstream', `more than ${policy.maxRedirects} redirects`);
      }
      current = next.location;
    }
  } finally {
    clearTimeout(timer);
  }
}

async function consumeResponse<T>(
  res: IncomingMessage,
  policy: ArchivePolicy,
  signal: AbortSignal,
  consume: (body: Readable, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const declared = res.headers['content-length'] === undefined ? undefined : Number(res.headers['content-length']);
  let failure: unknown;
  const onAbort = () => res.destroy(signal.reason as Error);
  signal.addEventListener('abort', onAbort, { once: true });
  async function* checked() {
    let size = 0;
    try {
      for await (const chunk of res) {
        size += (chunk as Buffer).length;
        if (size > policy.maxBytes) throw tooLarge(policy, 'more sent');
        yield chunk as Buffer;
      }
    } catch (err) {
      failure = signal.aborted
        ? signal.reason
        : err instanceof ArchiveFetchError
          ? err
          : new ArchiveFetchError('upstream', `the connection closed after ${size} bytes`, 200);
      throw failure;
    }
    if (declared !== undefined && size !== declared) {
      throw (failure = new ArchiveFetchError('upstream', `${size} bytes arrived of the ${declared} announced`, 200));
    }
  }
  try {
    if (declared !== undefined && declared > policy.maxBytes) throw tooLarge(policy, `${declared} bytes announced`);
    return await consume(Readable.from(checked(), { objectMode: false }), signal);
  } catch (err) {
    throw failure ?? (signal.aborted ? signal.reason : err);
  } finally {
    signal.removeEventListener('abort', onAbort);
    res.destroy();
  }
}

const seconds = (ms: number) => `${ms / 1000} s`;

/** One request: the response of a 200 (its body unread), or where a redirect points. */
function fetchOnce(
  url: URL,
  policy: ArchivePolicy,
  lookup: net.LookupFunction,
  signal: AbortSignal,
): Promise<{ response: IncomingMessage } | { location: string }> {
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
    const done = (value: { response: IncomingMessage } | { location: string }) => {
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
      done({ response: res });
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
