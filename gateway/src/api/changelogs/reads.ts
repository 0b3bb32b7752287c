// The changelog reads (docs/releases.md#changelogs), through the response cache while it is active,
// as the launcher reads are: each entry is filled from access-independent answers (the builds
// service's changes of the pair, the catalog's names of their versions: one RPC each) and the
// launcher's visibility (docs/api.md#visibility) is applied per request after it. An entry keeps
// two variants, as a modpack view does: for a caller with access to the modpack and for one
// without; they differ only when the build compared with by default is private (then an outsider's
// is the public build before it). Entries are tagged with the modpack and every mod they name, so
// a build change or a mod delete drops them (cache/invalidation.ts).
import { buildVisible, canAccess, DepotError, modpackShown, selectedInvalid, type ReadAccess } from '@depot/common';
import type { buildsV1 } from '@depot/proto';
import type { ServiceClients } from '../../clients';
import { bodyOf, tag, whenReady, type Body, type Filled, type ResponseCache } from '../../cache/cache';
import { required } from '../views';
import { changelogMarkdown, changelogOf } from './changelog';
import { atomFeed } from './feed';

/** One way of seeing a changelog: its JSON and Markdown bodies. */
export interface Rendered {
  json: Body;
  markdown: Body;
}

interface Flags {
  published: boolean;
  private: boolean;
}

interface ChangelogEntry {
  modpackId: number;
  modpackPrivate: boolean;
  /** Null: no build of that version. */
  build: Flags | null;
  /** The build compared with when one was asked for (`from`); null when it names none. */
  asked: Flags | null;
  /** [without access to the modpack, with it]. */
  views: [Rendered, Rendered] | null;
}

interface FeedEntry {
  modpackId: number;
  modpackPrivate: boolean;
  bodies: [Body, Body];
}

/** The most releases the feed lists. */
export const FEED_ENTRIES = 50;

const flagsOf = (b: buildsV1.Build__Output): Flags => ({ published: b.is_published, private: b.private });

export class ChangelogReads {
  constructor(
    private readonly cache: ResponseCache,
    private readonly clients: ServiceClients,
  ) {}

  /**
   * A changelog as a launcher read: refused as the launcher's build read is (modpack missing or
   * not visible, build missing or not visible: 404), then a `from` the caller cannot see as one
   * that names no build (422).
   */
  visible(slug: string, version: string, from: string | undefined, access: ReadAccess): Rendered | Promise<Rendered> {
    return whenReady(this.entry(slug, version, from), (e) => {
      const accessible = canAccess(access, e.modpackId);
      if (!modpackShown({ private: e.modpackPrivate }, accessible)) throw new DepotError('MODPACK_NOT_FOUND');
      if (!e.build || !buildVisible(e.build, accessible)) throw new DepotError('BUILD_NOT_FOUND');
      if (from !== undefined && (!e.asked || !buildVisible(e.asked, accessible))) throw selectedInvalid('from');
      return e.views![accessible ? 1 : 0];
    });
  }

  /** A changelog for its modpack's managers (whose access the route checked): any build, any `from`. */
  managed(slug: string, version: string, from: string | undefined): Rendered | Promise<Rendered> {
    return whenReady(this.entry(slug, version, from), (e) => {
      if (!e.build) throw new DepotError('BUILD_NOT_FOUND');
      if (from !== undefined && !e.asked) throw selectedInvalid('from');
      return e.views![1];
    });
  }

  /** The Atom feed of the modpack's releases, as the caller may see them (`base`: the absolute root of links). */
  feed(slug: string, access: ReadAccess, base: string): Body | Promise<Body> {
    const entry = this.cache.read(`f\0${slug}\0${base}`, () => this.fillFeed(slug, base));
    return whenReady(entry, (e) => {
      const accessible = canAccess(access, e.modpackId);
      if (!modpackShown({ private: e.modpackPrivate }, accessible)) throw new DepotError('MODPACK_NOT_FOUND');
      return e.bodies[accessible ? 1 : 0];
    });
  }

