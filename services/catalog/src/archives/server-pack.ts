// A build's server pack (docs/archives.md#server-packs): the files of its mods' archives a
// dedicated server needs (SERVER_FOLDERS), from every version that does not run on the client only,
// in one zip with a manifest (depot-server.json) giving each file's sha256. Made once per build
// state: its key is the digest of what it is made from (the versions' objects, the build's
// settings), so the same state always finds the same pack, and a changed one makes a new pack on
// its first request. Reproducible: files in path order, stored (the jars are compressed already,
// and no compressor's output enters the bytes), a fixed time and mode, as packaged jars are. Built
// as a stream from the store's ranged reads into the store: memory stays flat whatever its size.
import { hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { DepotError, forServer, SERVER_MANIFEST, type ServerManifest } from '@depot/common';
import type { Orm } from '@depot/common/runtime';
import { isStoreError } from '@depot/common/archive-store';
import type { ArchiveObjects } from './objects';
import { MadePacks, type PackVersionRow } from './made-packs';
import { addEntry, PACK_ENTRY, packZip } from './zip/pack-writer';
import { extractedPath } from './zip/entry-names';
import { entries, StreamingReader } from './zip/streaming-reader';

export interface ServerPackRequest {
  modpack: string;
  build: string;
  minecraft: string;
  forge: string | null;
  minJava: string | null;
  loader: ServerManifest['loader'];
  versionIds: number[];
  /** Where a version runs in this build, where the build says (it wins over the version's). */
  sides?: ReadonlyMap<number, string>;
}

export interface ServerPack {
  sha256: string;
  md5: string;
  size: number;
  madeAt: Date;
}

type PackVersion = PackVersionRow;

/** A file of the pack: where it comes from and where it goes. */
interface PackFile {
  path: string;
  version: PackVersion;
  entry: yauzl.Entry;
  zip: yauzl.ZipFile;
}

/** A pack that cannot be made from this build, saying which archive and why (nothing stored). */
const cannot = (why: string) => new DepotError('SERVER_PACK_UNAVAILABLE', {}, `No server pack for this build: ${why}.`);

export class ServerPacks extends MadePacks {
  constructor(
    orm: Orm,
    objects: ArchiveObjects,
    private readonly maxBytes: number,
  ) {
    super(orm, objects);
  }

  /** The build's server pack: the one made for this state, else made now. */
  async serverPack(req: ServerPackRequest): Promise<ServerPack> {
    const versions = await this.versions(req.versionIds, req.sides ?? new Map());
    const key = packKey(req, versions);
    const made = await this.find(key);
    if (made) return made;
    return this.make(req, key, versions);
  }

  /**
   * Whether the build's pack is made for this state, else whether it could be made and, when not,
   * why (the message a make would refuse with): the archives' directories are read and the size
   * reckoned, nothing is written.
   */
  async check(req: ServerPackRequest): Promise<{ made: boolean; hosted: boolean; problem?: string }> {
    const versions = await this.versions(req.versionIds, req.sides ?? new Map());
    if (await this.find(packKey(req, versions))) return { made: true, hosted: true };
    const hosted = !versions.length || versions.some((v) => v.hosted);
    const zips: yauzl.ZipFile[] = [];
    try {
      const files = await this.files(versions, zips);
      const size = reckonedSize(files);
      if (size > this.maxBytes) {
        throw cannot(
          `it would hold ${megabytes(size)} of files, more than the ${megabytes(this.maxBytes)} the server accepts ` +
            '(ARCHIVE_MAX_BYTES)',
        );
      }
      return { made: false, hosted };
    } catch (err) {
      if (err instanceof DepotError && err.reason === 'SERVER_PACK_UNAVAILABLE') {
        return { made: false, hosted, problem: err.message };
      }
      throw err;
    } finally {
      for (const zip of zips) zip.close();
    }
  }

  /** The build's versions a server runs (not client-only), by mod name: one query. */
  private async versions(ids: number[], sides: ReadonlyMap<number, string>): Promise<PackVersion[]> {
    return (await this.versionRows(ids)).filter((v) => (sides.get(v.id) ?? v.side) !== 'client');
  }

  private async find(key: string): Promise<ServerPack | undefined> {
    const row = await this.madeRow<{ hosted: string; md5: string; size: string; made_at: Date }>(
      'select hosted, md5, size, made_at from server_packs where key = ?',
      key,
    );
    if (!row) return undefined;
    return { sha256: row.hosted, md5: row.md5, size: Number(row.size), madeAt: new Date(row.made_at) };
  }

  private async make(req: ServerPackRequest, key: string, versions: PackVersion[]): Promise<ServerPack> {
    const zips: yauzl.ZipFile[] = [];
    try {
      const files = await this.files(versions, zips);
      const staged = await this.objects.store.stage(packStream(req, files), this.maxBytes);
      const d = staged.digests;
      await this.commitMade(staged, async (tx) => {
        await tx.execute(
          `insert into server_packs (key, modpack, build, hosted, md5, size) values (?, ?, ?, ?, ?, ?)
           on conflict (key) do update set hosted = excluded.hosted, md5 = excluded.md5, size = excluded.size`,
          [key, req.modpack, req.build, d.sha256, d.md5, d.size],
        );
        // The build's earlier packs: their objects go unless named otherwise.
        return tx.execute<{ hosted: string }[]>(
          'delete from server_packs where modpack = ? and build = ? and key <> ? returning hosted',
          [req.modpack, req.build, key],
        );
      });
      return { sha256: d.sha256, md5: d.md5, size: d.size, madeAt: new Date() };
    } finally {
      for (const zip of zips) zip.close();
    }
  }

  /**
   * Every file the pack takes, in path order; a version Depot does not host, an archive it cannot
   * read as a zip, or two mods giving one path is refused.
   */
  private async files(versions: PackVersion[], zips: yauzl.ZipFile[]): Promise<PackFile[]> {
    const missing = versions.filter((v) => !v.hosted);
    if (missing.length) {
      const names = missing.map((v) => `${v.mod} ${v.version}`);
      const listed =
        names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
      throw cannot(`Depot does not host the archive of ${listed}`);
    }
    const files = new Map<string, PackFile>();
    for (const version of versions) {
      const sha = version.hosted!;
      const size = Number(version.filesize ?? (await this.objects.store.head(sha))?.size ?? 0);
      const reader = new StreamingReader({ read: (start, end) => this.objects.store.read(sha, start, end) }, size);
      const zip = await yauzl
        .fromRandomAccessReaderPromise(reader, size, { lazyEntries: true, autoClose: false })
        .catch((err: unknown) => {
          // (the store's own failures are an outage, not the archive's)
          if (isStoreError(err)) throw err;
          throw cannot(`the archive of ${version.mod} ${version.version} is not a zip Depot can read (${String(err)})`);
        });
      zips.push(zip);
      for await (const entry of entries(zip)) {
        if (entry.fileName.endsWith('/')) continue;
        const path = extractedPath(entry.fileName);
        if (!forServer(path)) continue;
        const other = files.get(path);
        if (other) {
          throw cannot(
            `${path} is in the archives of both ${other.version.mod} ${other.version.version} and ` +
              `${version.mod} ${version.version}`,
          );
        }
        files.set(path, { path, version, entry, zip });
      }
      // The directory is read: its block is let go (200 archives would hold 200 blocks).
      reader.forget();
    }
    return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}

/** What the manifest says of the build (all but its files). */
const manifestHead = (req: ServerPackRequest): Omit<ServerManifest, 'files'> => ({
  modpack: req.modpack,
  build: req.build,
  minecraft: req.minecraft,
  forge: req.forge,
  min_java: req.minJava,
  loader: req.loader,
});

/**
 * The least the pack's zip takes: each file's bytes, stored, with its local header and directory
 * record (30 and 46 bytes and its name twice), and the manifest's line for it.
 */
function reckonedSize(files: PackFile[]): number {
  return files.reduce((sum, f) => sum + f.entry.uncompressedSize + 76 + 2 * Buffer.byteLength(f.path) + 200, 0);
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;

/** The digest of what the pack is made from: the same state, the same key. */
function packKey(req: ServerPackRequest, versions: PackVersion[]): string {
  const state = { format: 1, ...manifestHead(req), versions: versions.map((v) => [v.mod, v.version, v.hosted]) };
  return hash('sha256', JSON.stringify(state));
}

/** The pack's bytes: each file stored in order, then the manifest with each file's sha256. */
function packStream(req: ServerPackRequest, files: PackFile[]): Readable {
  return packZip(async (zip) => {
    const manifest: ServerManifest = { ...manifestHead(req), files: [] };
    for (const file of files) {
      const { sha256 } = await addEntry(zip, file, file.path, ['sha256']);
      manifest.files.push({
        path: file.path,
        sha256,
        size: file.entry.uncompressedSize,
        mod: file.version.mod,
        version: file.version.version,
      });
    }
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), SERVER_MANIFEST, PACK_ENTRY);
  });
}
