/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies are checked by value */
// Solder's rules for mods, versions, launcher clients and platform keys, tested in its web pages
// (TechnicPack/TechnicSolder, tests/Unit/ModTest.php, ClientTest.php, KeyTest.php, and the
// permission tests of AuthorizationTest.php), on Depot's API. A page that redirects with an error
// maps to the API's refusal; a page Solder guards by a permission maps to the routes that
// permission guards in Depot. ModTest's names are those of the stored copy (camelCase). Left out:
// tests of a page's mere display, and ModTest's remote-md5 and rehash tests that fetch Solder's
// own test archive (Depot's rehash is tested against an archive server in archives.test.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import {
  expectRefused,
  expectReply,
  must,
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
  'ModTest::testModVersionDelete': 'version-in-use',
  'ClientTest::test_client_create_post_duplicate_name': 'client-names-repeat',
  'KeyTest::test_key_create_post_duplicate_name': 'key-names-repeat',
};
const title = (test: string) => solderTitle(DIFFERENCES, test);

const UNAUTHENTICATED = { error: 'Unauthenticated.' };
const FORBIDDEN = { error: 'This action is unauthorized.' };
const MD5 = '0925fb5cca71b6e8dd81fac9b257c6d4';

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
const userToken = (permissions: string[] = []) => userWithToken(admin, `testuser-${++users}`, permissions);
const modState = async (name: string) => {
  const res = await admin.get(`/api/manage/mods/${name}`);
  return { status: res.status, body: res.body };
};
const keysState = async () => must(await admin.get('/api/key'), 200, 'keys');
const clientsState = async () => must(await admin.get('/api/client'), 200, 'clients');

describe('ModTest', () => {
  describeDifferences(DIFFERENCES);

  it(title('ModTest::testModCreatePostNonUniqueName'), async () => {
    const s = await solderSeed(admin);
    const write = () => admin.post('/api/mod', { pretty_name: 'TestMod', name: s.mod.name });
    await expectRefused(() => modState(s.mod.name), write, 422, {
      error: { name: ['The name has already been taken.'] },
    });
  });

  it(title('ModTest::testModCreatePostInvalidLinkURL'), async () => {
    const write = () => admin.post('/api/mod', { pretty_name: 'TestMod', name: 'testmod2', link: 'solder/io' });
    await expectRefused(() => modState('testmod2'), write, 422, {
      error: { link: ['The link field must be a valid URL.'] },
    });
  });

  it(title('ModTest::testModCreatePost'), async () => {
    const body = { pretty_name: 'Random mod name', name: 'random-mod-name', link: 'http://technicpack.net' };
    const res = await admin.post('/api/mod', body);
    expect(res.status).toBe(201);
    expect((await modState('random-mod-name')).body.mod).toEqual(res.body);
  });

  it(title('ModTest::testModVersionAddPostEmptyVersion'), async () => {
    const s = await solderSeed(admin);
    const write = () => admin.post(`/api/mod/${s.backtools.name}/version`, { md5: MD5 });
    await expectRefused(() => modState(s.backtools.name), write, 422, {
      error: { version: ['The version field is required.'] },
    });
  });

  it(title('ModTest::testModVersionAddPostInvalidModID'), async () => {
    const res = await admin.post('/api/mod/nonexistent-1000000/version', { version: 'v1.5.2.v01', md5: MD5 });
    expectReply(res, 404, { error: 'Mod not found.' });
  });

  it(title('ModTest::testModVersionAddPost'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.post(`/api/mod/${s.backtools.name}/version`, { version: '1.7.10-4.0.0', md5: MD5 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ version: '1.7.10-4.0.0', md5: MD5 });
    expect((await anon.get(`/api/mod/${s.backtools.name}/1.7.10-4.0.0`)).body.md5).toBe(MD5);
  });

  it(title('ModTest::testModVersionRehashPostInvalidID'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.post(`/api/mod/${s.mod.name}/10000000/rehash`, {});
    expectReply(res, 404, { error: 'Mod version not found.' });
  });

  it(title('ModTest::testModVersionDeleteInvalidID'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.delete(`/api/mod/${s.mod.name}/10000000`), 404, { error: 'Mod version not found.' });
  });

  it(title('ModTest::testModVersionDelete'), async () => {
    const s = await solderSeed(admin);
    // Solder's page deletes the version the seeded build holds; its API, and Depot, refuse (409).
    await expectRefused(
      () => modState(s.mod.name),
      () => admin.delete(`/api/mod/${s.mod.name}/1.0`),
      409,
      {
        error: 'Mod version is in use by 1 build(s) and cannot be deleted.',
      },
    );
  });

  it(title('ModTest::testModDeletePostInvalidID'), async () => {
    expectReply(await admin.delete('/api/mod/nonexistent-100000'), 404, { error: 'Mod not found.' });
  });

  it(title('ModTest::testModDeletePost'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.delete(`/api/mod/${s.backtools.name}`), 200, { success: 'Mod deleted.' });
    expectReply(await anon.get(`/api/mod/${s.backtools.name}`), 404, { error: 'Mod does not exist' });
  });
});

