// What the pack doctor (diagnose.ts) judges, gathered over gRPC for the gateway's route and the
// admin CLI alike: the modpack with every build and its assignments (builds), the published
// builds' versions with their mods and sides (catalog, one batched call), the linked launcher
// clients (auth), the archives and server packs of the builds launchers and servers follow
// (catalog, one call each), and the answer of the API root. Five RPCs and one HTTP request whatever
// the size of the pack.
import type { AuthServiceDefinition, BuildsServiceDefinition, buildsV1, CatalogServiceDefinition } from '@depot/proto';
import type { PromiseClient } from '../types';
import type { ApiRootReport, DoctorInput, DoctorMod } from '../../domain/pack-doctor/report';
import { buildLoader } from '../../domain/server-pack';
import type { ModSide } from '../../domain/mod-facts';
import { serverPackRequest } from '../server-pack-request';
import { checkInstalledArchives, checkServerPacks, type ArchiveTiming } from './gather-archives';

export interface DoctorClients {
  builds: Pick<PromiseClient<BuildsServiceDefinition>, 'GetManagedModpack'>;
  catalog: Pick<
    PromiseClient<CatalogServiceDefinition>,
    'GetVersionsByIds' | 'CheckVersionArchives' | 'CheckServerPacks'
  >;
  auth: Pick<PromiseClient<AuthServiceDefinition>, 'ListClients'>;
}

/**
 * The doctor's input for the modpack `slug`, as `access` may manage it (MODPACK_NOT_FOUND, then
 * FORBIDDEN, from the builds service). `apiRoot` runs once the modpack was found.
 */
export async function gatherPackDoctor(
  clients: DoctorClients,
  slug: string,
  access: buildsV1.Access,
  apiRoot: () => Promise<ApiRootReport>,
  /** How long the catalog may take to fetch one archive (ARCHIVE_TRANSFER_TIMEOUT_MS) and the rest. */
  timing: ArchiveTiming = { transferTimeoutMs: 30_000, deadlineMs: 5_000 },
): Promise<DoctorInput> {
  const detail = await clients.builds.GetManagedModpack({ slug, access, with_mod_version_ids: true });
  const modpack = detail.modpack;
  if (!modpack) throw new Error('builds service answered a managed modpack without modpack');
  const builds = detail.builds.flatMap((b) =>
    b.build ? [{ build: b.build, ids: b.mod_version_ids, sides: b.sides }] : [],
  );
  // Only published builds reach launchers: their versions are the ones checked.
  const ids = [...new Set(builds.filter((b) => b.build.is_published).flatMap((b) => b.ids))];
  // The builds launchers install: recommended and latest, when published.
  const installed = builds.filter(
    (b) => b.build.is_published && [modpack.recommended, modpack.latest].includes(b.build.version),
  );
  const [versions, clientList, root, archives, serverPacks] = await Promise.all([
    ids.length ? clients.catalog.GetVersionsByIds({ ids, with_metadata_side: true }) : { versions: [] },
    clients.auth.ListClients({}),
    apiRoot(),
    checkInstalledArchives(
      clients.catalog,
      installed.map((b) => ({ version: b.build.version, ids: b.ids })),
      timing,
    ),
    checkServerPacks(
      clients.catalog,
      installed.map((b) => serverPackRequest(modpack.slug, b.build, b.ids, b.sides)),
      timing,
    ),
  ]);
  const byId = new Map<number, DoctorMod>();
  for (const v of versions.versions) {
    if (!v.version) continue;
    const { id, version, md5, side, metadata_side } = v.version;
    byId.set(id, {
      name: v.mod_name,
      version,
      md5,
      ...(side ? { side: side as ModSide } : {}),
      ...(metadata_side ? { metadataSide: metadata_side as ModSide } : {}),
    });
  }
  return {
    modpack: {
      slug: modpack.slug,
      name: modpack.name,
      hidden: modpack.hidden,
      private: modpack.private,
      recommended: modpack.recommended ?? null,
      latest: modpack.latest ?? null,
    },
    builds: builds.map(({ build, ids: assigned, sides }) => ({
      version: build.version,
      published: build.is_published,
      private: build.private,
      // Catalog's launcher order; versions deleted meanwhile are gone, as for a launcher.
      mods: build.is_published ? inBuild(sortedLike(assigned, versions.versions, byId), sides) : [],
      loader:
        buildLoader({ loader: build.loader, loaderVersion: build.loader_version, forge: build.forge })?.name ?? null,
    })),
    linkedClients: clientList.clients.filter((c) => c.modpack_ids.includes(modpack.id)).length,
    apiRoot: root,
    archives,
    serverPacks,
  };
}

