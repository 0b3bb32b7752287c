// Builds: the launcher build read and build writes (docs/api.md#builds). Their mod assignments
// are assignments.ts.
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, type ModSide } from '@depot/common';
import { enqueueEvent, isUniqueViolation, runPrepared, type Orm, type OutboxRelay } from '@depot/common/runtime';
import { findCloneSource, findWritableBuild, findWritableModpack, type Access } from './access';
import { enqueueBuildChange } from './release-events';
import { BuildSchema, type Build } from './entities/build';
import { buildFromRow, GET_BUILD, type BuildRow } from './queries';
import { enterAssignmentWrite } from './tombstones';

/** A build read without visibility applied: the modpack's flags and the build, if it exists. */
export interface BuildSource {
  modpackId: number;
  modpackPrivate: boolean;
  build: Build | null;
  modVersionIds: number[];
  /** Where a mod runs in this build, by version id, where its assignment says (docs/archives.md#sides). */
  sides: { versionId: number; side: ModSide }[];
}

export type BuildFields = Partial<
  Pick<
    Build,
    'version' | 'minecraft' | 'forge' | 'isPublished' | 'private' | 'minJava' | 'minMemory' | 'loader' | 'loaderVersion'
  >
>;

export class Builds {
  constructor(
    private readonly orm: Orm,
    private readonly relay: OutboxRelay | undefined,
  ) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /**
   * The launcher build read, unfiltered (the gateway applies visibility): the modpack's flags, the
   * build if it exists, its mod version ids. One query whatever the number of mods (modpack, build
   * and assignments together); MODPACK_NOT_FOUND only.
   */
  async getBuildSource(slug: string, version: string): Promise<BuildSource> {
    const [row] = await runPrepared<BuildRow>(this.orm, GET_BUILD, [version, slug]);
    if (!row) throw new DepotError('MODPACK_NOT_FOUND');
    return {
      modpackId: row.modpack_id,
      modpackPrivate: row.modpack_private,
      build: buildFromRow(row),
      modVersionIds: row.id === null ? [] : row.mod_version_ids,
      sides: row.id === null ? [] : row.sides.map(([versionId, side]) => ({ versionId, side })),
    };
  }

  /**
   * A build, its mods copied from the build `clone.from` of the modpack `clone.modpack` (this one
   * when unset). Checks after the target's: version taken (422), source modpack gone (422, it
   * existed when the gateway judged the body), source not accessible (403). A source build that
   * does not exist is ignored (docs/api.md#create-a-build).
   */
  async create(
    slug: string,
    access: Access,
    fields: Required<Pick<BuildFields, 'version' | 'minecraft'>> & BuildFields,
    clone?: { from: string; modpack?: string },
  ): Promise<Build> {
    try {
      const build = await this.em().transactional(async (tx) => {
        // Copied assignments are stored assignments: no detach may run in between (tombstones.ts).
        if (clone) await enterAssignmentWrite(tx);
        // Shared lock: a concurrent modpack delete waits instead of breaking the foreign key.
        const modpack = await findWritableModpack(tx, slug, access, LockMode.PESSIMISTIC_READ);
        await this.assertVersionFree(tx, modpack.id, fields.version);
        const sourceId = clone ? await findCloneSource(tx, modpack.id, access, clone.modpack) : undefined;
        const created = tx.create(BuildSchema, {
          modpackId: modpack.id,
          version: fields.version,
          minecraft: fields.minecraft,
          forge: fields.forge ?? null,
          isPublished: fields.isPublished ?? false,
          private: fields.private ?? false,
          minJava: fields.minJava ?? null,
          minMemory: fields.minMemory ?? null,
        } as Build);
        await tx.flush();
        if (clone) {
          await tx.execute(
            `insert into build_mods (build_id, mod_id, mod_version_id, side)
             select ?, bm.mod_id, bm.mod_version_id, bm.side
               from build_mods bm join builds b on b.id = bm.build_id
              where b.modpack_id = ? and b.version = ?
              order by bm.id`,
            [created.id, sourceId, clone.from],
          );
        }
        enqueueBuildChange(tx, modpack, created, false);
        return created;
      });
      this.relay?.kick();
      return build;
    } catch (err) {
      throw asVersionExists(err);
    }
  }

  async update(slug: string, version: string, access: Access, fields: BuildFields): Promise<Build> {
    try {
      const build = await this.em().transactional(async (tx) => {
        const { modpack, build } = await findWritableBuild(tx, slug, version, access);
        if (fields.version !== undefined && fields.version !== build.version) {
          await this.assertVersionFree(tx, modpack.id, fields.version);
        }
        const wasPublished = build.isPublished;
        tx.assign(build, fields);
        await tx.flush();
        enqueueBuildChange(tx, modpack, build, wasPublished);
        return build;
      });
      this.relay?.kick();
      return build;
    } catch (err) {
      throw asVersionExists(err);
    }
  }

  /** Assignments go by cascade; mods and versions stay in catalog. */
  async delete(slug: string, version: string, access: Access): Promise<number> {
    const id = await this.em().transactional(async (tx) => {
      const { modpack, build } = await findWritableBuild(tx, slug, version, access);
      await tx.nativeDelete(BuildSchema, { id: build.id });
      enqueueEvent(tx, 'build.changed', { modpack_id: modpack.id, build_id: build.id, published: build.isPublished });
      return build.id;
    });
    this.relay?.kick();
    return id;
  }

  /** Versions are unique within a modpack, exactly (case-sensitive). */
  private async assertVersionFree(em: SqlEntityManager, modpackId: number, version: string): Promise<void> {
    if (await em.count(BuildSchema, { modpackId, version })) throw new DepotError('BUILD_VERSION_EXISTS');
  }
}

function asVersionExists(err: unknown): unknown {
  return isUniqueViolation(err, 'builds_modpack_id_version_unique') ? new DepotError('BUILD_VERSION_EXISTS') : err;
}
