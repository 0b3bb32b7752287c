// A release's mods as versions (docs/releases.md): each entry a file Depot holds (its mod and version
// given, or read from its metadata) or a version that exists, resolved in one transaction with a
// constant number of queries, and the versions made from held files created in it (not in a dry
// run). Every refusal is gathered into one answer of field errors (mods.<i>.file|mod|version,
// remove.<i>), nothing created. The build itself is the builds service's; a version created here
// for a release that builds then refuses is deleted again by the gateway (api/releases).
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, principalFacts, sideOfFacts, versionFieldError, type FieldErrors } from '@depot/common';
import { enqueueEvent, isUniqueViolation, type Orm, type OutboxRelay } from '@depot/common/runtime';
import { ModVersionSchema, type ModVersion } from '../entities/mod-version';
import { heldRows, library, modNamed, versionsOfFiles, type FileRef, type HeldRow } from './held';
import { lockObject } from './objects';

export interface ReleaseEntry {
  file?: FileRef;
  mod?: string;
  version?: string;
}

export interface ReleasedVersion {
  modId: number;
  mod: string;
  /** 0 in a dry run for a version that would be created. */
  versionId: number;
  version: string;
  created: boolean;
}

/** What a held file or a version made from one gives a new version's record. */
type Source = Pick<HeldRow, 'hosted' | 'md5' | 'filesize' | 'sha1' | 'sha512' | 'metadata'> & FileRef;

export class ReleaseVersions {
  constructor(
    private readonly orm: Orm,
    private readonly relay: OutboxRelay | undefined,
  ) {}

  async prepare(
    entries: ReleaseEntry[],
    remove: string[],
    dryRun: boolean,
  ): Promise<{ mods: ReleasedVersion[]; remove: { modId: number; mod: string }[] }> {
    const em = this.orm.em.fork() as SqlEntityManager;
    try {
      const result = await em.transactional((tx) => this.resolve(tx, entries, remove, dryRun));
      if (!dryRun) this.relay?.kick();
      return result;
    } catch (err) {
      // A release at the same time created the same version first.
      if (isUniqueViolation(err)) throw new DepotError('ARCHIVE_UPLOAD_CONFLICT');
      throw err;
    }
  }

