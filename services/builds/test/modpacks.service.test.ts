// Modpack writes over gRPC against real PostgreSQL, NATS and a real catalog.
import * as grpc from '@grpc/grpc-js';
import { eventSubject, streamName } from '@depot/common';
import { connectBus, type Bus } from '@depot/common/bus';
import { eventually, silentLogger, TEST_NATS_URL } from '@depot/common/testing';
import { ALL, createMod, failure, only, startStack, type Stack } from './harness';

let stack: Stack;
let bus: Bus;

beforeAll(async () => {
  stack = await startStack('bld_modpacks');
  bus = await connectBus(TEST_NATS_URL, stack.namespace, silentLogger());
});

afterAll(async () => {
  await bus?.close();
  await stack?.close();
});

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

test('creates a modpack with Solder defaults; name and slug unique case-insensitively', async () => {
  const created = await stack.builds.CreateModpack({ name: 'Tekkit', slug: 'tekkit' });
  expect(created).toMatchObject({ name: 'Tekkit', slug: 'tekkit', hidden: true, private: false });
  expect(created.order).toBeUndefined(); // never set: null in the API
  expect(created.url).toBeUndefined();
  expect(created.recommended).toBeUndefined();
  expect(created.icon_url).toBeUndefined();
  expect(created.created_at).toMatch(TIMESTAMP);

  const explicit = await stack.builds.CreateModpack({
    name: 'Hexxit',
    slug: 'hexxit',
    url: 'https://hexxit.test',
    hidden: false,
    private: true,
    order: 4,
  });
  expect(explicit).toMatchObject({ url: 'https://hexxit.test', hidden: false, private: true, order: 4 });

  const name = await failure(stack.builds.CreateModpack({ name: 'TEKKIT', slug: 'other' }));
  expect(name.reason).toBe('MODPACK_TAKEN');
  expect(name.code).toBe(grpc.status.ALREADY_EXISTS);
  expect(name.details.fields).toEqual({ name: ['The name has already been taken.'] });

  const slug = await failure(stack.builds.CreateModpack({ name: 'Other', slug: 'TeKKiT' }));
  expect(slug.details.fields).toEqual({ slug: ['The slug has already been taken.'] });

  const both = await failure(stack.builds.CreateModpack({ name: 'hexxit', slug: 'TEKKIT' }));
  expect(both.details.fields).toEqual({
    name: ['The name has already been taken.'],
    slug: ['The slug has already been taken.'],
  });
});

test('updates only masked fields; renaming to its own name is no duplicate', async () => {
  const mp = await stack.builds.CreateModpack({ name: 'Attack', slug: 'attack', url: 'https://a.test' });
  await stack.builds.CreateModpack({ name: 'Defense', slug: 'defense' });
  const access = only(mp.id);

  const updated = await stack.builds.UpdateModpack({
    slug: 'attack',
    access,
    name: 'ATTACK',
    new_slug: 'Attack',
    hidden: false,
    recommended: '1.0',
    update_mask: ['name', 'slug', 'hidden', 'recommended', 'url'],
  });
  expect(updated).toMatchObject({ name: 'ATTACK', slug: 'Attack', hidden: false, private: false, recommended: '1.0' });
  expect(updated.url).toBeUndefined();
  expect(updated.latest).toBeUndefined();

  const taken = await failure(
    stack.builds.UpdateModpack({ slug: 'Attack', access, new_slug: 'DEFENSE', update_mask: ['slug'] }),
  );
  expect(taken.details.fields).toEqual({ slug: ['The slug has already been taken.'] });

  const missing = await failure(stack.builds.UpdateModpack({ slug: 'Attack', access, update_mask: ['hidden'] }));
  expect(missing.reason).toBe('VALIDATION');
  expect(missing.details.fields).toEqual({ hidden: ['The hidden field is required.'] });

  expect((await failure(stack.builds.UpdateModpack({ slug: 'nope', access: ALL, update_mask: [] }))).reason).toBe(
    'MODPACK_NOT_FOUND',
  );
  // Access is checked before conflicts: no hint that DEFENSE exists.
  const forbidden = await failure(
    stack.builds.UpdateModpack({ slug: 'Attack', access: only(), new_slug: 'defense', update_mask: ['slug'] }),
  );
  expect(forbidden.reason).toBe('FORBIDDEN');
});

