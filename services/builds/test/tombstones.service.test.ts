// Assignments racing catalog deletions (tombstones.ts), against a real PostgreSQL with the
// service's classes and a scripted catalog: the detach event handled between an assignment's
// catalog check and its insert, a detach waiting for an assignment write in progress, and a
// modpack clone waiting for a detach in progress. None may leave an assignment of a deleted
// mod or version behind; and the reservation a version delete takes first, so that an
// assignment is either counted by the delete or refused, never acknowledged and then detached.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError } from '@depot/common';
import { createTestDatabase } from '@depot/common/testing';
import { Assignments } from '../src/assignments';
import { Builds } from '../src/builds';
import { openBuildsImport } from '../src/import';
import type { ModLookup } from '../src/mod-lookup';
import { Modpacks } from '../src/modpacks';
import { enterAssignmentWrite, recordDeletion } from '../src/tombstones';

const ALL = { all: true, modpack_ids: [] };

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let opened: Awaited<ReturnType<typeof openBuildsImport>>;
let builds: Builds;
let assignments: Assignments;
let modpacks: Modpacks;

/** The scripted catalog: `mod@version` → ids; `afterLookup` runs once catalog has answered. */
const catalog = new Map<string, { id: number; modId: number }>();
let afterLookup: (() => Promise<void>) | undefined;
const lookup: ModLookup = {
  async findVersion(modSlug, version) {
    const found = catalog.get(`${modSlug}@${version}`);
    if (!found) throw new DepotError('VERSION_NOT_FOUND');
    const hook = afterLookup;
    afterLookup = undefined;
    await hook?.();
    return found;
  },
  async findModId(modSlug) {
    for (const [key, v] of catalog) if (key.startsWith(`${modSlug}@`)) return v.modId;
    throw new DepotError('MOD_NOT_FOUND');
  },
};

beforeAll(async () => {
  db = await createTestDatabase('bld_tomb');
  opened = await openBuildsImport(db.url); // the service's entities, migrations applied
  builds = new Builds(opened.orm, undefined);
  assignments = new Assignments(opened.orm, undefined, lookup);
  modpacks = new Modpacks(opened.orm, undefined);
  catalog.set('alpha@1', { id: 101, modId: 10 });
  catalog.set('alpha@2', { id: 102, modId: 10 });
  catalog.set('beta@1', { id: 201, modId: 20 });
  catalog.set('beta@2', { id: 202, modId: 20 });
  catalog.set('gamma@1', { id: 301, modId: 30 });
  catalog.set('delta@1', { id: 401, modId: 40 });
  catalog.set('delta@2', { id: 402, modId: 40 });
  await modpacks.create({ name: 'Tomb', slug: 'tomb' });
  for (const version of ['a', 'b', 'c', 'd', 'e']) {
    await builds.create('tomb', ALL, { version, minecraft: '1.20.1' });
  }
});

afterAll(async () => {
  await opened?.close();
  await db?.drop();
});

const em = () => opened.orm.em.fork() as SqlEntityManager;
const versionsIn = async (slug: string, version: string) =>
  (await builds.getBuildSource(slug, version)).modVersionIds.slice().sort((a, b) => a - b);

