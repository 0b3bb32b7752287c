// The mods of builds (docs/api.md#build-mods): assignment writes, each checked against the
// catalog and behind the tombstones' gate (tombstones.ts); the count and the reservation that a
// version delete in the catalog asks for; and the detach that follows catalog deletions.
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, type ModSide } from '@depot/common';
import { enqueueEvent, type Orm, type OutboxRelay } from '@depot/common/runtime';
import { findWritableBuild, type Access } from './access';
import { BuildSchema } from './entities/build';
import { BuildModSchema } from './entities/build-mod';
import type { ModLookup } from './mod-lookup';
import {
  assertNotDeleted,
  dropLapsedReservations,
  enterAssignmentWrite,
  LapsedReservation,
  recordDeletion,
  releaseVersionDeletion,
  reserveVersionDeletion,
} from './tombstones';

export class Assignments {
  constructor(
    private readonly orm: Orm,
    private readonly relay: OutboxRelay | undefined,
    private readonly mods: ModLookup,
  ) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  async addMod(slug: string, version: string, access: Access, modSlug: string, modVersion: string): Promise<void> {
    const { modpack, build } = await findWritableBuild(this.em(), slug, version, access);
    await this.writeAssignment(modSlug, modVersion, async (tx, target) => {
      // Shared lock: the build cannot vanish between this check and the insert.
      const locked = await tx.findOne(
        BuildSchema,
        { id: build.id },
        { lockMode: LockMode.PESSIMISTIC_READ, fields: ['id'] },
      );
      if (!locked) throw new DepotError('BUILD_NOT_FOUND');
      // ON CONFLICT instead of a unique violation: a concurrent assignment of the same mod ends
      // as the same 422 as a sequential one, and the transaction stays usable.
      for (;;) {
        const inserted = await tx.execute(
          `insert into build_mods (build_id, mod_id, mod_version_id) values (?, ?, ?)
           on conflict (build_id, mod_id) do nothing returning id`,
          [build.id, target.modId, target.id],
        );
        if (inserted.length) break;
        const [existing] = await tx.execute<{ mod_version_id: number }[]>(
          'select mod_version_id from build_mods where build_id = ? and mod_id = ?',
          [build.id, target.modId],
        );
        if (existing) {
          throw new DepotError(
            existing.mod_version_id === target.id ? 'ASSIGNMENT_EXISTS' : 'ASSIGNMENT_OTHER_VERSION',
          );
        }
        // The conflicting row was removed in between: insert again.
      }
      enqueueEvent(tx, 'build.changed', { modpack_id: modpack.id, build_id: build.id, published: build.isPublished });
    });
    this.relay?.kick();
  }

  async updateMod(slug: string, version: string, access: Access, modSlug: string, modVersion: string): Promise<void> {
    const { modpack, build } = await findWritableBuild(this.em(), slug, version, access);
    await this.writeAssignment(modSlug, modVersion, async (tx, target) => {
      const updated = await tx.nativeUpdate(
        BuildModSchema,
        { buildId: build.id, modId: target.modId },
        { modVersionId: target.id },
      );
      if (!updated) throw new DepotError('ASSIGNMENT_NOT_FOUND');
      enqueueEvent(tx, 'build.changed', { modpack_id: modpack.id, build_id: build.id, published: build.isPublished });
    });
    this.relay?.kick();
  }

  /**
   * Looks the version up in catalog, then stores an assignment of it with `write`, in a
   * transaction behind the gate that refuses a version deleted, or being deleted, since catalog
   * answered (tombstones.ts). A reservation past its lease is settled with catalog's answer, which
   * is final by then, and the write tried again.
   */
  private async writeAssignment(
    modSlug: string,
    modVersion: string,
    write: (tx: SqlEntityManager, target: { id: number; modId: number }) => Promise<void>,
  ): Promise<void> {
    let lapsed: number | undefined;
    for (let attempt = 0; attempt < 3; attempt++) {
      // Asked outside the transaction: no database connection is held across a network call.
      let target: { id: number; modId: number };
      try {
        target = await this.mods.findVersion(modSlug, modVersion);
      } catch (err) {
        if (lapsed !== undefined && isGone(err)) await this.settleLapsed(lapsed, false);
        throw err;
      }
      if (lapsed !== undefined) await this.settleLapsed(lapsed, target.id === lapsed);
      try {
        await this.em().transactional(async (tx) => {
          await enterAssignmentWrite(tx);
          await assertNotDeleted(tx, target);
          await write(tx, target);
        });
        return;
      } catch (err) {
        if (!(err instanceof LapsedReservation)) throw err;
        lapsed = err.versionId;
      }
    }
    throw new DepotError('UNAVAILABLE');
  }