test('clone copies settings, every build with its flags and every assignment', async () => {
  const { versionIds } = await createMod(stack.catalog, 'clone-mod', ['1', '2']);
  const src = await stack.builds.CreateModpack({
    name: 'Source',
    slug: 'source',
    hidden: false,
    private: true,
    order: 7,
  });
  await stack.builds.UpdateModpack({ slug: 'source', access: ALL, latest: 'b', update_mask: ['latest'] });
  await stack.builds.CreateBuild({ slug: 'source', access: ALL, version: 'a', minecraft: '1.7.10', min_memory: 2048 });
  await stack.builds.CreateBuild({
    slug: 'source',
    access: ALL,
    version: 'b',
    minecraft: '1.12.2',
    forge: '14.23',
    is_published: true,
    private: true,
    min_java: '8',
  });
  await stack.builds.AddBuildMod({
    slug: 'source',
    version: 'a',
    access: ALL,
    mod_slug: 'clone-mod',
    mod_version: '1',
  });
  await stack.builds.AddBuildMod({
    slug: 'source',
    version: 'b',
    access: ALL,
    mod_slug: 'clone-mod',
    mod_version: '2',
  });

  expect(
    (await failure(stack.builds.CloneModpack({ source_slug: 'nope', access: ALL, name: 'x', slug: 'x' }))).reason,
  ).toBe('MODPACK_NOT_FOUND');
  expect(
    (await failure(stack.builds.CloneModpack({ source_slug: 'source', access: only(), name: 'x', slug: 'x' }))).reason,
  ).toBe('FORBIDDEN');
  const taken = await failure(
    stack.builds.CloneModpack({ source_slug: 'source', access: ALL, name: 'SOURCE', slug: 'x' }),
  );
  expect(taken.details.fields).toEqual({ name: ['The name has already been taken.'] });

  const copy = await stack.builds.CloneModpack({
    source_slug: 'source',
    access: only(src.id),
    name: 'Copy',
    slug: 'copy',
  });
  expect(copy).toMatchObject({ name: 'Copy', slug: 'copy', hidden: true, private: true, order: 7, latest: 'b' });
  expect(copy.id).not.toBe(src.id);

  const shown = await stack.builds.CloneModpack({
    source_slug: 'source',
    access: ALL,
    name: 'Shown',
    slug: 'shown',
    hidden: false,
  });
  expect(shown.hidden).toBe(false);

  const { modpacks } = await stack.builds.ListModpackSources({});
  const flags = (slug: string) => modpacks.find((m) => m.modpack?.slug === slug)?.builds;
  // Every build with its flags ('a' unpublished), as in the source.
  expect(flags('copy')).toEqual(flags('source'));
  expect(flags('copy')?.map((b) => [b.version, b.is_published])).toEqual([
    ['a', false],
    ['b', true],
  ]);
  const b = await stack.builds.GetBuildSource({ slug: 'copy', version: 'b' });
  expect(b.build).toMatchObject({
    minecraft: '1.12.2',
    forge: '14.23',
    is_published: true,
    private: true,
    min_java: '8',
  });
  expect(b.mod_version_ids).toEqual([versionIds['2']]);

  // The copied assignment of 'a' (unpublished) shows in the usage count.
  expect((await stack.builds.CountBuildsUsingVersion({ mod_version_id: versionIds['1'] })).count).toBe(3);
  const a = await stack.builds.CheckTarget({ slug: 'copy', access: ALL, version: 'a' });
  expect(a.build_id).toBeGreaterThan(0);
});

test('delete removes builds and assignments and publishes modpack.deleted', async () => {
  const { versionIds } = await createMod(stack.catalog, 'gone-mod', ['1']);
  const mp = await stack.builds.CreateModpack({ name: 'Doomed', slug: 'doomed' });
  await stack.builds.CreateBuild({ slug: 'doomed', access: ALL, version: '1', minecraft: '1.20' });
  await stack.builds.AddBuildMod({ slug: 'doomed', version: '1', access: ALL, mod_slug: 'gone-mod', mod_version: '1' });

  expect((await failure(stack.builds.DeleteModpack({ slug: 'doomed', access: only(mp.id + 1) }))).reason).toBe(
    'FORBIDDEN',
  );
  expect((await failure(stack.builds.DeleteModpack({ slug: 'nope', access: ALL }))).reason).toBe('MODPACK_NOT_FOUND');

  const deleted = await stack.builds.DeleteModpack({ slug: 'doomed', access: only(mp.id) });
  expect(deleted.modpack_id).toBe(mp.id);
  expect((await failure(stack.builds.GetBuildSource({ slug: 'doomed', version: '1' }))).reason).toBe(
    'MODPACK_NOT_FOUND',
  );
  expect((await stack.builds.CountBuildsUsingVersion({ mod_version_id: versionIds['1'] })).count).toBe(0);

  const event = await eventually(async () => {
    const stream = await bus.js.streams.get(streamName(stack.namespace));
    const msg = await stream.getMessage({ last_by_subj: eventSubject(stack.namespace, 'modpack.deleted') });
    return msg?.json<{ modpack_id: number }>();
  });
  expect(event).toEqual({ modpack_id: mp.id, modpack_slug: mp.slug });
});

test('CheckTarget follows the write check order; modpack refs by slugs and ids', async () => {
  const mp = await stack.builds.CreateModpack({ name: 'Target', slug: 'target' });
  const build = await stack.builds.CreateBuild({ slug: 'target', access: ALL, version: '1', minecraft: '1.20' });

  expect((await failure(stack.builds.CheckTarget({ slug: 'nope', access: ALL }))).reason).toBe('MODPACK_NOT_FOUND');
  expect((await failure(stack.builds.CheckTarget({ slug: 'target', access: only(), version: 'x' }))).reason).toBe(
    'FORBIDDEN',
  );
  expect((await failure(stack.builds.CheckTarget({ slug: 'target', access: ALL, version: 'x' }))).reason).toBe(
    'BUILD_NOT_FOUND',
  );
  expect(await stack.builds.CheckTarget({ slug: 'target', access: only(mp.id) })).toEqual({
    modpack_id: mp.id,
    build_id: 0,
  });
  expect(await stack.builds.CheckTarget({ slug: 'target', access: ALL, version: '1' })).toEqual({
    modpack_id: mp.id,
    build_id: build.id,
  });

  const bySlugs = await stack.builds.GetModpacksBySlugs({ slugs: ['target', 'unknown', 'TARGET'] });
  expect(bySlugs.modpacks).toEqual([{ id: mp.id, slug: 'target' }]);
  const byIds = await stack.builds.GetModpacksByIds({ ids: [mp.id, 999999] });
  expect(byIds.modpacks).toEqual([{ id: mp.id, slug: 'target' }]);
  expect((await stack.builds.GetModpacksByIds({ ids: [] })).modpacks).toEqual([]);
});
