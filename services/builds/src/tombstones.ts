// Catalog deletions as builds remembers them, and the gate that keeps assignment writes and the
// detach from interleaving.
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
// the lock was granted. Writers share it, so they never wait for each other; only a detach (rare,
// and short) waits for the writers in progress, and new writers for it.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError } from '@depot/common';

/** First statement of every transaction that stores assignments. */
export async function enterAssignmentWrite(tx: SqlEntityManager): Promise<void> {
  await tx.execute('lock table deleted_mods in share mode');
}

/** Refuses a mod or version catalog deleted (MOD_NOT_FOUND / VERSION_NOT_FOUND, as catalog would). */
export async function assertNotDeleted(tx: SqlEntityManager, target: { id: number; modId: number }): Promise<void> {
  const [row] = await tx.execute<{ mod: boolean; version: boolean }[]>(
    `select exists(select 1 from deleted_mods where mod_id = ?) as mod,
            exists(select 1 from deleted_mod_versions where mod_version_id = ?) as version`,
    [target.modId, target.id],
  );
  if (row.mod) throw new DepotError('MOD_NOT_FOUND');
  if (row.version) throw new DepotError('VERSION_NOT_FOUND');
}

/**
 * Takes the gate exclusively and records the tombstones: the first statements of the detach
 * transaction. A whole mod (modId given) also covers versions the event did not list.
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
  }
}
