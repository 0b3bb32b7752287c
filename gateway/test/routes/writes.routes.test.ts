import { DepotError } from '@depot/common';
import type { buildsV1 } from '@depot/proto';
import { bearer, startHarness, type Harness } from './modpack-harness';

const TS = '2024-01-02T03:04:05.000000Z';
const ADMIN_ACCESS = { all: true, modpack_ids: [] };
const MANAGER_ACCESS = { all: false, modpack_ids: [1] };

const modpack = (over: Partial<buildsV1.Modpack> = {}): buildsV1.Modpack => ({
  id: 1,
  name: 'Tekkit',
  slug: 'tekkit',
  hidden: true,
  private: false,
  order: 0,
  created_at: TS,
  updated_at: TS,
  ...over,
});
const build = (over: Partial<buildsV1.Build> = {}): buildsV1.Build => ({
  id: 9,
  modpack_id: 1,
  version: '1.0',
  minecraft: '1.12.2',
  is_published: false,
  private: false,
  created_at: TS,
  updated_at: TS,
  ...over,
});
const fail = (reason: ConstructorParameters<typeof DepotError>[0], fields?: Record<string, string[]>) => async () => {
  throw new DepotError(reason, fields ? { fields } : {});
};
const ok = async () => ({});

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

describe('POST /api/modpack', () => {
  it('answers 401 without a token and 403 without the permission, touching nothing', async () => {
    let res = await h.request('POST', '/api/modpack', { body: { name: 'X', slug: 'x' } });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthenticated.' });
    res = await h.request('POST', '/api/modpack', { headers: bearer('wrong'), body: {} });
    expect(res.status).toBe(401);
    res = await h.request('POST', '/api/modpack', { headers: bearer('nobody'), body: { name: 'X', slug: 'x' } });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ error: 'This action is unauthorized.' });
    expect(h.builds.calls).toEqual([]);
  });

  it('creates with service defaults, grants the creator access and answers the record', async () => {
    h.builds.stubs.CreateModpack = async () => modpack({ id: 5 });
    h.auth.stubs.GrantModpackAccess = ok;
    const res = await h.request('POST', '/api/modpack', {
      headers: bearer('manager'),
      body: { name: 'Tekkit', slug: 'tekkit', id: 99, url: '' },
    });
    expect(res.status).toBe(201);
    expect(res.json()).toEqual({
      id: 5,
      name: 'Tekkit',
      slug: 'tekkit',
      url: null,
      hidden: true,
      private: false,
      order: 0,
      recommended: null,
      latest: null,
      created_at: TS,
      updated_at: TS,
    });
    // Unset optionals stay unset (hidden defaults to true in the service).
    expect(h.builds.calls[0].request).toEqual({ name: 'Tekkit', slug: 'tekkit' });
    expect(h.auth.calls.map((c) => c.request)).toContainEqual({ user_id: 3, modpack_id: 5 });
  });

  it('passes every field', async () => {
    h.builds.stubs.CreateModpack = async () => modpack();
    h.auth.stubs.GrantModpackAccess = ok;
    await h.request('POST', '/api/modpack', {
      headers: bearer('admin'),
      body: { name: 'T', slug: 't', url: 'https://t.test', hidden: false, private: true, order: 3 },
    });
    expect(h.builds.calls[0].request).toEqual({
      name: 'T',
      slug: 't',
      url: 'https://t.test',
      hidden: false,
      private: true,
      order: 3,
    });
  });

  it('answers 422 per field, strictly typed', async () => {
    const res = await h.request('POST', '/api/modpack', {
      headers: bearer('admin'),
      body: { slug: 'bad slug', url: 'ftp://x', hidden: 1, order: '2' },
    });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      error: {
        name: ['The name field is required.'],
        slug: ['The slug field format is invalid.'],
        url: ['The url field must be a valid URL.'],
        hidden: ['The hidden field must be true or false.'],
        order: ['The order field must be an integer.'],
      },
    });
    expect(h.builds.calls).toEqual([]);
  });

  it('passes the service field errors of a taken slug', async () => {
    h.builds.stubs.CreateModpack = fail('MODPACK_TAKEN', { slug: ['The slug has already been taken.'] });
    const res = await h.request('POST', '/api/modpack', { headers: bearer('admin'), body: { name: 'T', slug: 't' } });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error: { slug: ['The slug has already been taken.'] } });
  });

  it('removes the new modpack again when access cannot be granted', async () => {
    h.builds.stubs.CreateModpack = async () => modpack({ id: 5, slug: 't' });
    h.builds.stubs.DeleteModpack = async () => ({ modpack_id: 5 });
    h.auth.stubs.GrantModpackAccess = fail('UNAVAILABLE');
    const res = await h.request('POST', '/api/modpack', { headers: bearer('manager'), body: { name: 'T', slug: 't' } });
    expect(res.status).toBe(503);
    expect(h.builds.calls[1]).toEqual({ method: 'DeleteModpack', request: { slug: 't', access: ADMIN_ACCESS } });
  });
});

