/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies are checked by value */
// Solder's ApiAuthorizationTest (tests/Unit/ApiAuthorizationTest.php, TechnicPack/TechnicSolder
// main): who may call each write, users made with exactly the permissions (and modpack access) the
// Solder test gives them. A refused write is read back unchanged; an allowed one read back done.
// Its four tests that switch the mod API off are in mod-api-disabled.test.ts.
import { randomUUID } from 'node:crypto';
import {
  expectRefused,
  expectReply,
  startTestStack,
  userWithToken,
  type Api,
  type Reply,
  type TestStack,
} from '../../support';
import { solderSeed } from '../../support/solder-seed';
import { describeDifferences, solderTitle } from '../../support/solder-parity';

/** Solder test → the deliberate difference (docs/decisions.md) its Depot test asserts instead. */
const DIFFERENCES: Record<string, string> = {
  'ApiAuthorizationTest::test_create_modversion_with_permission': 'md5-format',
  'ApiAuthorizationTest::test_create_client_with_permission': 'client-uuid',
  'ApiAuthorizationTest::test_solder_full_bypasses_client_permission': 'client-uuid',
};
const title = (test: string) => solderTitle(DIFFERENCES, test);

const UNAUTHENTICATED = { error: 'Unauthenticated.' };
const FORBIDDEN = { error: 'This action is unauthorized.' };
const MD5 = 'abc123'.padEnd(32, '0');

let t: TestStack;
let admin: Api;
let anon: Api;

beforeAll(async () => {
  t = await startTestStack();
  admin = t.admin;
  anon = t.anon;
});
afterAll(async () => {
  await t?.stop();
});

let users = 0;
/** Solder's createUserWithToken: a new user with these permissions (and modpack slugs), its token. */
const userToken = (permissions: string[] = [], modpacks: string[] = []) =>
  userWithToken(admin, `testuser-${++users}`, permissions, modpacks);

/** Everything the writes below could change, as the admin reads it. */
async function everything() {
  const [packs, mods, clients] = await Promise.all([
    admin.get('/api/manage/modpacks'),
    admin.get('/api/mod'),
    admin.get('/api/client'),
  ]);
  const builds = await Promise.all(
    packs.body.modpacks.map((p: any) => admin.get(`/api/manage/modpacks/${p.modpack.slug}`).then((r) => r.body)),
  );
  return { builds, mods: mods.body, clients: clients.body };
}
const refused = (write: () => Promise<Reply>, status: number, body: unknown) =>
  expectRefused(everything, write, status, body);

