// A Modrinth pack installed as an installer does it (Modrinth's format: modrinth.index.json, then
// overrides/ and the side's own overrides folder): every file of the index downloaded from its
// first URL and refused unless its sha1, sha512 and size are those the index names, every path
// checked to stay inside the instance, the overrides placed after the files. What it finds is
// returned so that a test compares it with what the build holds.
import { createHash } from 'node:crypto';
import { unzip } from './archives';

export interface MrpackFile {
  path: string;
  hashes: { sha1: string; sha512: string };
  env: { client: string; server: string };
  downloads: string[];
  fileSize: number;
}

export interface MrpackIndex {
  formatVersion: number;
  game: string;
  versionId: string;
  name: string;
  files: MrpackFile[];
  dependencies: Record<string, string>;
}

export interface Installed {
  index: MrpackIndex;
  /** The instance's files by path, as the installer wrote them. */
  files: Map<string, Buffer>;
  /** Each download: its URL and the answer's status and Cache-Control. */
  downloads: { url: string; status: number; cacheControl: string | null }[];
}

const digest = (algorithm: string, b: Buffer) => createHash(algorithm).update(b).digest('hex');

/** Why an installer must refuse this path; undefined: inside the instance. */
export function outsideInstance(path: string): string | undefined {
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path) || path.includes('\\')) return `${path} is absolute`;
  if (path.split('/').some((s) => s === '..' || s === '')) return `${path} leaves the instance`;
  return undefined;
}

/** Installs `pack` for `side` (a client or a server); throws what an installer would refuse. */
export async function installMrpack(pack: Buffer, side: 'client' | 'server'): Promise<Installed> {
  const entries = unzip(pack);
  const index = JSON.parse(entries.get('modrinth.index.json')!.toString()) as MrpackIndex;
  if (index.formatVersion !== 1 || index.game !== 'minecraft') throw new Error('not a Minecraft pack of format 1');
  const files = new Map<string, Buffer>();
  const downloads: Installed['downloads'] = [];
  for (const file of index.files) {
    const problem = outsideInstance(file.path);
    if (problem) throw new Error(problem);
    if (file.env[side] === 'unsupported') continue;
    const url = file.downloads[0];
    const res = await fetch(url);
    const bytes = Buffer.from(await res.arrayBuffer());
    downloads.push({ url, status: res.status, cacheControl: res.headers.get('cache-control') });
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (bytes.length !== file.fileSize) throw new Error(`${file.path}: ${bytes.length} bytes, not ${file.fileSize}`);
    if (digest('sha1', bytes) !== file.hashes.sha1) throw new Error(`${file.path}: sha1 differs`);
    if (digest('sha512', bytes) !== file.hashes.sha512) throw new Error(`${file.path}: sha512 differs`);
    files.set(file.path, bytes);
  }
  // overrides/ first, then the side's own, which wins.
  for (const folder of ['overrides/', `${side}-overrides/`]) {
    for (const [name, bytes] of entries) {
      if (!name.startsWith(folder) || name.endsWith('/')) continue;
      const path = name.slice(folder.length);
      const problem = outsideInstance(path);
      if (problem) throw new Error(problem);
      files.set(path, bytes);
    }
  }
  return { index, files, downloads };
}