describe('PUT /api/modpack/{slug}', () => {
  it('answers 404 before judging the body', async () => {
    h.builds.stubs.CheckTarget = fail('MODPACK_NOT_FOUND');
    const res = await h.request('PUT', '/api/modpack/nope', { headers: bearer('manager'), body: { hidden: 'yes' } });
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'Modpack not found.' });
    expect(h.builds.calls[0].request).toEqual({ slug: 'nope', access: MANAGER_ACCESS });
  });

  it('answers 403 without access before judging the body', async () => {
    h.builds.stubs.CheckTarget = fail('FORBIDDEN');
    const res = await h.request('PUT', '/api/modpack/other', { headers: bearer('manager'), body: { hidden: 'yes' } });
    expect(res.status).toBe(403);
  });

  it('answers 422 for a bad body once the target is found', async () => {
    h.builds.stubs.CheckTarget = async () => ({ modpack_id: 1 });
    const res = await h.request('PUT', '/api/modpack/tekkit', {
      headers: bearer('manager'),
      body: { name: '', recommended: 'a/b' },
    });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      error: { name: ['The name field is required.'], recommended: ['The recommended field format is invalid.'] },
    });
    expect(h.builds.methods()).toEqual(['CheckTarget']);
  });

  it('sends the sent fields as the mask, the new slug as new_slug, null order as unset (null)', async () => {
    h.builds.stubs.UpdateModpack = async () => modpack({ slug: 'tekkit2', recommended: '1.0' });
    const res = await h.request('PUT', '/api/modpack/tekkit', {
      headers: bearer('manager'),
      body: { slug: 'tekkit2', order: null, recommended: '1.0', url: null, created_at: 'x' },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'tekkit2', recommended: '1.0', url: null });
    expect(h.builds.calls[0].request).toEqual({
      slug: 'tekkit',
      access: MANAGER_ACCESS,
      new_slug: 'tekkit2',
      recommended: '1.0',
      update_mask: ['slug', 'url', 'order', 'recommended'],
    });
  });

  it('needs modpacks_manage', async () => {
    const res = await h.request('PUT', '/api/modpack/tekkit', { headers: bearer('nobody'), body: {} });
    expect(res.status).toBe(403);
    expect(h.builds.calls).toEqual([]);
  });
});

describe('DELETE /api/modpack/{slug}', () => {
  it('deletes with the caller access', async () => {
    h.builds.stubs.DeleteModpack = async () => ({ modpack_id: 1 });
    const res = await h.request('DELETE', '/api/modpack/tekkit', { headers: bearer('manager') });
    expect(res.status).toBe(200);
    expect(res.body).toBe('{"success":"Modpack deleted."}');
    expect(h.builds.calls).toEqual([{ method: 'DeleteModpack', request: { slug: 'tekkit', access: MANAGER_ACCESS } }]);
  });

  it('maps the service 404', async () => {
    h.builds.stubs.DeleteModpack = fail('MODPACK_NOT_FOUND');
    const res = await h.request('DELETE', '/api/modpack/nope', { headers: bearer('admin') });
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'Modpack not found.' });
  });
});

