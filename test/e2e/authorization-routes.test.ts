// The authorization rule as a matrix generated from the route declarations (docs/api.md#access-model):
// every operation of the OpenAPI document the gateway serves (made from the declarations: its
// `x-access`, `x-also-needs`, `x-modpack-access`) × every caller that may not call it: no
// credentials (401), a token lacking exactly the permission the route declares, or the second
// one it also needs (403), a token without access to the modpack in the path (403). Nothing a
// refused request asked for happens: what every reader sees is read back unchanged. A route added
// to the gateway is in this matrix without anyone writing it here. (authorization-matrix.test.ts
// goes deeper for a hand-picked list: malformed headers, revoked tokens, logs.)
/* eslint-disable @typescript-eslint/no-explicit-any -- the OpenAPI document and the replies are plain JSON */
import { FULL, PERMISSIONS } from '@depot/common';
import { md5Of, must, startTestStack, userWithToken, type TestStack } from '../support';

let t: TestStack;
const tokens: Record<string, string> = {};

interface Operation {
  method: string;
  path: string;
  access: string;
  alsoNeeds?: string;
  modpackAccess: boolean;
}

/** A value for each path parameter, naming the fixture's records (modpack `target`, mod `amod`, …). */
function concrete(path: string): string {
  const modpack = /^\/api\/(modpack|manage\/modpacks)\//.test(path);
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    switch (name) {
      case 'slug':
        return modpack ? 'target' : 'amod';
      case 'build':
      case 'version':
        return '1.0';
      case 'mod_slug':
        return 'amod';
      case 'file_name':
        return 'amod-1.0.jar';
      case 'username':
        return 'victim';
      case 'uuid':
        return '3d1a9b8c-0e6f-4b7a-9c2d-5e8f1a2b3c4d';
      default:
        return '1';
    }
  });
}

/** What readers of every kind see: compared before and after the matrix. */
async function snapshot() {
  const paths = [
    '/api/mod',
    '/api/mod/amod',
    '/api/mod/amod/1.0',
    '/api/modpack?include=full',
    '/api/modpack/target',
    '/api/modpack/target/1.0?include=mods',
    '/api/manage/mods/amod',
    '/api/manage/modpacks/target',
    '/api/user',
    '/api/key',
    '/api/client',
    '/api/token',
  ];
  return Promise.all(paths.map(async (p) => [p, (await t.admin.get(p)).body]));
}

let operations: Operation[];

beforeAll(async () => {
  t = await startTestStack();
  must(await t.admin.post('/api/mod', { name: 'amod', pretty_name: 'A Mod' }), 201, 'mod');
  must(await t.admin.post('/api/mod/amod/version', { version: '1.0', md5: md5Of('amod-1.0') }), 201, 'version');
  must(await t.admin.post('/api/modpack', { name: 'Target', slug: 'target' }), 201, 'modpack');
  must(await t.admin.post('/api/modpack/target/build', { version: '1.0', minecraft: '1.20.1' }), 201, 'build');
  must(await t.admin.post('/api/modpack/target/1.0/mod', { mod_slug: 'amod', mod_version: '1.0' }), 201, 'mod');
  const everything = PERMISSIONS.filter((p) => p !== FULL);
  tokens.victim = await userWithToken(t.admin, 'victim', []);
  for (const lacking of everything) {
    tokens[lacking] = await userWithToken(
      t.admin,
      `lacks-${lacking.replace(/_/g, '-')}`,
      everything.filter((p) => p !== lacking),
      ['target'],
    );
  }
  // Every other permission, and the modpack: what an operator's route (webhooks for every modpack) refuses.
  tokens[FULL] = await userWithToken(t.admin, 'lacks-solder-full', everything, ['target']);
  tokens.noAccess = await userWithToken(t.admin, 'no-access', everything, []);
  const doc = must(await t.anon.get('/api/openapi.json'), 200, 'OpenAPI document');
  operations = Object.entries(doc.paths).flatMap(([path, ops]: [string, any]) =>
    Object.entries(ops).map(([method, op]: [string, any]) => ({
      method: method.toUpperCase(),
      path,
      access: op['x-access'],
      alsoNeeds: op['x-also-needs'],
      modpackAccess: !!op['x-modpack-access'],
    })),
  );
}, 120_000);

afterAll(() => t?.stop());

test('the document declares the access of every operation', () => {
  const undeclared = operations.filter((o) => typeof o.access !== 'string');
  expect(undeclared).toEqual([]);
  // (sanity: the matrix below is not empty, and covers the routes added lately)
  expect(operations.filter((o) => o.access !== 'public' && o.access !== 'read').length).toBeGreaterThan(50);
  expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
    expect.arrayContaining(['POST /api/manage/modpacks/{slug}/releases', 'PUT /api/manage/archives']),
  );
});

test('every operation refuses every caller without the right, and nothing changes', async () => {
  const before = await snapshot();
  const expected: [string, string, number][] = [];
  const got: [string, string, number][] = [];
  const ask = async (op: Operation, who: string, token: string | null, status: number) => {
    const where = `${op.method} ${op.path}`;
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
    const res = await t.anon.request(op.method, concrete(op.path), body, { token: null, headers });
    expected.push([where, who, status]);
    got.push([where, who, res.status]);
    const error = status === 401 ? 'Unauthenticated.' : 'This action is unauthorized.';
    if (res.status === status) expect([where, who, res.body]).toEqual([where, who, { error }]);
  };
  for (const op of operations) {
    if (op.access === 'public' || op.access === 'read') continue;
    await ask(op, 'no credentials', null, 401);
    if (op.access === 'user') continue;
    await ask(op, `lacks ${op.access}`, tokens[op.access], 403);
    if (op.alsoNeeds) await ask(op, `lacks ${op.alsoNeeds}`, tokens[op.alsoNeeds], 403);
    await ask(op, 'no permission at all', tokens.victim, 403);
    if (op.modpackAccess) await ask(op, 'no access to the modpack', tokens.noAccess, 403);
  }
  expect(got).toEqual(expected);
  // (every route but the public ones and the reads, by one to four callers each)
  expect(expected.length).toBeGreaterThan(150);
  expect(await snapshot()).toEqual(before);
}, 120_000);
