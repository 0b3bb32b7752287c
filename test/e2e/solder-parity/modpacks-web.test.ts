/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies are checked by value */
// Solder's modpack and build rules, tested in its web pages (TechnicPack/TechnicSolder main,
// tests/Unit/ModpackTest.php, BuildTest.php, ModpackCloneTest.php and the per-modpack access
// tests of AuthorizationTest.php), on Depot's modpack, build and build-mod routes and its
// management reads. A page that redirects with an error maps to the API's refusal. Tests of a
// page's mere display (`*_get`, index redirects) test no rule and are left out.
import { expectReply, must, startTestStack, userWithToken, type Api, type TestStack } from '../../support';
import { buildOf as buildOfPack, solderSeed, type SolderSeed } from '../../support/solder-seed';
import { describeDifferences, solderTitle } from '../../support/solder-parity';

/** Solder test → the deliberate difference (docs/decisions.md) its Depot test asserts instead. */
const DIFFERENCES: Record<string, string> = {
  'ModpackTest::test_delete_last_build': 'recommended-as-stored',
  'BuildTest::test_build_add_post_empty_java': 'empty-is-null',
  'BuildTest::test_renaming_recommended_build_changes_build_in_modpack': 'recommended-as-stored',
  'BuildTest::test_renaming_latest_build_changes_build_in_modpack': 'recommended-as-stored',
  'ModpackCloneTest::test_clone_modpack_copies_builds': 'no-java-runtime',
  'ModpackCloneTest::test_api_clone_modpack_preserves_launcher_runtime_and_mods': 'no-java-runtime',
};
const title = (test: string) => solderTitle(DIFFERENCES, test);

const FORBIDDEN = { error: 'This action is unauthorized.' };
const NO_MODPACK = { error: 'Modpack not found.' };
const NO_BUILD = { error: 'Build not found.' };
const MD5_2 = 'abc123'.padEnd(32, '0');

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

const buildOf = (slug: string, version: string) => buildOfPack(admin, slug, version);
const modpackOf = async (slug: string) => (await admin.get(`/api/manage/modpacks/${slug}`)).body;
const versionsOf = async (slug: string) => (await modpackOf(slug)).builds.map((b: any) => b.build.version);
const path = (s: SolderSeed, rest = '') => `/api/modpack/${s.modpack.slug}${rest}`;

