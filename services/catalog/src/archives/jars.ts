// Each mod jar its own file (docs/exports.md#jars): the jars under mods/ of a hosted archive taken
// out into the store, each an object named by its sha256 with its sha1, sha512, md5 and size, so
// that launchers of other formats (.mrpack, packwiz) download the jar itself from an immutable URL.
// Taken out once per archive: at upload (new archives), by the backfill (those stored before), or
// by an export that finds an archive not done yet. The archive is judged first as an upload judges
// it (zip/judge.ts: a hostile zip is refused from its records), its entries streamed from ranged
// reads of the store into staged objects, each bounded by ARCHIVE_MAX_BYTES and all of them
// together too: memory stays flat and the work bounded whatever the zip says.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import yauzl from 'yauzl';
import { DepotError } from '@depot/common';
import { isStoreError, type StagedObject } from '@depot/common/archive-store';
import type { Orm } from '@depot/common/runtime';
import { lockObject, type ArchiveObjects } from './objects';
import { extractedPath } from './zip/entry-names';
import { judgeZip, Slices } from './zip/judge';
import { StagedReader } from './zip/staged-reader';
import { entries, StreamingReader } from './zip/streaming-reader';

export interface JarFile {
  /** Where it lies in the archive (extracted: `/`-separated), under mods/. */
  path: string;
  sha256: string;
  sha1: string;
  sha512: string;
  md5: string;
  size: number;
  madeAt: Date;
}

export interface ArchiveJarSet {
  jars: JarFile[];
  /** Why its jars could not be taken out (then it has none). */
  problem: string | null;
  /** Taken out now (false: before). */
  made: boolean;
}

/** A jar of the mods folder, at any depth (Forge also loads mods/<minecraft version>/). */
export const isModJar = (path: string) => path.startsWith('mods/') && path.toLowerCase().endsWith('.jar');

interface JarRow {
  archive: string;
  path: string;
  sha256: string;
  sha1: string;
  sha512: string;
  md5: string;
  size: string | number;
  made_at: Date;
}

const toJar = (r: JarRow): JarFile => ({
  path: r.path,
  sha256: r.sha256,
  sha1: r.sha1,
  sha512: r.sha512,
  md5: r.md5,
  size: Number(r.size),
  madeAt: new Date(r.made_at),
});

/** Archives looked at per backfill call. */
const PAGE = { default: 16, max: 64 };

export class ArchiveJars {
  constructor(
    private readonly orm: Orm,
    private readonly objects: ArchiveObjects,
    private readonly maxBytes: number,
    private readonly maxEntries: number,
  ) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /** A jar by its sha256, with the first archive path it was found at. */
  async jar(sha256: string): Promise<JarFile> {
    const [row] = await this.em().execute<JarRow[]>(
      'select * from archive_jars where sha256 = ? order by archive, path limit 1',
      [sha256],
    );
    if (!row) throw new DepotError('JAR_NOT_FOUND');
    return toJar(row);
  }

  /** The jars of these archives (one query), each archive not done yet taken out now. */
  async ofArchives(archives: string[]): Promise<Map<string, ArchiveJarSet>> {
    const found = new Map<string, ArchiveJarSet>();
    if (!archives.length) return found;
    const em = this.em();
    const done = await em.execute<{ archive: string; problem: string | null }[]>(
      'select archive, problem from jar_extractions where archive in (?)',
      [archives],
    );
    const rows = await em.execute<JarRow[]>('select * from archive_jars where archive in (?) order by path', [
      archives,
    ]);
    for (const d of done) found.set(d.archive, { jars: [], problem: d.problem, made: false });
    for (const r of rows) found.get(r.archive)?.jars.push(toJar(r));
    for (const archive of new Set(archives)) {
      if (!found.has(archive)) found.set(archive, await this.extract(archive));
    }
    return found;
  }

  /**
   * Takes the archive's jars out, unless done already. An archive that cannot be (refused by the
   * judge, too large, unreadable) is recorded with its problem and no jars; a store outage is
   * thrown and nothing is recorded.
   */
  async extract(archive: string, opts: { judged?: boolean } = {}): Promise<ArchiveJarSet> {
    const [done] = await this.em().execute<{ problem: string | null }[]>(
      'select problem from jar_extractions where archive = ?',
      [archive],
    );
    if (done) {
      const rows = await this.em().execute<JarRow[]>('select * from archive_jars where archive = ? order by path', [
        archive,
      ]);
      return { jars: rows.map(toJar), problem: done.problem, made: false };
    }
    const info = await this.objects.store.head(archive);
    if (!info) return { jars: [], problem: 'its archive is missing from the store', made: false };
    const staged: { path: string; object: StagedObject }[] = [];
    let problem: string | null = null;
    try {
      problem = await this.takeOut(archive, info.size, staged, !!opts.judged);
    } catch (err) {
      await Promise.all(staged.map((s) => s.object.discard()));
      throw err;
    }
    if (problem) {
      await Promise.all(staged.map((s) => s.object.discard()));
      staged.length = 0;
    }
    return this.record(archive, staged, problem);
  }

