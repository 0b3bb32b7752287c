// The launcher reads (docs/api.md#launcher-reads), one implementation each, cached or not. Every
// read fills from builds' sources, which know nothing of who asks: ListModpackSources (every
// modpack with every build's flags: one fill serves the list and every modpack view) and
// GetBuildSource (a build with its modpack's flags), then the catalog's rendering of the build's
// mods. The rules of docs/api.md#visibility are applied here, per request, after the fill, with
// @depot/common's visibility functions. While the response cache is active the fill is kept for
// every caller, and a hit is a Map lookup, the visibility check and the write of a pre-serialized
// buffer, answered without a promise; while it is not (CACHE_ENABLED=false, or the change feed
// down) the same fill runs for the request and is dropped after it: the same answer either way,
// and never more RPCs than the read needs (at most one to auth, then builds, then catalog). The
// one exception to "the same fill": off the cache a modpack view reads that modpack alone
// (GetModpackSource, one indexed query) rather than the whole list, with the same view functions.
import { buildVisible, canAccess, DepotError, modpackListed, modpackShown, type ReadAccess } from '@depot/common';
import type { buildsV1 } from '@depot/proto';
import type { ServiceClients } from '../../clients';
import { bodyOf, tag, taggedBody, whenReady, type Body, type Filled, type ResponseCache } from '../../cache/cache';
import { required } from '../views';
import type { ModpackView } from './schemas';
import { buildBody, modpackList, modpackView, type ListedModpack } from './views';

/** One modpack of the filled list; index 0 of each pair: not accessible to the request, 1: accessible. */
interface PackEntry {
  id: number;
  slug: string;
  name: string;
  hidden: boolean;
  private: boolean;
  views: [ModpackView, ModpackView];
  bodies: [Body, Body];
}

interface ModpackIndex {
  bySlug: Map<string, PackEntry>;
  /** Id order. */
  packs: PackEntry[];
  /** The lists of the two most frequent callers, ready: anonymous ones and those who may see everything. */
  anonymous: [plain: Body, full: Body];
  everything: [plain: Body, full: Body];
}

interface BuildEntry {
  modpackId: number;
  modpackPrivate: boolean;
  /** Null: the modpack has no build with that version. */
  build: { published: boolean; private: boolean } | null;
  /** Null when no request it is kept for may be answered it (unpublished, or not visible). */
  body: Body | null;
}

const MODPACKS_KEY = 'P';
/** The tags of the list's bodies, and of a modpack's view (built from the list's fill). */
const LIST_TAGS = [tag.modpackList];
const packTags = (id: number) => [tag.modpackList, tag.modpack(id)];

export class LauncherReads {
  constructor(
    private readonly cache: ResponseCache,
    private readonly clients: ServiceClients,
    private readonly mirror: string,
  ) {}

  /** GET /api/modpack[?include=full]. */
  modpackList(access: ReadAccess, full: boolean): Body | Promise<Body> {
    return whenReady(this.modpackIndex(), (index) => {
      const f = full ? 1 : 0;
      if (access.all) return index.everything[f];
      if (!access.modpack_ids?.length) return index.anonymous[f];
      return this.listBody(index, full, (id) => canAccess(access, id));
    });
  }

  /** GET /api/modpack/{slug}; the modpack a build read names (404 when missing or not visible). */
  modpack(slug: string, access: ReadAccess): Body | Promise<Body> {
    // Off the cache, the one modpack asked for (GetModpackSource) rather than the whole list.
    if (!this.cache.active) return this.uncachedModpack(slug, access);
    return whenReady(this.modpackIndex(), (index) => {
      const pack = index.bySlug.get(slug);
      const accessible = pack !== undefined && canAccess(access, pack.id);
      if (!pack || !modpackShown(pack, accessible)) throw new DepotError('MODPACK_NOT_FOUND');
      return pack.bodies[accessible ? 1 : 0];
    });
  }

  /** GET /api/modpack/{slug}/{build}[?include=mods]. */
  build(slug: string, version: string, access: ReadAccess, withMods: boolean): Body | Promise<Body> {
    const entry = this.cache.read(`b\0${slug}\0${version}\0${withMods ? 1 : 0}`, (kept) =>
      // Kept for every caller, the body is rendered for any published build; run for this request
      // alone, only when it may see the build (a refused read costs no catalog call).
      this.fillBuild(slug, version, withMods, kept ? undefined : access),
    );
    return whenReady(entry, (e) => {
      const refusal = buildRefusal(e, access);
      if (refusal) throw new DepotError(refusal);
      return e.body!;
    });
  }

  /** The modpack view for this request alone: the same rules and view as a cached entry's. */
  private async uncachedModpack(slug: string, access: ReadAccess): Promise<Body> {
    const source = await this.clients.builds.GetModpackSource({ slug });
    const modpack = required(source.modpack, 'modpack');
    const accessible = canAccess(access, modpack.id);
    if (!modpackShown(modpack, accessible)) throw new DepotError('MODPACK_NOT_FOUND');
    return bodyOf(JSON.stringify(viewOf(source, accessible)), packTags(modpack.id));
  }

