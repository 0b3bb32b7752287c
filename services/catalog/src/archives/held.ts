// Files held for a release (docs/releases.md): stored before the release that names them, each
// once, so a client re-publishing a pack of 200 mods sends only the new ones. A client names a file
// by what it has on disk, its name and the sha256 of its bytes: a version's archive remembers the
// file it was made from (mod_versions.source_sha256, source_name), a held file its own row here.
// A hold lasts HOLD_MS; the object it names is kept while it does (objects.ts), and a release that
// names it makes it a version's archive for good (release.ts).
import type { Readable } from 'node:stream';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { libraryModFor, principalFacts } from '@depot/common';
import type { Orm } from '@depot/common/runtime';
import { StoreError, type ArchiveDigests } from '@depot/common/archive-store';
import type { ModFacts } from './metadata';
import { lockObject, type ArchiveObjects } from './objects';
import { stageAndRead } from './staging';

/** How long a held file waits for the release that names it. */
export const HOLD_MS = 24 * 60 * 60 * 1000;

export interface FileRef {
  name: string;
  sha256: string;
}

export interface HeldLookup extends FileRef {
  held: boolean;
  versions: { mod: string; version: string }[];
  metadata?: { mods: ModFacts[] };
  /** The mod of the library its metadata names. */
  mod?: string;
}

/** A held file as a release takes it: the object and its record's fields. */
export interface HeldRow {
  source_sha256: string;
  source_name: string;
  hosted: string;
  md5: string;
  filesize: string | number;
  sha1: string;
  sha512: string;
  metadata: { mods: ModFacts[] };
}

/** The files (name and sha256) as a jsonb recordset parameter, for a `where (sha256, name) in (…)`. */
const FILES_SQL = `select f.sha256, f.name from jsonb_to_recordset(?::jsonb) as f(sha256 text, name text)`;

/** Held files among `files` whose hold has not run out. */
export async function heldRows(em: SqlEntityManager, files: FileRef[]): Promise<HeldRow[]> {
  if (!files.length) return [];
  return em.execute<HeldRow[]>(
    `select source_sha256, source_name, hosted, md5, filesize, sha1, sha512, metadata from held_archives
      where (source_sha256, source_name) in (${FILES_SQL}) and held_until > now()`,
    [JSON.stringify(files)],
  );
}

/** Versions whose archive was made from one of `files`, with their mods' slugs. */
export async function versionsOfFiles(em: SqlEntityManager, files: FileRef[]) {
  if (!files.length) return [];
  return em.execute<
    {
      id: number;
      mod_id: number;
      mod: string;
      version: string;
      source_sha256: string;
      source_name: string;
      hosted: string | null;
      md5: string;
      filesize: string | number;
      sha1: string;
      sha512: string;
      metadata: { mods: ModFacts[] } | null;
    }[]
  >(
    `select v.id, v.mod_id, m.name as mod, v.version, v.source_sha256, v.source_name, v.hosted, v.metadata,
            v.md5, v.filesize, v.sha1, v.sha512
       from mod_versions v join mods m on m.id = v.mod_id
      where v.source_sha256 is not null and (v.source_sha256, v.source_name) in (${FILES_SQL})
      order by v.id`,
    [JSON.stringify(files)],
  );
}

/** Every mod's slug and display name: what an archive's facts are matched against (one query). */
export async function library(em: SqlEntityManager): Promise<{ id: number; name: string; pretty_name: string }[]> {
  return em.execute('select id, name, pretty_name from mods');
}

/** The slug of the mod of `mods` an archive's facts name. */
export function modNamed(metadata: { mods: ModFacts[] } | undefined, mods: { name: string; pretty_name: string }[]) {
  const facts = metadata && principalFacts(metadata.mods)[0];
  return facts && libraryModFor(facts, mods, (m) => ({ slug: m.name, pretty: m.pretty_name }))?.name;
}

const key = (f: { sha256: string; name: string }) => `${f.sha256}\u0000${f.name}`;

export class ArchiveHolds {
  constructor(
    private readonly orm: Orm,
    private readonly objects: ArchiveObjects,
    private readonly maxBytes: number,
    private readonly maxEntries: number,
    /** After a file is stored: its jars taken out (jars.ts). Never throws. */
    private readonly afterStored: (sha256: string) => Promise<void> = async () => undefined,
  ) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /** Which of `files` Depot holds, in their order: three queries whatever their number. */
  async lookup(files: FileRef[]): Promise<HeldLookup[]> {
    const em = this.em();
    const [held, versions] = await Promise.all([heldRows(em, files), versionsOfFiles(em, files)]);
    const mods = held.length || versions.length ? await library(em) : [];
    const heldBy = new Map(held.map((h) => [key({ sha256: h.source_sha256, name: h.source_name }), h]));
    return files.map((f) => {
      const own = versions.filter((v) => v.source_sha256 === f.sha256 && v.source_name === f.name);
      const metadata = heldBy.get(key(f))?.metadata ?? own.find((v) => v.metadata)?.metadata ?? undefined;
      const held = heldBy.has(key(f)) || own.some((v) => v.hosted !== null);
      return {
        ...f,
        held,
        versions: own.map((v) => ({ mod: v.mod, version: v.version })),
        ...(held ? { metadata, mod: modNamed(metadata, mods) } : {}),
      };
    });
  }

  /**
   * Stores the file (as an upload: checked, a jar packaged, its metadata read) and holds it for
   * HOLD_MS, or longer again when it was held already. `created`: it was neither held nor a
   * version's archive before.
   */
  async hold(
    req: { fileName: string; size?: number },
    body: Readable,
  ): Promise<{
    lookup: HeldLookup;
    created: boolean;
    warnings: string[];
    packaged: boolean;
    digests: ArchiveDigests;
  }> {
    if (req.size !== undefined && req.size > this.maxBytes) {
      throw new StoreError('too_large', `${req.size} bytes announced, more than ${this.maxBytes} (ARCHIVE_MAX_BYTES)`);
    }
    const read = await stageAndRead(this.objects.store, req, body, this.maxBytes, this.maxEntries);
    const d = read.staged.digests;
    const file = { name: read.name, sha256: read.sourceSha256 };
    let committed = false;
    try {
      const inserted = await this.em().transactional(async (tx) => {
        // The object and its hold together: the sweep cannot remove it between them.
        await lockObject(tx, d.sha256);
        await read.staged.commit();
        committed = true;
        const [row] = await tx.execute<{ inserted: boolean }[]>(
          `insert into held_archives
             (source_sha256, source_name, hosted, md5, filesize, sha1, sha512, metadata, held_until)
           values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, now() + make_interval(secs => ?))
           on conflict (source_sha256, source_name) do update set held_until = excluded.held_until
           returning (xmax = 0) as inserted`,
          [
            file.sha256,
            file.name,
            d.sha256,
            d.md5,
            d.size,
            d.sha1,
            d.sha512,
            JSON.stringify({ mods: read.metadata.mods }),
            HOLD_MS / 1000,
          ],
        );
        return row.inserted;
      });
      if (inserted) await this.afterStored(d.sha256);
      const [lookup] = await this.lookup([file]);
      return {
        lookup,
        created: inserted && !lookup.versions.length,
        warnings: read.warnings,
        packaged: read.kind === 'jar',
        digests: d,
      };
    } catch (err) {
      if (committed) await this.objects.release([d.sha256]);
      else await read.staged.discard();
      throw err;
    }
  }
}