describe('ClientTest', () => {
  it(title('ClientTest::test_client_create_post_duplicate_uuid'), async () => {
    const s = await solderSeed(admin);
    const write = () => admin.post('/api/client', { name: 'TestClient2', uuid: s.client.uuid.toUpperCase() });
    await expectRefused(clientsState, write, 422, { error: { uuid: ['The uuid has already been taken.'] } });
  });

  it(title('ClientTest::test_client_create_post_duplicate_name'), async () => {
    const s = await solderSeed(admin);
    // Solder refuses a second "TestClient"; in Depot names may repeat, the uuid tells them apart.
    const uuid = randomUUID();
    expect((await admin.post('/api/client', { name: s.client.name, uuid })).status).toBe(201);
    const named = (await clientsState()).clients.filter((c: any) => c.name === s.client.name).map((c: any) => c.uuid);
    expect(named).toEqual(expect.arrayContaining([s.client.uuid, uuid]));
  });

  it(title('ClientTest::test_client_create_post'), async () => {
    const uuid = randomUUID();
    const res = await admin.post('/api/client', { name: 'TestClient2', uuid });
    expect(res.status).toBe(201);
    expect((await clientsState()).clients).toContainEqual(res.body);
  });

  it(title('ClientTest::test_client_delete_post_invalid_id'), async () => {
    await expectRefused(clientsState, () => admin.delete(`/api/client/${randomUUID()}`), 404, {
      error: 'Client not found.',
    });
  });

  it(title('ClientTest::test_client_delete_post'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.delete(`/api/client/${s.client.uuid}`), 200, { success: 'Client deleted.' });
    expect((await clientsState()).clients.map((c: any) => c.uuid)).not.toContain(s.client.uuid);
  });
});

describe('KeyTest', () => {
  const newKey = () => randomBytes(32).toString('base64url');

  it(title('KeyTest::test_key_create_post_duplicate_key'), async () => {
    const s = await solderSeed(admin);
    const write = () => admin.post('/api/key', { name: 'TestKey2', api_key: s.key.api_key });
    await expectRefused(keysState, write, 422, { error: { api_key: ['The api_key has already been taken.'] } });
  });

  it(title('KeyTest::test_key_create_post_duplicate_name'), async () => {
    const s = await solderSeed(admin);
    // Solder refuses a second key of that name; Depot takes it (the value is what Platform sends).
    const res = await admin.post('/api/key', { name: s.key.name, api_key: newKey() });
    expect(res.status).toBe(201);
    expect((await keysState()).keys.filter((k: any) => k.name === s.key.name)).toHaveLength(2);
    expect((await anon.get(`/api/verify/${res.body.api_key}`)).body).toMatchObject({ valid: 'Key validated.' });
  });

  it(title('KeyTest::test_key_create_post'), async () => {
    const api_key = newKey();
    const res = await admin.post('/api/key', { name: 'TestKey2', api_key });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'TestKey2', api_key });
    expectReply(await anon.get(`/api/verify/${api_key}`), 200, {
      valid: 'Key validated.',
      name: 'TestKey2',
      created_at: res.body.created_at,
    });
  });

  it(title('KeyTest::test_key_delete_post_invalid_id'), async () => {
    await expectRefused(keysState, () => admin.delete('/api/key/100000'), 404, { error: 'Key not found.' });
  });

  it(title('KeyTest::test_key_delete_post'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.delete(`/api/key/${s.key.id}`), 200, { success: 'Key deleted.' });
    expectReply(await anon.get(`/api/verify/${s.key.api_key}`), 403, { error: 'Invalid key provided.' });
  });
});

