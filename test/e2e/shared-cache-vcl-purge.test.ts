// Who may purge the shipped Varnish (deploy/varnish/default.vcl, purgers.vcl; docs/caching.md#varnish):
// only the gateways' addresses, straight to it, and, when DEPOT_PURGE_SECRET is set, with that
// secret. VCL compares the secret with `!=` (no constant-time compare in VCL): the ACL in front
// means nobody else gets to try it. A real varnishd, its backend down (a purge never reaches it).
import http from 'node:http';
import { freePort } from '@depot/local';
import { Varnish, varnishAvailable } from '../support/varnish';

const run = varnishAvailable();
const test = run ? globalThis.test : globalThis.test.skip;
const SECRET = 'purge-secret-of-this-test-0123456789abcdef';

let varnish: Varnish;

beforeAll(async () => {
  if (!run) return;
  varnish = new Varnish();
  varnish.backend = `http://127.0.0.1:${await freePort()}`;
  await varnish.start({ DEPOT_PURGE_SECRET: SECRET });
}, 60_000);

afterAll(async () => {
  await varnish?.dispose();
});

/** A PURGE of one key; from `localAddress` (another loopback address: not a gateway's). */
function purge(headers: Record<string, string>, localAddress?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${varnish.url}/`, {
      method: 'PURGE',
      headers: { 'xkey-purge': 'all', ...headers },
      localAddress,
      agent: false,
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

test("a purge from the gateways' addresses with the secret is done; anything else is refused", async () => {
  expect(await purge({ 'x-purge-secret': SECRET })).toBe(200);
  expect(await purge({})).toBe(403);
  expect(await purge({ 'x-purge-secret': `${SECRET}x` })).toBe(403);
  expect(await purge({ 'x-purge-secret': SECRET.slice(0, -1) })).toBe(403);
  // Relayed by a proxy in front (an ingress adds the client's address): refused, even with the secret.
  expect(await purge({ 'x-purge-secret': SECRET, 'x-forwarded-for': '203.0.113.9' })).toBe(403);
  // From an address outside the ACL, even with the secret.
  expect(await purge({ 'x-purge-secret': SECRET }, '127.0.0.2')).toBe(403);
});
