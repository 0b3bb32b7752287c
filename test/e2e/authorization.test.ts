/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Authorization of every modpack, build and build-mod write (docs/api.md#access-model, #order-of-checks): 401 for no,
// malformed, unknown or revoked tokens, 403 for a missing permission or missing modpack access,
// the order of checks, and proof by reading back that a refused write changed nothing.
import { Api, Reply, TestStack, eventually, md5Of, startTestStack, userWithToken, must } from '../support';

let t: TestStack;
let admin: Api;
let anon: Api;

const UNAUTHENTICATED = { error: 'Unauthenticated.' };
const UNAUTHORIZED = { error: 'This action is unauthorized.' };

interface Principal {
  token?: string | null;
  headers?: Record<string, string>;
}

const P: Record<string, Principal> = {};

beforeAll(async () => {
  t = await startTestStack();
  admin = t.admin;
  anon = t.anon;

  // the target: a public pack with a published build holding amod 1.0, plus a private build
  must(
    await admin.post('/api/modpack', {
      name: 'Target Pack',
      slug: 'target',
      hidden: false,
      url: 'https://example.test/t',
    }),
    201,
    'pack',
  );
  must(await admin.post('/api/modpack', { name: 'Bystander Pack', slug: 'bystander', hidden: false }), 201, 'pack');
  for (const [name, versions] of [
    ['amod', ['1.0', '2.0']],
    ['bmod', ['1.0']],
  ] as const) {
    must(await admin.post('/api/mod', { name, pretty_name: name.toUpperCase() }), 201, 'mod');
    for (const v of versions) {
      must(await admin.post(`/api/mod/${name}/version`, { version: v, md5: md5Of(`${name}${v}`) }), 201, 'version');
    }
  }
  must(
    await admin.post('/api/modpack/target/build', {
      version: '1.0',
      minecraft: '1.20.1',
      is_published: true,
      forge: '47.2.0',
    }),
    201,
    'build',
  );
  must(
    await admin.post('/api/modpack/target/build', {
      version: '0.9',
      minecraft: '1.20.1',
      is_published: true,
      private: true,
    }),
    201,
    'build',
  );
  must(await admin.post('/api/modpack/target/1.0/mod', { mod_slug: 'amod', mod_version: '1.0' }), 201, 'assign');
  must(await admin.post('/api/modpack/target/0.9/mod', { mod_slug: 'bmod', mod_version: '1.0' }), 201, 'assign');
  must(await admin.put('/api/modpack/target', { recommended: '1.0', latest: '1.0' }), 200, 'rec');

  const ALL_MODPACK_PERMS = ['modpacks_create', 'modpacks_manage', 'modpacks_delete'];

  // a token that worked, then was revoked by its owner
  must(
    await admin.post('/api/user', { username: 'revoked-user', permissions: ALL_MODPACK_PERMS, modpacks: ['target'] }),
    201,
    'user',
  );
  const issued = must(await admin.post('/api/user/revoked-user/token', { name: 'soon gone' }), 201, 'token').token;
  const revokedApi = new Api(t.url, issued.plaintext);
  must(await revokedApi.get('/api/token'), 200, 'token works before revocation');
  must(await revokedApi.put('/api/modpack/target/1.0', {}), 200, 'token may write before revocation');
  must(await revokedApi.delete(`/api/token/${issued.id}`), 200, 'revoke');
  await eventually(async () => (await revokedApi.get('/api/token')).status === 401, 5000);

  Object.assign(P, {
    none: { token: null },
    malformed: { token: null, headers: { authorization: `Token ${t.adminToken}` } },
    basic: {
      token: null,
      headers: { authorization: `Basic ${Buffer.from(`admin:${t.adminToken}`).toString('base64')}` },
    },
    emptyBearer: { token: null, headers: { authorization: 'Bearer ' } },
    unknown: { token: `x${t.adminToken.slice(1)}` },
    revoked: { token: issued.plaintext },
    // has access to target but lacks every modpack permission (it holds unrelated ones)
    noPermission: {
      token: await userWithToken(
        admin,
        'no-permission',
        ['mods_create', 'mods_manage', 'mods_delete', 'solder_keys'],
        ['target'],
      ),
    },
    // has every modpack permission but no access to target
    noAccess: { token: await userWithToken(admin, 'no-access', ALL_MODPACK_PERMS, ['bystander']) },
    // manage + access, but neither create nor delete
    manager: { token: await userWithToken(admin, 'manager', ['modpacks_manage'], ['target']) },
  });
});

afterAll(async () => {
  await t?.stop();
});

// ---------------------------------------------------------------------------------------------
// the state a refused write must leave untouched

async function snapshot() {
  const read = async (path: string) => {
    const r = await admin.get(path);
    return { path, status: r.status, body: r.body };
  };
  const users = must(await admin.get('/api/user'), 200, 'users').users.map((u: any) => ({
    username: u.username,
    modpacks: u.modpacks,
    updated_at: u.updated_at,
  }));
  return {
    full: await read('/api/modpack?include=full'),
    b10: await read('/api/modpack/target/1.0?include=mods'),
    b09: await read('/api/modpack/target/0.9?include=mods'),
    b99: await read('/api/modpack/target/9.9'),
    sneaky: await read('/api/modpack/sneaky'),
    cloned: await read('/api/modpack/cloned'),
    anonList: (await anon.get('/api/modpack')).body,
    amod: (await anon.get('/api/mod/amod')).body,
    users,
  };
}

let baseline: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  baseline = await snapshot();
  expect(baseline.full.body.modpacks).toHaveProperty('target');
  expect(baseline.b10.status).toBe(200);
  expect(baseline.sneaky.status).toBe(404);
});

