// Mods and their versions: the rules of docs/api.md#mods and #mod-versions that need the database
// (uniqueness, existence, cascade), with events written to the outbox in the same transaction.
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, refuseNewVersion, type ModSide } from '@depot/common';
import {
  enqueueEvent,
  isUniqueViolation,
  runPrepared,
  withDates,
  type Orm,
  type OutboxRelay,
} from '@depot/common/runtime';
import { ModSchema, type Mod } from './entities/mod';
import { ModVersionSchema, type ModVersion } from './entities/mod-version';
import {
  GET_MOD,
  GET_VERSION,
  GET_VERSIONS_BY_IDS,
  GET_VERSIONS_BY_IDS_LEAN,
  type ModRow,
  type ResolvedVersionRow,
  type VersionRow,
} from './queries';
import { hostingAfterEdit } from './archives/hosting';
import type { VersionUsage } from './version-usage';

export interface ModFields {
  name?: string;
  prettyName?: string;
  author?: string | null;
  description?: string | null;
  link?: string | null;
  notes?: string | null;
}

export interface VersionFields {
  md5?: string;
  filesize?: number | null;
  url?: string | null;
  notes?: string | null;
  side?: ModSide | null;
}

export const nameTaken = () => DepotError.fields({ name: ['The name has already been taken.'] }, 'MOD_NAME_TAKEN');

function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; name?: string };
  return e?.code === '23503' || e?.name === 'ForeignKeyConstraintViolationException';
}

export class Catalog {
  constructor(
    private readonly orm: Orm,
    private readonly relay: OutboxRelay | undefined,
    private readonly usage: VersionUsage,
    /** Called after a commit that deleted versions with these hosted archives (archives/objects.ts). */
    private readonly releaseArchives: (shas: (string | null)[]) => Promise<void> = async () => undefined,
  ) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  async listMods(): Promise<Pick<Mod, 'id' | 'name' | 'prettyName'>[]> {
    return this.em().find(ModSchema, {}, { fields: ['id', 'name', 'prettyName'], orderBy: { id: 'asc' } });
  }

  /** The mod and its version strings in creation order: one query. */
  async getMod(slug: string): Promise<{ mod: Mod; versions: string[] }> {
    const [row] = await runPrepared<ModRow>(this.orm, GET_MOD, [slug]);
    if (!row) throw new DepotError('MOD_NOT_FOUND');
    const { versions, ...mod } = row;
    return { mod: withDates<Mod>(mod), versions };
  }