describe('POST /api/modpack/{slug}/clone', () => {
  it('clones and grants the cloner access to the copy', async () => {
    h.builds.stubs.CloneModpack = async () => modpack({ id: 6, slug: 'copy', name: 'Copy' });
    h.auth.stubs.GrantModpackAccess = ok;
    const res = await h.request('POST', '/api/modpack/tekkit/clone', {
      headers: bearer('manager'),
      body: { name: 'Copy', slug: 'copy', hidden: false },
    });
    expect(res.status).toBe(201);
    expect(res.json()).toMatchObject({ id: 6, slug: 'copy', name: 'Copy' });
    expect(h.builds.calls[0].request).toEqual({
      source_slug: 'tekkit',
      access: MANAGER_ACCESS,
      name: 'Copy',
      slug: 'copy',
      hidden: false,
    });
    expect(h.auth.calls.map((c) => c.request)).toContainEqual({ user_id: 3, modpack_id: 6 });
  });

  it('checks the source before the body', async () => {
    h.builds.stubs.CheckTarget = fail('MODPACK_NOT_FOUND');
    const res = await h.request('POST', '/api/modpack/nope/clone', { headers: bearer('manager'), body: {} });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/modpack/{slug}/build', () => {
  it('creates and answers the full record', async () => {
    h.builds.stubs.CreateBuild = async () => build({ min_memory: 0 });
    const res = await h.request('POST', '/api/modpack/tekkit/build', {
      headers: bearer('manager'),
      body: { version: '1.0', minecraft: '1.12.2', min_memory: 0, forge: null, clone_from: '0.9' },
    });
    expect(res.status).toBe(201);
    expect(res.json()).toEqual({
      id: 9,
      modpack_id: 1,
      version: '1.0',
      minecraft: '1.12.2',
      forge: null,
      is_published: false,
      private: false,
      min_java: null,
      min_memory: 0,
      created_at: TS,
      updated_at: TS,
    });
    expect(h.builds.calls[0].request).toEqual({
      slug: 'tekkit',
      access: MANAGER_ACCESS,
      version: '1.0',
      minecraft: '1.12.2',
      min_memory: 0,
      clone_from: '0.9',
    });
  });

  it('answers 422 with the required fields once the modpack is found', async () => {
    h.builds.stubs.CheckTarget = async () => ({ modpack_id: 1 });
    const res = await h.request('POST', '/api/modpack/tekkit/build', {
      headers: bearer('manager'),
      body: { min_memory: '2048', is_published: 'true' },
    });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      error: {
        version: ['The version field is required.'],
        minecraft: ['The minecraft field is required.'],
        is_published: ['The is_published field must be true or false.'],
        min_memory: ['The min_memory field must be an integer.'],
      },
    });
  });

  it('answers 404 "Modpack not found." before the body and the duplicate message', async () => {
    h.builds.stubs.CheckTarget = fail('MODPACK_NOT_FOUND');
    let res = await h.request('POST', '/api/modpack/nope/build', { headers: bearer('admin'), body: {} });
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'Modpack not found.' });
    h.builds.stubs.CreateBuild = fail('BUILD_VERSION_EXISTS');
    res = await h.request('POST', '/api/modpack/tekkit/build', {
      headers: bearer('admin'),
      body: { version: '1.0', minecraft: '1' },
    });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error: 'Build version already exists for this modpack.' });
  });

  it('refuses negative memory and versions with a slash', async () => {
    h.builds.stubs.CheckTarget = async () => ({ modpack_id: 1 });
    const res = await h.request('POST', '/api/modpack/tekkit/build', {
      headers: bearer('admin'),
      body: { version: 'a/b', minecraft: '1', min_memory: -1 },
    });
    expect(res.json()).toEqual({
      error: {
        version: ['The version field format is invalid.'],
        min_memory: ['The min_memory field must be at least 0.'],
      },
    });
  });
});

