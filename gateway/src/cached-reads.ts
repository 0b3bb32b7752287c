// The launcher and mod reads through the response cache. What is cached does not depend on who
// asks: the full modpack list with every build's flags (one entry, from which the list and every
// modpack view are served), each build's response with its modpack's and its own flags, and the
// mod reads (which have no visibility rules). The rules of docs/api.md#visibility are applied per request,
// after the cache, with @depot/common's visibility functions, the same ones the builds service
// applies to its access-filtered reads. A hit is a Map lookup, the visibility check and the write
// of a pre-serialized buffer; with no credentials it needs no RPC at all.
import type { FastifyInstance } from 'fastify';
import {
  buildVisible,
  canAccess,
  DepotError,
  modpackListed,
  mirrorBase,
  modpackShown,
  type Logger,
  type ReadAccess,
} from '@depot/common';
import type { buildsV1 } from '@depot/proto';
import { bodyOf, ResponseCache, tag, type Body } from './cache';
import type { ServiceClients } from './clients';
import type { GatewayConfig } from './config';
import { registerInvalidation, type ChangeFeed } from './invalidation';
import { buildBody, modpackView } from './modpack-views';
import { modListView, modView, versionView } from './views';

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
    cachedReads: CachedReads;
  }
}

/** One modpack of the cached list; index 0 of each pair: not accessible, 1: accessible. */
interface PackEntry {
  id: number;
  hidden: boolean;
  private: boolean;
  /** `"slug":"Display name"` (the list). */
  nameFragment: string;
  /** `"slug":{view}` (the list with include=full). */
  fullFragments: [string, string];
  /** GET /api/modpack/{slug}. */
  views: [Body, Body];
}

interface ModpackIndex {
  bySlug: Map<string, PackEntry>;
  /** In the key order of the JSON object the list is (see jsKeyOrder). */
  ordered: PackEntry[];
  /** The lists of anonymous requests and of requests that may see everything: [plain, full]. */
  anonymous: [Body, Body];
  everything: [Body, Body];
}

interface BuildEntry {
  modpackId: number;
  modpackPrivate: boolean;
  /** Null: the modpack has no build with that version. */
  build: { published: boolean; private: boolean } | null;
  /** Null when the build does not exist or is unpublished (never served). */
  body: Body | null;
}

const MODPACKS_KEY = 'P';
const MODS_KEY = 'M';

/**
 * JavaScript objects list integer-like keys first, in numeric order, then the others in insertion
 * order: the uncached list (an object built with Object.fromEntries) has its keys in this order,
 * and so does the list composed from cached fragments.
 */
function jsKeyOrder<T extends { slug: string }>(items: T[]): T[] {
  const isIndex = (k: string) => /^(?:0|[1-9]\d*)$/.test(k) && Number(k) < 4294967295;
  const indexed = items.filter((i) => isIndex(i.slug)).sort((a, b) => Number(a.slug) - Number(b.slug));
  return [...indexed, ...items.filter((i) => !isIndex(i.slug))];
}

export class CachedReads {
  private readonly mirrorJson: string;

  constructor(
    private readonly cache: ResponseCache,
    private readonly clients: ServiceClients,
    private readonly mirror: string,
  ) {
    this.mirrorJson = JSON.stringify(mirrorBase(mirror));
  }

  /** False while the change feed is not subscribed (or the cache is disabled): read uncached. */
  get active(): boolean {
    return this.cache.active;
  }

  /** GET /api/modpack[?include=full]. */
  async modpackList(access: ReadAccess, full: boolean): Promise<Body> {
    const index = this.cache.peek<ModpackIndex>(MODPACKS_KEY) ?? (await this.modpackIndex());
    const f = full ? 1 : 0;
    if (access.all) return index.everything[f];
    if (!access.modpack_ids?.length) return index.anonymous[f];
    return this.composeList(index, full, (id) => canAccess(access, id));
  }