describe('ModpackTest', () => {
  describeDifferences(DIFFERENCES);

  it(title('ModpackTest::test_modpack_create_post_duplicate_slug'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.post('/api/modpack', { name: 'TestModpack2', slug: s.modpack.slug });
    expectReply(res, 422, { error: { slug: ['The slug has already been taken.'] } });
  });

  it(title('ModpackTest::test_modpack_create_post_duplicate_name'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.post('/api/modpack', { name: s.modpack.name, slug: 'testmodpack2' });
    expectReply(res, 422, { error: { name: ['The name has already been taken.'] } });
    expectReply(await admin.get('/api/manage/modpacks/testmodpack2'), 404, NO_MODPACK);
  });

  it(title('ModpackTest::test_modpack_create_post'), async () => {
    const res = await admin.post('/api/modpack', { name: 'TestModpack2', slug: 'testmodpack2' });
    expect(res.status).toBe(201);
    expect((await modpackOf('testmodpack2')).modpack).toEqual(res.body);
  });

  it(title('ModpackTest::test_modpack_delete_post_invalid_id'), async () => {
    expectReply(await admin.delete('/api/modpack/nonexistent-100000'), 404, NO_MODPACK);
  });

  it(title('ModpackTest::test_modpack_delete_post'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.delete(path(s)), 200, { success: 'Modpack deleted.' });
    expectReply(await admin.get(`/api/manage/modpacks/${s.modpack.slug}`), 404, NO_MODPACK);
  });

  it(title('ModpackTest::test_delete_last_build'), async () => {
    const s = await solderSeed(admin);
    must(await admin.put(path(s), { recommended: '1.0.0', latest: '1.0.0' }), 200, 'set');
    expectReply(await admin.delete(path(s, '/1.0.0')), 200, { success: 'Build deleted.' });
    const after = await modpackOf(s.modpack.slug);
    expect(after.builds).toEqual([]);
    // Solder clears both; Depot keeps them as stored.
    expect(after.modpack).toMatchObject({ recommended: '1.0.0', latest: '1.0.0' });
  });

  it(title('ModpackTest::test_modpack_edit_post'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.put(path(s), { name: 'TestTest', slug: 'test-test', hidden: true, private: true });
    expect(res.status).toBe(200);
    expect((await modpackOf('test-test')).modpack).toMatchObject({
      id: s.modpack.id,
      name: 'TestTest',
      slug: 'test-test',
      hidden: true,
      private: true,
    });
  });

  it(title('ModpackTest::test_modpack_edit_post_with_clients'), async () => {
    const s = await solderSeed(admin);
    expect((await admin.put(`/api/client/${s.client.uuid}`, { modpacks: [s.modpack.id] })).status).toBe(200);
    const client = (await admin.get('/api/client')).body.clients.find((c: any) => c.uuid === s.client.uuid);
    expect(client.modpacks).toEqual([s.modpack.id]);
  });

  it(title('ModpackTest::test_modpack_edit_post_removes_clients'), async () => {
    const s = await solderSeed(admin);
    must(await admin.put(`/api/client/${s.client.uuid}`, { modpacks: [s.modpack.id] }), 200, 'link');
    expect((await admin.put(`/api/client/${s.client.uuid}`, { modpacks: [] })).status).toBe(200);
    const client = (await admin.get('/api/client')).body.clients.find((c: any) => c.uuid === s.client.uuid);
    expect(client.modpacks).toEqual([]);
  });

  it(title('ModpackTest::test_modify_version_returns_404_for_nonexistent_build'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.put(path(s, `/9999/mod/${s.mod.name}`), { mod_version: '1.0' });
    expectReply(res, 404, NO_BUILD);
  });

  it(title('ModpackTest::test_modify_delete_returns_404_for_nonexistent_build'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.delete(path(s, `/9999/mod/${s.mod.name}`)), 404, NO_BUILD);
  });

  it(title('ModpackTest::test_modify_add_returns_404_for_nonexistent_build'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.post(path(s, '/9999/mod'), { mod_slug: s.mod.name, mod_version: '1.0' });
    expectReply(res, 404, NO_BUILD);
  });

  it(title('ModpackTest::test_modify_add_returns_404_for_nonexistent_mod'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.post(path(s, '/1.0.0/mod'), { mod_slug: 'nonexistent', mod_version: '1.0' });
    expectReply(res, 404, { error: 'Mod not found.' });
    expect((await buildOf(s.modpack.slug, '1.0.0')).mods).toEqual([`${s.mod.name}@1.0`]);
  });

  it(title('ModpackTest::test_modify_recommended_returns_404_for_nonexistent_modpack'), async () => {
    expectReply(await admin.put('/api/modpack/nonexistent-9999', { recommended: '1.0.0' }), 404, NO_MODPACK);
  });

  it(title('ModpackTest::test_modify_latest_returns_404_for_nonexistent_modpack'), async () => {
    expectReply(await admin.put('/api/modpack/nonexistent-9999', { latest: '1.0.0' }), 404, NO_MODPACK);
  });

  it(title('ModpackTest::test_modify_published_returns_404_for_nonexistent_build'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.put(path(s, '/9999'), { is_published: true }), 404, NO_BUILD);
  });

  it(title('ModpackTest::test_modify_private_returns_404_for_nonexistent_build'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.put(path(s, '/9999'), { private: true }), 404, NO_BUILD);
  });

  it(title('ModpackTest::test_modify_batch_version_updates_multiple_mods'), async () => {
    const s = await solderSeed(admin);
    must(await admin.post(`/api/mod/${s.mod.name}/version`, { version: '2.0', md5: MD5_2 }), 201, 'version');
    const res = await admin.put(path(s, `/1.0.0/mod/${s.mod.name}`), { mod_version: '2.0' });
    expectReply(res, 200, { success: 'Mod version updated in build.' });
    expect((await buildOf(s.modpack.slug, '1.0.0')).mods).toEqual([`${s.mod.name}@2.0`]);
  });

  it(title('ModpackTest::test_modify_add_rejects_duplicate_mod'), async () => {
    const s = await solderSeed(admin);
    must(await admin.post(`/api/mod/${s.mod.name}/version`, { version: '2.0', md5: MD5_2 }), 201, 'version');
    const res = await admin.post(path(s, '/1.0.0/mod'), { mod_slug: s.mod.name, mod_version: '2.0' });
    expectReply(res, 422, { error: 'Another version of this mod is already in the build. Use PUT to update it.' });
    expect((await buildOf(s.modpack.slug, '1.0.0')).mods).toEqual([`${s.mod.name}@1.0`]);
  });
});