describe('POST /api/modpack/{slug}/build with clone_from_modpack', () => {
  const slugsKnown =
    (...known: string[]) =>
    async ({ slugs }: { slugs: string[] }) => ({
      modpacks: known.filter((s) => slugs.includes(s)).map((slug, i) => ({ id: 20 + i, slug })),
    });

  it('sends the source modpack to the builds service', async () => {
    h.builds.stubs.GetModpacksBySlugs = slugsKnown('src');
    h.builds.stubs.CreateBuild = async () => build({ version: '1.0.0', minecraft: '1.20.1' });
    const res = await h.request('POST', '/api/modpack/tekkit/build', {
      headers: bearer('manager'),
      body: { version: '1.0.0', minecraft: '1.20.1', clone_from: '1.0.0', clone_from_modpack: 'src' },
    });
    expect(res.status).toBe(201);
    expect(res.json()).toMatchObject({ version: '1.0.0', minecraft: '1.20.1' });
    expect(h.builds.calls.map((c) => c.method)).toEqual(['GetModpacksBySlugs', 'CreateBuild']);
    expect(h.builds.calls[1].request).toEqual({
      slug: 'tekkit',
      access: MANAGER_ACCESS,
      version: '1.0.0',
      minecraft: '1.20.1',
      clone_from: '1.0.0',
      clone_from_modpack: 'src',
    });
  });

  it('answers 403 with Solder message when the caller may not manage the source', async () => {
    h.builds.stubs.GetModpacksBySlugs = slugsKnown('src');
    h.builds.stubs.CreateBuild = fail('CLONE_SOURCE_FORBIDDEN');
    const res = await h.request('POST', '/api/modpack/tekkit/build', {
      headers: bearer('manager'),
      body: { version: '1.0.0', minecraft: '1.20.1', clone_from: '1.0.0', clone_from_modpack: 'src' },
    });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ error: 'You do not have permission to clone from that modpack.' });
  });

  it('answers 422 for a modpack that does not exist, with the other field errors, creating nothing', async () => {
    h.builds.stubs.GetModpacksBySlugs = slugsKnown('src');
    h.builds.stubs.CheckTarget = async () => ({ modpack_id: 1 });
    let res = await h.request('POST', '/api/modpack/tekkit/build', {
      headers: bearer('manager'),
      body: { version: '1.0.0', clone_from: '1.0.0', clone_from_modpack: 'nope' },
    });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      error: {
        minecraft: ['The minecraft field is required.'],
        clone_from_modpack: ['The selected clone_from_modpack is invalid.'],
      },
    });
    // Without clone_from too, as Solder validates it; a slug that cannot be one is not looked up.
    for (const [value, message] of [
      ['SRC', 'The selected clone_from_modpack is invalid.'],
      ['no/slug', 'The selected clone_from_modpack is invalid.'],
      [7, 'The clone_from_modpack field must be a string.'],
    ] as const) {
      h.builds.calls = [];
      res = await h.request('POST', '/api/modpack/tekkit/build', {
        headers: bearer('manager'),
        body: { version: '1.0.0', minecraft: '1.20.1', clone_from_modpack: value },
      });
      expect(res.status).toBe(422);
      expect(res.json()).toEqual({ error: { clone_from_modpack: [message] } });
      expect(h.builds.methods()).toEqual(value === 'SRC' ? ['GetModpacksBySlugs', 'CheckTarget'] : ['CheckTarget']);
    }
  });

  it('checks the target before an unknown source modpack', async () => {
    h.builds.stubs.GetModpacksBySlugs = slugsKnown();
    h.builds.stubs.CheckTarget = fail('FORBIDDEN');
    const res = await h.request('POST', '/api/modpack/tekkit/build', {
      headers: bearer('manager'),
      body: { version: '1.0.0', minecraft: '1.20.1', clone_from: '1.0.0', clone_from_modpack: 'nope' },
    });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ error: 'This action is unauthorized.' });
  });

  it('takes null and "" as no source modpack, without a lookup', async () => {
    h.builds.stubs.CreateBuild = async () => build();
    for (const value of [null, '']) {
      h.builds.calls = [];
      const res = await h.request('POST', '/api/modpack/tekkit/build', {
        headers: bearer('manager'),
        body: { version: '1.0', minecraft: '1.12.2', clone_from: '0.9', clone_from_modpack: value },
      });
      expect(res.status).toBe(201);
      expect(h.builds.methods()).toEqual(['CreateBuild']);
      expect(h.builds.calls[0].request).not.toHaveProperty('clone_from_modpack');
    }
  });
});