// ---------------------------------------------------------------------------------------------
// the writes

interface Op {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** what the principals lacking the right get, beyond the 401 ones */
  noPermission: 403;
  noAccess: 403 | 'allowed';
  manager: 403 | 'allowed';
}

const OPS: Op[] = [
  {
    name: 'create modpack',
    method: 'POST',
    path: '/api/modpack',
    body: { name: 'Sneaky', slug: 'sneaky', hidden: false },
    noPermission: 403,
    noAccess: 'allowed',
    manager: 403,
  },
  {
    name: 'update modpack',
    method: 'PUT',
    path: '/api/modpack/target',
    body: { name: 'Hijacked', private: true, slug: 'hijacked' },
    noPermission: 403,
    noAccess: 403,
    manager: 'allowed',
  },
  {
    name: 'delete modpack',
    method: 'DELETE',
    path: '/api/modpack/target',
    noPermission: 403,
    noAccess: 403,
    manager: 403,
  },
  {
    name: 'clone modpack',
    method: 'POST',
    path: '/api/modpack/target/clone',
    body: { name: 'Cloned', slug: 'cloned', hidden: false },
    noPermission: 403,
    noAccess: 403,
    manager: 403,
  },
  {
    name: 'create build',
    method: 'POST',
    path: '/api/modpack/target/build',
    body: { version: '9.9', minecraft: '1.20.1', is_published: true, clone_from: '1.0' },
    noPermission: 403,
    noAccess: 403,
    manager: 'allowed',
  },
  {
    name: 'update build',
    method: 'PUT',
    path: '/api/modpack/target/1.0',
    body: { minecraft: '0.0.1', forge: 'evil', private: true },
    noPermission: 403,
    noAccess: 403,
    manager: 'allowed',
  },
  {
    name: 'delete build',
    method: 'DELETE',
    path: '/api/modpack/target/1.0',
    noPermission: 403,
    noAccess: 403,
    manager: 'allowed',
  },
  {
    name: 'add mod to build',
    method: 'POST',
    path: '/api/modpack/target/1.0/mod',
    body: { mod_slug: 'bmod', mod_version: '1.0' },
    noPermission: 403,
    noAccess: 403,
    manager: 'allowed',
  },
  {
    name: 'change mod version in build',
    method: 'PUT',
    path: '/api/modpack/target/1.0/mod/amod',
    body: { mod_version: '2.0' },
    noPermission: 403,
    noAccess: 403,
    manager: 'allowed',
  },
  {
    name: 'remove mod from build',
    method: 'DELETE',
    path: '/api/modpack/target/1.0/mod/amod',
    noPermission: 403,
    noAccess: 403,
    manager: 'allowed',
  },
];

