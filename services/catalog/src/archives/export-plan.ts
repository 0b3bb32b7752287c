// What a build's export carries (docs/exports.md), decided from its versions and their archives'
// jars and entries before a byte is written: each jar a file downloaded from Depot's immutable jar
// URL, each other file an override in the folder its mod's side gives, and what cannot be carried
// left out with the reason (the pack doctor lists them): an archive Depot does not host, one with
// no jar, a Technic bin/ loader, a path outside the instance, two mods giving one path.
import type yauzl from 'yauzl';
import {
  EXPORT_SIDE_FOLDERS,
  exportPathProblem,
  type BuildLoader,
  type ExportLeftOut,
  type ExportFormat,
  type ExportSide,
} from '@depot/common';
import type { JarFile } from './jars';
import { isModJar } from './jars';
import { extractedPath } from './zip/entry-names';

/** What a build's export is made from (the catalog's ExportPack request). */
export interface ExportRequest {
  format: ExportFormat;
  modpack: string;
  build: string;
  /** The modpack's name as players see it. */
  name: string;
  minecraft: string;
  loader: { name: BuildLoader; version: string | null } | null;
  versionIds: number[];
  /** Where a version runs in this build, where the build says (it wins over the version's). */
  sides?: ReadonlyMap<number, string>;
  /** Depot's public address: the jars' URLs are under it. */
  baseUrl: string;
}

export interface ExportVersion {
  id: number;
  mod: string;
  version: string;
  hosted: string | null;
  /** Where it runs in this build: the build's assignment wins over the version's. */
  side: ExportSide;
}

/** A jar the pack downloads. */
export interface PlannedJar {
  path: string;
  jar: JarFile;
  version: ExportVersion;
}

/** A file carried in the pack's bytes (an override), from an archive's entry. */
export interface PlannedFile {
  /** Where it lands in the instance. */
  path: string;
  /** Its override folder (overrides, client-overrides, server-overrides). */
  folder: string;
  version: ExportVersion;
  entry: yauzl.Entry;
  zip: yauzl.ZipFile;
}

export interface ExportPlan {
  jars: PlannedJar[];
  files: PlannedFile[];
  problems: string[];
  /** What is left out of the archives, by cause (the pack doctor's finding of each). */
  leftOut: ExportLeftOut[];
}

const named = (v: ExportVersion) => `${v.mod} ${v.version}`;
const byPath = <T extends { path: string }>(a: T, b: T) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export class PlanBuilder {
  private readonly taken = new Map<string, ExportVersion>();
  readonly plan: ExportPlan = { jars: [], files: [], problems: [], leftOut: [] };

  private leave(v: ExportVersion, cause: ExportLeftOut['cause'], paths: string[] = []): void {
    this.plan.leftOut.push({ cause, mod: v.mod, version: v.version, paths });
  }

  /** A version Depot does not host: its files are unknown here. */
  notHosted(v: ExportVersion): void {
    this.plan.problems.push(`${named(v)}: Depot does not host its archive, so the export leaves it out.`);
  }

  /** The archive's jars could not be taken out: its mod is left out (`stored`: the archive is in the store). */
  noJars(v: ExportVersion, problem: string, stored = true): void {
    this.plan.problems.push(`${named(v)}: ${problem}; the export leaves it out.`);
    // (an archive missing from the store is the doctor's archive-missing)
    if (stored) this.leave(v, 'no-jar');
  }

  /** Whether `path` is free; a second mod giving it is left out of that path. */
  private claim(path: string, v: ExportVersion): boolean {
    const other = this.taken.get(path);
    if (other) {
      this.plan.problems.push(
        `${named(v)}: ${path} is in the archive of ${named(other)} too; the export keeps ${named(other)}'s.`,
      );
      return false;
    }
    this.taken.set(path, v);
    return true;
  }

  jar(v: ExportVersion, jar: JarFile): void {
    if (this.claim(jar.path, v)) this.plan.jars.push({ path: jar.path, jar, version: v });
  }

  /** Every entry of the version's archive but its jars (carried as downloads). */
  entries(v: ExportVersion, zip: yauzl.ZipFile, list: yauzl.Entry[], jars: number): void {
    if (jars === 0) {
      this.plan.problems.push(`${named(v)}: its archive holds no jar under mods/, so no mod of it is in the export.`);
    }
    const outside: string[] = [];
    let loader = false;
    for (const entry of list) {
      if (entry.fileName.endsWith('/')) continue;
      const path = extractedPath(entry.fileName);
      if (isModJar(path)) continue;
      if (path.split('/', 1)[0] === 'bin') {
        loader = true;
        continue;
      }
      if (exportPathProblem(path)) {
        outside.push(path);
        continue;
      }
      if (this.claim(path, v))
        this.plan.files.push({ path, folder: EXPORT_SIDE_FOLDERS[v.side], version: v, entry, zip });
    }
    if (loader) {
      this.plan.problems.push(
        `${named(v)}: its bin/ folder (the Technic Launcher's modpack.jar loader) is left out; the export names the build's loader instead.`,
      );
      this.leave(v, 'loader-archive');
    } else if (jars === 0) {
      // (a loader archive holds no mod: that it has no jar is no news to the doctor)
      this.leave(v, 'no-jar');
    }
    if (outside.length) {
      this.plan.problems.push(
        `${named(v)}: ${outside.slice(0, 3).join(', ')}${outside.length > 3 ? ` and ${outside.length - 3} more` : ''} would land outside the instance; left out.`,
      );
      this.leave(v, 'path-outside', outside);
    }
  }

  /** The build's loader: what the pack's dependencies can name. */
  loader(loader: { name: BuildLoader; version: string | null } | null): void {
    if (!loader) {
      this.plan.problems.push(
        'The build has no loader set: the export names Minecraft alone. Set its loader on the build page.',
      );
    } else if (loader.name !== 'none' && !loader.version) {
      this.plan.problems.push(
        `The build's loader (${loader.name}) has no version: the export names Minecraft alone. Set the loader's version on the build page.`,
      );
    }
  }

  done(): ExportPlan {
    this.plan.jars.sort(byPath);
    this.plan.files.sort(byPath);
    return this.plan;
  }
}