  /** Stages every jar of the archive; a problem (nothing is kept then) or null. */
  private async takeOut(
    archive: string,
    size: number,
    staged: { path: string; object: StagedObject }[],
    judged: boolean,
  ): Promise<string | null> {
    const store = this.objects.store;
    const object = { read: (start: number, end: number) => store.read(archive, start, end) };
    const limits = { maxEntries: this.maxEntries };
    // (an upload has just judged it: not twice)
    try {
      if (!judged) await judgeZip(new StagedReader(object, 0, size), size, 'the archive', limits);
    } catch (err) {
      if (err instanceof DepotError) return `the archive is refused: ${err.message}`;
      throw err;
    }
    const reader = new StreamingReader(object, size);
    const zip = await yauzl.fromRandomAccessReaderPromise(reader, size, { lazyEntries: true, autoClose: false });
    try {
      if (zip.entryCount > this.maxEntries) return `the archive has more entries than ARCHIVE_MAX_ENTRIES`;
      const jars: { path: string; entry: yauzl.Entry }[] = [];
      let total = 0;
      // The event loop gets its turns (a directory of 100,000 records is read from one block).
      const slices = new Slices();
      for await (const entry of entries(zip)) {
        await slices.next();
        if (entry.fileName.endsWith('/')) continue;
        const path = extractedPath(entry.fileName);
        if (!isModJar(path)) continue;
        total += entry.uncompressedSize;
        jars.push({ path, entry });
      }
      // The bound on what the jars become: no more than one archive may be (yauzl checks that each
      // entry's bytes are the size its record says).
      if (total > this.maxBytes) {
        return `its jars are ${total} bytes unpacked, more than ARCHIVE_MAX_BYTES (${this.maxBytes})`;
      }
      reader.forget();
      for (const { path, entry } of jars) {
        try {
          const stream = await zip.openReadStreamPromise(entry);
          staged.push({ path, object: await store.stage(stream, this.maxBytes) });
        } catch (err) {
          if (isStoreError(err, 'unavailable') || isStoreError(err, 'missing')) throw err;
          return `its jar ${path} cannot be read (${(err as Error).message})`;
        }
      }
      return null;
    } finally {
      zip.close();
    }
  }

  /** Commits the staged jars and records them, while the archive is still named (else nothing). */
  private async record(
    archive: string,
    staged: { path: string; object: StagedObject }[],
    problem: string | null,
  ): Promise<ArchiveJarSet> {
    const committed: string[] = [];
    try {
      const named = await this.em().transactional(async (tx) => {
        await lockObject(tx, archive);
        const [row] = await tx.execute<{ named: boolean }[]>(
          `select exists (select 1 from mod_versions where hosted = ?)
               or exists (select 1 from held_archives where hosted = ? and held_until > now()) as named`,
          [archive, archive],
        );
        if (!row.named) return false;
        // Locks in one order (the archive's, then the jars' by sha256): two extractions never wait on each other.
        const order = [...staged].sort((a, b) => (a.object.digests.sha256 < b.object.digests.sha256 ? -1 : 1));
        for (const s of order) {
          await lockObject(tx, s.object.digests.sha256);
          await s.object.commit();
          committed.push(s.object.digests.sha256);
        }
        if (staged.length) {
          const rows = staged.map((s) => ({ archive, path: s.path, ...s.object.digests }));
          await tx.execute(
            `insert into archive_jars (archive, path, sha256, sha1, sha512, md5, size)
             select r.archive, r.path, r.sha256, r.sha1, r.sha512, r.md5, r.size
               from jsonb_to_recordset(?::jsonb) as r(archive text, path text, sha256 text, sha1 text, sha512 text, md5 text, size bigint)
             on conflict do nothing`,
            [JSON.stringify(rows)],
          );
        }
        await tx.execute(
          'insert into jar_extractions (archive, jars, problem) values (?, ?, ?) on conflict do nothing',
          [archive, staged.length, problem],
        );
        return true;
      });
      if (!named) {
        await Promise.all(staged.map((s) => s.object.discard()));
        return { jars: [], problem: null, made: false };
      }
    } catch (err) {
      await Promise.all(
        staged.filter((s) => !committed.includes(s.object.digests.sha256)).map((s) => s.object.discard()),
      );
      await this.objects.release(committed);
      throw err;
    }
    const rows = await this.em().execute<JarRow[]>('select * from archive_jars where archive = ? order by path', [
      archive,
    ]);
    return { jars: rows.map(toJar), problem, made: true };
  }

  /**
   * The backfill: a page of hosted archives (a version's or a held file's) after `after`, in
   * sha256 order, each taken out unless done. Resumable: what is done stays done, so a run cut
   * short and started again goes on where it was.
   */
  async backfill(after: string, limit: number) {
    const take = Math.min(Math.max(limit || PAGE.default, 1), PAGE.max);
    const hosted = `select hosted from mod_versions where hosted is not null
                    union select hosted from held_archives where held_until > now()`;
    const page = await this.em().execute<{ hosted: string }[]>(
      `select hosted from (${hosted}) h where hosted > ? order by hosted limit ?`,
      [after, take],
    );
    const archives: { archive: string; made: boolean; jars: number; problem: string }[] = [];
    for (const { hosted: archive } of page) {
      const set = await this.extract(archive);
      archives.push({ archive, made: set.made, jars: set.jars.length, problem: set.problem ?? '' });
    }
    const [counts] = await this.em().execute<{ total: string; done: string }[]>(
      `select count(*) as total, count(e.archive) as done from (${hosted}) h
         left join jar_extractions e on e.archive = h.hosted`,
    );
    return {
      archives,
      next: page.length === take ? page[page.length - 1].hosted : '',
      total: Number(counts.total),
      done: Number(counts.done),
    };
  }
}