function send(p: Principal, method: string, path: string, body?: unknown, raw?: string): Promise<Reply> {
  return anon.request(method, path, body, { token: p.token ?? null, headers: p.headers, raw });
}

const REFUSALS: Array<[string, string, number, object]> = [];
for (const op of OPS) {
  for (const p of ['none', 'malformed', 'basic', 'emptyBearer', 'unknown', 'revoked']) {
    REFUSALS.push([op.name, p, 401, UNAUTHENTICATED]);
  }
  REFUSALS.push([op.name, 'noPermission', 403, UNAUTHORIZED]);
  if (op.noAccess === 403) REFUSALS.push([op.name, 'noAccess', 403, UNAUTHORIZED]);
  if (op.manager === 403) REFUSALS.push([op.name, 'manager', 403, UNAUTHORIZED]);
}

describe('refused writes change nothing', () => {
  test.each(REFUSALS)('%s as %s: %i', async (opName, principal, status, body) => {
    const op = OPS.find((o) => o.name === opName)!;
    const r = await send(P[principal], op.method, op.path, op.body);
    expect({ status: r.status, body: r.body }).toEqual({ status, body });
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await snapshot()).toEqual(baseline);
  });

  test('a refused write with an invalid or malformed body is still 401/403, not 400/422', async () => {
    for (const op of OPS.filter((o) => o.method !== 'DELETE')) {
      for (const [principal, status, body] of [
        ['none', 401, UNAUTHENTICATED],
        ['unknown', 401, UNAUTHENTICATED],
        ['noPermission', 403, UNAUTHORIZED],
      ] as const) {
        const invalid = await send(P[principal], op.method, op.path, {
          version: 5,
          name: [],
          mod_slug: null,
          hidden: 'x',
        });
        expect([op.name, principal, invalid.status, invalid.body]).toEqual([op.name, principal, status, body]);
        const malformed = await send(P[principal], op.method, op.path, undefined, '{"name": ');
        expect([op.name, principal, malformed.status, malformed.body]).toEqual([op.name, principal, status, body]);
      }
      if (op.noAccess === 403) {
        const invalid = await send(P.noAccess, op.method, op.path, {});
        expect([op.name, invalid.status, invalid.body]).toEqual([op.name, 403, UNAUTHORIZED]);
      }
    }
    expect(await snapshot()).toEqual(baseline);
  });
});

