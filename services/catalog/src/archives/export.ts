// A build's Modrinth pack (docs/exports.md#mrpack), or its packwiz tree (packwiz.ts): modrinth.index.json naming every jar of its mods'
// archives as a file downloaded from Depot's immutable jar URL (jars.ts), with its sha1, sha512,
// size and env from the mod's side, Minecraft and the loader as dependencies; every other file of
// the archives in the override folder its mod's side gives. What cannot be carried is left out,
// with the reasons (export-plan.ts): the pack always installs. Made once per build state, as a
// server pack is (server-pack.ts): its key is the digest of what it is made from, its bytes
// reproducible (path order, stored, a fixed time and mode), streamed from the store into the store.
import { hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import {
  DepotError,
  EXPORT_FORMATS,
  exportSide,
  jarUrl,
  mrpackEnv,
  MRPACK_INDEX,
  MRPACK_LOADERS,
  type ExportLeftOut,
  type MrpackIndex,
} from '@depot/common';
import type { Orm } from '@depot/common/runtime';
import type { StagedObject } from '@depot/common/archive-store';
import { PlanBuilder, type ExportPlan, type ExportRequest, type ExportVersion } from './export-plan';

export type { ExportRequest };
import type { ArchiveJars } from './jars';
import type { ArchiveObjects } from './objects';
import { MadePacks } from './made-packs';
import { addEntry, PACK_ENTRY, packZip } from './zip/pack-writer';
import { entries, StreamingReader } from './zip/streaming-reader';
import { StagedReader } from './zip/staged-reader';
import { Slices } from './zip/judge';
import { packwizFiles, packwizStream, type TreeFile } from './packwiz';

export interface MadeExport {
  sha256: string;
  md5: string;
  size: number;
  madeAt: Date;
  problems: string[];
  /** packwiz: the tree's files, by path, and where their bytes lie in the object. */
  files?: Record<string, PlacedFile>;
}

export interface PlacedFile extends TreeFile {
  offset: number;
  size: number;
}

export class BuildExports extends MadePacks {
  constructor(
    orm: Orm,
    objects: ArchiveObjects,
    private readonly jars: ArchiveJars,
    private readonly maxBytes: number,
  ) {
    super(orm, objects);
  }

  /** The build's export in `format`: the one made for this state, else made now. */
  async export(req: ExportRequest): Promise<MadeExport> {
    if (!EXPORT_FORMATS.includes(req.format)) throw new DepotError('VALIDATION', {}, `No export format ${req.format}.`);
    const versions = await this.versions(req.versionIds, req.sides ?? new Map());
    const key = exportKey(req, versions);
    const made = await this.find(key);
    if (made) return made;
    return this.make(req, key, versions);
  }

  /** The build's versions with their sides, by mod name: one query. */
  private async versions(ids: number[], sides: ReadonlyMap<number, string>): Promise<ExportVersion[]> {
    return (await this.versionRows(ids)).map(({ id, mod, version, hosted, side }) => ({
      id,
      mod,
      version,
      hosted,
      side: exportSide(sides.get(id) ?? side),
    }));
  }

  private async find(key: string): Promise<MadeExport | undefined> {
    const row = await this.madeRow<{
      hosted: string;
      md5: string;
      size: string;
      made_at: Date;
      problems: string[];
      files: Record<string, PlacedFile> | null;
    }>('select hosted, md5, size, made_at, problems, files from exports where key = ?', key);
    if (!row) return undefined;
    return {
      sha256: row.hosted,
      md5: row.md5,
      size: Number(row.size),
      madeAt: new Date(row.made_at),
      problems: row.problems,
      ...(row.files ? { files: row.files } : {}),
    };
  }

  private async make(req: ExportRequest, key: string, versions: ExportVersion[]): Promise<MadeExport> {
    const zips: yauzl.ZipFile[] = [];
    try {
      const planned = await this.plan(req, versions, zips);
      const plan = req.format === 'packwiz' ? packwizFiles(planned) : planned;
      const tree = new Map<string, TreeFile>();
      const bytes = req.format === 'packwiz' ? packwizStream(req, plan, tree) : mrpackStream(req, plan);
      const staged = await this.objects.store.stage(bytes, this.maxBytes);
      const d = staged.digests;
      let files: Record<string, PlacedFile> | undefined;
      try {
        if (req.format === 'packwiz') files = await placeFiles(staged, tree);
      } catch (err) {
        await staged.discard();
        throw err;
      }
      await this.commitMade(staged, async (tx) => {
        await tx.execute(
          `insert into exports (key, format, modpack, build, hosted, md5, size, problems, files)
             values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)
             on conflict (key) do update set hosted = excluded.hosted, md5 = excluded.md5, size = excluded.size,
               problems = excluded.problems, files = excluded.files`,
          [
            key,
            req.format,
            req.modpack,
            req.build,
            d.sha256,
            d.md5,
            d.size,
            JSON.stringify(plan.problems),
            files ? JSON.stringify(files) : null,
          ],
        );
        // The build's earlier exports of this format: their objects go unless named otherwise.
        return tx.execute<{ hosted: string }[]>(
          'delete from exports where modpack = ? and build = ? and format = ? and key <> ? returning hosted',
          [req.modpack, req.build, req.format, key],
        );
      });
      return {
        sha256: d.sha256,
        md5: d.md5,
        size: d.size,
        madeAt: new Date(),
        problems: plan.problems,
        ...(files ? { files } : {}),
      };
    } finally {
      for (const zip of zips) zip.close();
    }
  }

  /**
   * What the build's exports leave out of its archives (the pack doctor's), judged as a make would:
   * the jars (taken out now unless taken already) and directories read, no pack made.
   */
  async leftOut(req: Pick<ExportRequest, 'versionIds' | 'sides' | 'loader'>): Promise<ExportLeftOut[]> {
    const versions = await this.versions(req.versionIds, req.sides ?? new Map());
    const zips: yauzl.ZipFile[] = [];
    try {
      return (await this.plan(req, versions, zips)).leftOut;
    } finally {
      for (const zip of zips) zip.close();
    }
  }

  /** What the pack carries (export-plan.ts): the archives' jars (one query) and directories. */
  private async plan(
    req: Pick<ExportRequest, 'loader'>,
    versions: ExportVersion[],
    zips: yauzl.ZipFile[],
  ): Promise<ExportPlan> {
    const builder = new PlanBuilder();
    builder.loader(req.loader);
    const hosted = versions.filter((v) => v.hosted);
    const jarSets = await this.jars.ofArchives(hosted.map((v) => v.hosted!));
    for (const version of versions) {
      const sha = version.hosted;
      if (!sha) {
        builder.notHosted(version);
        continue;
      }
      const set = jarSets.get(sha)!;
      if (set.problem) {
        builder.noJars(version, set.problem);
        continue;
      }
      for (const jar of set.jars) builder.jar(version, jar);
      const info = await this.objects.store.head(sha);
      if (!info) {
        builder.noJars(version, 'its archive is missing from the store', false);
        continue;
      }
      const reader = new StreamingReader({ read: (start, end) => this.objects.store.read(sha, start, end) }, info.size);
      const zip = await yauzl.fromRandomAccessReaderPromise(reader, info.size, { lazyEntries: true, autoClose: false });
      zips.push(zip);
      const list: yauzl.Entry[] = [];
      const slices = new Slices();
      for await (const entry of entries(zip)) {
        list.push(entry);
        await slices.next();
      }
      builder.entries(version, zip, list, set.jars.length);
      // The directory is read: its block is let go (200 archives would hold 200 blocks).
      reader.forget();
    }
    return builder.done();
  }
}

/** Where each file of a stored packwiz tree lies: its entry's data, read from the zip's headers. */
async function placeFiles(staged: StagedObject, tree: Map<string, TreeFile>): Promise<Record<string, PlacedFile>> {
  const size = staged.digests.size;
  const zip = await yauzl.fromRandomAccessReaderPromise(new StagedReader(staged, 0, size), size, {
    lazyEntries: true,
    autoClose: false,
  });
  try {
    const placed: Record<string, PlacedFile> = {};
    for await (const entry of entries(zip)) {
      const header = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
      placed[entry.fileName] = {
        ...tree.get(entry.fileName)!,
        offset: header.fileDataStart,
        size: entry.compressedSize,
      };
    }
    return placed;
  } finally {
    zip.close();
  }
}

/** The digest of what the export is made from: the same state, the same key. */
function exportKey(req: ExportRequest, versions: ExportVersion[]): string {
  const state = {
    format: req.format,
    layout: 1,
    modpack: req.modpack,
    build: req.build,
    name: req.name,
    minecraft: req.minecraft,
    loader: req.loader,
    baseUrl: req.baseUrl,
    versions: versions.map((v) => [v.mod, v.version, v.hosted, v.side]),
  };
  return hash('sha256', JSON.stringify(state));
}

/** modrinth.index.json of the plan. */
export function mrpackIndex(req: ExportRequest, plan: ExportPlan): MrpackIndex {
  const dependencies: Record<string, string> = { minecraft: req.minecraft };
  const loader = req.loader && MRPACK_LOADERS[req.loader.name];
  if (loader && req.loader?.version) dependencies[loader] = req.loader.version;
  return {
    formatVersion: 1,
    game: 'minecraft',
    versionId: req.build,
    name: req.name,
    files: plan.jars.map(({ path, jar, version }) => ({
      path,
      hashes: { sha1: jar.sha1, sha512: jar.sha512 },
      env: mrpackEnv(version.side),
      downloads: [jarUrl(req.baseUrl, jar.sha256, path.slice(path.lastIndexOf('/') + 1))],
      fileSize: jar.size,
    })),
    dependencies,
  };
}

/** The pack's bytes: the index, then each override stored in path order. */
function mrpackStream(req: ExportRequest, plan: ExportPlan): Readable {
  return packZip(async (zip) => {
    zip.addBuffer(Buffer.from(`${JSON.stringify(mrpackIndex(req, plan), null, 2)}\n`), MRPACK_INDEX, PACK_ENTRY);
    for (const file of plan.files) await addEntry(zip, file, `${file.folder}/${file.path}`);
  });
}
