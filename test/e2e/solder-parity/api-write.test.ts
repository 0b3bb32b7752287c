/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies are checked by value */
// Solder's ApiWriteTest (tests/Unit/ApiWriteTest.php, TechnicPack/TechnicSolder main): the write
// API with a solder_full token, each test against its own copy of Solder's seed. Where Solder
// checks its database (assertDatabaseHas/Missing), Depot's answer is read back through the API.
import { randomUUID } from 'node:crypto';
import { expectReply, must, startTestStack, userWithToken, type Api, type TestStack } from '../../support';
import { buildOf as buildOfPack, solderSeed, type SolderSeed } from '../../support/solder-seed';
import { describeDifferences, solderTitle } from '../../support/solder-parity';

/** Solder test → the deliberate difference (docs/decisions.md) its Depot test asserts instead. */
const DIFFERENCES: Record<string, string> = {
  'ApiWriteTest::test_create_modversion': 'md5-format',
  'ApiWriteTest::test_create_duplicate_modversion': 'md5-format',
  'ApiWriteTest::test_create_client': 'client-uuid',
};
const title = (test: string) => solderTitle(DIFFERENCES, test);

const UNAUTHENTICATED = { error: 'Unauthenticated.' };
const FORBIDDEN_CLONE = { error: 'You do not have permission to clone from that modpack.' };

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
const modsOf = async (s: SolderSeed) => (await buildOf(s.modpack.slug, s.build.version)).mods;

