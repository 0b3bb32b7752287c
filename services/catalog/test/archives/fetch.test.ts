import { createHash, randomBytes } from 'node:crypto';
import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from '@depot/common/process';
import { archiveEnv, parseHostRules } from '@depot/common/archive-store';
import { fetchArchiveDigest } from '../../src/archives/fetch';
import { archivePolicy, isPublicAddress, type ArchivePolicy } from '../../src/archives/policy';

const ARCHIVE = randomBytes(3 * 1024 * 1024 + 17);
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** A mirror on 127.0.0.1 with an archive, a missing one, redirects, and slow or lying answers. */
function startMirror(): Promise<{ server: http.Server; port: number; url: (path: string) => string }> {
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const redirect = /^\/redirect\?to=(.*)$/.exec(path);
    if (redirect) {
      res.writeHead(302, { location: decodeURIComponent(redirect[1]) }).end();
    } else if (path === '/archive.zip') {
      res.writeHead(200, { 'content-length': ARCHIVE.length }).end(ARCHIVE);
    } else if (path === '/chunked.zip') {
      // No Content-Length: sent in pieces.
      res.writeHead(200);
      for (let i = 0; i < ARCHIVE.length; i += 64 * 1024) res.write(ARCHIVE.subarray(i, i + 64 * 1024));
      res.end();
    } else if (path === '/loop') {
      res.writeHead(301, { location: '/loop' }).end();
    } else if (path === '/broken') {
      res.writeHead(500).end('oops');
    } else if (path === '/stall') {
      res.writeHead(200, { 'content-length': 1000 });
      res.write(Buffer.alloc(10)); // and nothing more
    } else if (path === '/short') {
      res.writeHead(200, { 'content-length': 1000 });
      res.write(Buffer.alloc(500), () => res.socket?.destroy());
    } else if (path === '/huge') {
      res.writeHead(200, { 'content-length': 10 * 1024 * 1024 * 1024 }).end();
    } else {
      res.writeHead(404).end('not here');
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, port, url: (path) => `http://127.0.0.1:${port}${path}` });
    }),
  );
}

let mirror: Awaited<ReturnType<typeof startMirror>>;
let policy: ArchivePolicy;

beforeAll(async () => {
  mirror = await startMirror();
  policy = {
    hosts: parseHostRules(`127.0.0.1:${mirror.port}`),
    allowPrivate: true,
    connectTimeoutMs: 1000,
    transferTimeoutMs: 2000,
    maxBytes: 8 * 1024 * 1024,
    maxRedirects: 5,
  };
});
afterAll(async () => {
  mirror.server.closeAllConnections();
  await new Promise((resolve) => mirror.server.close(resolve));
});

/** The problem and message a fetch fails with. */
async function failure(url: string, p: ArchivePolicy = policy, lookup?: typeof dns.lookup) {
  try {
    await fetchArchiveDigest(url, p, { lookup });
  } catch (err) {
    const e = err as { problem?: string; message: string; status?: number };
    return { problem: e.problem, message: e.message, status: e.status };
  }
  throw new Error(`${url} was fetched`);
}

/** A resolver answering fixed addresses (as DNS would) without asking DNS. */
const resolvesTo = (...addresses: string[]): typeof dns.lookup =>
  ((_host: string, _opts: unknown, cb: (err: null, a: dns.LookupAddress[]) => void) =>
    cb(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    )) as unknown as typeof dns.lookup;

