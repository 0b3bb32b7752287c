// The modpacks and builds the console manages: the management reads (/api/manage/...) give every
// field and every build, published or not, to a user who may manage the pack. A user who may not
// sees the modpacks as their launcher would (the launcher reads), read-only.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from './api';
import { useSession } from './session';

export type ModpackRecord = Schemas['Modpack'];
export type BuildRecord = Schemas['Build'];
export type ManagedBuilds = Schemas['ManagedModpack']['builds'];

export interface ModpackSummary {
  modpack: Pick<ModpackRecord, 'id' | 'name' | 'slug' | 'recommended' | 'latest'> &
    Partial<Pick<ModpackRecord, 'hidden' | 'private'>>;
  /** Builds, published or not; undefined: not known (read as a launcher). */
  buildCount?: number;
  publishedBuildCount: number;
}

/** The modpacks to list: those the user manages, else those their launcher would list. */
export function useModpacks() {
  const session = useSession();
  const manages = session.can('modpacks_manage');
  return useQuery({
    queryKey: ['modpacks', manages],
    queryFn: async (): Promise<ModpackSummary[]> => {
      if (manages) {
        const { modpacks } = await call(api.GET('/api/manage/modpacks'));
        return modpacks.map((m) => ({
          modpack: m.modpack,
          buildCount: m.build_count,
          publishedBuildCount: m.published_build_count,
        }));
      }
      const list = await call(api.GET('/api/modpack', { params: { query: { include: 'full' } } }));
      return Object.values(list.modpacks)
        .filter((v): v is Schemas['ModpackView'] => typeof v !== 'string')
        .map((v) => ({
          modpack: { id: v.id, name: v.display_name, slug: v.name, recommended: v.recommended, latest: v.latest },
          publishedBuildCount: v.builds.length,
        }));
    },
  });
}

/** A modpack with every build and its number of mods (modpacks_manage and access to it). */
export function useModpack(slug: string) {
  return useQuery({
    queryKey: ['modpack', slug],
    queryFn: () => call(api.GET('/api/manage/modpacks/{slug}', { params: { path: { slug } } })),
  });
}

/** A build and its mods, in the launcher's order. */
export function useBuild(slug: string, version: string) {
  return useQuery({
    queryKey: ['modpack', slug, 'build', version],
    queryFn: () =>
      call(api.GET('/api/manage/modpacks/{slug}/builds/{build}', { params: { path: { slug, build: version } } })),
  });
}

export type AssignedMod = Schemas['ManagedBuild']['mods'][number];

/** Query keys a change to a modpack or its builds makes stale (the list, the pack, its builds, its diagnosis). */
export const packKeys = (slug: string) => [['modpacks'], ['modpack', slug]];

/** Reads a modpack's queries again after a change to it or its builds. */
export function useRefreshPack(slug: string) {
  const queries = useQueryClient();
  return () => Promise.all(packKeys(slug).map((queryKey) => queries.invalidateQueries({ queryKey })));
}
