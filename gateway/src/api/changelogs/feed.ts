// The Atom 1.0 feed of a modpack's releases (docs/releases.md#the-releases-feed), written by the
// `feed` library (the XML by xml-js, which escapes text and attributes): newest release first, each
// entry's content its changelog rendered to sanitized HTML (render.ts). Names are HTML-escaped
// before they go into the html-typed title and summary, so no `]]>` or markup reaches the XML.
import type * as FeedModule from 'feed' with { 'resolution-mode': 'import' };
import { changelogMarkdown, summaryLine } from './changelog';
import { markdownToHtml } from './render';
import type { Changelog } from './schemas';

// `feed` ships ESM only; Node 22 (and jest, which transforms it) load it with `require`, as the
// gateway does content-disposition (pipeline/file-name.ts).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Feed } = require('feed') as typeof FeedModule;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Where a modpack's changelogs are published, under `base` (absolute, ending with `/`). */
export const changelogLinks = (base: string, slug: string) => {
  const root = `${base}changelogs/${encodeURIComponent(slug)}`;
  return {
    feed: `${root}/releases.atom`,
    build: (version: string) => `${root}/builds/${encodeURIComponent(version)}`,
    markdown: (version: string) => `${root}/builds/${encodeURIComponent(version)}/changelog.md`,
  };
};

/** The feed of `releases` (newest first), as XML. */
export function atomFeed(
  modpack: { slug: string; name: string; updatedAt: string },
  releases: Changelog[],
  base: string,
): string {
  const links = changelogLinks(base, modpack.slug);
  // When the feed last changed: its latest entry's change (timestamps of one format sort as text).
  const newest =
    releases
      .map((r) => r.build.updated_at)
      .sort()
      .at(-1) ?? modpack.updatedAt;
  const feed = new Feed({
    id: links.feed,
    title: `${modpack.name} releases`,
    updated: new Date(newest),
    generator: 'Depot',
    feedLinks: { atom: links.feed },
    author: { name: modpack.name },
  });
  for (const r of releases) {
    feed.addItem({
      id: links.build(r.build.version),
      link: links.markdown(r.build.version),
      title: escapeHtml(`${modpack.name} ${r.build.version}`),
      date: new Date(r.build.updated_at),
      published: new Date(r.build.created_at),
      description: escapeHtml(r.from ? `${summaryLine(r)} (since ${r.from.version})` : summaryLine(r)),
      content: markdownToHtml(changelogMarkdown(r, { title: false })),
    });
  }
  return feed.atom1();
}