describe('BuildTest', () => {
  const addBuild = (s: SolderSeed, body: Record<string, unknown>) =>
    admin.post(path(s, '/build'), {
      version: '1.1.0',
      minecraft: '1.7.10',
      min_java: '1.7',
      min_memory: 1536,
      ...body,
    });

  it(title('BuildTest::test_build_add_post'), async () => {
    const s = await solderSeed(admin);
    expect((await addBuild(s, {})).status).toBe(201);
    expect((await buildOf(s.modpack.slug, '1.1.0')).build).toMatchObject({
      version: '1.1.0',
      minecraft: '1.7.10',
      min_java: '1.7',
      min_memory: 1536,
    });
  });

  it(title('BuildTest::test_build_add_post_empty_version'), async () => {
    const s = await solderSeed(admin);
    expectReply(await addBuild(s, { version: '' }), 422, { error: { version: ['The version field is required.'] } });
    expect(await versionsOf(s.modpack.slug)).toEqual(['1.0.0']);
  });

  it(title('BuildTest::test_build_add_post_empty_minecraft'), async () => {
    const s = await solderSeed(admin);
    const res = await addBuild(s, { minecraft: '' });
    expectReply(res, 422, { error: { minecraft: ['The minecraft field is required.'] } });
    expect(await versionsOf(s.modpack.slug)).toEqual(['1.0.0']);
  });

  it(title('BuildTest::test_build_add_post_empty_java'), async () => {
    const s = await solderSeed(admin);
    expect((await addBuild(s, { min_java: '' })).status).toBe(201);
    // Solder stores ''; in Depot "" means "not set" for every nullable field.
    expect((await buildOf(s.modpack.slug, '1.1.0')).build).toMatchObject({ min_java: null, min_memory: 1536 });
  });

  it(title('BuildTest::test_build_add_post_no_memory'), async () => {
    const s = await solderSeed(admin);
    expect((await addBuild(s, { min_memory: 0 })).status).toBe(201);
    expect((await buildOf(s.modpack.slug, '1.1.0')).build).toMatchObject({ min_java: '1.7', min_memory: 0 });
  });

  it(title('BuildTest::test_build_edit_post'), async () => {
    const s = await solderSeed(admin);
    const body = { version: '1.1.0', minecraft: '1.7.10', min_java: '1.8', min_memory: 1024 };
    expect((await admin.put(path(s, '/1.0.0'), body)).status).toBe(200);
    expect((await buildOf(s.modpack.slug, '1.1.0')).build).toMatchObject({ id: s.build.id, ...body });
  });

  it(title('BuildTest::test_build_delete_post'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.delete(path(s, '/1.0.0')), 200, { success: 'Build deleted.' });
    expect(await versionsOf(s.modpack.slug)).toEqual([]);
  });

  for (const field of ['recommended', 'latest']) {
    it(title(`BuildTest::test_renaming_${field}_build_changes_build_in_modpack`), async () => {
      const s = await solderSeed(admin);
      must(await admin.put(path(s), { [field]: '1.0.0' }), 200, field);
      expect((await admin.put(path(s, '/1.0.0'), { version: '2.0.0' })).status).toBe(200);
      expect(await versionsOf(s.modpack.slug)).toEqual(['2.0.0']);
      // Solder follows the rename; Depot keeps the value as stored.
      expect((await modpackOf(s.modpack.slug)).modpack[field]).toBe('1.0.0');
    });
  }

  it(title('BuildTest::test_clone_build_cannot_cross_modpack_boundary'), async () => {
    const s = await solderSeed(admin);
    const other = await solderSeed(admin);
    must(await admin.put(path(other), { private: true, hidden: false }), 200, 'private');
    must(await admin.put(path(other, '/1.0.0'), { version: '7.7.7' }), 200, 'rename');
    // Without clone_from_modpack, clone_from names a build of the target pack only.
    const res = await addBuild(s, { version: '2.0.0', clone_from: '7.7.7' });
    expect(res.status).toBe(201);
    expect((await buildOf(s.modpack.slug, '2.0.0')).mods).toEqual([]);
  });

  it(title('BuildTest::test_clone_build_within_same_modpack'), async () => {
    const s = await solderSeed(admin);
    expect((await addBuild(s, { clone_from: '1.0.0' })).status).toBe(201);
    expect((await buildOf(s.modpack.slug, '1.1.0')).mods).toEqual([`${s.mod.name}@1.0`]);
  });

  it(title('BuildTest::test_clone_nonexistent_build_id_is_ignored'), async () => {
    const s = await solderSeed(admin);
    expect((await addBuild(s, { version: '3.0.0', clone_from: '9999' })).status).toBe(201);
    expect((await buildOf(s.modpack.slug, '3.0.0')).mods).toEqual([]);
  });
});