  private async resolve(tx: SqlEntityManager, entries: ReleaseEntry[], remove: string[], dryRun: boolean) {
    const files = entries.flatMap((e) => (e.file ? [e.file] : []));
    const [held, made, mods] = await Promise.all([heldRows(tx, files), versionsOfFiles(tx, files), library(tx)]);
    const modBySlug = new Map(mods.map((m) => [m.name, m]));
    const errors: FieldErrors = {};
    const refuse = (field: string, message: string) => (errors[field] ??= []).push(message);

    // Each entry's file, mod and version.
    const wanted = entries.map((e, i) => {
      let source: Source | undefined;
      if (e.file) {
        const f = e.file;
        const row =
          held.find((h) => h.source_sha256 === f.sha256 && h.source_name === f.name) ??
          made.find((v) => v.source_sha256 === f.sha256 && v.source_name === f.name && v.hosted);
        if (!row) {
          refuse(`mods.${i}.file`, `Depot does not hold ${f.name} with this sha256: send it first.`);
          return undefined;
        }
        source = { ...f, ...row, hosted: row.hosted!, metadata: row.metadata ?? { mods: [] } };
      }
      const metadata = source?.metadata;
      const slug = e.mod ?? modNamed(metadata, mods);
      const mod = slug === undefined ? undefined : modBySlug.get(slug);
      if (!mod) {
        const named = slug ?? (metadata && principalFacts(metadata.mods)[0]?.id);
        refuse(
          `mods.${i}.mod`,
          named
            ? `No mod "${named}": create it first, or give the mod.`
            : "The file's metadata names no mod: give the mod.",
        );
      }
      const version = e.version ?? (metadata && oneVersion(metadata));
      if (version === undefined) refuse(`mods.${i}.version`, "The file's metadata names no version: give the version.");
      if (!mod || version === undefined) return undefined;
      return { index: i, mod, version, source };
    });
    const seen = new Map<number, number>();
    for (const w of wanted) {
      if (!w) continue;
      if (seen.has(w.mod.id)) refuse(`mods.${w.index}.mod`, `${w.mod.name} is in the list twice.`);
      seen.set(w.mod.id, w.index);
    }
    const removed = remove.map((slug, i) => {
      const mod = modBySlug.get(slug);
      if (!mod) refuse(`remove.${i}`, `No mod "${slug}".`);
      else if (seen.has(mod.id)) refuse(`remove.${i}`, `${slug} is both released and removed.`);
      return mod && { modId: mod.id, mod: mod.name };
    });

    // The versions that exist, in one query.
    const pairs = wanted.flatMap((w) => (w ? [{ mod_id: w.mod.id, version: w.version }] : []));
    const existing = pairs.length
      ? await tx.execute<{ id: number; mod_id: number; version: string; hosted: string | null }[]>(
          `select v.id, v.mod_id, v.version, v.hosted from mod_versions v
            where (v.mod_id, v.version) in (select p.mod_id, p.version
              from jsonb_to_recordset(?::jsonb) as p(mod_id int, version text))`,
          [JSON.stringify(pairs)],
        )
      : [];
    const out: ReleasedVersion[] = [];
    const toCreate: { w: NonNullable<(typeof wanted)[number]>; at: number }[] = [];
    for (const w of wanted) {
      if (!w) continue;
      const found = existing.find((v) => v.mod_id === w.mod.id && v.version === w.version);
      const base = { modId: w.mod.id, mod: w.mod.name, version: w.version };
      if (found) {
        if (w.source && found.hosted !== w.source.hosted) {
          refuse(`mods.${w.index}.version`, `Version ${w.version} of ${w.mod.name} has another archive.`);
        }
        out.push({ ...base, versionId: found.id, created: false });
      } else if (!w.source) {
        refuse(`mods.${w.index}.version`, `No version ${w.version} of ${w.mod.name}.`);
      } else {
        const rule = versionFieldError(w.version, `mods.${w.index}.version`);
        if (rule) Object.assign(errors, rule);
        toCreate.push({ w, at: out.length });
        out.push({ ...base, versionId: 0, created: true });
      }
    }
    if (Object.keys(errors).length) throw DepotError.fields(errors);
    if (dryRun || !toCreate.length) return { mods: out, remove: removed.filter((r) => r !== undefined) };

    // The new versions: each object locked (the sweep leaves it) before a version names it.
    const now = new Date();
    const rows: ModVersion[] = [];
    for (const { w } of toCreate) {
      const s = w.source!;
      await lockObject(tx, s.hosted);
      rows.push(
        tx.create(ModVersionSchema, {
          modId: w.mod.id,
          version: w.version,
          md5: s.md5,
          filesize: Number(s.filesize),
          url: null,
          notes: null,
          sha1: s.sha1,
          sha256: s.hosted,
          sha512: s.sha512,
          hosted: s.hosted,
          hostedAt: now,
          metadata: s.metadata,
          side: sideOfFacts(s.metadata.mods) ?? null,
          sourceSha256: s.sha256,
          sourceName: s.name,
        } as ModVersion),
      );
    }
    await tx.flush();
    toCreate.forEach(({ at }, i) => (out[at].versionId = rows[i].id));
    for (const modId of new Set(toCreate.map(({ w }) => w.mod.id))) enqueueEvent(tx, 'mod.updated', { mod_id: modId });
    toCreate.forEach(({ w }, i) =>
      enqueueEvent(tx, 'mod.version.added', {
        mod_id: w.mod.id,
        version_id: rows[i].id,
        mod_slug: w.mod.name,
        version: w.version,
      }),
    );
    return { mods: out, remove: removed.filter((r) => r !== undefined) };
  }
}

/** The one version the metadata names (its own facts, else its jars'); undefined for none or several. */
function oneVersion(metadata: { mods: { version?: string; file?: string }[] }): string | undefined {
  const versions = new Set(principalFacts(metadata.mods).flatMap((m) => (m.version ? [m.version] : [])));
  return versions.size === 1 ? [...versions][0] : undefined;
}
