// A build's packwiz pack (docs/exports.md#packwiz): the tree packwiz-installer follows from its
// pack.toml URL, written as TOML by smol-toml. Each jar a metafile beside where it goes
// (mods/<name>.pw.toml: its filename, side, and the jar's Depot URL with its sha256), each other
// file of the archives as it is, index.toml listing every one with its sha256 (metafile = true for
// the metafiles), pack.toml naming the index's sha256, Minecraft and the loader. The tree is stored
// as one zip of its files, uncompressed, so that each file is a byte range of the object the
// gateway serves under one base URL. The files are written first (hashed on the way), then the
// metafiles, the index and pack.toml, which name their hashes: one pass, memory flat.
import { hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { jarUrl, PACKWIZ_LOADERS, packwizSide } from '@depot/common';
import type { ExportPlan, ExportRequest } from './export-plan';
import { addEntry, PACK_ENTRY, packZip } from './zip/pack-writer';

export const PACK_TOML = 'pack.toml';
export const INDEX_TOML = 'index.toml';

/** A metafile's path: the jar's, `.jar` replaced (packwiz puts the download beside it). */
export const metafilePath = (jarPath: string) => `${jarPath.replace(/\.jar$/i, '')}.pw.toml`;

/** Leaves out the files a packwiz tree cannot carry as they are: its own files' paths, metafiles. */
export function packwizFiles(plan: ExportPlan): ExportPlan {
  const metafiles = new Set(plan.jars.map((j) => metafilePath(j.path)));
  const problems = [...plan.problems];
  const files = plan.files.filter((f) => {
    if (f.path === PACK_TOML || f.path === INDEX_TOML || f.path.endsWith('.pw.toml') || metafiles.has(f.path)) {
      problems.push(
        `${f.version.mod} ${f.version.version}: ${f.path} would be read as one of the packwiz pack's own files; left out of it.`,
      );
      return false;
    }
    return true;
  });
  return { ...plan, files, problems };
}

/** A file of the tree: its digests (its place in the zip is read once it is stored). */
export interface TreeFile {
  sha256: string;
  md5: string;
}

/** The tree's bytes: every file, then the metafiles, index.toml and pack.toml; `files` gets their digests. */
export function packwizStream(req: ExportRequest, plan: ExportPlan, files: Map<string, TreeFile>): Readable {
  return packZip(async (zip) => {
    const add = (bytes: Buffer, path: string): string => {
      zip.addBuffer(bytes, path, PACK_ENTRY);
      const sha256 = hash('sha256', bytes);
      files.set(path, { sha256, md5: hash('md5', bytes) });
      return sha256;
    };
    const { stringify } = await import('smol-toml');
    const indexed: { file: string; hash: string; metafile?: boolean }[] = [];
    for (const file of plan.files) {
      const digests = await addEntry(zip, file, file.path, ['sha256', 'md5']);
      files.set(file.path, digests);
      indexed.push({ file: file.path, hash: digests.sha256 });
    }
    for (const { path, jar, version } of plan.jars) {
      const filename = path.slice(path.lastIndexOf('/') + 1);
      const meta = Buffer.from(
        stringify({
          name: version.mod,
          filename,
          side: packwizSide(version.side),
          download: { url: jarUrl(req.baseUrl, jar.sha256, filename), 'hash-format': 'sha256', hash: jar.sha256 },
        }),
      );
      indexed.push({ file: metafilePath(path), hash: add(meta, metafilePath(path)), metafile: true });
    }
    indexed.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const index = Buffer.from(stringify({ 'hash-format': 'sha256', files: indexed }));
    const indexSha256 = add(index, INDEX_TOML);
    const versions: Record<string, string> = { minecraft: req.minecraft };
    const loader = req.loader && PACKWIZ_LOADERS[req.loader.name];
    if (loader && req.loader?.version) versions[loader] = req.loader.version;
    const pack = {
      name: req.name,
      version: req.build,
      'pack-format': 'packwiz:1.1.0',
      index: { file: INDEX_TOML, 'hash-format': 'sha256', hash: indexSha256 },
      versions,
    };
    add(Buffer.from(stringify(pack)), PACK_TOML);
  });
}