describe('fetchArchiveDigest', () => {
  it('answers the md5 and size of an archive, streamed, with or without Content-Length', async () => {
    const expected = { md5: md5(ARCHIVE), size: ARCHIVE.length };
    await expect(fetchArchiveDigest(mirror.url('/archive.zip'), policy)).resolves.toEqual(expected);
    await expect(fetchArchiveDigest(mirror.url('/chunked.zip'), policy)).resolves.toEqual(expected);
  });

  it('follows redirects to allowed URLs, a few at most', async () => {
    const to = encodeURIComponent(mirror.url('/archive.zip'));
    await expect(fetchArchiveDigest(mirror.url(`/redirect?to=${to}`), policy)).resolves.toEqual({
      md5: md5(ARCHIVE),
      size: ARCHIVE.length,
    });
    await expect(failure(mirror.url('/loop'))).resolves.toEqual({
      problem: 'upstream',
      message: 'more than 5 redirects',
      status: undefined,
    });
  });

  it('refuses a redirect to a host that is not allowed, without asking it', async () => {
    const elsewhere = await startMirror();
    try {
      let asked = false;
      elsewhere.server.on('request', () => (asked = true));
      const to = encodeURIComponent(elsewhere.url('/archive.zip'));
      const refused = await failure(mirror.url(`/redirect?to=${to}`));
      expect(refused).toEqual({
        problem: 'refused',
        message: `the host 127.0.0.1:${elsewhere.port} is not one archives may be fetched from (ARCHIVE_HOSTS)`,
        status: undefined,
      });
      expect(asked).toBe(false);
      // Nor to another scheme.
      const file = await failure(mirror.url(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`));
      expect(file.problem).toBe('refused');
    } finally {
      elsewhere.server.close();
    }
  });

  it('refuses other schemes, and hosts not allowed', async () => {
    expect(await failure('ftp://127.0.0.1/a.zip')).toMatchObject({ problem: 'refused' });
    expect(await failure('file:///etc/passwd')).toMatchObject({
      problem: 'refused',
      message: 'file: URLs are not fetched, only http and https',
    });
    expect(await failure('http://example.com/a.zip')).toMatchObject({
      problem: 'refused',
      message: 'the host example.com is not one archives may be fetched from (ARCHIVE_HOSTS)',
    });
    expect(await failure('not a url')).toMatchObject({ problem: 'refused' });
  });

  it('refuses loopback and private addresses unless allowed, literal or resolved at connect time', async () => {
    const strict = { ...policy, allowPrivate: false, hosts: parseHostRules('127.0.0.1, localhost, mirror.test') };
    expect(await failure(mirror.url('/archive.zip'), strict)).toEqual({
      problem: 'refused',
      message: '127.0.0.1 is not a public address (ARCHIVE_ALLOW_PRIVATE)',
      status: undefined,
    });
    expect(await failure(`http://localhost:${mirror.port}/archive.zip`, strict)).toMatchObject({
      problem: 'refused',
      message: expect.stringMatching(/^localhost resolves to (127\.0\.0\.1|::1), not a public address/),
    });
    for (const addresses of [['10.1.2.3'], ['169.254.169.254'], ['8.8.8.8', '192.168.1.1'], ['::ffff:127.0.0.1']]) {
      expect(await failure('http://mirror.test/a.zip', strict, resolvesTo(...addresses))).toMatchObject({
        problem: 'refused',
        message: expect.stringContaining('not a public address'),
      });
    }
  });

  it('classifies addresses', () => {
    for (const a of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '64:ff9b::808:808']) {
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
    }
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'nonsense',
    ]) {
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    }
  });

  it('answers missing for a 404 and upstream for other statuses', async () => {
    expect(await failure(mirror.url('/nothing.zip'))).toEqual({
      problem: 'missing',
      message: `${mirror.url('/nothing.zip')} answered 404`,
      status: 404,
    });
    expect(await failure(mirror.url('/broken'))).toEqual({
      problem: 'upstream',
      message: `${mirror.url('/broken')} answered 500`,
      status: 500,
    });
  });

  it('stops at the size limit, announced or streamed', async () => {
    const started = Date.now();
    expect(await failure(mirror.url('/huge'))).toMatchObject({
      problem: 'too_large',
      message: `larger than ${8 * 1024 * 1024} bytes (ARCHIVE_MAX_BYTES): ${10 * 1024 * 1024 * 1024} bytes announced`,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    const small = { ...policy, maxBytes: 1024 * 1024 };
    expect(await failure(mirror.url('/chunked.zip'), small)).toMatchObject({
      problem: 'too_large',
      message: 'larger than 1048576 bytes (ARCHIVE_MAX_BYTES): more sent',
    });
  });

  it('times out: no connection within the connect timeout, no complete body within the transfer timeout', async () => {
    const neverResolves = (() => undefined) as unknown as typeof dns.lookup;
    let started = Date.now();
    expect(
      await failure('http://mirror.test/a.zip', { ...policy, hosts: parseHostRules('mirror.test') }, neverResolves),
    ).toEqual({
      problem: 'timeout',
      message: 'no connection to mirror.test within 1 s',
      status: undefined,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(1900);

    started = Date.now();
    expect(await failure(mirror.url('/stall'))).toEqual({
      problem: 'timeout',
      message: 'not complete within 2 s (transfer timeout)',
      status: undefined,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1950);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports a body cut short', async () => {
    expect(await failure(mirror.url('/short'))).toMatchObject({ problem: 'upstream', status: 200 });
  });

  it('reports a host that cannot be reached', async () => {
    const closed = await startMirror();
    const port = closed.port;
    await new Promise((resolve) => closed.server.close(resolve));
    const p = { ...policy, hosts: parseHostRules(`127.0.0.1:${port}`) };
    expect(await failure(`http://127.0.0.1:${port}/a.zip`, p)).toMatchObject({
      problem: 'unreachable',
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const pending = fetchArchiveDigest(mirror.url('/stall'), policy, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stopped')), 100);
    await expect(pending).rejects.toThrow('stopped');
  });
});

describe('host rules and settings', () => {
  it('parses hosts, wildcards, ports and IPv6', () => {
    expect(parseHostRules(' Mirror.Example.com, *.cdn.example:8443 ,[2001:DB8::1]:80,,')).toEqual([
      { host: 'mirror.example.com', wildcard: false },
      { host: 'cdn.example', wildcard: true, port: 8443 },
      { host: '[2001:db8::1]', wildcard: false, port: 80 },
    ]);
    for (const bad of ['http://x', 'a b', 'x:99999', 'x:1:2', '*']) {
      expect(() => parseHostRules(bad)).toThrow();
    }
  });

  it('allows the mirror host by default, and refuses a wrong ARCHIVE_HOSTS at start', () => {
    const schema = z.object(archiveEnv);
    const settings = schema.parse({});
    expect(settings).toEqual({
      ARCHIVE_HOSTS: '',
      ARCHIVE_ALLOW_PRIVATE: false,
      ARCHIVE_CONNECT_TIMEOUT_MS: 5000,
      ARCHIVE_TRANSFER_TIMEOUT_MS: 30000,
      ARCHIVE_MAX_BYTES: 512 * 1024 * 1024,
      ARCHIVE_MAX_ENTRIES: 100_000,
    });
    expect(archivePolicy(settings, 'https://Mirror.Example.com/repo/').hosts).toEqual([
      { host: 'mirror.example.com', wildcard: false },
    ]);
    expect(archivePolicy(settings, 'http://127.0.0.1:8081/').hosts).toEqual([
      { host: '127.0.0.1', wildcard: false, port: 8081 },
    ]);
    expect(archivePolicy({ ...settings, ARCHIVE_HOSTS: 'a.example,*.b.example' }, 'https://m.example/').hosts).toEqual([
      { host: 'a.example', wildcard: false },
      { host: 'b.example', wildcard: true },
    ]);
    expect(schema.safeParse({ ARCHIVE_HOSTS: 'ok.example, not a host' }).success).toBe(false);
  });

  it('matches wildcards on subdomains only, and ports when given', async () => {
    const p = { ...policy, hosts: parseHostRules(`*.mirror.test, other.test:${mirror.port}`) };
    const lookup = resolvesTo('127.0.0.1');
    await expect(
      fetchArchiveDigest(`http://a.mirror.test:${mirror.port}/archive.zip`, p, { lookup }),
    ).resolves.toMatchObject({
      size: ARCHIVE.length,
    });
    expect(await failure(`http://mirror.test:${mirror.port}/archive.zip`, p, lookup)).toMatchObject({
      problem: 'refused',
    });
    expect(await failure(`http://other.test:1/archive.zip`, p, lookup)).toMatchObject({ problem: 'refused' });
    await expect(
      fetchArchiveDigest(`http://other.test:${mirror.port}/archive.zip`, p, { lookup }),
    ).resolves.toMatchObject({
      size: ARCHIVE.length,
    });
  });
});