  /** GET /api/modpack/{slug}. */
  async modpack(slug: string, access: ReadAccess): Promise<Body> {
    const index = this.cache.peek<ModpackIndex>(MODPACKS_KEY) ?? (await this.modpackIndex());
    const pack = index.bySlug.get(slug);
    const accessible = pack !== undefined && canAccess(access, pack.id);
    if (!pack || !modpackShown(pack, accessible)) throw new DepotError('MODPACK_NOT_FOUND');
    return pack.views[accessible ? 1 : 0];
  }

  /** GET /api/modpack/{slug}/{build}[?include=mods]. */
  async build(slug: string, version: string, access: ReadAccess, withMods: boolean): Promise<Body> {
    const key = `b\0${slug}\0${version}\0${withMods ? 1 : 0}`;
    const entry =
      this.cache.peek<BuildEntry>(key) ?? (await this.cache.load(key, () => this.fillBuild(slug, version, withMods)));
    const accessible = canAccess(access, entry.modpackId);
    if (!modpackShown({ private: entry.modpackPrivate }, accessible)) throw new DepotError('MODPACK_NOT_FOUND');
    if (!entry.build || !entry.body || !buildVisible(entry.build, accessible)) throw new DepotError('BUILD_NOT_FOUND');
    return entry.body;
  }

  /** GET /api/mod. */
  async modList(): Promise<Body> {
    return (
      this.cache.peek<Body>(MODS_KEY) ??
      this.cache.load(MODS_KEY, async () => {
        const { mods } = await this.clients.catalog.ListMods({});
        const body = bodyOf(JSON.stringify(modListView(mods)));
        return { value: body, bytes: body.buf.length, tags: [tag.modList] };
      })
    );
  }

  /**
   * GET /api/mod/{slug}. With private fields (a caller who may see notes) it is another entry,
   * with the same tags: invalidated alike, and an anonymous read never gets it.
   */
  async mod(slug: string, showPrivate = false): Promise<Body> {
    const key = `m\0${slug}${showPrivate ? '\0p' : ''}`;
    return (
      this.cache.peek<Body>(key) ??
      this.cache.load(key, async () => {
        const mod = await this.clients.catalog.GetMod({ slug });
        const body = bodyOf(JSON.stringify(modView(mod, showPrivate)));
        return { value: body, bytes: body.buf.length, tags: [tag.mod(mod.id), tag.modName(mod.name)] };
      })
    );
  }

  /** GET /api/mod/{slug}/{version}, with private fields in an entry of its own (as `mod`). */
  async version(slug: string, version: string, showPrivate = false): Promise<Body> {
    const key = `v\0${slug}\0${version}${showPrivate ? '\0p' : ''}`;
    return (
      this.cache.peek<Body>(key) ??
      this.cache.load(key, async () => {
        const v = await this.clients.catalog.GetVersion({ slug, version });
        const body = bodyOf(JSON.stringify(versionView(v, slug, this.mirror, showPrivate)));
        return { value: body, bytes: body.buf.length, tags: [tag.mod(v.mod_id), tag.modName(slug)] };
      })
    );
  }

  private modpackIndex(): Promise<ModpackIndex> {
    return this.cache.load(MODPACKS_KEY, async () => {
      const { modpacks } = await this.clients.builds.ListModpackSources({});
      let bytes = 0;
      const entries = modpacks.map((source) => {
        const entry = this.packEntry(source);
        bytes += entry.nameFragment.length + entry.fullFragments[0].length + entry.fullFragments[1].length;
        bytes += entry.views[0].buf.length + (entry.views[1] === entry.views[0] ? 0 : entry.views[1].buf.length);
        return { slug: source.modpack!.slug, entry };
      });
      const ordered = jsKeyOrder(entries).map((e) => e.entry);
      const index: ModpackIndex = {
        bySlug: new Map(entries.map((e) => [e.slug, e.entry])),
        ordered,
        anonymous: [
          this.composeList({ ordered }, false, () => false),
          this.composeList({ ordered }, true, () => false),
        ],
        everything: [this.composeList({ ordered }, false, () => true), this.composeList({ ordered }, true, () => true)],
      };
      for (const list of [...index.anonymous, ...index.everything]) bytes += list.buf.length;
      return { value: index, bytes, tags: [tag.modpackList] };
    });
  }