async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DepotError) return err.reason;
    throw err;
  }
  throw new Error('expected a DepotError');
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const settled = async (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

test('a version deleted between the catalog check and the insert: refused like a missing version', async () => {
  await assignments.addMod('tomb', 'a', ALL, 'alpha', '2');
  // mod.version.deleted is handled after catalog answered, before the assignment is stored.
  afterLookup = async () => void (await assignments.detach([101]));
  expect(await reason(assignments.addMod('tomb', 'b', ALL, 'alpha', '1'))).toBe('VERSION_NOT_FOUND');
  expect(await versionsIn('tomb', 'b')).toEqual([]);
  // Refused for good (the answer catalog gives from now on), and for a change of version too.
  expect(await reason(assignments.addMod('tomb', 'b', ALL, 'alpha', '1'))).toBe('VERSION_NOT_FOUND');
  expect(await reason(assignments.updateMod('tomb', 'a', ALL, 'alpha', '1'))).toBe('VERSION_NOT_FOUND');
  expect(await versionsIn('tomb', 'a')).toEqual([102]);
  // The mod's other versions are not affected.
  await assignments.addMod('tomb', 'b', ALL, 'alpha', '2');
  expect(await versionsIn('tomb', 'b')).toEqual([102]);
});

test('a mod deleted between the catalog check and the insert: refused like a missing mod, for every version', async () => {
  await assignments.addMod('tomb', 'a', ALL, 'beta', '1');
  // mod.deleted lists the versions catalog deleted; 202 was not among them (made meanwhile).
  afterLookup = async () => void (await assignments.detach([201], 20));
  expect(await reason(assignments.addMod('tomb', 'c', ALL, 'beta', '2'))).toBe('MOD_NOT_FOUND');
  expect(await reason(assignments.updateMod('tomb', 'c', ALL, 'beta', '2'))).toBe('MOD_NOT_FOUND');
  expect(await versionsIn('tomb', 'a')).toEqual([102]); // beta@1 detached
  expect(await versionsIn('tomb', 'c')).toEqual([]);
  expect(await assignments.countUsingVersion(202)).toBe(0);
});

test('a change of version racing the new version’s delete keeps the old one', async () => {
  await assignments.addMod('tomb', 'd', ALL, 'delta', '1');
  afterLookup = async () => void (await assignments.detach([402]));
  expect(await reason(assignments.updateMod('tomb', 'd', ALL, 'delta', '2'))).toBe('VERSION_NOT_FOUND');
  expect(await versionsIn('tomb', 'd')).toEqual([401]);
});

test('a detach waits for an assignment write in progress and removes what it stored', async () => {
  const stored = deferred();
  const release = deferred();
  const { id: buildId } = (await builds.getBuildSource('tomb', 'e')).build!;
  // An assignment write past its tombstone check, not yet committed.
  const writer = em().transactional(async (tx) => {
    await enterAssignmentWrite(tx);
    await tx.execute('insert into build_mods (build_id, mod_id, mod_version_id) values (?, 30, 301)', [buildId]);
    stored.resolve();
    await release.promise;
  });
  await stored.promise;
  const detach = assignments.detach([301]);
  expect(await settled(detach, 300)).toBe(false); // waiting at the gate
  release.resolve();
  await writer;
  expect(await detach).toBe(1);
  expect(await versionsIn('tomb', 'e')).toEqual([]);
  expect(await reason(assignments.addMod('tomb', 'e', ALL, 'gamma', '1'))).toBe('VERSION_NOT_FOUND');
});

test('a modpack clone waiting for a detach in progress copies nothing it detached', async () => {
  await modpacks.create({ name: 'Source', slug: 'source' });
  await builds.create('source', ALL, { version: '1', minecraft: '1.20.1' });
  catalog.set('eps@1', { id: 501, modId: 50 });
  catalog.set('zeta@1', { id: 601, modId: 60 });
  await assignments.addMod('source', '1', ALL, 'eps', '1');
  await assignments.addMod('source', '1', ALL, 'zeta', '1');

  const deleted = deferred();
  const release = deferred();
  // mod.version.deleted for eps@1 in progress: tombstone written and rows deleted, not committed.
  const detach = em().transactional(async (tx) => {
    await recordDeletion(tx, [501]);
    await tx.execute('delete from build_mods where mod_version_id = 501');
    deleted.resolve();
    await release.promise;
  });
  await deleted.promise;
  // Repeatable read: had its snapshot been taken before the detach committed, the copy would
  // hold eps@1 for good.
  const clone = modpacks.clone('source', ALL, { name: 'Copy', slug: 'copy' });
  const buildCopy = builds.create('source', ALL, { version: '2', minecraft: '1.20.1' }, { from: '1' });
  expect(await settled(clone, 300)).toBe(false);
  release.resolve();
  await detach;
  await clone;
  await buildCopy;
  expect(await versionsIn('copy', '1')).toEqual([601]);
  expect(await versionsIn('source', '2')).toEqual([601]);
  expect(await versionsIn('source', '1')).toEqual([601]);
});

test('detach is idempotent: a redelivered event records and removes nothing more', async () => {
  const before = await em().execute<{ n: number }[]>(
    'select (select count(*) from deleted_mods)::int + (select count(*) from deleted_mod_versions)::int as n',
  );
  expect(await assignments.detach([201], 20)).toBe(0);
  expect(await assignments.detach([101])).toBe(0);
  const after = await em().execute<{ n: number }[]>(
    'select (select count(*) from deleted_mods)::int + (select count(*) from deleted_mod_versions)::int as n',
  );
  expect(after[0].n).toBe(before[0].n);
});

describe('reservations of version deletes (catalog counts under a reservation, then deletes)', () => {
  const count = async (table: string, versionId: number) =>
    (
      await em().execute<{ n: number }[]>(`select count(*)::int as n from ${table} where mod_version_id = ?`, [
        versionId,
      ])
    )[0].n;
  const reservations = (versionId: number) => count('version_deletions', versionId);
  const tombstones = (versionId: number) => count('deleted_mod_versions', versionId);
  /** A reservation whose lease has run out already. */
  const lapsedReservation = async (versionId: number) => {
    const { reservationId } = await assignments.reserveVersionDeletion(versionId, 30_000);
    await em().execute(`update version_deletions set expires_at = now() - interval '1 second' where id = ?`, [
      reservationId,
    ]);
  };

  beforeAll(async () => {
    await modpacks.create({ name: 'Reserve', slug: 'reserve' });
    for (const version of ['a', 'b', 'c']) await builds.create('reserve', ALL, { version, minecraft: '1.20.1' });
    catalog.set('eta@1', { id: 701, modId: 70 });
    catalog.set('eta@2', { id: 702, modId: 70 });
    catalog.set('theta@1', { id: 801, modId: 80 });
    catalog.set('iota@1', { id: 901, modId: 90 });
    catalog.set('kappa@1', { id: 1001, modId: 100 });
    catalog.set('lambda@1', { id: 1101, modId: 110 });
    catalog.set('mu@1', { id: 1201, modId: 120 });
  });

  test('a version in use is counted and nothing is reserved', async () => {
    await assignments.addMod('reserve', 'a', ALL, 'eta', '1');
    await assignments.addMod('reserve', 'b', ALL, 'eta', '1');
    expect(await assignments.reserveVersionDeletion(701, 30_000)).toEqual({ count: 2, reservationId: 0 });
    expect(await reservations(701)).toBe(0);
    await assignments.addMod('reserve', 'c', ALL, 'eta', '1');
    expect(await versionsIn('reserve', 'c')).toEqual([701]);
  });

  test('while reserved, adding or changing to the version is refused as missing; once released both work', async () => {
    const { count: n, reservationId } = await assignments.reserveVersionDeletion(702, 30_000);
    expect(n).toBe(0);
    expect(reservationId).toBeGreaterThan(0);
    expect(await reason(assignments.updateMod('reserve', 'a', ALL, 'eta', '2'))).toBe('VERSION_NOT_FOUND');
    await assignments.removeMod('reserve', 'c', ALL, 'eta');
    expect(await reason(assignments.addMod('reserve', 'c', ALL, 'eta', '2'))).toBe('VERSION_NOT_FOUND');
    expect(await versionsIn('reserve', 'a')).toEqual([701]);
    expect(await versionsIn('reserve', 'c')).toEqual([]);
    // Other versions and mods are not affected.
    await assignments.addMod('reserve', 'c', ALL, 'theta', '1');

    await assignments.releaseVersionDeletion(reservationId);
    expect(await reservations(702)).toBe(0);
    await assignments.updateMod('reserve', 'a', ALL, 'eta', '2');
    await assignments.addMod('reserve', 'c', ALL, 'eta', '2');
    expect(await versionsIn('reserve', 'a')).toEqual([702]);
    expect(await versionsIn('reserve', 'c')).toEqual([702, 801]);
  });

  test('two deletes reserve apart: one released, the other still holds', async () => {
    const first = await assignments.reserveVersionDeletion(901, 30_000);
    const second = await assignments.reserveVersionDeletion(901, 30_000);
    expect(first.reservationId).not.toBe(second.reservationId);
    await assignments.releaseVersionDeletion(second.reservationId);
    expect(await reason(assignments.addMod('reserve', 'b', ALL, 'iota', '1'))).toBe('VERSION_NOT_FOUND');
    // The delete went through: its detach replaces the reservation with the tombstone.
    await assignments.detach([901]);
    expect(await reservations(901)).toBe(0);
    expect(await tombstones(901)).toBe(1);
    expect(await reason(assignments.addMod('reserve', 'b', ALL, 'iota', '1'))).toBe('VERSION_NOT_FOUND');
  });

  test('a reservation waits for an assignment write in progress and counts it', async () => {
    const stored = deferred();
    const release = deferred();
    const { id: buildId } = (await builds.getBuildSource('reserve', 'b')).build!;
    const writer = em().transactional(async (tx) => {
      await enterAssignmentWrite(tx);
      await tx.execute('insert into build_mods (build_id, mod_id, mod_version_id) values (?, 100, 1001)', [buildId]);
      stored.resolve();
      await release.promise;
    });
    await stored.promise;
    const reservation = assignments.reserveVersionDeletion(1001, 30_000);
    expect(await settled(reservation, 300)).toBe(false); // waiting at the gate
    release.resolve();
    await writer;
    expect(await reservation).toEqual({ count: 1, reservationId: 0 });
  });

  test('past its lease, a reservation is settled by catalog’s answer: still there, the write goes through', async () => {
    await lapsedReservation(1101);
    await assignments.addMod('reserve', 'b', ALL, 'lambda', '1');
    expect(await versionsIn('reserve', 'b')).toContain(1101);
    expect(await reservations(1101)).toBe(0);
    expect(await tombstones(1101)).toBe(0);
  });

  test('past its lease, a reservation is settled by catalog’s answer: gone, refused and tombstoned', async () => {
    await lapsedReservation(1201);
    // Catalog answered the first lookup, then the delete's commit (made within the lease) shows.
    afterLookup = async () => void catalog.delete('mu@1');
    expect(await reason(assignments.addMod('reserve', 'c', ALL, 'mu', '1'))).toBe('VERSION_NOT_FOUND');
    expect(await versionsIn('reserve', 'c')).not.toContain(1201);
    expect(await reservations(1201)).toBe(0);
    expect(await tombstones(1201)).toBe(1);
  });
});