describe('PUT /api/modpack/{slug}/{build}', () => {
  it('checks the build before the body', async () => {
    h.builds.stubs.CheckTarget = fail('BUILD_NOT_FOUND');
    const res = await h.request('PUT', '/api/modpack/tekkit/9.9', { headers: bearer('manager'), body: { private: 1 } });
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'Build not found.' });
    expect(h.builds.calls[0].request).toEqual({ slug: 'tekkit', access: MANAGER_ACCESS, version: '9.9' });
  });

  it('updates the sent fields, nulls included', async () => {
    h.builds.stubs.UpdateBuild = async () => build({ version: '1.1', is_published: true });
    const res = await h.request('PUT', '/api/modpack/tekkit/1.0', {
      headers: bearer('manager'),
      body: { version: '1.1', is_published: true, min_java: null, modpack_id: 4 },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ version: '1.1', is_published: true });
    expect(h.builds.calls[0].request).toEqual({
      slug: 'tekkit',
      version: '1.0',
      access: MANAGER_ACCESS,
      new_version: '1.1',
      is_published: true,
      update_mask: ['version', 'is_published', 'min_java'],
    });
  });

  it('maps a rename onto an existing version', async () => {
    h.builds.stubs.UpdateBuild = fail('BUILD_VERSION_EXISTS');
    const res = await h.request('PUT', '/api/modpack/tekkit/1.0', {
      headers: bearer('admin'),
      body: { version: '2.0' },
    });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error: 'Build version already exists for this modpack.' });
  });
});

describe('DELETE /api/modpack/{slug}/{build}', () => {
  it('deletes', async () => {
    h.builds.stubs.DeleteBuild = async () => ({ build_id: 9 });
    const res = await h.request('DELETE', '/api/modpack/tekkit/1.0', { headers: bearer('manager') });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ success: 'Build deleted.' });
    expect(h.builds.calls[0].request).toEqual({ slug: 'tekkit', version: '1.0', access: MANAGER_ACCESS });
  });
});

describe('build-mod assignments', () => {
  it('adds a mod (also to a build whose version is "build")', async () => {
    h.builds.stubs.AddBuildMod = ok;
    const res = await h.request('POST', '/api/modpack/tekkit/build/mod', {
      headers: bearer('manager'),
      body: { mod_slug: 'buildcraft', mod_version: '7.1' },
    });
    expect(res.status).toBe(201);
    expect(res.json()).toEqual({ success: 'Mod added to build.' });
    expect(h.builds.calls[0]).toEqual({
      method: 'AddBuildMod',
      request: { slug: 'tekkit', version: 'build', access: MANAGER_ACCESS, mod_slug: 'buildcraft', mod_version: '7.1' },
    });
  });

  it('validates only after the build was found', async () => {
    h.builds.stubs.CheckTarget = fail('BUILD_NOT_FOUND');
    let res = await h.request('POST', '/api/modpack/tekkit/1.0/mod', { headers: bearer('manager'), body: {} });
    expect(res.status).toBe(404);
    h.builds.stubs.CheckTarget = async () => ({ modpack_id: 1, build_id: 9 });
    res = await h.request('POST', '/api/modpack/tekkit/1.0/mod', { headers: bearer('manager'), body: { mod_slug: 3 } });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      error: {
        mod_slug: ['The mod_slug field must be a string.'],
        mod_version: ['The mod_version field is required.'],
      },
    });
  });

  it('maps the assignment conflicts', async () => {
    h.builds.stubs.AddBuildMod = fail('ASSIGNMENT_OTHER_VERSION');
    const res = await h.request('POST', '/api/modpack/tekkit/1.0/mod', {
      headers: bearer('admin'),
      body: { mod_slug: 'bc', mod_version: '1' },
    });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error: 'Another version of this mod is already in the build. Use PUT to update it.' });
  });

  it('updates and removes', async () => {
    h.builds.stubs.UpdateBuildMod = ok;
    h.builds.stubs.RemoveBuildMod = ok;
    let res = await h.request('PUT', '/api/modpack/tekkit/1.0/mod/buildcraft', {
      headers: bearer('manager'),
      body: { mod_version: '7.2' },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ success: 'Mod version updated in build.' });
    res = await h.request('DELETE', '/api/modpack/tekkit/1.0/mod/buildcraft', { headers: bearer('manager') });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ success: 'Mod removed from build.' });
    expect(h.builds.calls.map((c) => c.request)).toEqual([
      { slug: 'tekkit', version: '1.0', access: MANAGER_ACCESS, mod_slug: 'buildcraft', mod_version: '7.2' },
      { slug: 'tekkit', version: '1.0', access: MANAGER_ACCESS, mod_slug: 'buildcraft' },
    ]);
  });

  it('answers 404 "Mod not in this build."', async () => {
    h.builds.stubs.RemoveBuildMod = fail('ASSIGNMENT_NOT_FOUND');
    const res = await h.request('DELETE', '/api/modpack/tekkit/1.0/mod/nope', { headers: bearer('admin') });
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'Mod not in this build.' });
  });
});
