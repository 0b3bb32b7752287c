// What the catalog is asked to make a build's server pack or export from (docs/archives.md#server-packs,
// docs/exports.md), composed once from the builds service's record of the build for the gateway's
// downloads and the pack doctor's check alike: the build's settings, its loader (buildLoader), its
// versions and where it says they run.
import { buildLoader } from '../domain/server-pack';
import type { ExportFormat } from '../domain/exports';
import type { buildsV1, catalogV1 } from '@depot/proto';

/** What every pack of the build is made from. */
function packOf(
  modpack: string,
  build: buildsV1.Build__Output,
  versionIds: number[],
  sides: buildsV1.AssignmentSide__Output[],
) {
  const loader = buildLoader({ loader: build.loader, loaderVersion: build.loader_version, forge: build.forge });
  return {
    modpack,
    build: build.version,
    minecraft: build.minecraft,
    ...(loader ? { loader: loader.name, loader_version: loader.version ?? undefined } : {}),
    version_ids: versionIds,
    sides: sides.map((s) => ({ id: s.mod_version_id, side: s.side })),
  };
}

export function serverPackRequest(
  modpack: string,
  build: buildsV1.Build__Output,
  versionIds: number[],
  sides: buildsV1.AssignmentSide__Output[],
): catalogV1.ServerPackRequest {
  return { ...packOf(modpack, build, versionIds, sides), forge: build.forge, min_java: build.min_java };
}

/** The build's export in `format` (`path`: packwiz, the tree's file asked for). */
export function exportPackRequest(
  source: { modpack: string; name: string; baseUrl: string },
  build: buildsV1.Build__Output,
  versionIds: number[],
  sides: buildsV1.AssignmentSide__Output[],
  format: ExportFormat,
  path?: string,
): catalogV1.ExportPackRequest {
  return {
    format,
    ...packOf(source.modpack, build, versionIds, sides),
    name: source.name,
    base_url: source.baseUrl,
    ...(path !== undefined ? { path } : {}),
  };
}