  private modpackIndex(): ModpackIndex | Promise<ModpackIndex> {
    return this.cache.read(MODPACKS_KEY, async () => {
      const { modpacks } = await this.clients.builds.ListModpackSources({});
      const packs = modpacks.map(packEntry);
      const lists = (accessible: (id: number) => boolean): [Body, Body] => [
        this.listBody({ packs }, false, accessible),
        this.listBody({ packs }, true, accessible),
      ];
      const index: ModpackIndex = {
        bySlug: new Map(packs.map((p) => [p.slug, p])),
        packs,
        anonymous: lists(() => false),
        everything: lists(() => true),
      };
      let bytes = 0;
      for (const pack of packs) bytes += pack.bodies[0].buf.length + pack.bodies[1].buf.length;
      for (const list of [...index.anonymous, ...index.everything]) bytes += list.buf.length;
      return { value: index, bytes, tags: [tag.modpackList] };
    });
  }

  /** The list a request may see: the modpacks listed for it, each with the view it may see. */
  private listBody(index: Pick<ModpackIndex, 'packs'>, full: boolean, accessible: (id: number) => boolean): Body {
    const listed: ListedModpack[] = [];
    for (const pack of index.packs) {
      const a = accessible(pack.id);
      if (modpackListed(pack, a)) listed.push({ slug: pack.slug, name: pack.name, view: pack.views[a ? 1 : 0] });
    }
    return bodyOf(JSON.stringify(modpackList(listed, full, this.mirror)), LIST_TAGS);
  }

  private async fillBuild(
    slug: string,
    version: string,
    withMods: boolean,
    keptFor?: ReadAccess,
  ): Promise<Filled<BuildEntry>> {
    const source = await this.clients.builds.GetBuildSource({ slug, version });
    const build = source.build;
    const entry: BuildEntry = {
      modpackId: source.modpack_id,
      modpackPrivate: source.modpack_private,
      build: build ? { published: build.is_published, private: build.private } : null,
      body: null,
    };
    const tags = [tag.modpack(source.modpack_id), tag.modpackSlug(slug)];
    // Unpublished builds are never served: no need to resolve their mods.
    const served = keptFor ? buildRefusal(entry, keptFor) === undefined : entry.build?.published === true;
    if (build && served) {
      const ids = source.mod_version_ids;
      // Versions deleted meanwhile are simply absent from the catalog's answer.
      const mods = ids.length
        ? await this.clients.catalog.RenderBuildMods({
            ids,
            mirror_url: this.mirror,
            with_details: withMods,
            // The answer's tags: the entry's when kept, else an anonymous answer's surrogate keys
            // (cache/policy.ts); one read with credentials is private, its caller's alone.
            with_mods: !keptFor || (!keptFor.all && !keptFor.modpack_ids?.length),
            sides: source.sides.map((s) => ({ id: s.mod_version_id, side: s.side })),
          })
        : undefined;
      mods?.mod_ids.forEach((id, i) => tags.push(tag.mod(id), tag.modName(mods.mod_names[i])));
      entry.body = taggedBody(buildBody(build, mods?.mods_json), tags);
    }
    return { value: entry, bytes: entry.body ? entry.body.buf.length : 0, tags };
  }
}

/** What a build read answers instead of the build, if the request may not see it. */
function buildRefusal(entry: BuildEntry, access: ReadAccess): 'MODPACK_NOT_FOUND' | 'BUILD_NOT_FOUND' | undefined {
  const accessible = canAccess(access, entry.modpackId);
  if (!modpackShown({ private: entry.modpackPrivate }, accessible)) return 'MODPACK_NOT_FOUND';
  if (!entry.build || !buildVisible(entry.build, accessible)) return 'BUILD_NOT_FOUND';
  return undefined;
}

/** A modpack with both of its views: as seen with access to it and without (different builds). */
function packEntry(source: buildsV1.ModpackSource__Output): PackEntry {
  const modpack = required(source.modpack, 'modpack');
  const outsider = viewOf(source, false);
  const insider = viewOf(source, true);
  const tags = packTags(modpack.id);
  const outsiderBody = bodyOf(JSON.stringify(outsider), tags);
  const same = insider.builds.length === outsider.builds.length;
  return {
    id: modpack.id,
    slug: modpack.slug,
    name: modpack.name,
    hidden: modpack.hidden,
    private: modpack.private,
    views: [outsider, same ? outsider : insider],
    bodies: [outsiderBody, same ? outsiderBody : bodyOf(JSON.stringify(insider), tags)],
  };
}

/** A modpack's view with the builds visible with (or without) access to it. */
function viewOf(source: buildsV1.ModpackSource__Output, accessible: boolean): ModpackView {
  return modpackView({
    modpack: source.modpack,
    builds: source.builds
      .filter((b) => buildVisible({ published: b.is_published, private: b.private }, accessible))
      .map((b) => b.version),
  });
}