  private entry(slug: string, version: string, from: string | undefined): ChangelogEntry | Promise<ChangelogEntry> {
    return this.cache.read(`c\0${slug}\0${version}\0${from === undefined ? '\u0001' : from}`, () =>
      this.fill(slug, version, from),
    );
  }

  private async fill(slug: string, version: string, from: string | undefined): Promise<Filled<ChangelogEntry>> {
    const ask = (withPrivate: boolean) =>
      this.clients.builds.GetBuildChanges({
        slug,
        version,
        ...(from !== undefined ? { from } : {}),
        with_private: withPrivate,
      });
    const insider = await ask(true);
    const tags = [tag.modpack(insider.modpack_id), tag.modpackSlug(slug)];
    const entry: ChangelogEntry = {
      modpackId: insider.modpack_id,
      modpackPrivate: insider.modpack_private,
      build: insider.changes?.build ? flagsOf(insider.changes.build) : null,
      asked: from !== undefined && insider.changes?.from ? flagsOf(insider.changes.from) : null,
      views: null,
    };
    // No build, or a `from` that names none: refused whoever asks (reads.ts `visible`, `managed`), nothing to render.
    if (!insider.changes || (from !== undefined && !insider.changes.from)) return { value: entry, bytes: 0, tags };
    // An outsider compares with the public build before it, when the one by default is private.
    const outsider = from === undefined && insider.changes.from?.private ? await ask(false) : insider;
    const pairs = [insider.changes, outsider.changes!];
    const ids = [...new Set(pairs.flatMap((c) => c.changes.flatMap((m) => [m.from_version_id, m.to_version_id])))];
    const { versions } = ids.some((id) => id > 0)
      ? await this.clients.catalog.GetVersionsByIds({ ids: ids.filter((id) => id > 0) })
      : { versions: [] };
    for (const c of pairs) for (const m of c.changes) tags.push(tag.mod(m.mod_id));
    const modpack = { slug: insider.modpack_slug, name: insider.modpack_name };
    const render = (c: buildsV1.BuildChanges__Output): Rendered => {
      const log = changelogOf(modpack, c, versions);
      return { json: bodyOf(JSON.stringify(log)), markdown: bodyOf(changelogMarkdown(log)) };
    };
    const inside = render(insider.changes);
    entry.views = [outsider === insider ? inside : render(outsider.changes!), inside];
    const bytes = entry.views.reduce((n, v) => n + v.json.buf.length + v.markdown.buf.length, 0);
    return { value: entry, bytes, tags };
  }

  private async fillFeed(slug: string, base: string): Promise<Filled<FeedEntry>> {
    const list = (withPrivate: boolean) =>
      this.clients.builds.ListReleases({ slug, with_private: withPrivate, limit: FEED_ENTRIES });
    const insider = await list(true);
    const outsider = insider.releases.some((r) => required(r.build, 'build').private) ? await list(false) : insider;
    const releases = [...insider.releases, ...outsider.releases];
    const ids = [...new Set(releases.flatMap((r) => r.changes.flatMap((m) => [m.from_version_id, m.to_version_id])))];
    const { versions } = ids.some((id) => id > 0)
      ? await this.clients.catalog.GetVersionsByIds({ ids: ids.filter((id) => id > 0) })
      : { versions: [] };
    const tags = [tag.modpack(insider.modpack_id), tag.modpackSlug(slug)];
    for (const r of releases) for (const m of r.changes) tags.push(tag.mod(m.mod_id));
    const modpack = { slug: insider.modpack_slug, name: insider.modpack_name, updatedAt: insider.modpack_updated_at };
    const render = (l: buildsV1.ListReleasesResponse__Output) =>
      bodyOf(
        atomFeed(
          modpack,
          l.releases.map((r) => changelogOf(modpack, r, versions)),
          base,
        ),
      );
    const inside = render(insider);
    const bodies: [Body, Body] = [outsider === insider ? inside : render(outsider), inside];
    return {
      value: { modpackId: insider.modpack_id, modpackPrivate: insider.modpack_private, bodies },
      bytes: bodies[0].buf.length + bodies[1].buf.length,
      tags,
    };
  }
}