/** The build's mods in the order catalog answered them (the launcher's), those it holds only. */
function sortedLike(
  assigned: number[],
  ordered: { version?: { id: number } | null }[],
  byId: Map<number, DoctorMod>,
): (DoctorMod & { id: number })[] {
  const held = new Set(assigned);
  return ordered.flatMap((v) =>
    v.version && held.has(v.version.id) ? [{ ...byId.get(v.version.id)!, id: v.version.id }] : [],
  );
}

/** The mods with where they run in this build: the build's word wins over the version's. */
function inBuild(mods: (DoctorMod & { id: number })[], sides: buildsV1.AssignmentSide__Output[]): DoctorMod[] {
  const own = new Map(sides.map((s) => [s.mod_version_id, s.side as ModSide]));
  return mods.map(({ id, ...mod }) => {
    const side = own.get(id) ?? mod.side;
    const { side: _version, ...rest } = mod;
    return side ? { ...rest, side } : rest;
  });
}

/** `https://depot.example.com` (with or without a path or trailing slash) → its API root, `…/api/`. */
export function apiRootUrl(base: string): string {
  return `${base.replace(/\/+$/, '')}/api/`;
}

export const API_ROOT_TIMEOUT_MS = 3000;

/**
 * The API root launchers must be given: from PUBLIC_URL, checked with `GET {root}` (a redirect,
 * another answer than Depot's root, an error or no answer within the timeout is reported, never
 * thrown); else this request's origin, unchecked; else unknown.
 */
export async function checkApiRoot(
  publicUrl: string | undefined,
  requestOrigin?: string,
  timeoutMs = API_ROOT_TIMEOUT_MS,
): Promise<ApiRootReport> {
  if (publicUrl) {
    const url = apiRootUrl(publicUrl);
    return { url, source: 'PUBLIC_URL', ...(await probe(url, timeoutMs)) };
  }
  if (requestOrigin) {
    return {
      url: apiRootUrl(requestOrigin),
      source: 'request',
      reachable: null,
      detail:
        'Not checked: PUBLIC_URL is not set, so this is the address this request reached Depot at. Set PUBLIC_URL to the address launchers use.',
    };
  }
  return {
    url: null,
    source: 'unset',
    reachable: null,
    detail:
      "Not checked: PUBLIC_URL is not set. Give launchers and Technic Platform the gateway's public address followed by /api/.",
  };
}

async function probe(url: string, timeoutMs: number): Promise<{ reachable: boolean; detail: string }> {
  const started = Date.now();
  try {
    // Launchers do not follow a redirect between http and https: a redirect is reported as such.
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      return {
        reachable: false,
        detail: `answered ${res.status}, a redirect to ${res.headers.get('location') ?? '?'}`,
      };
    }
    const text = await res.text();
    if (res.status !== 200) return { reachable: false, detail: `answered HTTP ${res.status}` };
    let api: unknown;
    try {
      api = (JSON.parse(text) as { api?: unknown } | null)?.api;
    } catch {
      api = undefined;
    }
    if (api !== 'Depot') return { reachable: false, detail: `answered 200, but not with Depot's root` };
    return { reachable: true, detail: `answered in ${Date.now() - started} ms` };
  } catch (err) {
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { reachable: false, detail: `no answer within ${timeoutMs / 1000} s` };
    }
    const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
    return { reachable: false, detail: `no answer: ${cause?.code ?? cause?.message ?? (err as Error)?.message}` };
  }
}
