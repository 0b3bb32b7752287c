// Nothing orphaned: an object is removed once no version names it, and never while one does (nor
// while it is held for a release, held.ts, is a build's server pack, server-pack.ts, or export,
// export.ts, or a jar taken out of an archive, jars.ts: an archive's jars go with it).
// Every step that makes a version name an object (an upload's record) or removes an object holds
// a transaction-level advisory lock on that object's sha256, so "no version names it, remove it"
// and "store it, record it" never interleave: a record never points at a missing object. Objects
// are removed after the commit that dropped their last version (release), and whatever a crash or
// a store outage left behind is removed by the sweep once older than its grace period.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '@depot/common/process';
import type { Orm } from '@depot/common/runtime';
import type { ArchiveStore } from '@depot/common/archive-store';

/** The advisory lock class of archive objects (two-key form: apart from every other lock). */
const LOCK_CLASS = 0x41524348; // "ARCH"

/** Serialises work on one object within the transaction `em` is in (released at its end). */
export async function lockObject(em: SqlEntityManager, sha256: string): Promise<void> {
  const key = Number.parseInt(sha256.slice(0, 8), 16) | 0;
  await em.execute('select pg_advisory_xact_lock(?, ?)', [LOCK_CLASS, key]);
}

/** Objects the sweep asks the database about at once. */
const SWEEP_PAGE = 500;

export interface SweepResult {
  /** Objects no version named, removed. */
  objects: number;
  /** Staged leftovers (an upload cut off by a crash), removed. */
  staged: number;
}

export class ArchiveObjects {
  constructor(
    private readonly orm: Orm,
    readonly store: ArchiveStore,
    private readonly logger: Logger,
  ) {}

  /** Removes the object if no version names it; true when removed. Throws when the store fails. */
  async removeIfUnnamed(sha256: string): Promise<boolean> {
    const em = this.orm.em.fork() as SqlEntityManager;
    const freed = await em.transactional(async (tx) => {
      await lockObject(tx, sha256);
      const [row] = await tx.execute<{ named: boolean }[]>(
        `select exists (select 1 from mod_versions where hosted = ?)
             or exists (select 1 from held_archives where hosted = ? and held_until > now())
             or exists (select 1 from server_packs where hosted = ?)
             or exists (select 1 from exports where hosted = ?)
             or exists (select 1 from archive_jars where sha256 = ?) as named`,
        [sha256, sha256, sha256, sha256, sha256],
      );
      if (row.named) return undefined;
      // The jars taken out of it go with it (each unless another archive has it too).
      const jars = await tx.execute<{ sha256: string }[]>(
        'delete from archive_jars where archive = ? returning sha256',
        [sha256],
      );
      await tx.execute('delete from jar_extractions where archive = ?', [sha256]);
      await this.store.delete(sha256);
      return jars.map((j) => j.sha256);
    });
    if (!freed) return false;
    await this.release(freed);
    return true;
  }

  /**
   * After a commit that dropped versions' archives (a delete, a replace): removes those objects no
   * version names any more. Never throws: what it cannot remove now, the sweep removes later.
   */
  async release(shas: (string | null | undefined)[]): Promise<void> {
    for (const sha256 of new Set(shas.filter((s): s is string => !!s))) {
      try {
        await this.removeIfUnnamed(sha256);
      } catch (err) {
        this.logger.warn({ sha256, err: String(err) }, 'archive object left for the sweep');
      }
    }
  }

  /** Removes objects no version names and staged leftovers, last modified before `now - graceMs`. */
  async sweep(graceMs: number, now = Date.now()): Promise<SweepResult> {
    const result: SweepResult = { objects: 0, staged: 0 };
    const before = now - graceMs;
    // Holds past their time name nothing any more (the objects they held go below, if unnamed).
    await (this.orm.em.fork() as SqlEntityManager).execute('delete from held_archives where held_until <= now()');
    let candidates: string[] = [];
    // Old objects are asked about a page at a time (nearly all are named); only the unnamed ones
    // are removed, each checked again under its lock.
    const removeUnnamed = async () => {
      const em = this.orm.em.fork() as SqlEntityManager;
      const named = await em.execute<{ hosted: string }[]>(
        // (an array binding is expanded into a list)
        `select hosted from mod_versions where hosted in (?)
         union select hosted from held_archives where hosted in (?) and held_until > now()
         union select hosted from server_packs where hosted in (?)
         union select hosted from exports where hosted in (?)
         union select sha256 from archive_jars where sha256 in (?)`,
        [candidates, candidates, candidates, candidates, candidates],
      );
      const keep = new Set(named.map((r) => r.hosted));
      for (const sha256 of candidates) {
        if (!keep.has(sha256) && (await this.removeIfUnnamed(sha256))) result.objects++;
      }
      candidates = [];
    };
    for await (const entry of this.store.list()) {
      if (entry.lastModified.getTime() > before) continue;
      if (entry.kind === 'staged') {
        await this.store.removeStaged(entry.name);
        result.staged++;
      } else {
        candidates.push(entry.name);
        if (candidates.length >= SWEEP_PAGE) await removeUnnamed();
      }
    }
    if (candidates.length) await removeUnnamed();
    if (result.objects || result.staged) this.logger.info(result, 'archive sweep removed unnamed objects');
    return result;
  }

  /** Sweeps every `intervalMs` (0: never); the returned function stops it (and waits for a sweep under way). */
  startSweeping(intervalMs: number, graceMs: number): () => Promise<void> {
    if (intervalMs <= 0) return async () => undefined;
    let running: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      running ??= this.sweep(graceMs)
        .catch((err: unknown) => this.logger.warn({ err: String(err) }, 'archive sweep failed; tried again later'))
        .finally(() => (running = undefined));
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }
}
