// A build's mods copied from a build of another modpack (clone_from_modpack) over gRPC, against real
// PostgreSQL, NATS and catalog: which build is copied, who may copy it, and that a refusal stores nothing.
import { ALL, createMod, failure, only, startStack, type Stack } from './harness';

let stack: Stack;
let source: number;
let target: number;
let alphaId: number;

beforeAll(async () => {
  stack = await startStack('bld_clone');
  alphaId = (await createMod(stack.catalog, 'xc-alpha', ['1'])).versionIds['1'];
  await createMod(stack.catalog, 'xc-beta', ['1']);
  source = (await stack.builds.CreateModpack({ name: 'Src', slug: 'src' })).id;
  target = (await stack.builds.CreateModpack({ name: 'Target', slug: 'target' })).id;
  await stack.builds.CreateBuild({ slug: 'src', access: ALL, version: '1.0.0', minecraft: '1.7.10' });
  await stack.builds.AddBuildMod({
    slug: 'src',
    version: '1.0.0',
    access: ALL,
    mod_slug: 'xc-alpha',
    mod_version: '1',
  });
  // The target has a build of that version too, with another mod: it must not be the one copied.
  await stack.builds.CreateBuild({ slug: 'target', access: ALL, version: '1.0.0', minecraft: '1.20.1' });
  await stack.builds.AddBuildMod({
    slug: 'target',
    version: '1.0.0',
    access: ALL,
    mod_slug: 'xc-beta',
    mod_version: '1',
  });
});

afterAll(async () => {
  await stack?.close();
});

const modsOf = async (slug: string, version: string) =>
  (await stack.builds.GetBuildSource({ slug, version })).mod_version_ids;

test('copies the build of the named modpack, not the target build of the same version', async () => {
  const build = await stack.builds.CreateBuild({
    slug: 'target',
    access: only(source, target),
    version: '2.0.0',
    minecraft: '1.20.1',
    clone_from: '1.0.0',
    clone_from_modpack: 'src',
  });
  expect(build).toMatchObject({ modpack_id: target, version: '2.0.0' });
  expect(await modsOf('target', '2.0.0')).toEqual([alphaId]);
  // The source keeps its mod; the copy is the target's own.
  expect(await modsOf('src', '1.0.0')).toEqual([alphaId]);
});

test('a caller without access to the source: CLONE_SOURCE_FORBIDDEN, nothing created', async () => {
  const refused = await failure(
    stack.builds.CreateBuild({
      slug: 'target',
      access: only(target),
      version: '3.0.0',
      minecraft: '1.20.1',
      clone_from: 'no-such-build',
      clone_from_modpack: 'src',
    }),
  );
  expect(refused.reason).toBe('CLONE_SOURCE_FORBIDDEN');
  expect(refused.message).toBe('You do not have permission to clone from that modpack.');
  expect((await stack.builds.GetBuildSource({ slug: 'target', version: '3.0.0' })).build).toBeNull();
});

test('the version taken answers before the source is judged', async () => {
  const dup = await failure(
    stack.builds.CreateBuild({
      slug: 'target',
      access: only(target),
      version: '1.0.0',
      minecraft: '1.20.1',
      clone_from: '1.0.0',
      clone_from_modpack: 'src',
    }),
  );
  expect(dup.reason).toBe('BUILD_VERSION_EXISTS');
});

test('a source modpack that is gone: the field error, nothing created', async () => {
  const gone = await failure(
    stack.builds.CreateBuild({
      slug: 'target',
      access: ALL,
      version: '4.0.0',
      minecraft: '1.20.1',
      clone_from: '1.0.0',
      clone_from_modpack: 'deleted-meanwhile',
    }),
  );
  expect(gone.reason).toBe('VALIDATION');
  expect(gone.details.fields).toEqual({ clone_from_modpack: ['The selected clone_from_modpack is invalid.'] });
  expect((await stack.builds.GetBuildSource({ slug: 'target', version: '4.0.0' })).build).toBeNull();
});

test('without clone_from the modpack is not looked at; an unknown source build is ignored', async () => {
  await stack.builds.CreateBuild({
    slug: 'target',
    access: only(target),
    version: '5.0.0',
    minecraft: '1.20.1',
    clone_from_modpack: 'src',
  });
  expect(await modsOf('target', '5.0.0')).toEqual([]);
  await stack.builds.CreateBuild({
    slug: 'target',
    access: ALL,
    version: '6.0.0',
    minecraft: '1.20.1',
    clone_from: 'missing',
    clone_from_modpack: 'src',
  });
  expect(await modsOf('target', '6.0.0')).toEqual([]);
});