  private packEntry(source: buildsV1.ModpackSource__Output): PackEntry {
    if (!source.modpack) throw new Error('builds service answered a modpack source without modpack');
    const modpack = source.modpack;
    const versions = (accessible: boolean) =>
      source.builds
        .filter((b) => buildVisible({ published: b.is_published, private: b.private }, accessible))
        .map((b) => b.version);
    const outsider = versions(false);
    const insider = versions(true);
    const outsiderJson = JSON.stringify(modpackView({ modpack, builds: outsider }));
    const insiderJson =
      insider.length === outsider.length ? outsiderJson : JSON.stringify(modpackView({ modpack, builds: insider }));
    const outsiderView = bodyOf(outsiderJson);
    const key = JSON.stringify(modpack.slug);
    return {
      id: modpack.id,
      hidden: modpack.hidden,
      private: modpack.private,
      nameFragment: `${key}:${JSON.stringify(modpack.name)}`,
      fullFragments: [`${key}:${outsiderJson}`, `${key}:${insiderJson}`],
      views: [outsiderView, insiderJson === outsiderJson ? outsiderView : bodyOf(insiderJson)],
    };
  }

  /** The list as the uncached route answers it (modpackList in modpack-views.ts), from fragments. */
  private composeList(index: Pick<ModpackIndex, 'ordered'>, full: boolean, accessible: (id: number) => boolean): Body {
    const parts: string[] = [];
    for (const pack of index.ordered) {
      const a = accessible(pack.id);
      if (!modpackListed(pack, a)) continue;
      parts.push(full ? pack.fullFragments[a ? 1 : 0] : pack.nameFragment);
    }
    return bodyOf(`{"modpacks":{${parts.join(',')}},"mirror_url":${this.mirrorJson}}`);
  }

  private async fillBuild(slug: string, version: string, withMods: boolean) {
    const source = await this.clients.builds.GetBuildSource({ slug, version });
    const tags = [tag.modpack(source.modpack_id), tag.modpackSlug(slug)];
    const build = source.build;
    let body: Body | null = null;
    // Unpublished builds are never served: no need to resolve their mods.
    if (build && build.is_published) {
      const ids = source.mod_version_ids;
      // Versions deleted meanwhile are simply absent from the catalog's answer.
      const mods = ids.length
        ? await this.clients.catalog.RenderBuildMods({
            ids,
            mirror_url: this.mirror,
            with_details: withMods,
            with_mods: true,
          })
        : undefined;
      mods?.mod_ids.forEach((id, i) => tags.push(tag.mod(id), tag.modName(mods.mod_names[i])));
      body = buildBody(build, mods?.mods_json);
    }
    const value: BuildEntry = {
      modpackId: source.modpack_id,
      modpackPrivate: source.modpack_private,
      build: build ? { published: build.is_published, private: build.private } : null,
      body,
    };
    return { value, bytes: body ? body.buf.length : 0, tags };
  }
}

/**
 * Creates the cache, wires its invalidation (change feed and this gateway's writes) and decorates
 * the app with it. Call before registering routes. Without a feed the cache never turns active.
 */
export function setupResponseCache(
  app: FastifyInstance,
  deps: { config: GatewayConfig; clients: ServiceClients; logger: Logger; changes?: ChangeFeed },
): void {
  const cache = new ResponseCache(deps.config.CACHE_MAX_BYTES, deps.config.CACHE_ENABLED);
  app.decorate('responseCache', cache);
  app.decorate('cachedReads', new CachedReads(cache, deps.clients, deps.config.SERVICE_MIRROR_URL));
  registerInvalidation(app, cache, deps.config.CACHE_ENABLED ? deps.changes : undefined, deps.logger);
}