  /** A lapsed reservation's delete committed (the version is gone: tombstone it) or never will. */
  private async settleLapsed(versionId: number, exists: boolean): Promise<void> {
    if (exists) await dropLapsedReservations(this.em(), versionId);
    else await this.em().transactional((tx) => recordDeletion(tx, [versionId]));
  }

  /** The checks of updateMod and removeMod without the write: the build, the mod, its assignment. */
  async checkAssignment(
    slug: string,
    version: string,
    access: Access,
    modSlug: string,
  ): Promise<{ modpackId: number; buildId: number }> {
    const { modpack, build } = await findWritableBuild(this.em(), slug, version, access);
    const modId = await this.mods.findModId(modSlug);
    const held = await this.em().count(BuildModSchema, { buildId: build.id, modId });
    if (!held) throw new DepotError('ASSIGNMENT_NOT_FOUND');
    return { modpackId: modpack.id, buildId: build.id };
  }

  async removeMod(slug: string, version: string, access: Access, modSlug: string): Promise<void> {
    const { modpack, build } = await findWritableBuild(this.em(), slug, version, access);
    const modId = await this.mods.findModId(modSlug);
    await this.em().transactional(async (tx) => {
      const deleted = await tx.nativeDelete(BuildModSchema, { buildId: build.id, modId });
      if (!deleted) throw new DepotError('ASSIGNMENT_NOT_FOUND');
      enqueueEvent(tx, 'build.changed', { modpack_id: modpack.id, build_id: build.id, published: build.isPublished });
    });
    this.relay?.kick();
  }

  /** Where the mod runs in this build alone (docs/archives.md#sides); null: its version's side. */
  async setSide(slug: string, version: string, access: Access, modSlug: string, side: ModSide | null): Promise<void> {
    const { modpack, build } = await findWritableBuild(this.em(), slug, version, access);
    const modId = await this.mods.findModId(modSlug);
    await this.em().transactional(async (tx) => {
      const updated = await tx.nativeUpdate(BuildModSchema, { buildId: build.id, modId }, { side });
      if (!updated) throw new DepotError('ASSIGNMENT_NOT_FOUND');
      enqueueEvent(tx, 'build.changed', { modpack_id: modpack.id, build_id: build.id, published: build.isPublished });
    });
    this.relay?.kick();
  }

  /** Builds of any modpack, published or not, holding the version (catalog's 409 count). */
  async countUsingVersion(modVersionId: number, em: SqlEntityManager = this.em()): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(
      'select count(distinct build_id)::int as n from build_mods where mod_version_id = ?',
      [modVersionId],
    );
    return row.n;
  }

  /**
   * Before catalog deletes a version: the builds holding it and, when there are none, a
   * reservation that refuses assignments of it for `leaseMs` or until released (tombstones.ts).
   */
  async reserveVersionDeletion(
    modVersionId: number,
    leaseMs: number,
  ): Promise<{ count: number; reservationId: number }> {
    return this.em().transactional((tx) =>
      reserveVersionDeletion(tx, modVersionId, leaseMs, (em, id) => this.countUsingVersion(id, em)),
    );
  }

  async releaseVersionDeletion(reservationId: number): Promise<void> {
    await releaseVersionDeletion(this.em(), reservationId);
  }

  /**
   * Drops assignments of versions catalog deleted (and, for a deleted mod, any of its versions),
   * in one transaction, announcing each affected build, and remembers the deletion so that an
   * assignment checked against catalog before it cannot be stored after it (tombstones.ts).
   * Idempotent: a redelivery removes nothing.
   */
  async detach(versionIds: number[], modId?: number): Promise<number> {
    const affected = await this.em().transactional(async (tx) => {
      // First: the gate, then the tombstones; the delete below sees every assignment stored before.
      await recordDeletion(tx, versionIds, modId);
      const rows = await tx.execute<{ build_id: number; modpack_id: number }[]>(
        `with gone as (
           delete from build_mods
            where mod_version_id = any(string_to_array(?, ',')::int[]) or mod_id = ?
           returning build_id)
         select distinct b.id as build_id, b.modpack_id from gone join builds b on b.id = gone.build_id`,
        [versionIds.join(','), modId ?? null],
      );
      for (const row of rows) enqueueEvent(tx, 'build.changed', { modpack_id: row.modpack_id, build_id: row.build_id });
      return rows.length;
    });
    if (affected) this.relay?.kick();
    return affected;
  }
}

/** Catalog's answer that the version (or its whole mod) does not exist. */
function isGone(err: unknown): boolean {
  return err instanceof DepotError && (err.reason === 'VERSION_NOT_FOUND' || err.reason === 'MOD_NOT_FOUND');
}