describe('ApiAuthorizationTest', () => {
  describeDifferences(DIFFERENCES);

  // --- No token ---

  it(title('ApiAuthorizationTest::test_no_token_returns_401'), async () => {
    await refused(() => anon.post('/api/modpack', { name: 'Test', slug: 'test' }), 401, UNAUTHENTICATED);
  });

  it(title('ApiAuthorizationTest::test_invalid_token_returns_401'), async () => {
    const write = () => anon.post('/api/modpack', { name: 'Test', slug: 'test' }, { token: 'invalid' });
    await refused(write, 401, UNAUTHENTICATED);
  });

  // --- Modpacks ---

  it(title('ApiAuthorizationTest::test_create_modpack_with_permission'), async () => {
    const token = await userToken(['modpacks_create']);
    const res = await anon.post('/api/modpack', { name: 'Auth Pack', slug: 'auth-pack' }, { token });
    expect(res.status).toBe(201);
    expect((await admin.get('/api/manage/modpacks/auth-pack')).body.modpack).toEqual(res.body);
  });

  it(title('ApiAuthorizationTest::test_create_modpack_without_permission'), async () => {
    const token = await userToken();
    await refused(
      () => anon.post('/api/modpack', { name: 'Auth Pack 2', slug: 'auth-pack-2' }, { token }),
      403,
      FORBIDDEN,
    );
  });

  it(title('ApiAuthorizationTest::test_update_modpack_with_permission_and_access'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['modpacks_manage'], [s.modpack.slug]);
    const res = await anon.put(`/api/modpack/${s.modpack.slug}`, { name: 'Updated' }, { token });
    expect(res.status).toBe(200);
    expect((await admin.get(`/api/manage/modpacks/${s.modpack.slug}`)).body.modpack.name).toBe('Updated');
  });

  it(title('ApiAuthorizationTest::test_update_modpack_with_permission_but_no_access'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['modpacks_manage']);
    await refused(() => anon.put(`/api/modpack/${s.modpack.slug}`, { name: 'Updated 2' }, { token }), 403, FORBIDDEN);
  });

  it(title('ApiAuthorizationTest::test_delete_modpack_with_permission_and_access'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['modpacks_delete'], [s.modpack.slug]);
    expectReply(await anon.delete(`/api/modpack/${s.modpack.slug}`, { token }), 200, { success: 'Modpack deleted.' });
    expectReply(await admin.get(`/api/manage/modpacks/${s.modpack.slug}`), 404, { error: 'Modpack not found.' });
  });

  it(title('ApiAuthorizationTest::test_delete_modpack_without_permission'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken();
    await refused(() => anon.delete(`/api/modpack/${s.modpack.slug}`, { token }), 403, FORBIDDEN);
  });

  // --- Builds (the parent modpack's access) ---

  it(title('ApiAuthorizationTest::test_create_build_with_modpack_access'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['modpacks_manage'], [s.modpack.slug]);
    const res = await anon.post(
      `/api/modpack/${s.modpack.slug}/build`,
      { version: '9.0.0', minecraft: '1.20.1' },
      { token },
    );
    expect(res.status).toBe(201);
    expect((await admin.get(`/api/manage/modpacks/${s.modpack.slug}/builds/9.0.0`)).body.build).toEqual(res.body);
  });

  it(title('ApiAuthorizationTest::test_create_build_without_modpack_access'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['modpacks_manage']);
    const write = () =>
      anon.post(`/api/modpack/${s.modpack.slug}/build`, { version: '9.0.0', minecraft: '1.20.1' }, { token });
    await refused(write, 403, FORBIDDEN);
  });

  it(title('ApiAuthorizationTest::test_delete_build_without_permission'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken();
    await refused(() => anon.delete(`/api/modpack/${s.modpack.slug}/1.0.0`, { token }), 403, FORBIDDEN);
  });

  // --- Mods ---

  it(title('ApiAuthorizationTest::test_create_mod_without_permission'), async () => {
    const token = await userToken();
    await refused(
      () => anon.post('/api/mod', { name: 'auth-mod', pretty_name: 'Auth Mod' }, { token }),
      403,
      FORBIDDEN,
    );
  });

  it(title('ApiAuthorizationTest::test_update_mod_with_permission'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['mods_manage']);
    expect((await anon.put(`/api/mod/${s.mod.name}`, { pretty_name: 'Updated' }, { token })).status).toBe(200);
    expect((await anon.get(`/api/mod/${s.mod.name}`)).body.pretty_name).toBe('Updated');
  });

  it(title('ApiAuthorizationTest::test_update_mod_without_permission'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken();
    await refused(() => anon.put(`/api/mod/${s.mod.name}`, { pretty_name: 'Updated' }, { token }), 403, FORBIDDEN);
  });

  it(title('ApiAuthorizationTest::test_delete_mod_with_permission'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['mods_delete']);
    expectReply(await anon.delete(`/api/mod/${s.mod.name}`, { token }), 200, { success: 'Mod deleted.' });
    expectReply(await anon.get(`/api/mod/${s.mod.name}`), 404, { error: 'Mod does not exist' });
  });

  it(title('ApiAuthorizationTest::test_delete_mod_without_permission'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken();
    await refused(() => anon.delete(`/api/mod/${s.mod.name}`, { token }), 403, FORBIDDEN);
  });

  // --- Mod versions ---

  it(title('ApiAuthorizationTest::test_create_modversion_with_permission'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['mods_manage']);
    // Past the permission: Solder stores md5 'abc123' (201); Depot wants 32 hex digits.
    const bad = await anon.post(`/api/mod/${s.mod.name}/version`, { version: '9.0.0', md5: 'abc123' }, { token });
    expectReply(bad, 422, { error: { md5: ['The md5 field format is invalid.'] } });
    const res = await anon.post(`/api/mod/${s.mod.name}/version`, { version: '9.0.0', md5: MD5 }, { token });
    expect(res.status).toBe(201);
    expect((await anon.get(`/api/mod/${s.mod.name}`)).body.versions).toEqual(['1.0', '9.0.0']);
  });

  it(title('ApiAuthorizationTest::test_create_modversion_without_permission'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken();
    const write = () => anon.post(`/api/mod/${s.mod.name}/version`, { version: '9.0.0', md5: 'abc123' }, { token });
    await refused(write, 403, FORBIDDEN);
  });

  // --- Launcher clients ---

  it(title('ApiAuthorizationTest::test_create_client_with_permission'), async () => {
    const token = await userToken(['solder_clients']);
    const bad = await anon.post('/api/client', { name: 'Auth Client', uuid: 'auth-client-uuid' }, { token });
    expectReply(bad, 422, { error: { uuid: ['The uuid field must be a valid UUID.'] } });
    const uuid = randomUUID();
    expect((await anon.post('/api/client', { name: 'Auth Client', uuid }, { token })).status).toBe(201);
    expect((await admin.get('/api/client')).body.clients.map((c: any) => c.uuid)).toContain(uuid);
  });

  it(title('ApiAuthorizationTest::test_create_client_without_permission'), async () => {
    const token = await userToken();
    const write = () => anon.post('/api/client', { name: 'Auth Client', uuid: randomUUID() }, { token });
    await refused(write, 403, FORBIDDEN);
  });

  it(title('ApiAuthorizationTest::test_delete_client_without_permission'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken();
    await refused(() => anon.delete(`/api/client/${s.client.uuid}`, { token }), 403, FORBIDDEN);
  });

  // --- Tokens (any authenticated user) ---

  it(title('ApiAuthorizationTest::test_any_user_can_list_own_tokens'), async () => {
    const token = await userToken();
    const res = await anon.get('/api/token', { token });
    expect(res.status).toBe(200);
    expect(res.body.tokens.map((k: any) => k.name)).toEqual(['test']);
  });

  it(title('ApiAuthorizationTest::test_any_user_can_create_token'), async () => {
    const token = await userToken();
    const res = await anon.post('/api/token', { name: 'My Token' }, { token });
    expect(res.status).toBe(201);
    expect((await anon.get('/api/token', { token })).body.tokens.map((k: any) => k.name)).toEqual(['test', 'My Token']);
  });

  // --- solder_full passes every check ---

  it(title('ApiAuthorizationTest::test_solder_full_bypasses_modpack_create'), async () => {
    const token = await userToken(['solder_full']);
    expect((await anon.post('/api/modpack', { name: 'Full Pack', slug: 'full-pack' }, { token })).status).toBe(201);
    expect((await admin.get('/api/manage/modpacks/full-pack')).status).toBe(200);
  });

  it(title('ApiAuthorizationTest::test_solder_full_bypasses_mod_create'), async () => {
    const token = await userToken(['solder_full']);
    expect((await anon.post('/api/mod', { name: 'full-mod', pretty_name: 'Full Mod' }, { token })).status).toBe(201);
    expect((await anon.get('/api/mod/full-mod')).body.pretty_name).toBe('Full Mod');
  });

  it(title('ApiAuthorizationTest::test_solder_full_bypasses_modpack_access_check'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['solder_full']);
    expect((await anon.put(`/api/modpack/${s.modpack.slug}`, { name: 'Full Update' }, { token })).status).toBe(200);
    expect((await admin.get(`/api/manage/modpacks/${s.modpack.slug}`)).body.modpack.name).toBe('Full Update');
  });

  it(title('ApiAuthorizationTest::test_solder_full_bypasses_client_permission'), async () => {
    const token = await userToken(['solder_full']);
    const bad = await anon.post('/api/client', { name: 'Full Client', uuid: 'full-client-uuid' }, { token });
    expectReply(bad, 422, { error: { uuid: ['The uuid field must be a valid UUID.'] } });
    const uuid = randomUUID();
    expect((await anon.post('/api/client', { name: 'Full Client', uuid }, { token })).status).toBe(201);
    expect((await admin.get('/api/client')).body.clients.map((c: any) => c.uuid)).toContain(uuid);
  });

  // --- A permission of one kind grants nothing of another ---

  it(title('ApiAuthorizationTest::test_mods_permission_does_not_grant_modpack_access'), async () => {
    const token = await userToken(['mods_create', 'mods_manage', 'mods_delete']);
    await refused(
      () => anon.post('/api/modpack', { name: 'Cross Pack', slug: 'cross-pack' }, { token }),
      403,
      FORBIDDEN,
    );
  });

  it(title('ApiAuthorizationTest::test_modpack_permission_does_not_grant_mod_access'), async () => {
    const token = await userToken(['modpacks_create', 'modpacks_manage']);
    await refused(
      () => anon.post('/api/mod', { name: 'cross-mod', pretty_name: 'Cross Mod' }, { token }),
      403,
      FORBIDDEN,
    );
  });

  it(title('ApiAuthorizationTest::test_client_permission_does_not_grant_mod_access'), async () => {
    const token = await userToken(['solder_clients']);
    const write = () => anon.post('/api/mod', { name: 'cross-mod-2', pretty_name: 'Cross Mod 2' }, { token });
    await refused(write, 403, FORBIDDEN);
  });
});
