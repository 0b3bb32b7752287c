/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies are checked by value */
// Solder's tests that switch the mod API off (config solder.disable_mod_api; Depot's
// SERVICE_DISABLE_MOD_API=true, here for the whole stack): the second halves of six ApiTest
// tests, and four of ApiAuthorizationTest (TechnicPack/TechnicSolder main, tests/Unit/).
import { expectReply, startTestStack, userWithToken, type Api, type TestStack } from '../../support';
import { solderSeed, TESTMOD_MD5 } from '../../support/solder-seed';
import { describeDifferences, solderTitle } from '../../support/solder-parity';

/** Solder test → the deliberate difference (docs/decisions.md) its Depot test asserts instead. */
const DIFFERENCES: Record<string, string> = {
  'ApiAuthorizationTest::test_mod_manager_can_access_disabled_mod_read_api': 'mod-api-switch',
  'ApiAuthorizationTest::test_solder_full_can_access_disabled_mod_read_api': 'mod-api-switch',
};
const title = (test: string, part?: string) => solderTitle(DIFFERENCES, test, part);

const DISABLED = { error: 'Mod API has been disabled' };

let t: TestStack;
let admin: Api;
let anon: Api;

beforeAll(async () => {
  t = await startTestStack({ disableModApi: true });
  admin = t.admin;
  anon = t.anon;
});
afterAll(async () => {
  await t?.stop();
});

let users = 0;
const userToken = (permissions: string[]) => userWithToken(admin, `testuser-${++users}`, permissions);

describe('ApiTest, mod API disabled', () => {
  it(title('ApiTest::test_mod', 'mod API disabled'), async () => {
    await solderSeed(admin);
    expectReply(await anon.get('/api/mod'), 404, DISABLED);
  });

  it(title('ApiTest::test_invalid_mod', 'mod API disabled'), async () => {
    expectReply(await anon.get('/api/mod/bob'), 404, DISABLED);
  });

  it(title('ApiTest::test_mod_slug', 'mod API disabled'), async () => {
    const s = await solderSeed(admin);
    expectReply(await anon.get(`/api/mod/${s.mod.name}`), 404, DISABLED);
  });

  it(title('ApiTest::test_mod_version', 'mod API disabled'), async () => {
    const s = await solderSeed(admin);
    expectReply(await anon.get(`/api/mod/${s.mod.name}/1.0`), 404, DISABLED);
  });

  it(title('ApiTest::test_modversion_with_invalid_mod', 'mod API disabled'), async () => {
    expectReply(await anon.get('/api/mod/foo/bar'), 404, DISABLED);
  });

  it(title('ApiTest::test_invalid_modversion', 'mod API disabled'), async () => {
    const s = await solderSeed(admin);
    expectReply(await anon.get(`/api/mod/${s.mod.name}/invalid`), 404, DISABLED);
  });
});

describe('ApiAuthorizationTest, mod API disabled', () => {
  describeDifferences(DIFFERENCES);

  it(title('ApiAuthorizationTest::test_mod_manager_can_access_disabled_mod_read_api'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['mods_manage']);
    // Solder answers a manager the three reads (200, with ids and the version's builds); Depot's
    // switch closes them to everyone, and the management reads answer the same facts instead.
    expectReply(await anon.get('/api/mod', { token }), 404, DISABLED);
    expectReply(await anon.get(`/api/mod/${s.mod.name}`, { token }), 404, DISABLED);
    expectReply(await anon.get(`/api/mod/${s.mod.name}/1.0`, { token }), 404, DISABLED);

    const list = await anon.get('/api/manage/mods', { token });
    expect(list.status).toBe(200);
    expect(list.body.mods).toContainEqual({ id: s.mod.id, name: s.mod.name, pretty_name: 'TestMod' });
    const mod = await anon.get(`/api/manage/mods/${s.mod.name}`, { token });
    expect(mod.status).toBe(200);
    expect(mod.body.mod).toMatchObject({ id: s.mod.id, name: s.mod.name });
    expect(mod.body.versions).toEqual([
      {
        version: expect.objectContaining({ id: s.modversion.id, version: '1.0', md5: TESTMOD_MD5 }),
        builds: [
          {
            modpack: { id: s.modpack.id, slug: s.modpack.slug, name: s.modpack.name },
            build: { id: s.build.id, version: '1.0.0', is_published: true },
          },
        ],
      },
    ]);
  });

  it(title('ApiAuthorizationTest::test_solder_full_can_access_disabled_mod_read_api'), async () => {
    const s = await solderSeed(admin);
    const token = await userToken(['solder_full']);
    expectReply(await anon.get('/api/mod', { token }), 404, DISABLED);
    const list = await anon.get('/api/manage/mods', { token });
    expect(list.status).toBe(200);
    expect(list.body.mods.map((m: any) => m.name)).toContain(s.mod.name);
  });

  it(title('ApiAuthorizationTest::test_user_without_mod_manage_cannot_access_disabled_mod_read_api'), async () => {
    const token = await userToken([]);
    expectReply(await anon.get('/api/mod', { token }), 404, DISABLED);
  });

  it(title('ApiAuthorizationTest::test_create_mod_with_permission_when_mod_api_is_disabled'), async () => {
    const token = await userToken(['mods_create']);
    const res = await anon.post('/api/mod', { name: 'auth-mod', pretty_name: 'Auth Mod' }, { token });
    expect(res.status).toBe(201);
    expect((await admin.get('/api/manage/mods/auth-mod')).body.mod).toEqual(res.body);
  });
});
