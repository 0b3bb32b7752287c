// A changelog from the builds service's changes of one build pair and the catalog's names of their
// versions (docs/releases.md#changelogs): what the build adds, removes and updates, where mods run
// now, its settings, and its release notes; as JSON and as Markdown.
import { buildLoader, type ModSide } from '@depot/common';
import type { buildsV1, catalogV1 } from '@depot/proto';
import { required } from '../views';
import { markdownToHtml } from './render';
import type { Changelog } from './schemas';

type Mod = Changelog['added'][number]['mod'];
type Setting = Changelog['settings'][number];

const settingsOf = (b: buildsV1.Build__Output) => {
  const loader = buildLoader({ loader: b.loader, loaderVersion: b.loader_version, forge: b.forge });
  return {
    minecraft: b.minecraft,
    loader: loader?.name ?? null,
    loader_version: loader?.version ?? null,
    min_java: b.min_java ?? null,
    min_memory: b.min_memory ?? null,
  };
};

const buildRef = (b: buildsV1.Build__Output) => ({
  version: b.version,
  minecraft: b.minecraft,
  is_published: b.is_published,
  created_at: b.created_at,
  updated_at: b.updated_at,
});

/**
 * The changelog of `changes`; `versions`: the catalog's answer for the versions they name (in the
 * launcher's order, which the lists keep). A version the catalog no longer has (its mod was just
 * deleted; the detach follows) is left out.
 */
export function changelogOf(
  modpack: { slug: string; name: string },
  changes: buildsV1.BuildChanges__Output,
  versions: catalogV1.VersionWithMod__Output[],
): Changelog {
  const byId = new Map(versions.map((v, i) => [required(v.version, 'version').id, { v, order: i }]));
  const mod = (v: catalogV1.VersionWithMod__Output): Mod => ({ name: v.mod_name, pretty_name: v.mod_pretty_name });
  const sideOf = (v: catalogV1.VersionWithMod__Output, assigned: string | undefined) =>
    (assigned ?? v.version!.side ?? 'both') as ModSide;

  const ordered = changes.changes
    .flatMap((c) => {
      const [from, to] = [byId.get(c.from_version_id), byId.get(c.to_version_id)];
      const at = (to ?? from)?.order;
      return at === undefined ? [] : [{ c, from, to, at }];
    })
    .sort((a, b) => a.at - b.at);
  const added: Changelog['added'] = [];
  const removed: Changelog['removed'] = [];
  const updated: Changelog['updated'] = [];
  const sides: Changelog['sides'] = [];
  for (const { c, from, to } of ordered) {
    if (!c.from_version_id && to)
      added.push({ mod: mod(to.v), version: to.v.version!.version, side: sideOf(to.v, c.to_side) });
    else if (!c.to_version_id && from) removed.push({ mod: mod(from.v), version: from.v.version!.version });
    else if (from && to) {
      if (c.from_version_id !== c.to_version_id) {
        updated.push({ mod: mod(to.v), from: from.v.version!.version, to: to.v.version!.version });
      }
      const [was, is] = [sideOf(from.v, c.from_side), sideOf(to.v, c.to_side)];
      if (was !== is) sides.push({ mod: mod(to.v), from: was, to: is });
    }
  }
  const build = required(changes.build, 'build');
  const now = settingsOf(build);
  const before = changes.from ? settingsOf(changes.from) : null;
  const settings: Setting[] = before
    ? (Object.keys(now) as Setting['setting'][]).flatMap((k) =>
        before[k] === now[k] ? [] : [{ setting: k, from: before[k], to: now[k] }],
      )
    : [];
  const notes = changes.notes ?? null;
  return {
    modpack: { slug: modpack.slug, name: modpack.name },
    build: buildRef(build),
    from: changes.from ? buildRef(changes.from) : null,
    summary: {
      added: added.length,
      removed: removed.length,
      updated: updated.length,
      sides: sides.length,
      settings: settings.length,
      unchanged: changes.unchanged,
    },
    added,
    removed,
    updated,
    sides,
    settings,
    notes,
    notes_html: notes === null ? null : markdownToHtml(notes),
  };
}

/** "added 2, removed 1, updated 3" (and the side and setting changes, when there are). */
export function summaryLine(c: Changelog): string {
  const s = c.summary;
  const parts = [`added ${s.added}`, `removed ${s.removed}`, `updated ${s.updated}`];
  if (s.sides) parts.push(`${s.sides} ${s.sides === 1 ? 'side' : 'sides'} changed`);
  if (s.settings) parts.push(`${s.settings} ${s.settings === 1 ? 'setting' : 'settings'} changed`);
  return parts.join(', ');
}

/** Backslash-escapes what Markdown would read as markup in a name or version (CommonMark: any ASCII punctuation may be). */
export const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]<>~|&#!()]/g, '\\$&');

const SETTING_NAMES: Record<Setting['setting'], string> = {
  minecraft: 'Minecraft',
  loader: 'Loader',
  loader_version: 'Loader version',
  min_java: 'Java',
  min_memory: 'Memory (MB)',
};

const modLine = (m: Mod) => `**${escapeMarkdown(m.pretty_name)}** (${escapeMarkdown(m.name)})`;
const value = (v: string | number | null) => (v === null ? '(none)' : escapeMarkdown(String(v)));

/** The changelog as Markdown: a title, the summary, the release notes, then each list. */
export function changelogMarkdown(c: Changelog, opts: { title?: boolean } = {}): string {
  const out: string[] = [];
  if (opts.title !== false) out.push(`# ${escapeMarkdown(c.modpack.name)} ${escapeMarkdown(c.build.version)}`, '');
  out.push(
    c.from
      ? `Changes since ${escapeMarkdown(c.from.version)}: ${summaryLine(c)}.`
      : `The first build: ${c.summary.added} ${c.summary.added === 1 ? 'mod' : 'mods'}.`,
    '',
  );
  if (c.notes) out.push(c.notes.trim(), '');
  const section = (title: string, lines: string[]) => {
    if (lines.length) out.push(`## ${title}`, '', ...lines.map((l) => `- ${l}`), '');
  };
  section(
    'Added',
    c.added.map((a) => `${modLine(a.mod)} ${escapeMarkdown(a.version)}`),
  );
  section(
    'Removed',
    c.removed.map((r) => `${modLine(r.mod)} ${escapeMarkdown(r.version)}`),
  );
  section(
    'Updated',
    c.updated.map((u) => `${modLine(u.mod)}: ${escapeMarkdown(u.from)} → ${escapeMarkdown(u.to)}`),
  );
  section(
    'Sides',
    c.sides.map((s) => `${modLine(s.mod)}: ${s.from} → ${s.to}`),
  );
  section(
    'Settings',
    c.settings.map((s) => `${SETTING_NAMES[s.setting]}: ${value(s.from)} → ${value(s.to)}`),
  );
  return `${out.join('\n').trimEnd()}\n`;
}