describe('order of checks (docs/api.md#order-of-checks)', () => {
  test('no token: 401 even for a modpack, build or mod that does not exist', async () => {
    for (const [method, path] of [
      ['PUT', '/api/modpack/no-such-pack'],
      ['DELETE', '/api/modpack/no-such-pack'],
      ['POST', '/api/modpack/no-such-pack/build'],
      ['PUT', '/api/modpack/target/no-such-build'],
      ['DELETE', '/api/modpack/no-such-pack/1.0'],
      ['POST', '/api/modpack/target/no-such-build/mod'],
      ['PUT', '/api/modpack/target/1.0/mod/no-such-mod'],
      ['DELETE', '/api/modpack/target/1.0/mod/no-such-mod'],
      ['POST', '/api/modpack/no-such-pack/clone'],
    ] as const) {
      for (const p of ['none', 'unknown', 'revoked']) {
        const r = await send(P[p], method, path, {});
        expect([method, path, p, r.status, r.body]).toEqual([method, path, p, 401, UNAUTHENTICATED]);
      }
    }
  });

  test('missing permission: 403 even for a modpack that does not exist', async () => {
    for (const [method, path] of [
      ['PUT', '/api/modpack/no-such-pack'],
      ['DELETE', '/api/modpack/no-such-pack'],
      ['POST', '/api/modpack/no-such-pack/build'],
      ['PUT', '/api/modpack/no-such-pack/1.0'],
      ['DELETE', '/api/modpack/no-such-pack/1.0'],
      ['POST', '/api/modpack/no-such-pack/1.0/mod'],
      ['POST', '/api/modpack/no-such-pack/clone'],
    ] as const) {
      const r = await send(P.noPermission, method, path, {});
      expect([method, path, r.status, r.body]).toEqual([method, path, 403, UNAUTHORIZED]);
    }
  });

  test('permission without access: a missing modpack is 404, a missing build in an inaccessible one is 403', async () => {
    const missingPack = await send(P.noAccess, 'PUT', '/api/modpack/no-such-pack', { name: 'x' });
    expect([missingPack.status, missingPack.body]).toEqual([404, { error: 'Modpack not found.' }]);
    const missingPackBuild = await send(P.noAccess, 'PUT', '/api/modpack/no-such-pack/1.0', { minecraft: '1' });
    expect([missingPackBuild.status, missingPackBuild.body]).toEqual([404, { error: 'Modpack not found.' }]);

    for (const [method, path, body] of [
      ['PUT', '/api/modpack/target/no-such-build', { minecraft: '1.0' }],
      ['DELETE', '/api/modpack/target/no-such-build', undefined],
      ['POST', '/api/modpack/target/no-such-build/mod', { mod_slug: 'amod', mod_version: '1.0' }],
      ['PUT', '/api/modpack/target/no-such-build/mod/amod', { mod_version: '2.0' }],
      ['DELETE', '/api/modpack/target/no-such-build/mod/amod', undefined],
      ['PUT', '/api/modpack/target/1.0/mod/bmod', { mod_version: '1.0' }], // not in the build
      ['DELETE', '/api/modpack/target/1.0/mod/bmod', undefined], // not in the build
      ['POST', '/api/modpack/target/1.0/mod', { mod_slug: 'amod', mod_version: '9.9' }], // no such version
      ['POST', '/api/modpack/target/build', { version: '1.0', minecraft: '1.20.1' }], // duplicate
    ] as const) {
      const r = await send(P.noAccess, method, path, body);
      expect([method, path, r.status, r.body]).toEqual([method, path, 403, UNAUTHORIZED]);
    }
    // the same requests from someone with access give the real answers
    expect(await send(P.manager, 'PUT', '/api/modpack/target/no-such-build', { minecraft: '1.0' })).toMatchObject({
      status: 404,
      body: { error: 'Build not found.' },
    });
    expect(await send(P.manager, 'PUT', '/api/modpack/target/1.0/mod/bmod', { mod_version: '1.0' })).toMatchObject({
      status: 404,
      body: { error: 'Mod not in this build.' },
    });
    expect(
      await send(P.manager, 'POST', '/api/modpack/target/build', { version: '1.0', minecraft: '1.20.1' }),
    ).toMatchObject({
      status: 422,
      body: { error: 'Build version already exists for this modpack.' },
    });
    expect(await snapshot()).toEqual(baseline);
  });

  test('a user without access learns nothing about a private pack’s builds either', async () => {
    must(await admin.post('/api/modpack', { name: 'Secret', slug: 'secret', private: true }), 201, 'secret');
    must(
      await admin.post('/api/modpack/secret/build', { version: '1.0', minecraft: '1.20.1', is_published: true }),
      201,
      'b',
    );
    for (const version of ['1.0', 'nope']) {
      const r = await send(P.noAccess, 'PUT', `/api/modpack/secret/${version}`, { minecraft: '2' });
      expect([version, r.status, r.body]).toEqual([version, 403, UNAUTHORIZED]);
      const d = await send(P.noAccess, 'DELETE', `/api/modpack/secret/${version}`);
      expect([version, d.status, d.body]).toEqual([version, 403, UNAUTHORIZED]);
    }
    expect(await admin.get('/api/modpack/secret/1.0')).toMatchObject({ status: 200, body: { minecraft: '1.20.1' } });
    must(await admin.delete('/api/modpack/secret'), 200, 'cleanup');
  });
});

