// Modpacks: the launcher reads' source, unfiltered (the gateway applies docs/api.md#visibility),
// and the modpack writes (docs/api.md#modpacks), with events written to the outbox in the same transaction.
import { IsolationLevel, LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError } from '@depot/common';
import {
  columnList,
  columnsOf,
  enqueueEvent,
  isUniqueViolation,
  propertiesOf,
  runPrepared,
  type Orm,
  type OutboxRelay,
} from '@depot/common/runtime';
import { findBuild, findWritableModpack, type Access } from './access';
import { BuildSchema } from './entities/build';
import { ModpackSchema, type Modpack } from './entities/modpack';
import { GET_MODPACK, LIST_MODPACKS, modpackFromRow, type BuildFlagsRow, type ModpackRow } from './queries';
import { enqueuePromotions } from './release-events';
import { enterAssignmentWrite } from './tombstones';

export type ModpackFields = Partial<
  Pick<Modpack, 'name' | 'slug' | 'url' | 'hidden' | 'private' | 'order' | 'recommended' | 'latest'>
>;

export interface BuildFlags {
  version: string;
  isPublished: boolean;
  private: boolean;
}

/** A modpack with every build, published or not (the gateway applies visibility). */
export interface ModpackSource {
  modpack: Modpack;
  builds: BuildFlags[];
}

const flagsOf = ([version, isPublished, isPrivate]: BuildFlagsRow): BuildFlags => ({
  version,
  isPublished,
  private: isPrivate,
});

const sourceOf = (row: ModpackRow): ModpackSource => ({
  modpack: modpackFromRow(row),
  builds: row.builds.map(flagsOf),
});

// A clone copies every column of the modpack and its builds but their identity, what the request
// gives (name, slug, hidden) and the timestamps (the copies are new).
const COPIED_MODPACK_COLUMNS = columnList(
  columnsOf(ModpackSchema, propertiesOf(ModpackSchema, ['id', 'name', 'slug', 'hidden', 'createdAt', 'updatedAt'])),
);
const COPIED_BUILD_COLUMNS = columnList(
  columnsOf(BuildSchema, propertiesOf(BuildSchema, ['id', 'modpackId', 'createdAt', 'updatedAt'])),
);

const TAKEN_MESSAGES = { name: 'The name has already been taken.', slug: 'The slug has already been taken.' };

function taken(fields: ('name' | 'slug')[]): DepotError {
  return DepotError.fields(Object.fromEntries(fields.map((f) => [f, [TAKEN_MESSAGES[f]]])), 'MODPACK_TAKEN');
}

/** Which field a unique violation of the modpacks table is about (undefined: not one). */
function violatedField(err: unknown): 'name' | 'slug' | undefined {
  if (isUniqueViolation(err, 'modpacks_name_lower_unique')) return 'name';
  if (isUniqueViolation(err, 'modpacks_slug_lower_unique') || isUniqueViolation(err, 'modpacks_slug_exact')) {
    return 'slug';
  }
  return undefined;
}

export class Modpacks {
  constructor(
    private readonly orm: Orm,
    private readonly relay: OutboxRelay | undefined,
  ) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /** Every modpack with every build's flags, unfiltered: the launcher reads' source. One query. */
  async sources(): Promise<ModpackSource[]> {
    const rows = await runPrepared<ModpackRow>(this.orm, LIST_MODPACKS);
    return rows.map(sourceOf);
  }

  /**
   * One modpack with every build's flags, by exact slug: the modpack view read while the gateway's
   * cache is off (one indexed query instead of the whole list). MODPACK_NOT_FOUND only.
   */
  async source(slug: string): Promise<ModpackSource> {
    const [row] = await runPrepared<ModpackRow>(this.orm, GET_MODPACK, [slug]);
    if (!row) throw new DepotError('MODPACK_NOT_FOUND');
    return sourceOf(row);
  }

  async create(fields: Required<Pick<ModpackFields, 'name' | 'slug'>> & ModpackFields): Promise<Modpack> {
    try {
      const modpack = await this.em().transactional(async (tx) => {
        await this.assertFree(tx, fields);
        const created = tx.create(ModpackSchema, {
          name: fields.name,
          slug: fields.slug,
          url: fields.url ?? null,
          hidden: fields.hidden ?? true,
          private: fields.private ?? false,
          order: fields.order ?? null,
          recommended: null,
          latest: null,
          iconUrl: null,
          iconMd5: null,
          logoUrl: null,
          logoMd5: null,
          backgroundUrl: null,
          backgroundMd5: null,
        } as Modpack);
        await tx.flush();
        enqueueEvent(tx, 'build.changed', { modpack_id: created.id });
        return created;
      });
      this.relay?.kick();
      return modpack;
    } catch (err) {
      throw await this.asTaken(err, fields);
    }
  }

  async update(slug: string, access: Access, fields: ModpackFields): Promise<Modpack> {
    let id = 0;
    try {
      const modpack = await this.em().transactional(async (tx) => {
        const modpack = await findWritableModpack(tx, slug, access, LockMode.PESSIMISTIC_WRITE);
        id = modpack.id;
        await this.assertFree(tx, fields, modpack.id);
        const before = { recommended: modpack.recommended, latest: modpack.latest };
        tx.assign(modpack, fields);
        await tx.flush();
        enqueueEvent(tx, 'build.changed', { modpack_id: modpack.id });
        enqueuePromotions(tx, modpack, before);
        return modpack;
      });
      this.relay?.kick();
      return modpack;
    } catch (err) {
      throw await this.asTaken(err, fields, id);
    }
  }

