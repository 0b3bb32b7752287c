// Launcher reads (docs/api.md#visibility): which modpacks and builds anonymous callers, callers with an
// access list and callers with access to everything see.
import type { buildsV1 } from '@depot/proto';
import { ALL, ANONYMOUS, failure, only, startStack, type Stack } from './harness';

let stack: Stack;
const ids: Record<string, number> = {};

beforeAll(async () => {
  stack = await startStack('bld_visibility');
  const packs: [string, { hidden?: boolean; private?: boolean }][] = [
    ['public', { hidden: false, private: false }],
    ['hidden', { hidden: true }],
    ['private', { hidden: false, private: true }],
    ['secret', { hidden: true, private: true }],
  ];
  for (const [slug, flags] of packs) {
    ids[slug] = (await stack.builds.CreateModpack({ name: slug, slug, ...flags })).id;
    // Creation order differs from version order on purpose.
    await stack.builds.CreateBuild({ slug, access: ALL, version: 'pub', minecraft: '1.20', is_published: true });
    await stack.builds.CreateBuild({ slug, access: ALL, version: 'draft', minecraft: '1.20' });
    await stack.builds.CreateBuild({
      slug,
      access: ALL,
      version: 'Beta',
      minecraft: '1.20',
      is_published: true,
      private: true,
    });
    await stack.builds.CreateBuild({ slug, access: ALL, version: 'alpha', minecraft: '1.20', is_published: true });
  }
});

afterAll(async () => {
  await stack?.close();
});

const list = async (access: buildsV1.Access, withBuilds = true) =>
  (await stack.builds.ListModpacks({ access, with_builds: withBuilds })).modpacks.map((v) => [
    v.modpack?.slug,
    v.builds,
  ]);

test('ListModpacks: public always, hidden and private only when accessible, id order, one read for builds', async () => {
  expect(await list(ANONYMOUS)).toEqual([['public', ['pub', 'alpha']]]);
  expect(await list(only(ids.private, ids.hidden))).toEqual([
    ['public', ['pub', 'alpha']],
    ['hidden', ['pub', 'Beta', 'alpha']],
    ['private', ['pub', 'Beta', 'alpha']],
  ]);
  expect(await list(ALL)).toEqual([
    ['public', ['pub', 'Beta', 'alpha']],
    ['hidden', ['pub', 'Beta', 'alpha']],
    ['private', ['pub', 'Beta', 'alpha']],
    ['secret', ['pub', 'Beta', 'alpha']],
  ]);
  expect(await list(ALL, false)).toEqual([
    ['public', []],
    ['hidden', []],
    ['private', []],
    ['secret', []],
  ]);
  const [view] = (await stack.builds.ListModpacks({ access: ANONYMOUS, with_builds: true })).modpacks;
  expect(view.modpack).toMatchObject({ id: ids.public, name: 'public', hidden: false, private: false });
});

test('GetModpack: hidden is shown to anyone, private only when accessible; builds filtered', async () => {
  const get = async (slug: string, access: buildsV1.Access) => (await stack.builds.GetModpack({ slug, access })).builds;
  expect(await get('public', ANONYMOUS)).toEqual(['pub', 'alpha']);
  expect(await get('hidden', ANONYMOUS)).toEqual(['pub', 'alpha']);
  expect((await failure(stack.builds.GetModpack({ slug: 'private', access: ANONYMOUS }))).reason).toBe(
    'MODPACK_NOT_FOUND',
  );
  expect((await failure(stack.builds.GetModpack({ slug: 'secret', access: only(ids.private) }))).reason).toBe(
    'MODPACK_NOT_FOUND',
  );
  expect((await failure(stack.builds.GetModpack({ slug: 'nope', access: ALL }))).reason).toBe('MODPACK_NOT_FOUND');
  expect(await get('private', only(ids.private))).toEqual(['pub', 'Beta', 'alpha']);
  expect(await get('public', only(ids.public))).toEqual(['pub', 'Beta', 'alpha']);
  expect(await get('secret', ALL)).toEqual(['pub', 'Beta', 'alpha']);
});

test('GetBuild: published only (even for all), private builds and modpacks only when accessible, exact version', async () => {
  const reason = async (slug: string, version: string, access: buildsV1.Access) =>
    (await failure(stack.builds.GetBuild({ slug, version, access }))).reason;

  const pub = await stack.builds.GetBuild({ slug: 'public', version: 'pub', access: ANONYMOUS });
  expect(pub.build).toMatchObject({ modpack_id: ids.public, version: 'pub', is_published: true });
  expect(pub.mod_version_ids).toEqual([]);
  await stack.builds.GetBuild({ slug: 'hidden', version: 'alpha', access: ANONYMOUS });

  expect(await reason('public', 'draft', ANONYMOUS)).toBe('BUILD_NOT_FOUND');
  expect(await reason('public', 'draft', ALL)).toBe('BUILD_NOT_FOUND');
  expect(await reason('public', 'Beta', ANONYMOUS)).toBe('BUILD_NOT_FOUND');
  expect(await reason('public', 'Beta', only(ids.hidden))).toBe('BUILD_NOT_FOUND');
  expect(await reason('public', 'beta', ALL)).toBe('BUILD_NOT_FOUND');
  expect(await reason('public', 'nope', ALL)).toBe('BUILD_NOT_FOUND');
  expect(await reason('private', 'pub', ANONYMOUS)).toBe('MODPACK_NOT_FOUND');
  expect(await reason('private', 'nope', ANONYMOUS)).toBe('MODPACK_NOT_FOUND');
  expect(await reason('nope', 'pub', ALL)).toBe('MODPACK_NOT_FOUND');

  await stack.builds.GetBuild({ slug: 'public', version: 'Beta', access: only(ids.public) });
  await stack.builds.GetBuild({ slug: 'private', version: 'Beta', access: only(ids.private) });
  await stack.builds.GetBuild({ slug: 'secret', version: 'Beta', access: ALL });
});
