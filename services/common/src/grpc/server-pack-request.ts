// What the catalog is asked to make a build's server pack from (docs/archives.md#server-packs),
// composed once from the builds service's record of the build for the gateway's download and the
// pack doctor's check alike: the build's settings, its loader (buildLoader), its versions and where
// it says they run.
import { buildLoader } from '../domain/server-pack';
import type { buildsV1, catalogV1 } from '@depot/proto';

export function serverPackRequest(
  modpack: string,
  build: buildsV1.Build__Output,
  versionIds: number[],
  sides: buildsV1.AssignmentSide__Output[],
): catalogV1.ServerPackRequest {
  const loader = buildLoader({ loader: build.loader, loaderVersion: build.loader_version, forge: build.forge });
  return {
    modpack,
    build: build.version,
    minecraft: build.minecraft,
    forge: build.forge,
    min_java: build.min_java,
    ...(loader ? { loader: loader.name, loader_version: loader.version ?? undefined } : {}),
    version_ids: versionIds,
    sides: sides.map((s) => ({ id: s.mod_version_id, side: s.side })),
  };
}