describe('ApiWriteTest', () => {
  describeDifferences(DIFFERENCES);

  // --- Auth ---

  it(title('ApiWriteTest::test_request_without_auth_returns_401'), async () => {
    expectReply(await anon.post('/api/modpack', { name: 'Test', slug: 'test' }), 401, UNAUTHENTICATED);
    expectReply(await admin.get('/api/manage/modpacks/test'), 404, { error: 'Modpack not found.' });
  });

  it(title('ApiWriteTest::test_request_with_invalid_token_returns_401'), async () => {
    const res = await anon.post('/api/modpack', { name: 'Test', slug: 'test' }, { token: 'invalid-token' });
    expectReply(res, 401, UNAUTHENTICATED);
    expectReply(await admin.get('/api/manage/modpacks/test'), 404, { error: 'Modpack not found.' });
  });

  it(title('ApiWriteTest::test_request_with_valid_token_succeeds'), async () => {
    const res = await admin.post('/api/modpack', { name: 'New Pack', slug: 'new-pack' });
    expect(res.status).toBe(201);
    expect((await admin.get('/api/manage/modpacks/new-pack')).body.modpack).toEqual(res.body);
  });

  // --- Modpacks ---

  it(title('ApiWriteTest::test_create_modpack'), async () => {
    const res = await admin.post('/api/modpack', { name: 'API Pack', slug: 'api-pack' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'API Pack', slug: 'api-pack', hidden: true, private: false });
    expect((await admin.get('/api/manage/modpacks/api-pack')).body.modpack).toEqual(res.body);
  });

  it(title('ApiWriteTest::test_create_modpack_duplicate_slug'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.post('/api/modpack', { name: 'Other', slug: s.modpack.slug });
    expectReply(res, 422, { error: { slug: ['The slug has already been taken.'] } });
    expect((await admin.get('/api/manage/modpacks')).body.modpacks.map((m: any) => m.modpack.name)).not.toContain(
      'Other',
    );
  });

  it(title('ApiWriteTest::test_create_modpack_missing_fields'), async () => {
    expectReply(await admin.post('/api/modpack', {}), 422, {
      error: { name: ['The name field is required.'], slug: ['The slug field is required.'] },
    });
  });

  it(title('ApiWriteTest::test_update_modpack'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.put(`/api/modpack/${s.modpack.slug}`, { name: 'Updated Name' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: s.modpack.id, name: 'Updated Name' });
    expect((await admin.get(`/api/manage/modpacks/${s.modpack.slug}`)).body.modpack.name).toBe('Updated Name');
  });

  it(title('ApiWriteTest::test_update_nonexistent_modpack'), async () => {
    expectReply(await admin.put('/api/modpack/nonexistent', { name: 'Test' }), 404, { error: 'Modpack not found.' });
  });

  it(title('ApiWriteTest::test_delete_modpack'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.delete(`/api/modpack/${s.modpack.slug}`), 200, { success: 'Modpack deleted.' });
    expectReply(await admin.get(`/api/manage/modpacks/${s.modpack.slug}`), 404, { error: 'Modpack not found.' });
  });

  // --- Builds ---

  it(title('ApiWriteTest::test_create_build'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.post(`/api/modpack/${s.modpack.slug}/build`, { version: '2.0.0', minecraft: '1.20.1' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ modpack_id: s.modpack.id, version: '2.0.0', minecraft: '1.20.1' });
    expect(await buildOf(s.modpack.slug, '2.0.0')).toEqual({ build: res.body, mods: [] });
  });

  it(title('ApiWriteTest::test_create_duplicate_build'), async () => {
    const s = await solderSeed(admin);
    const before = await buildOf(s.modpack.slug, '1.0.0');
    const res = await admin.post(`/api/modpack/${s.modpack.slug}/build`, { version: '1.0.0', minecraft: '1.20.1' });
    expectReply(res, 422, { error: 'Build version already exists for this modpack.' });
    expect(await buildOf(s.modpack.slug, '1.0.0')).toEqual(before);
  });

  it(title('ApiWriteTest::test_update_build'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.put(`/api/modpack/${s.modpack.slug}/1.0.0`, { minecraft: '1.21.0' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: s.build.id, version: '1.0.0', minecraft: '1.21.0' });
    expect((await buildOf(s.modpack.slug, '1.0.0')).build).toEqual(res.body);
  });

  it(title('ApiWriteTest::test_delete_build'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.delete(`/api/modpack/${s.modpack.slug}/1.0.0`), 200, { success: 'Build deleted.' });
    expect(await buildOf(s.modpack.slug, '1.0.0')).toEqual({ status: 404, body: { error: 'Build not found.' } });
  });

  it(title('ApiWriteTest::test_create_build_with_clone'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.post(`/api/modpack/${s.modpack.slug}/build`, {
      version: '2.0.0',
      minecraft: '1.20.1',
      clone_from: '1.0.0',
    });
    expect(res.status).toBe(201);
    expect((await buildOf(s.modpack.slug, '2.0.0')).mods).toEqual(await modsOf(s));
    expect(await modsOf(s)).toEqual([`${s.mod.name}@1.0`]);
  });

  it(title('ApiWriteTest::test_create_build_with_clone_from_different_modpack'), async () => {
    const s = await solderSeed(admin);
    must(await admin.post('/api/modpack', { name: 'Target Pack', slug: 'target-pack' }), 201, 'target');
    const res = await admin.post('/api/modpack/target-pack/build', {
      version: '1.0.0',
      minecraft: '1.20.1',
      clone_from: '1.0.0',
      clone_from_modpack: s.modpack.slug,
    });
    expect(res.status).toBe(201);
    expect((await buildOf('target-pack', '1.0.0')).mods).toEqual([`${s.mod.name}@1.0`]);
  });

  it(title('ApiWriteTest::test_create_build_with_clone_from_inaccessible_modpack'), async () => {
    const s = await solderSeed(admin);
    must(await admin.post('/api/modpack', { name: 'Restricted Target', slug: 'restricted-target' }), 201, 'target');
    const token = await userWithToken(
      admin,
      'restricted',
      ['modpacks_create', 'modpacks_manage'],
      ['restricted-target'],
    );
    const res = await admin.post(
      '/api/modpack/restricted-target/build',
      { version: '1.0.0', minecraft: '1.20.1', clone_from: '1.0.0', clone_from_modpack: s.modpack.slug },
      { token },
    );
    expectReply(res, 403, FORBIDDEN_CLONE);
    expect((await admin.get('/api/manage/modpacks/restricted-target')).body.builds).toEqual([]);
  });

  // --- Build mods ---

  it(title('ApiWriteTest::test_add_mod_to_build'), async () => {
    const s = await solderSeed(admin);
    must(await admin.post(`/api/modpack/${s.modpack.slug}/build`, { version: '3.0.0', minecraft: '1.20.1' }), 201, 'b');
    const res = await admin.post(`/api/modpack/${s.modpack.slug}/3.0.0/mod`, {
      mod_slug: s.mod.name,
      mod_version: '1.0',
    });
    expectReply(res, 201, { success: 'Mod added to build.' });
    expect((await buildOf(s.modpack.slug, '3.0.0')).mods).toEqual([`${s.mod.name}@1.0`]);
  });

  it(title('ApiWriteTest::test_add_nonexistent_mod_to_build'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.post(`/api/modpack/${s.modpack.slug}/1.0.0/mod`, {
      mod_slug: 'nonexistent-mod',
      mod_version: '1.0.0',
    });
    expectReply(res, 404, { error: 'Mod not found.' });
    expect(await modsOf(s)).toEqual([`${s.mod.name}@1.0`]);
  });

  it(title('ApiWriteTest::test_remove_mod_from_build'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.delete(`/api/modpack/${s.modpack.slug}/1.0.0/mod/${s.mod.name}`);
    expectReply(res, 200, { success: 'Mod removed from build.' });
    expect(await modsOf(s)).toEqual([]);
  });

  // --- Mods ---

  it(title('ApiWriteTest::test_create_mod'), async () => {
    const res = await admin.post('/api/mod', { name: 'new-api-mod', pretty_name: 'New API Mod', notes: 'API note' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'new-api-mod', pretty_name: 'New API Mod', notes: 'API note' });
    expect((await admin.get('/api/manage/mods/new-api-mod')).body.mod).toEqual(res.body);
  });

  it(title('ApiWriteTest::test_create_duplicate_mod'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.post('/api/mod', { name: s.mod.name, pretty_name: 'Duplicate' });
    expectReply(res, 422, { error: { name: ['The name has already been taken.'] } });
    expect((await anon.get(`/api/mod/${s.mod.name}`)).body.pretty_name).toBe('TestMod');
  });

  it(title('ApiWriteTest::test_update_mod'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.put(`/api/mod/${s.mod.name}`, { pretty_name: 'Updated Pretty Name' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: s.mod.id, pretty_name: 'Updated Pretty Name' });
    expect((await anon.get(`/api/mod/${s.mod.name}`)).body.pretty_name).toBe('Updated Pretty Name');
  });

  it(title('ApiWriteTest::test_delete_mod'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.delete(`/api/mod/${s.mod.name}`), 200, { success: 'Mod deleted.' });
    expectReply(await anon.get(`/api/mod/${s.mod.name}`), 404, { error: 'Mod does not exist' });
  });

  it(title('ApiWriteTest::test_mod_notes_excluded_from_read_api'), async () => {
    must(
      await admin.post('/api/mod', {
        name: 'notes-test-mod',
        pretty_name: 'Notes Test Mod',
        notes: 'Secret internal note',
      }),
      201,
      'mod',
    );
    const res = await anon.get('/api/mod/notes-test-mod');
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('notes');
    expect(res.text).not.toContain('Secret internal note');
  });

  // --- Mod versions ---

  it(title('ApiWriteTest::test_create_modversion'), async () => {
    const s = await solderSeed(admin);
    // Solder stores 'abc123def456' (201); Depot takes only a 32-hex-digit md5.
    const res = await admin.post(`/api/mod/${s.mod.name}/version`, { version: '2.0.0', md5: 'abc123def456' });
    expectReply(res, 422, { error: { md5: ['The md5 field format is invalid.'] } });
    expect((await anon.get(`/api/mod/${s.mod.name}`)).body.versions).toEqual(['1.0']);
    const md5 = 'abc123def456abc123def456abc123de';
    expect((await admin.post(`/api/mod/${s.mod.name}/version`, { version: '2.0.0', md5 })).status).toBe(201);
    expect((await anon.get(`/api/mod/${s.mod.name}/2.0.0`)).body.md5).toBe(md5);
  });

  it(title('ApiWriteTest::test_create_duplicate_modversion'), async () => {
    const s = await solderSeed(admin);
    // Both are 422; Depot names the md5 Solder would store before it looks for the duplicate.
    const res = await admin.post(`/api/mod/${s.mod.name}/version`, { version: '1.0', md5: 'abc123' });
    expectReply(res, 422, { error: { md5: ['The md5 field format is invalid.'] } });
    const dup = await admin.post(`/api/mod/${s.mod.name}/version`, { version: '1.0', md5: 'abc123'.padEnd(32, '0') });
    expectReply(dup, 422, { error: 'Version already exists for this mod.' });
    expect((await anon.get(`/api/mod/${s.mod.name}/1.0`)).body.md5).toBe(s.modversion.md5);
  });

  it(title('ApiWriteTest::test_delete_modversion_in_use'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.delete(`/api/mod/${s.mod.name}/1.0`), 409, {
      error: 'Mod version is in use by 1 build(s) and cannot be deleted.',
    });
    expect((await anon.get(`/api/mod/${s.mod.name}/1.0`)).status).toBe(200);
  });

  it(title('ApiWriteTest::test_delete_modversion'), async () => {
    const s = await solderSeed(admin);
    must(await admin.delete(`/api/modpack/${s.modpack.slug}/1.0.0/mod/${s.mod.name}`), 200, 'detach');
    expectReply(await admin.delete(`/api/mod/${s.mod.name}/1.0`), 200, { success: 'Mod version deleted.' });
    expectReply(await anon.get(`/api/mod/${s.mod.name}/1.0`), 404, { error: 'Mod version does not exist' });
  });

  // --- Tokens ---

  it(title('ApiWriteTest::test_create_token'), async () => {
    const res = await admin.post('/api/token', { name: 'NewToken' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['token']);
    expect(Object.keys(res.body.token).sort()).toEqual(['created_at', 'id', 'name', 'plaintext']);
    expect((await anon.get('/api/token', { token: res.body.token.plaintext })).status).toBe(200);
  });

  it(title('ApiWriteTest::test_list_tokens'), async () => {
    const res = await admin.get('/api/token');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['tokens']);
    expect(res.body.tokens.map((k: any) => k.name)).toContain('bootstrap');
  });

  it(title('ApiWriteTest::test_revoke_token'), async () => {
    const issued = must(await admin.post('/api/token', { name: 'to-revoke' }), 201, 'token').token;
    expectReply(await admin.delete(`/api/token/${issued.id}`), 200, { success: 'Token revoked.' });
    expectReply(await anon.get('/api/token', { token: issued.plaintext }), 401, UNAUTHENTICATED);
  });

  // --- Launcher clients ---

  it(title('ApiWriteTest::test_create_client'), async () => {
    // Solder registers any string (201); Depot takes only a UUID, what a launcher sends as `cid`.
    const res = await admin.post('/api/client', { name: 'API Client', uuid: 'api-client-uuid-12345' });
    expectReply(res, 422, { error: { uuid: ['The uuid field must be a valid UUID.'] } });
    const uuid = randomUUID();
    const ok = await admin.post('/api/client', { name: 'API Client', uuid });
    expect(ok.status).toBe(201);
    expect((await admin.get('/api/client')).body.clients.map((c: any) => c.uuid)).toContain(uuid);
  });

  it(title('ApiWriteTest::test_update_client'), async () => {
    const s = await solderSeed(admin);
    const res = await admin.put(`/api/client/${s.client.uuid}`, { modpacks: [s.modpack.id] });
    expect(res.status).toBe(200);
    expect(res.body.modpacks).toEqual([s.modpack.id]);
    const listed = (await admin.get('/api/client')).body.clients.find((c: any) => c.uuid === s.client.uuid);
    expect(listed.modpacks).toEqual([s.modpack.id]);
  });

  it(title('ApiWriteTest::test_delete_client'), async () => {
    const s = await solderSeed(admin);
    expectReply(await admin.delete(`/api/client/${s.client.uuid}`), 200, { success: 'Client deleted.' });
    expect((await admin.get('/api/client')).body.clients.map((c: any) => c.uuid)).not.toContain(s.client.uuid);
  });

  // --- Read API backward compatibility ---

  it(title('ApiWriteTest::test_existing_read_endpoints_still_work'), async () => {
    expect((await anon.get('/api/')).status).toBe(200);
    expect((await anon.get('/api/modpack')).status).toBe(200);
  });

  it(title('ApiWriteTest::test_read_endpoints_with_query_key_still_work'), async () => {
    const s = await solderSeed(admin);
    const res = await anon.get(`/api/modpack?k=${encodeURIComponent(s.key.api_key)}`);
    expect(res.status).toBe(200);
    // The key makes the hidden seeded pack listed.
    expect(res.body.modpacks[s.modpack.slug]).toBe(s.modpack.name);
  });
});
