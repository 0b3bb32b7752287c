// Root endpoint, JSON 404s, CORS, nosniff, malformed and oversized bodies, a request without Host,
// and the mod API switch (docs/api.md#root, #requests-and-responses, #errors, #disabling-the-mod-api).
import net from 'node:net';
import { startTestStack, type Reply, type TestStack, expectReply } from '../support';

const ROOT = { api: 'Depot', version: '0.1.0', stream: 'stable' };
const NOT_FOUND = { error: 'Not found.' };

function expectJson(res: Reply) {
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
}

function expectCors(res: Reply) {
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
}

function expectNoSniff(res: { headers: Headers }) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
}

/** Sends raw HTTP on a fresh connection; the status and body of the answer, and whether it closed. */
function rawRequest(url: string, text: string): Promise<{ status: number; body: unknown; closed: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let data = '';
    const timer = setTimeout(() => finish(false), 5000);
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const split = data.indexOf('\r\n\r\n');
      const body = data.slice(split + 4);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1]), body: body && JSON.parse(body), closed });
    };
    socket.on('data', (d) => (data += d.toString('utf8')));
    socket.on('close', () => finish(true));
    socket.on('error', reject);
  });
}

async function modList(t: TestStack) {
  const res = await t.anon.get('/api/mod');
  expect(res.status).toBe(200);
  return res.body;
}

