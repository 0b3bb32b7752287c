// Catalog deletions reach builds as events: assignments of deleted mods and versions disappear,
// also when builds was down while catalog published them.
import { eventSubject, streamName } from '@depot/common';
import { connectBus, ensureStream, type Bus } from '@depot/common/bus';
import { eventually, silentLogger, TEST_NATS_URL } from '@depot/common/testing';
import { ALL, createMod, startStack, type Stack } from './harness';

let stack: Stack;
let bus: Bus;

beforeAll(async () => {
  stack = await startStack('bld_detach');
  bus = await connectBus(TEST_NATS_URL, stack.namespace, silentLogger());
  await stack.builds.CreateModpack({ name: 'Detach', slug: 'detach' });
  await stack.builds.CreateBuild({ slug: 'detach', access: ALL, version: '1', minecraft: '1.20', is_published: true });
  await stack.builds.CreateBuild({ slug: 'detach', access: ALL, version: '2', minecraft: '1.20', is_published: true });
});

afterAll(async () => {
  await bus?.close();
  await stack?.close();
});

const modsOf = async (version: string) =>
  (await stack.builds.GetBuildSource({ slug: 'detach', version })).mod_version_ids.sort((a, b) => a - b);

async function assign(modSlug: string, modVersion: string, builds = ['1', '2']) {
  for (const version of builds) {
    await stack.builds.AddBuildMod({
      slug: 'detach',
      version,
      access: ALL,
      mod_slug: modSlug,
      mod_version: modVersion,
    });
  }
}

test('deleting a mod in catalog detaches its versions from every build', async () => {
  const keep = await createMod(stack.catalog, 'keep', ['1']);
  const doomed = await createMod(stack.catalog, 'doomed', ['1', '2']);
  await assign('keep', '1');
  await assign('doomed', '1', ['1']);
  await assign('doomed', '2', ['2']);

  await stack.catalog.DeleteMod({ slug: 'doomed' });
  await eventually(async () => (await modsOf('1')).length === 1 && (await modsOf('2')).length === 1);
  expect(await modsOf('1')).toEqual([keep.versionIds['1']]);
  expect(await modsOf('2')).toEqual([keep.versionIds['1']]);
  expect((await stack.builds.CountBuildsUsingVersion({ mod_version_id: doomed.versionIds['2'] })).count).toBe(0);
});

test('a version deleted while an assignment raced in is detached by mod.version.deleted', async () => {
  const racy = await createMod(stack.catalog, 'racy', ['1', '2']);
  await assign('racy', '1', ['1']);
  await assign('racy', '2', ['2']);

  // Catalog saw no user before the assignment landed.
  stack.usageOverride = 0;
  try {
    await stack.catalog.DeleteVersion({ slug: 'racy', version: '1' });
  } finally {
    stack.usageOverride = undefined;
  }
  await eventually(async () => !(await modsOf('1')).includes(racy.versionIds['1']));
  expect(await modsOf('2')).toContain(racy.versionIds['2']);
});

test('events published while builds was stopped are handled when it starts again', async () => {
  const late = await createMod(stack.catalog, 'late', ['1']);
  await assign('late', '1');
  expect((await stack.builds.CountBuildsUsingVersion({ mod_version_id: late.versionIds['1'] })).count).toBe(2);

  await stack.stopBuilds();
  const deleted = await stack.catalog.DeleteMod({ slug: 'late' });
  // The event is in the stream before builds comes back.
  await eventually(async () => {
    const stream = await bus.js.streams.get(streamName(stack.namespace));
    const msg = await stream.getMessage({ last_by_subj: eventSubject(stack.namespace, 'mod.deleted') });
    return msg?.json<{ mod_id: number }>().mod_id === deleted.mod_id;
  });

  await stack.startBuilds();
  await eventually(
    async () => (await stack.builds.CountBuildsUsingVersion({ mod_version_id: late.versionIds['1'] })).count === 0,
  );
  expect(await modsOf('1')).not.toContain(late.versionIds['1']);
});

test('a malformed event is acknowledged and does not hold up the next one', async () => {
  const kept = await createMod(stack.catalog, 'kept', ['1']);
  const gone = await createMod(stack.catalog, 'gone', ['1']);
  await assign('kept', '1', ['1']);
  await assign('gone', '1', ['1']);

  await ensureStream(bus);
  // Not JSON, then JSON that is not what the event carries: each would fail forever if retried.
  await bus.js.publish(eventSubject(stack.namespace, 'mod.version.deleted'), 'not json');
  await bus.js.publish(
    eventSubject(stack.namespace, 'mod.deleted'),
    JSON.stringify({ mod_id: kept.modId, version_ids: [String(kept.versionIds['1'])] }),
  );
  await bus.js.publish(
    eventSubject(stack.namespace, 'mod.version.deleted'),
    JSON.stringify({ mod_id: gone.modId, version_id: gone.versionIds['1'] }),
  );

  await eventually(async () => !(await modsOf('1')).includes(gone.versionIds['1']));
  expect(await modsOf('1')).toContain(kept.versionIds['1']);
});