  async createMod(fields: NewModFields): Promise<Mod> {
    try {
      const mod = await this.em().transactional((tx) => insertMod(tx, fields));
      this.relay?.kick();
      return mod;
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
  }

  async updateMod(slug: string, fields: ModFields): Promise<Mod> {
    try {
      const mod = await this.em().transactional(async (tx) => {
        const mod = await this.findMod(tx, slug);
        if (fields.name !== undefined && fields.name.toLowerCase() !== mod.name.toLowerCase()) {
          await assertNameFree(tx, fields.name);
        }
        tx.assign(mod, fields);
        await tx.flush();
        enqueueEvent(tx, 'mod.updated', { mod_id: mod.id });
        return mod;
      });
      this.relay?.kick();
      return mod;
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
  }

  /** Deletes the mod and its versions; builds detach them when mod.deleted arrives. */
  async deleteMod(slug: string): Promise<{ modId: number; versionIds: number[] }> {
    const result = await this.em().transactional(async (tx) => {
      const mod = await this.findMod(tx, slug, true);
      const versions = await tx.find(ModVersionSchema, { modId: mod.id }, { fields: ['id', 'hosted'] });
      const versionIds = versions.map((v) => v.id);
      await tx.nativeDelete(ModVersionSchema, { modId: mod.id });
      await tx.nativeDelete(ModSchema, { id: mod.id });
      enqueueEvent(tx, 'mod.deleted', { mod_id: mod.id, version_ids: versionIds });
      return { modId: mod.id, versionIds, hosted: versions.map((v) => v.hosted) };
    });
    this.relay?.kick();
    // After the commit: a version never names a missing object.
    await this.releaseArchives(result.hosted);
    return { modId: result.modId, versionIds: result.versionIds };
  }

  /** A version by mod slug and exact version string: one query. */
  async getVersion(slug: string, version: string): Promise<ModVersion> {
    const [row] = await runPrepared<VersionRow>(this.orm, GET_VERSION, [version, slug]);
    if (!row) throw new DepotError('MOD_NOT_FOUND');
    if (row.id === null) throw new DepotError('VERSION_NOT_FOUND');
    return withDates<ModVersion>({ ...row, filesize: row.filesize === null ? null : Number(row.filesize) });
  }

  async createVersion(slug: string, version: string, fields: Required<Pick<VersionFields, 'md5'>> & VersionFields) {
    try {
      const created = await this.em().transactional(async (tx) => {
        const mod = await this.findMod(tx, slug);
        refuseNewVersion(version);
        const existing = await tx.count(ModVersionSchema, { modId: mod.id, version });
        if (existing) throw new DepotError('VERSION_EXISTS');
        const row = tx.create(ModVersionSchema, {
          modId: mod.id,
          version,
          md5: fields.md5.toLowerCase(),
          filesize: fields.filesize ?? null,
          url: fields.url ?? null,
          notes: fields.notes ?? null,
        } as ModVersion);
        await tx.flush();
        enqueueEvent(tx, 'mod.updated', { mod_id: mod.id });
        enqueueEvent(tx, 'mod.version.added', { mod_id: mod.id, version_id: row.id, mod_slug: mod.name, version });
        return row;
      });
      this.relay?.kick();
      return created;
    } catch (err) {
      if (isUniqueViolation(err)) throw new DepotError('VERSION_EXISTS');
      // The mod was deleted (and its row lock released) between the lookup and the insert: the
      // answer a sequential request gets, not a 500.
      if (isForeignKeyViolation(err)) throw new DepotError('MOD_NOT_FOUND');
      throw err;
    }
  }

  async updateVersion(slug: string, version: string, fields: VersionFields): Promise<ModVersion> {
    const updated = await this.em().transactional(async (tx) => {
      const mod = await this.findMod(tx, slug);
      const row = await this.findVersion(tx, mod.id, version);
      const hosted = row.hosted;
      const unhosted = hostingAfterEdit(row, fields);
      tx.assign(row, {
        ...fields,
        ...(fields.md5 !== undefined ? { md5: fields.md5.toLowerCase() } : {}),
        ...unhosted,
      });
      await tx.flush();
      enqueueEvent(tx, 'mod.version.updated', { mod_id: mod.id, version_id: row.id });
      return { row, released: row.hosted === hosted ? null : hosted };
    });
    this.relay?.kick();
    await this.releaseArchives([updated.released]);
    return updated.row;
  }

  /**
   * Refuses while builds use the version. Builds counts them under a reservation that refuses new
   * assignments of the version until the delete is done (version-usage.ts), so none can be
   * acknowledged and then detached by it. mod.version.deleted makes builds tombstone the version.
   */
  async deleteVersion(slug: string, version: string): Promise<{ modId: number; versionId: number }> {
    const em = this.em();
    const mod = await this.findMod(em, slug);
    const row = await this.findVersion(em, mod.id, version);
    const deletion = await this.usage.reserveDeletion(row.id);
    if (deletion.count > 0) {
      throw new DepotError(
        'VERSION_IN_USE',
        { count: deletion.count },
        `Mod version is in use by ${deletion.count} build(s) and cannot be deleted.`,
      );
    }
    let refusal: DepotError | undefined;
    try {
      await em.transactional(async (tx) => {
        const deleted = await tx.nativeDelete(ModVersionSchema, { id: row.id });
        if (!deleted) throw (refusal = new DepotError('VERSION_NOT_FOUND'));
        enqueueEvent(tx, 'mod.version.deleted', { mod_id: mod.id, version_id: row.id });
        // Past its budget builds may soon take the version for alive again: do not delete it then.
        if (!deletion.holds()) throw (refusal = new DepotError('UNAVAILABLE'));
      });
    } catch (err) {
      // Surely rolled back only when refused here; after any other failure (the commit itself may
      // have gone through) the reservation is left to its lease, past which builds asks catalog.
      if (err === refusal) await deletion.release();
      throw err;
    }
    this.relay?.kick();
    await this.releaseArchives([row.hosted]);
    return { modId: mod.id, versionId: row.id };
  }

  /** One query for a whole build's versions, whatever their number; the mods' details only when asked. */
  async getVersionsByIds(ids: number[], withDetails = true): Promise<ResolvedVersionRow[]> {
    if (!ids.length) return [];
    return runPrepared<ResolvedVersionRow>(this.orm, withDetails ? GET_VERSIONS_BY_IDS : GET_VERSIONS_BY_IDS_LEAN, [
      ids,
    ]);
  }

  private async findMod(em: SqlEntityManager, slug: string, forUpdate = false): Promise<Mod> {
    const mod = await em.findOne(ModSchema, { name: slug }, forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!mod) throw new DepotError('MOD_NOT_FOUND');
    return mod;
  }

  private async findVersion(em: SqlEntityManager, modId: number, version: string): Promise<ModVersion> {
    const row = await em.findOne(ModVersionSchema, { modId, version });
    if (!row) throw new DepotError('VERSION_NOT_FOUND');
    return row;
  }
}

export type NewModFields = Required<Pick<ModFields, 'name' | 'prettyName'>> & ModFields;

/** Inserts a mod in `tx` (a new upload's mod too, archives/upload.ts), with its mod.updated event. */
export async function insertMod(tx: SqlEntityManager, fields: NewModFields): Promise<Mod> {
  await assertNameFree(tx, fields.name);
  const created = tx.create(ModSchema, {
    name: fields.name,
    prettyName: fields.prettyName,
    author: fields.author ?? null,
    description: fields.description ?? null,
    link: fields.link ?? null,
    notes: fields.notes ?? null,
  } as Mod);
  await tx.flush();
  enqueueEvent(tx, 'mod.updated', { mod_id: created.id });
  return created;
}

/** Names are unique whatever their case. */
async function assertNameFree(em: SqlEntityManager, name: string): Promise<void> {
  const [row] = await em.execute<{ n: number }[]>('select count(*)::int as n from mods where lower(name) = lower(?)', [
    name,
  ]);
  if (row.n > 0) throw nameTaken();
}
