// A Solder repository folder as it is on disk: `mods/{slug}/{slug}-{version}.zip`, the layout the
// launcher's download URLs name ({mirror_url}mods/{slug}/{slug}-{version}.zip). `archives push`
// reads it; what does not fit the layout is reported, never guessed at.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { versionOfMirrorFile } from '@depot/common';
import { CliError } from '../errors';

export interface RepositoryFile {
  slug: string;
  version: string;
  /** Absolute path. */
  file: string;
  /** Relative to the repository's `mods/` folder, as reports show it. */
  name: string;
  size: number;
}

export interface Repository {
  /** The `mods/` folder read. */
  modsDir: string;
  files: RepositoryFile[];
  /** Files and folders that are not `{slug}/{slug}-{version}.zip` (relative to modsDir). */
  unrecognised: string[];
}

const isDir = (p: string) =>
  fs.stat(p).then(
    (s) => s.isDirectory(),
    () => false,
  );

/** `<dir>` holds `mods/`, or is `mods/` itself. */
export async function resolveModsDir(dir: string): Promise<string> {
  const abs = path.resolve(dir);
  if (!(await isDir(abs))) throw new CliError(`${dir}: no such folder`);
  if (await isDir(path.join(abs, 'mods'))) return path.join(abs, 'mods');
  return abs;
}

/** Every `{slug}/{slug}-{version}.zip`, in slug then name order. */
export async function readRepository(dir: string): Promise<Repository> {
  const modsDir = await resolveModsDir(dir);
  const files: RepositoryFile[] = [];
  const unrecognised: string[] = [];
  const slugs = (await fs.readdir(modsDir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of slugs) {
    if (!entry.isDirectory()) {
      unrecognised.push(entry.name);
      continue;
    }
    const slug = entry.name;
    const names = (await fs.readdir(path.join(modsDir, slug), { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    for (const f of names) {
      const name = `${slug}/${f.name}`;
      const version = f.isFile() ? versionOfMirrorFile(slug, f.name) : undefined;
      if (version === undefined) {
        unrecognised.push(name);
        continue;
      }
      const file = path.join(modsDir, slug, f.name);
      const { size } = await fs.stat(file);
      files.push({ slug, version, file, name, size });
    }
  }
  return { modsDir, files, unrecognised };
}

/** The md5 of a file, read as a stream. */
export async function md5OfFile(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
