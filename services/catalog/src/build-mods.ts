// The mods of a build response (docs/api.md#build-view) rendered here, where the versions are read: one JSON
// array handed to the gateway as bytes, which it splices into the build response unchanged. A
// message per version cost the catalog and the gateway more to encode and decode than the
// database spent finding them, on the read every launcher makes at every start.
import { modDownloadUrls, versionArchiveUrl } from '@depot/common';
import type { ResolvedVersionRow } from './queries';
import { sortByName } from './sort';

export interface RenderedMods {
  json: Buffer;
  modIds: number[];
  modNames: string[];
}

const orNull = <T>(v: T | null | undefined): T | null => v ?? null;

/**
 * The `mods` array of a build response: natural, case-insensitive name order; `include=mods`
 * (withDetails) adds the mods' public fields. Field order as Solder's. A version that runs on the
 * server only is left out: launchers install what the client runs (docs/archives.md#sides). The
 * mods' ids and names (the cached answer's tags) are every version's, so that changing a version's
 * side reaches the answers that leave it out too.
 */
export function renderBuildMods(
  rows: ResolvedVersionRow[],
  mirror: string,
  withDetails: boolean,
  /** Where a version runs in this build, where the build says (it wins over the version's). */
  sides: ReadonlyMap<number, string> = new Map(),
): RenderedMods {
  const all = sortByName(
    rows,
    (r) => r.mod_name,
    (r) => r.id,
  );
  const url = modDownloadUrls(mirror);
  const plain = (r: ResolvedVersionRow) => ({
    id: r.id,
    name: r.mod_name,
    version: r.version,
    md5: r.md5,
    // int8: node-postgres answers a string
    filesize: r.filesize === null ? null : Number(r.filesize),
    url: versionArchiveUrl(url, r.mod_name, r),
  });
  const sorted = all.filter((r) => (sides.get(r.id) ?? (r.server_only ? 'server' : undefined)) !== 'server');
  const mods = withDetails
    ? sorted.map((r) =>
        Object.assign(plain(r), {
          pretty_name: r.pretty_name ?? '',
          author: orNull(r.author),
          description: orNull(r.description),
          link: orNull(r.link),
        }),
      )
    : sorted.map(plain);
  return {
    json: Buffer.from(JSON.stringify(mods)),
    modIds: all.map((r) => r.mod_id),
    modNames: all.map((r) => r.mod_name),
  };
}