describe('root, errors and cross-cutting rules', () => {
  let t: TestStack;

  beforeAll(async () => {
    t = await startTestStack();
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('GET /api and /api/', () => {
    it('answers the service version and stream at /api/', async () => {
      const res = await t.anon.get('/api/');
      expectReply(res, 200, ROOT);
      expectJson(res);
      expectCors(res);
    });

    it('answers the same at /api without the trailing slash', async () => {
      const res = await t.anon.get('/api');
      expectReply(res, 200, ROOT);
      expectJson(res);
      expectCors(res);
    });

    it('needs no credentials and ignores a bad bearer token', async () => {
      expectReply(await t.anon.get('/api/', { token: 'not-a-real-token' }), 200, ROOT);
      expectReply(await t.admin.get('/api/'), 200, ROOT);
    });

    it('keeps the exact text shape (three keys, nothing else)', async () => {
      const res = await t.anon.get('/api/');
      expect(Object.keys(res.body).sort()).toEqual(['api', 'stream', 'version']);
    });
  });

  describe('unknown routes', () => {
    const paths = [
      '/api/nope',
      '/api/nope/deeper',
      '/api/mod/some-mod/1.0/extra',
      '/api/modpack/x/y/z/w/v',
      '/not-an-api-path',
      '/some/unknown/path.html',
      '/favicon.ico',
    ];

    it.each(paths)('GET %s → 404 {"error":"Not found."} as JSON with CORS', async (path) => {
      const res = await t.anon.get(path);
      expectReply(res, 404, NOT_FOUND);
      expectJson(res);
      expectCors(res);
    });

    it('POST, PUT and DELETE on unknown paths → JSON 404 too (also with a valid token)', async () => {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const res = await t.admin.request(method, '/api/does-not-exist', method === 'DELETE' ? undefined : { a: 1 });
        expectReply(res, 404, NOT_FOUND);
        expectCors(res);
        const outside = await t.admin.request(method, '/elsewhere', method === 'DELETE' ? undefined : { a: 1 });
        expectReply(outside, 404, NOT_FOUND);
      }
    });

    it('an unknown method on a known path → 404 or 405, JSON either way', async () => {
      const res = await t.admin.request('PATCH', '/api/mod', { name: 'x' });
      expect([404, 405]).toContain(res.status);
      expectJson(res);
      expect(typeof res.body?.error).toBe('string');
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(await modList(t)).toEqual({ mods: {} });
    });
  });

  describe('CORS', () => {
    it('every kind of response carries Access-Control-Allow-Origin: *', async () => {
      const origin = { headers: { origin: 'https://app.example.org' } };
      const ok = await t.anon.get('/api/mod', origin);
      expect(ok.status).toBe(200);
      expectCors(ok);
      const notFound = await t.anon.get('/api/mod/absent-mod', origin);
      expectReply(notFound, 404, { error: 'Mod does not exist' });
      expectCors(notFound);
      const unauth = await t.anon.post('/api/mod', { name: 'x', pretty_name: 'X' }, origin);
      expectReply(unauth, 401, { error: 'Unauthenticated.' });
      expectCors(unauth);
      const invalid = await t.admin.post('/api/mod', {}, origin);
      expect(invalid.status).toBe(422);
      expectCors(invalid);
      const unknown = await t.anon.get('/nowhere', origin);
      expectReply(unknown, 404, NOT_FOUND);
      expectCors(unknown);
      const root = await t.anon.get('/api/', origin);
      expectCors(root);
    });

    it('answers an OPTIONS preflight for a write route', async () => {
      const res = await fetch(`${t.url}/api/mod`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example.org',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect([200, 204]).toContain(res.status);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const methods = (res.headers.get('access-control-allow-methods') ?? '').toUpperCase();
      for (const m of ['GET', 'POST', 'PUT', 'DELETE']) expect(methods).toContain(m);
      const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      expect(allowed).toContain('authorization');
      expect(allowed).toContain('content-type');
    });

    it('answers an OPTIONS preflight for a parameterised route', async () => {
      const res = await fetch(`${t.url}/api/mod/some-mod/1.0.0`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example.org',
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'authorization',
        },
      });
      expect([200, 204]).toContain(res.status);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect((res.headers.get('access-control-allow-methods') ?? '').toUpperCase()).toContain('DELETE');
    });
  });

  describe('X-Content-Type-Options: nosniff', () => {
    it('is on every kind of answer: reads, errors, unknown paths, preflights, docs, console, operations', async () => {
      const replies: [string, number, Reply | Response][] = [
        ['read', 200, await t.anon.get('/api/mod')],
        ['absent mod', 404, await t.anon.get('/api/mod/absent-mod')],
        ['no token', 401, await t.anon.post('/api/mod', { name: 'x', pretty_name: 'X' })],
        ['fields', 422, await t.admin.post('/api/mod', {})],
        ['unknown path', 404, await t.anon.get('/nowhere')],
        ['bad URL', 400, await fetch(`${t.url}/api/mod/%E0%A4%A`)],
        ['preflight', 204, await fetch(`${t.url}/api/mod`, { method: 'OPTIONS' })],
        ['docs', 200, await fetch(`${t.url}/docs`)],
        ['openapi', 200, await fetch(`${t.url}/api/openapi.json`)],
        ['healthz', 200, await fetch(`${t.url}/healthz`)],
        ['metrics', 200, await fetch(`${t.url}/metrics`)],
      ];
      for (const [what, status, res] of replies) {
        expect({ what, status: res.status, nosniff: res.headers.get('x-content-type-options') }).toEqual({
          what,
          status,
          nosniff: 'nosniff',
        });
      }
      const console = await fetch(`${t.url}/console/`);
      expect([200, 503]).toContain(console.status);
      expectNoSniff(console);
    });
  });

  describe('a request without Host', () => {
    it('HTTP/1.1: 400 {"error":"Missing Host header."}, the connection closed, nothing created', async () => {
      const before = await modList(t);
      const body = JSON.stringify({ name: 'no-host', pretty_name: 'No Host' });
      const reply = await rawRequest(
        t.url,
        `POST /api/mod HTTP/1.1\r\nAuthorization: Bearer ${t.adminToken}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\n\r\n${body}`,
      );
      expect(reply).toEqual({ status: 400, body: { error: 'Missing Host header.' }, closed: true });
      expect(await modList(t)).toEqual(before);
    });

    it('HTTP/1.0 needs none: answered as usual', async () => {
      const reply = await rawRequest(t.url, 'GET /api/ HTTP/1.0\r\n\r\n');
      expect(reply).toEqual({ status: 200, body: ROOT, closed: true });
    });
  });

  describe('malformed and oversized bodies', () => {
    it('malformed JSON with a valid token → 400 JSON error, nothing created', async () => {
      const res = await t.admin.post('/api/mod', undefined, { raw: '{"name": "broken", "pretty_name": ' });
      expect(res.status).toBe(400);
      expectJson(res);
      expectCors(res);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(typeof res.body.error).toBe('string');
      expect(await modList(t)).toEqual({ mods: {} });
      expectReply(await t.anon.get('/api/mod/broken'), 404, { error: 'Mod does not exist' });
    });

    it('malformed JSON without a token → 401 Unauthenticated', async () => {
      const res = await t.anon.post('/api/mod', undefined, { raw: '{"name": "broken",' });
      expectReply(res, 401, { error: 'Unauthenticated.' });
      expectCors(res);
      expect(await modList(t)).toEqual({ mods: {} });
    });

    it('malformed JSON with an unknown token → 401 Unauthenticated', async () => {
      const res = await t.anon.post('/api/mod', undefined, { raw: 'not json at all', token: 'unknown-token-value' });
      expectReply(res, 401, { error: 'Unauthenticated.' });
      expect(await modList(t)).toEqual({ mods: {} });
    });

    it('malformed JSON on an update → 400, the mod unchanged', async () => {
      const created = await t.admin.post('/api/mod', { name: 'json-target', pretty_name: 'JSON Target' });
      expect(created.status).toBe(201);
      const before = await t.anon.get('/api/mod/json-target');
      const res = await t.admin.put('/api/mod/json-target', undefined, { raw: '{"pretty_name": "Changed"' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(typeof res.body.error).toBe('string');
      const after = await t.anon.get('/api/mod/json-target');
      expect(after.body).toEqual(before.body);
      expect(after.body.pretty_name).toBe('JSON Target');
      expectReply(await t.admin.delete('/api/mod/json-target'), 200, { success: 'Mod deleted.' });
    });

    it('malformed JSON on an absent mod → 404 first (docs/api.md#order-of-checks: 404 before the body is judged)', async () => {
      expectReply(await t.admin.put('/api/mod/no-such-mod', undefined, { raw: '{"pretty_name": ' }), 404, {
        error: 'Mod not found.',
      });
    });

    it('a JSON body sent as text/plain or form-urlencoded (fetch, curl -d) is read as JSON', async () => {
      for (const [name, type] of [
        ['plain-mod', 'text/plain;charset=UTF-8'],
        ['form-mod', 'application/x-www-form-urlencoded'],
      ]) {
        const res = await t.admin.post('/api/mod', undefined, {
          raw: JSON.stringify({ name, pretty_name: 'Typed' }),
          headers: { 'content-type': type },
        });
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ name, pretty_name: 'Typed' });
        expectReply(await t.admin.delete(`/api/mod/${name}`), 200, { success: 'Mod deleted.' });
      }
      expect(await modList(t)).toEqual({ mods: {} });
    });

    it('a body of another media type → 401 without a token, 404 on an absent mod, else 415', async () => {
      const form = {
        raw: 'name=form&pretty_name=Form',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
      expectReply(await t.anon.post('/api/mod', undefined, form), 401, { error: 'Unauthenticated.' });
      expectReply(await t.anon.delete('/api/mod/whatever', form), 401, { error: 'Unauthenticated.' });
      expectReply(await t.admin.put('/api/mod/no-such-mod', undefined, form), 404, { error: 'Mod not found.' });
      const refused = await t.admin.post('/api/mod', undefined, form);
      expectReply(refused, 415, { error: 'Unsupported media type: send application/json.' });
      expectJson(refused);
      expect(await modList(t)).toEqual({ mods: {} });
    });

    it('Content-Type with a charset parameter is accepted', async () => {
      const res = await t.admin.post(
        '/api/mod',
        { name: 'charset-mod', pretty_name: 'Charset' },
        {
          headers: { 'content-type': 'application/json; charset=utf-8' },
        },
      );
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('charset-mod');
      expectReply(await t.admin.delete('/api/mod/charset-mod'), 200, { success: 'Mod deleted.' });
      expect(await modList(t)).toEqual({ mods: {} });
    });

    it('a JSON body that is not an object → 4xx JSON error, nothing created', async () => {
      for (const raw of ['[]', '"a string"', '42', 'null']) {
        const res = await t.admin.post('/api/mod', undefined, { raw });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(Object.keys(res.body)).toEqual(['error']);
      }
      expect(await modList(t)).toEqual({ mods: {} });
    });

    it('a body over 1 MiB → 413 {"error":"Payload too large."}, nothing created', async () => {
      const body = { name: 'too-big', pretty_name: 'Too Big', description: 'x'.repeat(1024 * 1024 + 1024) };
      const res = await t.admin.post('/api/mod', body);
      expectReply(res, 413, { error: 'Payload too large.' });
      expectJson(res);
      expectCors(res);
      expect(await modList(t)).toEqual({ mods: {} });
      expectReply(await t.anon.get('/api/mod/too-big'), 404, { error: 'Mod does not exist' });
    });

    it('a client still sending its oversized body reads the 413, every time (no EPIPE)', async () => {
      // Fastify closes the socket on a refused body; without the gateway's lingering close about
      // one such request in ten failed with EPIPE on this machine.
      const body = { name: 'too-big', pretty_name: 'Too Big', description: 'x'.repeat(1024 * 1024 + 1024) };
      for (let i = 0; i < 50; i++)
        expectReply(await t.admin.post('/api/mod', body), 413, { error: 'Payload too large.' });
      expect(await modList(t)).toEqual({ mods: {} });
    });

    it('a body of 2 MiB on an update → 413, the mod unchanged', async () => {
      expect((await t.admin.post('/api/mod', { name: 'big-target', pretty_name: 'Big Target' })).status).toBe(201);
      const before = await t.anon.get('/api/mod/big-target');
      const res = await t.admin.put('/api/mod/big-target', { pretty_name: 'y'.repeat(2 * 1024 * 1024) });
      expectReply(res, 413, { error: 'Payload too large.' });
      expect((await t.anon.get('/api/mod/big-target')).body).toEqual(before.body);
      expectReply(await t.admin.delete('/api/mod/big-target'), 200, { success: 'Mod deleted.' });
    });

    it('a body just under 1 MiB is accepted (unknown padding field ignored)', async () => {
      const body = { name: 'almost-big', pretty_name: 'Almost Big', padding: 'p'.repeat(1000 * 1000) };
      const res = await t.admin.post('/api/mod', body);
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('almost-big');
      expect(res.body).not.toHaveProperty('padding');
      expectReply(await t.admin.delete('/api/mod/almost-big'), 200, { success: 'Mod deleted.' });
      expect(await modList(t)).toEqual({ mods: {} });
    });
  });

  describe('error body shape', () => {
    it('errors are objects with exactly one key "error"', async () => {
      const replies = [
        await t.anon.get('/api/mod/absent'),
        await t.anon.get('/api/mod/absent/1.0'),
        await t.anon.post('/api/mod', { name: 'a', pretty_name: 'A' }),
        await t.admin.post('/api/mod', {}),
        await t.admin.put('/api/mod/absent', { pretty_name: 'X' }),
        await t.admin.delete('/api/mod/absent'),
        await t.anon.get('/api/unknown'),
      ];
      for (const r of replies) {
        expect(r.status).toBeGreaterThanOrEqual(400);
        expectJson(r);
        expect(Object.keys(r.body)).toEqual(['error']);
      }
    });
  });
});

describe('SERVICE_DISABLE_MOD_API=true', () => {
  let t: TestStack;
  const DISABLED = { error: 'Mod API has been disabled' };

  beforeAll(async () => {
    t = await startTestStack({ disableModApi: true });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('GET /api/mod → 404 {"error":"Mod API has been disabled"}', async () => {
    const res = await t.anon.get('/api/mod');
    expectReply(res, 404, DISABLED);
    expectJson(res);
    expectCors(res);
  });

  it('GET /api/mod/{slug} → 404 disabled, for absent mods too', async () => {
    expectReply(await t.anon.get('/api/mod/any-mod'), 404, DISABLED);
    expectReply(await t.admin.get('/api/mod/any-mod'), 404, DISABLED);
  });

  it('GET /api/mod/{slug}/{version} → 404 disabled', async () => {
    expectReply(await t.anon.get('/api/mod/any-mod/1.0.0'), 404, DISABLED);
    expectReply(await t.admin.get('/api/mod/any-mod/1.0.0'), 404, DISABLED);
  });

  it('the mod reads stay disabled for mods that do exist (if writes are allowed at all)', async () => {
    const created = await t.admin.post('/api/mod', { name: 'exists', pretty_name: 'Exists' });
    if (created.status === 201) {
      expect((await t.admin.post('/api/mod/exists/version', { version: '1.0', md5: 'a'.repeat(32) })).status).toBe(201);
    }
    expectReply(await t.anon.get('/api/mod'), 404, DISABLED);
    expectReply(await t.anon.get('/api/mod/exists'), 404, DISABLED);
    expectReply(await t.anon.get('/api/mod/exists/1.0'), 404, DISABLED);
  });

  it('the root endpoint still answers', async () => {
    expectReply(await t.anon.get('/api/'), 200, ROOT);
    expectReply(await t.anon.get('/api'), 200, ROOT);
  });
});

describe('general rate limit (RATE_LIMIT_PER_MINUTE=5)', () => {
  let t: TestStack;

  beforeAll(async () => {
    t = await startTestStack({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('over the limit → 429 {"error":"Too many requests."} with a numeric Retry-After and CORS', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.anon.get('/api/mod')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const res = await t.anon.get('/api/mod');
    expectReply(res, 429, { error: 'Too many requests.' });
    expectJson(res);
    expectCors(res);
    expectNoSniff(res);
    const retryAfter = res.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });

  it('the limit covers writes too; after Retry-After the refused write shows it changed nothing', async () => {
    const res = await t.admin.post('/api/mod', { name: 'limited', pretty_name: 'Limited' });
    expectReply(res, 429, { error: 'Too many requests.' });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 1000));
    expectReply(await t.anon.get('/api/mod/limited'), 404, { error: 'Mod does not exist' });
    expectReply(await t.anon.get('/api/mod'), 200, { mods: {} });
  });
});
