// The caching policy (cache/policy.ts, docs/caching.md) on the answers of a gateway over fake
// services: the shared policy and surrogate keys of anonymous reads, `private, no-store` and Vary
// for every credential, brief refusals, no-store for the rest. Through a real Varnish:
// test/e2e/shared-cache-varnish.test.ts.
import { DepotError } from '@depot/common';
import { bearer, startHarness, type Harness } from './modpack-harness';

const TS = '2024-01-02T03:04:05.000000Z';
const SHARED = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30, stale-if-error=86400';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());
beforeEach(() => {
  h.reset();
  h.builds.stubs.GetModpackSource = async ({ slug }: { slug: string }) => {
    if (slug !== 'tekkit') throw new DepotError('MODPACK_NOT_FOUND');
    return {
      modpack: { id: 7, slug, name: 'Tekkit', hidden: false, private: false, created_at: TS, updated_at: TS },
      builds: [{ version: '1.0', is_published: true, private: false }],
    };
  };
  h.catalog.stubs.GetMod = async () => ({
    id: 12,
    name: 'jei',
    pretty_name: 'JEI',
    versions: [],
    created_at: TS,
    updated_at: TS,
  });
  h.catalog.stubs.GetVersion = async () => {
    throw new DepotError('VERSION_NOT_FOUND');
  };
  h.auth.stubs.ResolveReadAccess = async () => ({ all: true, modpack_ids: [] });
});

const policyOf = (res: { status: number; headers: Headers }) => ({
  status: res.status,
  cacheControl: res.headers.get('cache-control'),
  vary: res.headers.get('vary'),
  surrogateKey: res.headers.get('surrogate-key'),
  cacheTag: res.headers.get('cache-tag'),
  xkey: res.headers.get('xkey'),
});

test('an anonymous read: shared, with the keys of what it was built from in three forms, varying on credentials', async () => {
  expect(policyOf(await h.request('GET', '/api/modpack/tekkit'))).toEqual({
    status: 200,
    cacheControl: SHARED,
    vary: expect.stringMatching(/Authorization, Cookie$/),
    surrogateKey: 'modpacks p:7 all',
    cacheTag: 'modpacks,p:7,all',
    xkey: 'modpacks p:7 all',
  });
  // Not modified: the same policy.
  const etag = (await h.request('GET', '/api/modpack/tekkit')).headers.get('etag')!;
  expect(policyOf(await h.request('GET', '/api/modpack/tekkit', { headers: { 'if-none-match': etag } }))).toMatchObject(
    {
      status: 304,
      cacheControl: SHARED,
      surrogateKey: 'modpacks p:7 all',
    },
  );
  // A mod: its id (events name ids) and its name (a write's path names it: cache/policy.ts writeKeys).
  expect(policyOf(await h.request('GET', '/api/mod/jei'))).toMatchObject({
    cacheControl: SHARED,
    surrogateKey: 'm:12 mn:jei all',
  });
  // Built from nothing that changes: only the key that purges everything.
  expect(policyOf(await h.request('GET', '/api'))).toMatchObject({ cacheControl: SHARED, surrogateKey: 'all' });
});

test('with k, cid, a token or a session (even a wrong one): private, no-store, never a key', async () => {
  for (const [path, headers] of [
    ['/api/modpack/tekkit?k=KEY', {}],
    ['/api/modpack/tekkit?cid=3f1c2a8e-0d6b-4c55-9a77-5b2f7e7f0c11', {}],
    ['/api/modpack/tekkit', bearer('admin')],
    ['/api/modpack/tekkit', { cookie: 'depot_session=whatever' }],
    ['/api/mod/jei', bearer('admin')],
  ] as const) {
    const res = await h.request('GET', path, { headers: { ...headers } });
    expect({ path, ...policyOf(res) }).toEqual({
      path,
      status: 200,
      cacheControl: 'private, no-store',
      vary: expect.stringMatching(/Authorization, Cookie$/),
      surrogateKey: null,
      cacheTag: null,
      xkey: null,
    });
  }
});

test('refusals: a 404 briefly (keyed by the list its creation changes and, for mods, their name), 401 and unknown management never', async () => {
  expect(policyOf(await h.request('GET', '/api/modpack/nothing'))).toMatchObject({
    status: 404,
    cacheControl: 'public, max-age=0, s-maxage=5',
    surrogateKey: 'modpacks all',
  });
  expect(policyOf(await h.request('GET', '/api/mod/nothing/1.0'))).toMatchObject({
    status: 404,
    cacheControl: 'public, max-age=0, s-maxage=5',
    surrogateKey: 'mods mn:nothing all',
  });
  expect(policyOf(await h.request('GET', '/no/such/path'))).toMatchObject({
    status: 404,
    cacheControl: 'public, max-age=0, s-maxage=5',
  });
  expect(policyOf(await h.request('GET', '/api/user'))).toMatchObject({
    status: 401,
    cacheControl: 'private, no-store',
  });
  expect(policyOf(await h.request('POST', '/api/mod', { body: {} }))).toMatchObject({
    status: 401,
    cacheControl: 'no-store',
  });
  expect(policyOf(await h.request('GET', '/api/openapi.json'))).toMatchObject({
    status: 200,
    cacheControl: 'no-store',
  });
});
