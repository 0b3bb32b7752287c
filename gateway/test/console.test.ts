// The web console's files at /console/: the app's page for every path of the app, its assets with
// long-lived caching (compressed when the browser accepts it), the console's security headers on
// those paths only, and the JSON answers of every other path unchanged.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startStack, type Stack } from './admin/fake-stack';

const INDEX =
  '<!doctype html><html lang="en"><head><script type="module" src="/console/assets/app-3f2a1b.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const CSP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';" +
  "manifest-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'";

function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'depot-console-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, '.source-hash'), 'abc\n');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const asset = path.join(dir, 'assets', 'app-3f2a1b.js');
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  return dir;
}

describe('the web console', () => {
  let s: Stack;
  let dir: string;
  const get = (p: string, headers: Record<string, string> = {}) =>
    fetch(`${s.app.listeningOrigin}${p}`, { headers: { 'accept-encoding': 'identity', ...headers } });

  beforeAll(async () => {
    dir = fakeBuild();
    [s] = await startStack({ CONSOLE_DIR: dir });
  });
  afterAll(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    '/console/',
    '/console',
    '/console/mods/jei',
    '/console/modpacks/my.pack/builds/1.0.0',
    '/console/modpacks/my-pack/builds/1.0%2Bbuild%205?tab=x',
  ])('answers %s with the page of the app, revalidated on every load, under a strict CSP', async (p) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('serves hashed assets cached for a year, brotli or gzip when accepted', async () => {
    const plain = await get('/console/assets/app-3f2a1b.js');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);

    for (const encoding of ['br', 'gzip']) {
      const res = await get('/console/assets/app-3f2a1b.js', { 'accept-encoding': encoding });
      expect({ encoding, got: res.headers.get('content-encoding') }).toEqual({ encoding, got: encoding });
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await res.text()).toBe(SCRIPT); // fetch decodes it
    }
  });

  it('caches files without a hash in their name for a day', async () => {
    const res = await get('/console/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it.each(['/console/assets/missing-123.js', '/console/.source-hash', '/console/x/.env'])(
    'answers a missing file %s with the JSON 404',
    async (p) => {
      const res = await get(p);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({ error: 'Not found.' });
    },
  );

  it('answers other methods with the JSON 404', async () => {
    const res = await fetch(`${s.app.listeningOrigin}/console/`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found.' });
  });

  it('leaves the API and unknown paths as they were: JSON, CORS, no console headers', async () => {
    for (const p of ['/api', '/api/nowhere', '/nowhere', '/consoles']) {
      const res = await get(p, { origin: 'https://example.test' });
      expect({ p, type: res.headers.get('content-type') }).toEqual({ p, type: 'application/json; charset=utf-8' });
      expect({ p, acao: res.headers.get('access-control-allow-origin') }).toEqual({ p, acao: '*' });
      for (const header of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
        expect({ p, header, value: res.headers.get(header) }).toEqual({ p, header, value: null });
      }
    }
    expect(await (await get('/nowhere')).json()).toEqual({ error: 'Not found.' });
  });
});

describe('the web console, not built or switched off', () => {
  it('answers 503 with a JSON error when the build is missing', async () => {
    const [s] = await startStack({ CONSOLE_DIR: path.join(tmpdir(), 'depot-console-missing') });
    try {
      const res = await fetch(`${s.app.listeningOrigin}/console/mods`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'The web console is not built on this server.' });
    } finally {
      await s.close();
    }
  });

  it('answers the JSON 404 with CONSOLE_ENABLED=false', async () => {
    const [s] = await startStack({ CONSOLE_ENABLED: 'false' });
    try {
      const res = await fetch(`${s.app.listeningOrigin}/console/`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found.' });
    } finally {
      await s.close();
    }
  });
});
