// Catalog deletions as builds remembers them, and the gate that keeps assignment writes, the
// detach and the reservation of a version's delete from interleaving.
//
// An assignment is checked against catalog (over gRPC, outside any transaction) before it is
// stored, and the detach that follows a catalog delete runs whenever the event arrives. On their
// own, an assignment checked just before a delete could be stored just after the detach and point
// at the deleted version for good. So:
// - the detach takes the gate exclusively, records tombstones and deletes the assignments, all in
//   one transaction (recordDeletion + Builds.detach);
// - every write that stores assignments (add, change of version, build clone_from, modpack clone,
//   import) takes the gate shared as its very first statement. It then runs wholly before a
//   detach, which waits for it and so deletes what it stored, or wholly after one, and sees that
//   detach's deletions and tombstones: add and change refuse a tombstoned mod or version with the
//   error catalog gives for a missing one (assertNotDeleted).
// The gate is a table lock, not an advisory lock, because LOCK TABLE takes no snapshot: a
// repeatable-read transaction (modpack clone) that starts with it sees everything committed before
// the lock was granted. Writers share it, so they never wait for each other; only a detach or a
// reservation (rare, and short) waits for the writers in progress, and new writers for it.
//
// Tombstones alone would let a delete remove an assignment that was already acknowledged: catalog
// counts the builds using a version (zero), an assignment is stored and answered 201, then the
// delete commits and its detach removes it. So a version delete first reserves the version here
// (reserveVersionDeletion): behind the gate taken exclusively it counts the builds holding the
// version and, when there are none, writes a reservation that add and change meet like a
// tombstone. Every assignment is thus either counted (the delete answers 409) or refused (404).
// A reservation ends when the detach records the tombstone, when catalog releases it (its delete
// did not happen), or when its lease runs out: catalog commits within the lease or not at all, so
// past it catalog's own answer is final, and an assignment that meets a lapsed reservation asks
// catalog again and settles it (Builds.writeAssignment).
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError } from '@depot/common';

/** First statement of every transaction that stores assignments. */
export async function enterAssignmentWrite(tx: SqlEntityManager): Promise<void> {
  await tx.execute('lock table deleted_mods in share mode');
}

/** An assignment met a reservation past its lease: catalog's answer decides (Builds.writeAssignment). */
export class LapsedReservation extends Error {
  constructor(readonly versionId: number) {
    super(`the deletion of mod version ${versionId} was reserved and its lease ran out`);
  }
}

/**
 * Refuses a mod or version catalog deleted, or a version whose delete is reserved
 * (MOD_NOT_FOUND / VERSION_NOT_FOUND, as catalog would answer). `now()` is the transaction's start,
 * before the gate was granted: a reservation counts as lapsed only once it surely is.
 */
export async function assertNotDeleted(tx: SqlEntityManager, target: { id: number; modId: number }): Promise<void> {
  const [row] = await tx.execute<{ mod: boolean; version: boolean; reserved: boolean; lapsed: boolean }[]>(
    `select exists(select 1 from deleted_mods where mod_id = ?) as mod,
            exists(select 1 from deleted_mod_versions where mod_version_id = ?) as version,
            exists(select 1 from version_deletions where mod_version_id = ? and expires_at > now()) as reserved,
            exists(select 1 from version_deletions where mod_version_id = ? and expires_at <= now()) as lapsed`,
    [target.modId, target.id, target.id, target.id],
  );
  if (row.mod) throw new DepotError('MOD_NOT_FOUND');
  if (row.version || row.reserved) throw new DepotError('VERSION_NOT_FOUND');
  if (row.lapsed) throw new LapsedReservation(target.id);
}

/**
 * Reserves the deletion of a version no build holds: takes the gate exclusively, then counts (a
 * statement after the lock, so every assignment committed before is counted). Returns the count
 * and, when it is 0, the reservation's id.
 */
export async function reserveVersionDeletion(
  tx: SqlEntityManager,
  versionId: number,
  leaseMs: number,
  countUsing: (em: SqlEntityManager, versionId: number) => Promise<number>,
): Promise<{ count: number; reservationId: number }> {
  await tx.execute('lock table deleted_mods in share row exclusive mode');
  const count = await countUsing(tx, versionId);
  if (count > 0) return { count, reservationId: 0 };
  // Long past their lease nothing can be waiting on them any more (settled or never met).
  await tx.execute(`delete from version_deletions where expires_at < now() - interval '1 day'`);
  const [row] = await tx.execute<{ id: number }[]>(
    `insert into version_deletions (mod_version_id, expires_at)
     values (?, now() + make_interval(secs => ?)) returning id`,
    [versionId, leaseMs / 1000],
  );
  return { count: 0, reservationId: row.id };
}

/** Ends one reservation (its delete did not happen); other reservations of the version stay. */
export async function releaseVersionDeletion(em: SqlEntityManager, reservationId: number): Promise<void> {
  await em.execute('delete from version_deletions where id = ?', [reservationId]);
}

/** Ends the lapsed reservations of a version that catalog says still exists. */
export async function dropLapsedReservations(em: SqlEntityManager, versionId: number): Promise<void> {
  await em.execute('delete from version_deletions where mod_version_id = ? and expires_at <= now()', [versionId]);
}

/**
 * Takes the gate exclusively and records the tombstones (which replace the versions'
 * reservations): the first statements of the detach transaction. A whole mod (modId given) also
 * covers versions the event did not list.
 */
export async function recordDeletion(tx: SqlEntityManager, versionIds: number[], modId?: number): Promise<void> {
  await tx.execute('lock table deleted_mods in share row exclusive mode');
  if (modId !== undefined) {
    await tx.execute('insert into deleted_mods (mod_id) values (?) on conflict do nothing', [modId]);
  }
  if (versionIds.length) {
    await tx.execute(
      `insert into deleted_mod_versions (mod_version_id)
       select unnest(string_to_array(?, ',')::int[]) on conflict do nothing`,
      [versionIds.join(',')],
    );
    await tx.execute(`delete from version_deletions where mod_version_id = any(string_to_array(?, ',')::int[])`, [
      versionIds.join(','),
    ]);
  }
}