describe('the same tokens are real: allowed writes succeed', () => {
  test('manager (modpacks_manage + access) may do every build and build-mod write, not create/clone/delete packs', async () => {
    const m = P.manager;
    expect(
      await send(m, 'POST', '/api/modpack/target/build', { version: '5.0', minecraft: '1.20.1', is_published: true }),
    ).toMatchObject({ status: 201 });
    expect(
      await send(m, 'POST', '/api/modpack/target/5.0/mod', { mod_slug: 'amod', mod_version: '1.0' }),
    ).toMatchObject({
      status: 201,
      body: { success: 'Mod added to build.' },
    });
    expect(await send(m, 'PUT', '/api/modpack/target/5.0/mod/amod', { mod_version: '2.0' })).toMatchObject({
      status: 200,
      body: { success: 'Mod version updated in build.' },
    });
    expect(await send(m, 'DELETE', '/api/modpack/target/5.0/mod/amod')).toMatchObject({
      status: 200,
      body: { success: 'Mod removed from build.' },
    });
    expect(await send(m, 'PUT', '/api/modpack/target/5.0', { forge: '1' })).toMatchObject({
      status: 200,
      body: { forge: '1' },
    });
    expect(await send(m, 'DELETE', '/api/modpack/target/5.0')).toMatchObject({
      status: 200,
      body: { success: 'Build deleted.' },
    });
    expect(await send(m, 'PUT', '/api/modpack/target', { url: 'https://example.test/t' })).toMatchObject({
      status: 200,
    });
    // but not on a pack outside its access list
    expect(
      await send(m, 'POST', '/api/modpack/bystander/build', { version: '5.0', minecraft: '1.20.1' }),
    ).toMatchObject({
      status: 403,
      body: UNAUTHORIZED,
    });
    expect(await admin.put('/api/modpack/bystander/5.0', {})).toMatchObject({
      status: 404,
      body: { error: 'Build not found.' },
    });
    expect(await snapshot()).toEqual({ ...baseline, users: expect.anything() });
  });

  test('no-access user may create packs (no access needed), and then manage and delete its own', async () => {
    const r = await send(P.noAccess, 'POST', '/api/modpack', { name: 'Own Pack', slug: 'own-pack' });
    expect(r.status).toBe(201);
    expect(
      await send(P.noAccess, 'POST', '/api/modpack/own-pack/build', { version: '1', minecraft: '1.20.1' }),
    ).toMatchObject({ status: 201 });
    expect(await send(P.noAccess, 'DELETE', '/api/modpack/own-pack')).toMatchObject({
      status: 200,
      body: { success: 'Modpack deleted.' },
    });
    // and it still cannot touch target
    expect(await send(P.noAccess, 'PUT', '/api/modpack/target', { name: 'x' })).toMatchObject({
      status: 403,
      body: UNAUTHORIZED,
    });
  });

  test('solder_full passes every check', async () => {
    expect(
      await admin.post('/api/modpack/target/clone', { name: 'Admin Clone', slug: 'admin-clone', hidden: false }),
    ).toMatchObject({ status: 201 });
    expect(await admin.delete('/api/modpack/admin-clone')).toMatchObject({
      status: 200,
      body: { success: 'Modpack deleted.' },
    });
  });

  test('the token of a deleted user stops working within 5 s', async () => {
    const token = await userWithToken(admin, 'short-lived', ['modpacks_manage'], ['target']);
    expect(await send({ token }, 'PUT', '/api/modpack/target/1.0', {})).toMatchObject({ status: 200 });
    must(await admin.delete('/api/user/short-lived'), 200, 'delete user');
    await eventually(async () => {
      const r = await send({ token }, 'PUT', '/api/modpack/target/1.0', { minecraft: '0.0.0' });
      expect([r.status, r.body]).toEqual([401, UNAUTHENTICATED]);
      return true;
    }, 5000);
    expect((await admin.get('/api/modpack/target/1.0')).body.minecraft).toBe('1.20.1');
  });

  test('losing modpack access or a permission takes effect within 5 s; regaining it restores the right', async () => {
    const token = await userWithToken(admin, 'fickle', ['modpacks_manage'], ['target']);
    const me: Principal = { token };
    expect(await send(me, 'PUT', '/api/modpack/target/1.0', {})).toMatchObject({ status: 200 });

    must(
      await admin.put('/api/user/fickle', { permissions: ['modpacks_manage'], modpacks: ['bystander'] }),
      200,
      'drop access',
    );
    await eventually(async () => {
      const r = await send(me, 'PUT', '/api/modpack/target/1.0', { forge: 'nope' });
      expect([r.status, r.body]).toEqual([403, UNAUTHORIZED]);
      return true;
    }, 5000);
    expect((await admin.get('/api/modpack/target/1.0')).body.forge).toBe('47.2.0');

    must(await admin.put('/api/user/fickle', { permissions: [], modpacks: ['target'] }), 200, 'drop permission');
    await eventually(async () => {
      const r = await send(me, 'POST', '/api/modpack/target/1.0/mod', { mod_slug: 'bmod', mod_version: '1.0' });
      expect([r.status, r.body]).toEqual([403, UNAUTHORIZED]);
      return true;
    }, 5000);
    expect((await admin.get('/api/modpack/target/1.0')).body.mods.map((m: any) => m.name)).toEqual(['amod']);

    must(
      await admin.put('/api/user/fickle', { permissions: ['modpacks_manage'], modpacks: ['target'] }),
      200,
      'restore',
    );
    await eventually(async () => (await send(me, 'PUT', '/api/modpack/target/1.0', {})).status === 200, 5000);
  });

  test('access follows the modpack, not its slug: after a rename the same user may still write', async () => {
    must(await admin.post('/api/modpack', { name: 'Renamable', slug: 'renamable' }), 201, 'pack');
    const token = await userWithToken(admin, 'renamer', ['modpacks_manage'], ['renamable']);
    expect(
      await send({ token }, 'POST', '/api/modpack/renamable/build', { version: '1', minecraft: '1.20.1' }),
    ).toMatchObject({ status: 201 });
    must(await admin.put('/api/modpack/renamable', { slug: 'renamed' }), 200, 'rename');
    expect(
      await send({ token }, 'POST', '/api/modpack/renamed/build', { version: '2', minecraft: '1.20.1' }),
    ).toMatchObject({ status: 201 });
    // a new pack taking the old slug is not covered by that access
    must(await admin.post('/api/modpack', { name: 'Impostor', slug: 'renamable' }), 201, 'impostor');
    expect(
      await send({ token }, 'POST', '/api/modpack/renamable/build', { version: '1', minecraft: '1.20.1' }),
    ).toMatchObject({
      status: 403,
      body: UNAUTHORIZED,
    });
    expect((await admin.get('/api/modpack/renamable')).body.builds).toEqual([]);
    must(await admin.delete('/api/modpack/renamable'), 200, 'cleanup');
    must(await admin.delete('/api/modpack/renamed'), 200, 'cleanup');
  });

  test('the revoked token stays revoked', async () => {
    const r = await send(P.revoked, 'PUT', '/api/modpack/target/1.0', {});
    expect([r.status, r.body]).toEqual([401, UNAUTHENTICATED]);
  });
});
