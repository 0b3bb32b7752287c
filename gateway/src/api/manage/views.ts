// The management reads' JSON bodies (docs/api.md#management-reads), built from proto messages.
import { buildLoader, type ModLoader, type ModSide } from '@depot/common';
import type { buildsV1, catalogV1 } from '@depot/proto';
import { buildRecord, modpackRecord } from '../modpacks/views';
import { modRecord, versionRecord } from '../mods/views';
import { nullable, required } from '../views';
import type * as res from './schemas';

/** GET /api/manage/modpacks. */
export function managedModpackList(list: buildsV1.ListManagedModpacksResponse__Output): res.ManagedModpackList {
  return {
    modpacks: list.modpacks.map((m) => ({
      modpack: modpackRecord(required(m.modpack, 'modpack')),
      build_count: m.build_count,
      published_build_count: m.published_build_count,
    })),
  };
}

/** GET /api/manage/modpacks/{slug}. */
export function managedModpack(detail: buildsV1.ManagedModpackDetail__Output): res.ManagedModpack {
  return {
    modpack: modpackRecord(required(detail.modpack, 'modpack')),
    builds: detail.builds.map((b) => ({ build: buildRecord(required(b.build, 'build')), mod_count: b.mod_count })),
  };
}

/** GET /api/manage/modpacks/{slug}/builds/{build}: the versions in catalog's (the launcher's) order. */
export function managedBuild(
  build: buildsV1.ManagedBuild__Output,
  versions: catalogV1.VersionWithMod__Output[],
): res.ManagedBuild {
  const record = required(build.build, 'build');
  const sides = new Map(build.sides.map((s) => [s.mod_version_id, s.side as ModSide]));
  return {
    build: buildRecord(record),
    loader: buildLoader({ loader: record.loader, loaderVersion: record.loader_version, forge: record.forge }),
    mods: versions.map((v) => {
      const version = required(v.version, 'version');
      return {
        mod: { id: version.mod_id, name: v.mod_name, pretty_name: v.mod_pretty_name },
        version: {
          id: version.id,
          version: version.version,
          md5: version.md5,
          filesize: nullable(version.filesize),
          side: version.side as ModSide | undefined,
        },
        build_side: sides.get(version.id),
      };
    }),
  };
}

/** GET /api/manage/mods/{slug}: each version with the builds holding it. */
export function managedMod(
  mod: catalogV1.ModWithVersions__Output,
  uses: buildsV1.VersionUse__Output[],
  showPrivate: boolean,
): res.ManagedMod {
  const byVersion = new Map<number, res.ManagedMod['versions'][number]['builds']>();
  for (const u of uses) {
    const list = byVersion.get(u.mod_version_id) ?? [];
    list.push({
      modpack: { id: u.modpack_id, slug: u.modpack_slug, name: u.modpack_name },
      build: { id: u.build_id, version: u.build_version, is_published: u.build_published },
    });
    byVersion.set(u.mod_version_id, list);
  }
  return {
    mod: modRecord(required(mod.mod, 'mod'), showPrivate),
    versions: mod.versions.map((v) => ({ version: managedVersion(v, showPrivate), builds: byVersion.get(v.id) ?? [] })),
  };
}

/** A version record with the digests of its hosted archive, while Depot hosts it, and what its metadata said. */
export function managedVersion(v: catalogV1.ModVersion__Output, showPrivate: boolean): res.ManagedVersion {
  const hosted =
    v.hosted !== undefined ? { sha1: v.sha1, sha256: v.sha256, sha512: v.sha512, hosted_at: v.hosted_at } : {};
  const metadata = v.metadata ? { metadata: { mods: v.metadata.mods.map(modFacts) } } : {};
  const side = v.side ? { side: v.side as res.ManagedVersion['side'] } : {};
  return { ...versionRecord(v, showPrivate), ...hosted, ...side, ...metadata };
}

/** A mod's facts from its archive (an unset optional field is left out of the JSON). */
export function modFacts(f: catalogV1.ModFacts__Output): res.ModFacts {
  return {
    format: f.format as res.ModFacts['format'],
    file: f.file,
    id: f.id,
    name: f.name,
    version: f.version,
    authors: f.authors,
    description: f.description,
    url: f.url,
    minecraft: f.minecraft,
    loader: f.loader ? { name: f.loader.name as ModLoader, range: f.loader.range } : undefined,
    side: f.side as res.ModFacts['side'],
  };
}
