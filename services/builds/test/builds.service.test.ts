// Builds and assignments over gRPC against real PostgreSQL, NATS and a real catalog.
import { eventSubject, streamName } from '@depot/common';
import { fromServiceError } from '@depot/common/grpc';
import { connectBus, type Bus } from '@depot/common/bus';
import { eventually, silentLogger, TEST_NATS_URL } from '@depot/common/testing';
import { ALL, createMod, failure, only, startStack, type Stack } from './harness';

let stack: Stack;
let bus: Bus;
/** SQL statements touching the service's own tables, recorded while set. */
let queries: string[] | undefined;

beforeAll(async () => {
  // The outbox relay polls in the background: only statements on the service's tables count.
  stack = await startStack('bld_builds', (sql) => {
    if (queries && /\b(modpacks|builds|build_mods)\b/.test(sql)) queries.push(sql);
  });
  bus = await connectBus(TEST_NATS_URL, stack.namespace, silentLogger());
});

afterAll(async () => {
  await bus?.close();
  await stack?.close();
});

test('creates builds with defaults; versions unique per modpack, exactly; publishes build.changed', async () => {
  const mp = await stack.builds.CreateModpack({ name: 'Builds', slug: 'builds' });
  const build = await stack.builds.CreateBuild({
    slug: 'builds',
    access: only(mp.id),
    version: '1.0',
    minecraft: '1.7.10',
  });
  expect(build).toMatchObject({
    modpack_id: mp.id,
    version: '1.0',
    minecraft: '1.7.10',
    is_published: false,
    private: false,
  });
  expect(build.forge).toBeUndefined();
  expect(build.min_java).toBeUndefined();
  expect(build.min_memory).toBeUndefined();
  expect(build.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

  const full = await stack.builds.CreateBuild({
    slug: 'builds',
    access: ALL,
    version: '1.0-RC',
    minecraft: '1.7.10',
    forge: '10.13',
    is_published: true,
    private: true,
    min_java: '8',
    min_memory: 0,
  });
  expect(full).toMatchObject({ forge: '10.13', is_published: true, private: true, min_java: '8', min_memory: 0 });

  const dup = await failure(stack.builds.CreateBuild({ slug: 'builds', access: ALL, version: '1.0', minecraft: 'x' }));
  expect(dup.reason).toBe('BUILD_VERSION_EXISTS');
  expect(dup.message).toBe('Build version already exists for this modpack.');
  // Case-sensitive: another build.
  await stack.builds.CreateBuild({ slug: 'builds', access: ALL, version: '1.0-rc', minecraft: 'x' });
  // Same version in another modpack is fine.
  const other = await stack.builds.CreateModpack({ name: 'Other', slug: 'other' });
  const otherBuild = await stack.builds.CreateBuild({ slug: 'other', access: ALL, version: '1.0', minecraft: 'x' });

  expect(
    (await failure(stack.builds.CreateBuild({ slug: 'nope', access: ALL, version: '1', minecraft: 'x' }))).reason,
  ).toBe('MODPACK_NOT_FOUND');
  expect(
    (await failure(stack.builds.CreateBuild({ slug: 'builds', access: only(), version: '1.0', minecraft: 'x' })))
      .reason,
  ).toBe('FORBIDDEN');

  await eventually(async () => {
    const stream = await bus.js.streams.get(streamName(stack.namespace));
    const msg = await stream.getMessage({ last_by_subj: eventSubject(stack.namespace, 'build.changed') });
    expect(msg?.json()).toEqual({ modpack_id: other.id, build_id: otherBuild.id, published: false });
    return true;
  });
});

test('clone_from copies the assignments of an existing build and ignores an unknown one', async () => {
  await createMod(stack.catalog, 'cf-a', ['1']);
  const b = await createMod(stack.catalog, 'cf-b', ['1']);
  const a = await createMod(stack.catalog, 'cf-c', ['1']);
  await stack.builds.CreateModpack({ name: 'Clones', slug: 'clones' });
  await stack.builds.CreateBuild({ slug: 'clones', access: ALL, version: 'base', minecraft: '1.20' });
  for (const mod of ['cf-a', 'cf-b', 'cf-c']) {
    await stack.builds.AddBuildMod({ slug: 'clones', version: 'base', access: ALL, mod_slug: mod, mod_version: '1' });
  }
  await stack.builds.CreateBuild({
    slug: 'clones',
    access: ALL,
    version: 'next',
    minecraft: '1.20',
    is_published: true,
    clone_from: 'base',
  });
  const next = await stack.builds.GetBuildSource({ slug: 'clones', version: 'next' });
  expect(next.mod_version_ids).toHaveLength(3);
  expect(next.mod_version_ids).toEqual(expect.arrayContaining([b.versionIds['1'], a.versionIds['1']]));

  const fresh = await stack.builds.CreateBuild({
    slug: 'clones',
    access: ALL,
    version: 'fresh',
    minecraft: '1.20',
    is_published: true,
    clone_from: 'missing',
  });
  expect(fresh.version).toBe('fresh');
  expect((await stack.builds.GetBuildSource({ slug: 'clones', version: 'fresh' })).mod_version_ids).toEqual([]);
});

test('update changes masked fields only; renames onto another version conflict, onto itself not', async () => {
  const mp = await stack.builds.CreateModpack({ name: 'Upd', slug: 'upd' });
  await stack.builds.CreateBuild({
    slug: 'upd',
    access: ALL,
    version: '1',
    minecraft: '1.20',
    forge: '47',
    min_java: '17',
  });
  await stack.builds.CreateBuild({ slug: 'upd', access: ALL, version: '2', minecraft: '1.20' });

  const updated = await stack.builds.UpdateBuild({
    slug: 'upd',
    version: '1',
    access: only(mp.id),
    new_version: '1.1',
    is_published: true,
    min_memory: 4096,
    update_mask: ['version', 'is_published', 'min_memory', 'forge'],
  });
  expect(updated).toMatchObject({
    version: '1.1',
    minecraft: '1.20',
    is_published: true,
    min_memory: 4096,
    min_java: '17',
  });
  expect(updated.forge).toBeUndefined();

  const same = await stack.builds.UpdateBuild({
    slug: 'upd',
    version: '1.1',
    access: ALL,
    new_version: '1.1',
    update_mask: ['version'],
  });
  expect(same.version).toBe('1.1');

  const clash = await failure(
    stack.builds.UpdateBuild({ slug: 'upd', version: '1.1', access: ALL, new_version: '2', update_mask: ['version'] }),
  );
  expect(clash.reason).toBe('BUILD_VERSION_EXISTS');

  expect(
    (await failure(stack.builds.UpdateBuild({ slug: 'upd', version: 'nope', access: ALL, update_mask: [] }))).reason,
  ).toBe('BUILD_NOT_FOUND');
  expect(
    (await failure(stack.builds.UpdateBuild({ slug: 'upd', version: 'nope', access: only(), update_mask: [] }))).reason,
  ).toBe('FORBIDDEN');
  expect(
    (await failure(stack.builds.UpdateBuild({ slug: 'nope', version: '1', access: ALL, update_mask: [] }))).reason,
  ).toBe('MODPACK_NOT_FOUND');
});

test('delete removes the build and its assignments, not the mods', async () => {
  const { versionIds } = await createMod(stack.catalog, 'del-mod', ['1']);
  await stack.builds.CreateModpack({ name: 'Del', slug: 'del' });
  const build = await stack.builds.CreateBuild({ slug: 'del', access: ALL, version: '1', minecraft: '1.20' });
  await stack.builds.AddBuildMod({ slug: 'del', version: '1', access: ALL, mod_slug: 'del-mod', mod_version: '1' });
  expect((await stack.builds.CountBuildsUsingVersion({ mod_version_id: versionIds['1'] })).count).toBe(1);

  expect((await failure(stack.builds.DeleteBuild({ slug: 'del', version: '2', access: ALL }))).reason).toBe(
    'BUILD_NOT_FOUND',
  );
  expect(await stack.builds.DeleteBuild({ slug: 'del', version: '1', access: ALL })).toEqual({ build_id: build.id });
  expect((await failure(stack.builds.CheckTarget({ slug: 'del', access: ALL, version: '1' }))).reason).toBe(
    'BUILD_NOT_FOUND',
  );
  expect((await stack.builds.CountBuildsUsingVersion({ mod_version_id: versionIds['1'] })).count).toBe(0);
  await stack.catalog.GetVersion({ slug: 'del-mod', version: '1' });
});

test('assignments: add, update, remove with every error reason in check order', async () => {
  const jei = await createMod(stack.catalog, 'jei', ['1', '2']);
  const mp = await stack.builds.CreateModpack({ name: 'Assign', slug: 'assign' });
  await stack.builds.CreateBuild({ slug: 'assign', access: ALL, version: '1', minecraft: '1.20', is_published: true });
  const at = { slug: 'assign', version: '1', access: only(mp.id) };
  const reason = async (p: Promise<unknown>) => (await failure(p)).reason;

  expect(await reason(stack.builds.AddBuildMod({ ...at, slug: 'nope', mod_slug: 'jei', mod_version: '1' }))).toBe(
    'MODPACK_NOT_FOUND',
  );
  expect(await reason(stack.builds.AddBuildMod({ ...at, access: only(), mod_slug: 'nope', mod_version: '1' }))).toBe(
    'FORBIDDEN',
  );
  expect(await reason(stack.builds.AddBuildMod({ ...at, version: '9', mod_slug: 'nope', mod_version: '1' }))).toBe(
    'BUILD_NOT_FOUND',
  );
  expect(await reason(stack.builds.AddBuildMod({ ...at, mod_slug: 'nope', mod_version: '1' }))).toBe('MOD_NOT_FOUND');
  expect(await reason(stack.builds.AddBuildMod({ ...at, mod_slug: 'jei', mod_version: '9' }))).toBe(
    'VERSION_NOT_FOUND',
  );

  await stack.builds.AddBuildMod({ ...at, mod_slug: 'jei', mod_version: '1' });
  const exists = await failure(stack.builds.AddBuildMod({ ...at, mod_slug: 'jei', mod_version: '1' }));
  expect(exists.reason).toBe('ASSIGNMENT_EXISTS');
  expect(exists.message).toBe('Mod version already in build.');
  const other = await failure(stack.builds.AddBuildMod({ ...at, mod_slug: 'jei', mod_version: '2' }));
  expect(other.reason).toBe('ASSIGNMENT_OTHER_VERSION');
  expect(other.message).toBe('Another version of this mod is already in the build. Use PUT to update it.');

  expect(await reason(stack.builds.UpdateBuildMod({ ...at, version: '9', mod_slug: 'jei', mod_version: '2' }))).toBe(
    'BUILD_NOT_FOUND',
  );
  expect(await reason(stack.builds.UpdateBuildMod({ ...at, mod_slug: 'nope', mod_version: '2' }))).toBe(
    'MOD_NOT_FOUND',
  );
  expect(await reason(stack.builds.UpdateBuildMod({ ...at, mod_slug: 'jei', mod_version: '9' }))).toBe(
    'VERSION_NOT_FOUND',
  );
  await stack.builds.UpdateBuildMod({ ...at, mod_slug: 'jei', mod_version: '2' });
  expect((await stack.builds.GetBuildSource({ slug: at.slug, version: at.version })).mod_version_ids).toEqual([
    jei.versionIds['2'],
  ]);

  await createMod(stack.catalog, 'unused', ['1']);
  expect(await reason(stack.builds.UpdateBuildMod({ ...at, mod_slug: 'unused', mod_version: '1' }))).toBe(
    'ASSIGNMENT_NOT_FOUND',
  );
  expect(await reason(stack.builds.RemoveBuildMod({ ...at, mod_slug: 'unused' }))).toBe('ASSIGNMENT_NOT_FOUND');
  expect(await reason(stack.builds.RemoveBuildMod({ ...at, mod_slug: 'nope' }))).toBe('MOD_NOT_FOUND');
  expect(await reason(stack.builds.RemoveBuildMod({ ...at, access: only(), mod_slug: 'jei' }))).toBe('FORBIDDEN');

  await stack.builds.RemoveBuildMod({ ...at, mod_slug: 'jei' });
  expect((await stack.builds.GetBuildSource({ slug: at.slug, version: at.version })).mod_version_ids).toEqual([]);
  expect(await reason(stack.builds.RemoveBuildMod({ ...at, mod_slug: 'jei' }))).toBe('ASSIGNMENT_NOT_FOUND');
});

test('concurrent assignments of one mod: one wins, the others get a 422 reason, never INTERNAL', async () => {
  await createMod(stack.catalog, 'racy', ['1', '2']);
  await stack.builds.CreateModpack({ name: 'Race', slug: 'race' });
  await stack.builds.CreateBuild({ slug: 'race', access: ALL, version: '1', minecraft: '1.20' });
  const results = await Promise.allSettled(
    Array.from({ length: 12 }, (_, i) =>
      stack.builds.AddBuildMod({
        slug: 'race',
        version: '1',
        access: ALL,
        mod_slug: 'racy',
        mod_version: i % 2 ? '1' : '2',
      }),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  for (const r of results) {
    if (r.status === 'rejected') {
      expect(['ASSIGNMENT_EXISTS', 'ASSIGNMENT_OTHER_VERSION']).toContain(fromServiceError(r.reason)?.reason);
    }
  }
});

test('CountBuildsUsingVersion counts builds of every modpack, published or not; catalog refuses the delete', async () => {
  const { versionIds } = await createMod(stack.catalog, 'shared', ['1']);
  for (const slug of ['count-a', 'count-b']) {
    await stack.builds.CreateModpack({ name: slug, slug });
    for (const version of ['1', '2']) {
      await stack.builds.CreateBuild({ slug, access: ALL, version, minecraft: '1.20', is_published: version === '1' });
      await stack.builds.AddBuildMod({ slug, version, access: ALL, mod_slug: 'shared', mod_version: '1' });
    }
  }
  expect(await stack.builds.CountBuildsUsingVersion({ mod_version_id: versionIds['1'] })).toEqual({ count: 4 });
  expect(await stack.builds.CountBuildsUsingVersion({ mod_version_id: 999999 })).toEqual({ count: 0 });

  const refused = await failure(stack.catalog.DeleteVersion({ slug: 'shared', version: '1' }));
  expect(refused.reason).toBe('VERSION_IN_USE');
  expect(refused.details.count).toBe(4);
});

test('GetBuildSource runs the same number of SQL statements for 5 and for 60 mods', async () => {
  await stack.builds.CreateModpack({ name: 'Big', slug: 'big' });
  for (const [version, count] of [
    ['small', 5],
    ['large', 60],
  ] as const) {
    await stack.builds.CreateBuild({ slug: 'big', access: ALL, version, minecraft: '1.20', is_published: true });
    for (let i = 0; i < count; i++) {
      const slug = `qc-${version}-${i}`;
      await createMod(stack.catalog, slug, ['1']);
      await stack.builds.AddBuildMod({ slug: 'big', version, access: ALL, mod_slug: slug, mod_version: '1' });
    }
  }

  const statements = async (version: string) => {
    queries = [];
    const view = await stack.builds.GetBuildSource({ slug: 'big', version });
    const n = queries.length;
    queries = undefined;
    return { n, mods: view.mod_version_ids.length };
  };
  const small = await statements('small');
  const large = await statements('large');
  expect(small.mods).toBe(5);
  expect(large.mods).toBe(60);
  expect(large.n).toBe(small.n);
  expect(small.n).toBe(1); // modpack, build and assignments in one statement
});