  /** Builds and assignments go by cascade; auth drops access rows on modpack.deleted. */
  async delete(slug: string, access: Access): Promise<number> {
    const id = await this.em().transactional(async (tx) => {
      const modpack = await findWritableModpack(tx, slug, access, LockMode.PESSIMISTIC_WRITE);
      await tx.nativeDelete(ModpackSchema, { id: modpack.id });
      enqueueEvent(tx, 'modpack.deleted', { modpack_id: modpack.id, modpack_slug: modpack.slug });
      return modpack.id;
    });
    this.relay?.kick();
    return id;
  }

  /**
   * A new modpack with the source's settings, every build as it is and every assignment, copied
   * set-wise in one transaction. Repeatable read: the copy is one consistent snapshot.
   */
  async clone(sourceSlug: string, access: Access, target: { name: string; slug: string; hidden?: boolean }) {
    try {
      const modpack = await this.em().transactional(
        async (tx) => {
          // Before the snapshot (LOCK TABLE takes none): no detach in between (tombstones.ts).
          await enterAssignmentWrite(tx);
          const source = await findWritableModpack(tx, sourceSlug, access);
          await this.assertFree(tx, target);
          const [{ id }] = await tx.execute<{ id: number }[]>(
            `insert into modpacks (name, slug, hidden, ${COPIED_MODPACK_COLUMNS})
             select ?, ?, ?, ${COPIED_MODPACK_COLUMNS} from modpacks where id = ?
             returning id`,
            [target.name, target.slug, target.hidden ?? true, source.id],
          );
          await tx.execute(
            `insert into builds (modpack_id, ${COPIED_BUILD_COLUMNS})
             select ?, ${COPIED_BUILD_COLUMNS} from builds where modpack_id = ? order by id`,
            [id, source.id],
          );
          // Versions are unique within a modpack, so they pair each source build with its copy.
          await tx.execute(
            `insert into build_mods (build_id, mod_id, mod_version_id, side)
             select copy.id, bm.mod_id, bm.mod_version_id, bm.side
               from build_mods bm
               join builds orig on orig.id = bm.build_id
               join builds copy on copy.modpack_id = ? and copy.version = orig.version
              where orig.modpack_id = ?
              order by bm.id`,
            [id, source.id],
          );
          enqueueEvent(tx, 'build.changed', { modpack_id: id });
          return tx.findOneOrFail(ModpackSchema, { id });
        },
        { isolationLevel: IsolationLevel.REPEATABLE_READ },
      );
      this.relay?.kick();
      return modpack;
    } catch (err) {
      throw await this.asTaken(err, target);
    }
  }

  /** The write checks alone, so the gateway can answer 404/403 before validating a body. */
  async checkTarget(slug: string, access: Access, version?: string): Promise<{ modpackId: number; buildId?: number }> {
    const em = this.em();
    const modpack = await findWritableModpack(em, slug, access);
    if (version === undefined) return { modpackId: modpack.id };
    const build = await findBuild(em, modpack.id, version);
    return { modpackId: modpack.id, buildId: build.id };
  }

  async refsBySlugs(slugs: string[]): Promise<Pick<Modpack, 'id' | 'slug'>[]> {
    if (!slugs.length) return [];
    return this.em().find(ModpackSchema, { slug: { $in: slugs } }, { fields: ['id', 'slug'], orderBy: { id: 'asc' } });
  }

  async refsByIds(ids: number[]): Promise<Pick<Modpack, 'id' | 'slug'>[]> {
    if (!ids.length) return [];
    return this.em().find(ModpackSchema, { id: { $in: ids } }, { fields: ['id', 'slug'], orderBy: { id: 'asc' } });
  }

  /**
   * The loser of a race on a unique index, as the very error a sequential duplicate gets. The
   * violation names one index only, while the pre-check reports every taken field (name and slug
   * at once): so both are checked again, now that the winner has committed. Should the winner be
   * gone again by then, the violated index alone answers.
   */
  private async asTaken(err: unknown, fields: { name?: string; slug?: string }, exceptId = 0): Promise<unknown> {
    const field = violatedField(err);
    if (!field) return err;
    try {
      await this.assertFree(this.em(), fields, exceptId);
    } catch (recheck) {
      if (recheck instanceof DepotError) return recheck;
      return err;
    }
    return taken([field]);
  }

  /** Name and slug are unique case-insensitively; a record keeping its own values is no duplicate. */
  private async assertFree(em: SqlEntityManager, fields: { name?: string; slug?: string }, exceptId = 0) {
    if (fields.name === undefined && fields.slug === undefined) return;
    const name = fields.name ?? null;
    const slug = fields.slug ?? null;
    const [row] = await em.execute<{ name: boolean | null; slug: boolean | null }[]>(
      `select bool_or(lower(name) = lower(?)) as name, bool_or(lower(slug) = lower(?)) as slug
         from modpacks where (lower(name) = lower(?) or lower(slug) = lower(?)) and id <> ?`,
      [name, slug, name, slug, exceptId],
    );
    const takenFields = (['name', 'slug'] as const).filter((f) => row[f]);
    if (takenFields.length) throw taken(takenFields);
  }
}
