// A build's exports for other launchers (docs/exports.md): the Modrinth pack (.mrpack) and the
// packwiz pack, defined once for the catalog that makes them, the gateway that serves them and the
// console that shows them.
import type { BuildLoader } from './server-pack';

export const EXPORT_FORMATS = ['mrpack', 'packwiz'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Where a mod runs in a build (its side; both when nothing says). */
export type ExportSide = 'client' | 'server' | 'both';

export const exportSide = (side: string | null | undefined): ExportSide =>
  side === 'client' || side === 'server' ? side : 'both';

/** The .mrpack folder an override goes to by its mod's side. */
export const EXPORT_SIDE_FOLDERS: Record<ExportSide, string> = {
  both: 'overrides',
  client: 'client-overrides',
  server: 'server-overrides',
};

/** The mrpack's `env` of a file by its mod's side. */
export function mrpackEnv(side: ExportSide): {
  client: 'required' | 'unsupported';
  server: 'required' | 'unsupported';
} {
  return {
    client: side === 'server' ? 'unsupported' : 'required',
    server: side === 'client' ? 'unsupported' : 'required',
  };
}

/** packwiz's `side` of a mod by its side. */
export const packwizSide = (side: ExportSide) => side;

/** The names .mrpack's `dependencies` and packwiz's `[versions]` give a loader. */
export const MRPACK_LOADERS: Partial<Record<BuildLoader, string>> = {
  forge: 'forge',
  neoforge: 'neoforge',
  fabric: 'fabric-loader',
  quilt: 'quilt-loader',
};
export const PACKWIZ_LOADERS: Partial<Record<BuildLoader, string>> = {
  forge: 'forge',
  neoforge: 'neoforge',
  fabric: 'fabric',
  quilt: 'quilt',
};

const CONTROL = /\p{Cc}/u;
const DRIVE = /^[a-z]:/i;

/**
 * Why an installer must not write this path (extracted: `/`-separated) into the instance; undefined:
 * it may. Modrinth's format forbids `..`, absolute and drive paths; a backslash or a control
 * character would be read otherwise on one system than another.
 */
export function exportPathProblem(path: string): string | undefined {
  if (!path || path.startsWith('/')) return 'an absolute path';
  if (CONTROL.test(path) || path.includes('\\')) return 'a control character or a backslash';
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || /^\.\.[. ]*$/.test(s) || DRIVE.test(s)))
    return 'outside the instance';
  return undefined;
}

/** modrinth.index.json (formatVersion 1). */
export interface MrpackIndex {
  formatVersion: 1;
  game: 'minecraft';
  versionId: string;
  name: string;
  summary?: string;
  files: {
    path: string;
    hashes: { sha1: string; sha512: string };
    env: { client: string; server: string };
    downloads: string[];
    fileSize: number;
  }[];
  dependencies: Record<string, string>;
}

export const MRPACK_INDEX = 'modrinth.index.json';

/** Where Depot serves a jar taken out of an archive: immutable, the sha256 in the path. */
export const jarUrl = (baseUrl: string, sha256: string, file: string) =>
  `${baseUrl.replace(/\/*$/, '/')}jars/${sha256}/${encodeURIComponent(file)}`;

/**
 * What an export leaves out of a mod version's archive (docs/exports.md#what-an-export-leaves-out),
 * by cause, as the pack doctor reports it: an archive with no jar under mods/ (its mod is not in the
 * pack), a Technic bin/ folder (the loader is named instead), paths outside the instance.
 */
export const EXPORT_LEFT_OUT_CAUSES = ['no-jar', 'loader-archive', 'path-outside'] as const;
export type ExportLeftOutCause = (typeof EXPORT_LEFT_OUT_CAUSES)[number];

export interface ExportLeftOut {
  cause: ExportLeftOutCause;
  mod: string;
  version: string;
  /** path-outside: the paths left out; else empty. */
  paths: string[];
}