describe('ModpackCloneTest', () => {
  const clone = (s: SolderSeed, slug: string) => admin.post(path(s, '/clone'), { name: `Clone ${slug}`, slug });

  it(title('ModpackCloneTest::test_clone_modpack_post'), async () => {
    const s = await solderSeed(admin);
    const res = await clone(s, 'cloned-modpack');
    expect(res.status).toBe(201);
    expect((await modpackOf('cloned-modpack')).modpack).toEqual(res.body);
  });

  for (const test of [
    'test_clone_modpack_copies_builds',
    'test_api_clone_modpack_preserves_launcher_runtime_and_mods',
  ]) {
    it(title(`ModpackCloneTest::${test}`), async () => {
      const s = await solderSeed(admin);
      must(await admin.put(path(s, '/1.0.0'), { min_java: '1.8' }), 200, 'java');
      const source = must(await anon.get(path(s, '/1.0.0')), 200, 'source');
      const slug = `${test.replace(/_/g, '-')}`;
      expect((await clone(s, slug)).status).toBe(201);
      expect(await versionsOf(slug)).toEqual(await versionsOf(s.modpack.slug));
      expect((await buildOf(slug, '1.0.0')).mods).toEqual((await buildOf(s.modpack.slug, '1.0.0')).mods);
      const copy = await anon.get(`/api/modpack/${slug}/1.0.0`);
      expect(copy.status).toBe(200);
      expect(copy.body.java).toBe('1.8');
      expect(copy.body.mods).toEqual(source.mods);
      // Solder also answers `java_runtime` (a field of Solder after 1.1.3); Depot's build view has none.
      expect(copy.body).not.toHaveProperty('java_runtime');
    });
  }

  it(title('ModpackCloneTest::test_clone_modpack_duplicate_slug_fails'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.post(path(s, '/clone'), { name: 'Another Modpack', slug: s.modpack.slug });
    expectReply(res, 422, { error: { slug: ['The slug has already been taken.'] } });
  });
});

describe('AuthorizationTest (per-modpack access)', () => {
  const reader = (s: SolderSeed, access: boolean) =>
    userWithToken(admin, `reader-${s.modpack.slug}`, ['modpacks_manage'], access ? [s.modpack.slug] : []);

  it(title('AuthorizationTest::test_user_with_modpacks_manage_but_no_modpack_access_redirected'), async () => {
    const s = await solderSeed(admin);
    const token = await reader(s, false);
    expectReply(await anon.get(`/api/manage/modpacks/${s.modpack.slug}`, { token }), 403, FORBIDDEN);
  });

  it(title('AuthorizationTest::test_user_with_modpacks_manage_and_modpack_access_can_view'), async () => {
    const s = await solderSeed(admin);
    const token = await reader(s, true);
    const res = await anon.get(`/api/manage/modpacks/${s.modpack.slug}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.modpack.id).toBe(s.modpack.id);
  });

  it(title('AuthorizationTest::test_build_access_follows_parent_modpack'), async () => {
    const s = await solderSeed(admin);
    const token = await reader(s, false);
    expectReply(await anon.get(`/api/manage/modpacks/${s.modpack.slug}/builds/1.0.0`, { token }), 403, FORBIDDEN);
  });

  it(title('AuthorizationTest::test_solder_full_bypasses_per_modpack_access'), async () => {
    const s = await solderSeed(admin);
    const token = await userWithToken(admin, `full-${s.modpack.slug}`, ['solder_full']);
    expect((await anon.get(`/api/manage/modpacks/${s.modpack.slug}`, { token })).status).toBe(200);
  });
});
