// The modpacks and builds the console manages, as records with every field and every build
// (published or not). Until the management reads are merged these come from the launcher reads,
// which show only what a launcher of this user would see (see loadModpacks).
import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from './api';

export interface ModpackRecord {
  id: number;
  name: string;
  slug: string;
  url: string | null;
  hidden: boolean;
  private: boolean;
  order: number | null;
  recommended: string | null;
  latest: string | null;
  builds: BuildRecord[];
}

export interface BuildRecord {
  version: string;
  minecraft: string;
  forge: string | null;
  is_published: boolean;
  private: boolean;
  min_java: string | null;
  min_memory: number | null;
}

export interface AssignedMod {
  name: string;
  pretty_name: string;
  version: string;
  md5: string;
  filesize: number | null;
}

function fromView(view: Schemas['ModpackView']): ModpackRecord {
  return {
    id: view.id,
    name: view.display_name,
    slug: view.name,
    url: view.url,
    hidden: true,
    private: false,
    order: null,
    recommended: view.recommended,
    latest: view.latest,
    builds: view.builds.map((version) => ({
      version,
      minecraft: '',
      forge: null,
      is_published: true,
      private: false,
      min_java: null,
      min_memory: null,
    })),
  };
}

async function loadModpacks(): Promise<ModpackRecord[]> {
  const list = await call(api.GET('/api/modpack', { params: { query: { include: 'full' } } }));
  return Object.values(list.modpacks)
    .filter((v): v is Schemas['ModpackView'] => typeof v !== 'string')
    .map(fromView);
}

export function useModpacks() {
  return useQuery({ queryKey: ['modpacks'], queryFn: loadModpacks });
}

export function useModpack(slug: string) {
  return useQuery({
    queryKey: ['modpack', slug],
    queryFn: async () => fromView(await call(api.GET('/api/modpack/{slug}', { params: { path: { slug } } }))),
  });
}

export function useBuild(slug: string, version: string) {
  return useQuery({
    queryKey: ['modpack', slug, 'build', version],
    queryFn: async () => {
      const view = await call(
        api.GET('/api/modpack/{slug}/{build}', {
          params: { path: { slug, build: version }, query: { include: 'mods' } },
        }),
      );
      const build: BuildRecord = {
        version,
        minecraft: view.minecraft,
        forge: view.forge,
        is_published: true,
        private: false,
        min_java: view.java,
        min_memory: view.memory,
      };
      const mods: AssignedMod[] = view.mods.map((m) => ({
        name: m.name,
        pretty_name: 'pretty_name' in m ? m.pretty_name : m.name,
        version: m.version,
        md5: m.md5,
        filesize: m.filesize,
      }));
      return { build, mods };
    },
  });
}

/** Query keys a change to a modpack makes stale. */
export const packKeys = (slug: string) => [['modpacks'], ['modpack', slug]];
