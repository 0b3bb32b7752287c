// A packwiz pack installed as packwiz-installer does it: pack.toml read from its URL, index.toml
// from beside it and refused unless its sha256 is the one pack.toml names, then every file the
// index lists downloaded from beside it and refused unless its hash is the one listed; a metafile
// (metafile = true) is read for its download, which must match its own hash, and the file goes
// beside the metafile under its `filename`, unless its `side` is the other one.
import { createHash } from 'node:crypto';

export interface PackwizInstall {
  pack: Record<string, unknown>;
  index: { 'hash-format': string; files: { file: string; hash: string; metafile?: boolean }[] };
  /** The instance's files by path. */
  files: Map<string, Buffer>;
  /** Every URL fetched, with its status. */
  fetched: { url: string; status: number }[];
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/* eslint-disable @typescript-eslint/no-explicit-any -- TOML tables are whatever the pack wrote */
export async function installPackwiz(packUrl: string, side: 'client' | 'server'): Promise<PackwizInstall> {
  // smol-toml is an ES module only: imported, not required, from this CommonJS package.
  const { parse } = await import('smol-toml');
  const fetched: PackwizInstall['fetched'] = [];
  const get = async (url: string) => {
    const res = await fetch(url);
    fetched.push({ url, status: res.status });
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  };
  const base = packUrl.slice(0, packUrl.lastIndexOf('/') + 1);
  const pack = parse((await get(packUrl)).toString()) as Record<string, any>;
  const indexBytes = await get(new URL(pack.index.file, base).href);
  if (pack.index['hash-format'] !== 'sha256' || sha256(indexBytes) !== pack.index.hash)
    throw new Error('index.toml: hash differs');
  const index = parse(indexBytes.toString()) as unknown as PackwizInstall['index'];
  const files = new Map<string, Buffer>();
  for (const entry of index.files) {
    if (entry.file.split('/').some((s) => s === '..' || s === '') || entry.file.startsWith('/'))
      throw new Error(`${entry.file} leaves the instance`);
    const bytes = await get(new URL(entry.file.split('/').map(encodeURIComponent).join('/'), base).href);
    if (sha256(bytes) !== entry.hash) throw new Error(`${entry.file}: hash differs`);
    if (!entry.metafile) {
      files.set(entry.file, bytes);
      continue;
    }
    const meta = parse(bytes.toString()) as Record<string, any>;
    if (meta.side !== 'both' && meta.side !== side) continue;
    const jar = await get(meta.download.url);
    if (meta.download['hash-format'] !== 'sha256' || sha256(jar) !== meta.download.hash)
      throw new Error(`${meta.filename}: hash differs`);
    files.set(`${entry.file.slice(0, entry.file.lastIndexOf('/') + 1)}${meta.filename}`, jar);
  }
  return { pack, index, files, fetched };
}