describe('AuthorizationTest (mod versions)', () => {
  /** Solder's seedModVersion: a mod with one version, in no build. */
  async function seedModVersion() {
    const name = `authztest-${++users}`;
    must(await admin.post('/api/mod', { name, pretty_name: 'AuthZ Test' }), 201, 'mod');
    must(
      await admin.post(`/api/mod/${name}/version`, { version: '1.0', md5: 'a'.repeat(32), filesize: 100 }),
      201,
      'v',
    );
    return name;
  }
  const denied = async (write: (name: string, token: string) => Promise<Reply>) => {
    const [name, token] = await Promise.all([seedModVersion(), userToken(['mods_create'])]);
    await expectRefused(
      () => modState(name),
      () => write(name, token),
      403,
      FORBIDDEN,
    );
  };

  it(title('AuthorizationTest::test_add_version_denied_without_mods_manage'), () =>
    denied((name, token) => anon.post(`/api/mod/${name}/version`, { version: '2.0', md5: 'c'.repeat(32) }, { token })),
  );

  it(title('AuthorizationTest::test_rehash_denied_without_mods_manage'), () =>
    denied((name, token) => anon.post(`/api/mod/${name}/1.0/rehash`, { store: true }, { token })),
  );

  it(title('AuthorizationTest::test_update_version_denied_without_mods_manage'), () =>
    denied((name, token) => anon.put(`/api/mod/${name}/1.0`, { notes: 'tampered' }, { token })),
  );

  it(title('AuthorizationTest::test_delete_version_denied_without_mods_manage'), () =>
    denied((name, token) => anon.delete(`/api/mod/${name}/1.0`, { token })),
  );

  it(title('AuthorizationTest::test_add_version_allowed_with_mods_manage'), async () => {
    const [name, token] = await Promise.all([seedModVersion(), userToken(['mods_manage'])]);
    const res = await anon.post(`/api/mod/${name}/version`, { version: '2.0', md5: 'c'.repeat(32) }, { token });
    expect(res.status).toBe(201);
    expect((await anon.get(`/api/mod/${name}`)).body.versions).toEqual(['1.0', '2.0']);
  });

  it(title('AuthorizationTest::test_delete_version_allowed_with_mods_manage'), async () => {
    const [name, token] = await Promise.all([seedModVersion(), userToken(['mods_manage'])]);
    expectReply(await anon.delete(`/api/mod/${name}/1.0`, { token }), 200, { success: 'Mod version deleted.' });
    expectReply(await anon.get(`/api/mod/${name}/1.0`), 404, { error: 'Mod version does not exist' });
  });
});

describe('AuthorizationTest (pages → the routes of the same permission)', () => {
  const cases: [string, string[] | null, string, string, number][] = [
    // [Solder test, permissions (null: no token), method, path, status]
    ['test_guest_redirected_from_key_routes', null, 'GET', '/api/key', 401],
    ['test_guest_redirected_from_client_routes', null, 'GET', '/api/client', 401],
    ['test_guest_redirected_from_user_routes', null, 'GET', '/api/user', 401],
    ['test_user_with_solder_keys_can_access_key_routes', ['solder_keys'], 'GET', '/api/key', 200],
    ['test_user_without_solder_keys_redirected', [], 'GET', '/api/key', 403],
    ['test_user_with_solder_clients_can_access_client_routes', ['solder_clients'], 'GET', '/api/client', 200],
    ['test_user_without_solder_clients_redirected', [], 'GET', '/api/client', 403],
    ['test_user_with_solder_users_can_access_user_list', ['solder_users'], 'GET', '/api/user', 200],
    ['test_regular_user_cannot_access_user_list', [], 'GET', '/api/user', 403],
    ['test_user_with_solder_clients_cannot_access_key_routes', ['solder_clients'], 'GET', '/api/key', 403],
    ['test_regular_user_can_edit_own_profile', [], 'GET', '/api/account', 200],
  ];
  for (const [test, permissions, method, path, status] of cases) {
    it(title(`AuthorizationTest::${test}`), async () => {
      const token = permissions === null ? null : await userToken(permissions);
      const res = await anon.request(method, path, undefined, { token });
      expect(res.status).toBe(status);
      if (status === 401) expect(res.body).toEqual(UNAUTHENTICATED);
      if (status === 403) expect(res.body).toEqual(FORBIDDEN);
    });
  }

  it(title('AuthorizationTest::test_user_with_mods_create_cannot_access_mod_delete'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['mods_create']);
    await expectRefused(
      () => modState(s.mod.name),
      () => anon.delete(`/api/mod/${s.mod.name}`, { token }),
      403,
      FORBIDDEN,
    );
  });

  it(title('AuthorizationTest::test_user_with_mods_manage_cannot_access_mod_create'), async () => {
    const token = await userToken(['mods_manage']);
    const write = () => anon.post('/api/mod', { name: 'manage-only', pretty_name: 'Manage Only' }, { token });
    await expectRefused(() => modState('manage-only'), write, 403, FORBIDDEN);
  });

  it(title('AuthorizationTest::test_user_with_mods_delete_can_access_mod_delete'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['mods_delete']);
    expectReply(await anon.delete(`/api/mod/${s.backtools.name}`, { token }), 200, { success: 'Mod deleted.' });
    expect((await modState(s.backtools.name)).status).toBe(404);
  });

  it(title('AuthorizationTest::test_user_with_modpacks_create_cannot_access_modpack_edit'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['modpacks_create']);
    const res = await anon.put(`/api/modpack/${s.modpack.slug}`, { name: 'Edited' }, { token });
    expectReply(res, 403, FORBIDDEN);
    expect((await admin.get(`/api/manage/modpacks/${s.modpack.slug}`)).body.modpack.name).toBe(s.modpack.name);
  });
});
