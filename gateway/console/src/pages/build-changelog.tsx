// What a build changes (docs/releases.md#changelogs): against the previous published build, or the
// one it was made from, or any other of the pack; before it is published this is what launchers
// will get. Its release notes are shown (as the API renders them: sanitized HTML) and edited here.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api';
import { ErrorNotice, Loading, useFlash } from '../ui/feedback';
import { SubmitButton, TextField } from '../ui/form';
import { Section } from '../ui/page';
import { useSubmit } from '../ui/submit';

type Changelog = Schemas['Changelog'];
type Mod = Changelog['added'][number]['mod'];

const SETTINGS: Record<Changelog['settings'][number]['setting'], string> = {
  minecraft: 'Minecraft',
  loader: 'Loader',
  loader_version: 'Loader version',
  min_java: 'Java',
  min_memory: 'Memory (MB)',
};

/** "added 2, removed 1, updated 3", and the sides and settings changed when there are. */
export function summaryOf(c: Changelog): string {
  const s = c.summary;
  const parts = [`added ${s.added}`, `removed ${s.removed}`, `updated ${s.updated}`];
  if (s.sides) parts.push(`${s.sides} ${s.sides === 1 ? 'side' : 'sides'} changed`);
  if (s.settings) parts.push(`${s.settings} ${s.settings === 1 ? 'setting' : 'settings'} changed`);
  return parts.join(', ');
}

const name = (m: Mod) => (
  <>
    {m.pretty_name} <span className="mono">({m.name})</span>
  </>
);

function List({ title, items }: { title: string; items: { key: string; line: ReactNode }[] }) {
  if (!items.length) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul aria-label={title}>
        {items.map((i) => (
          <li key={i.key}>{i.line}</li>
        ))}
      </ul>
    </>
  );
}

export function BuildChangelog({
  slug,
  version,
  published,
  builds,
  initialFrom,
  canManage,
  onChange,
}: {
  slug: string;
  version: string;
  published: boolean;
  /** The pack's other builds, creation order: what it may be compared with. */
  builds: string[];
  /** The build it was made from, when the page was opened right after making it. */
  initialFrom?: string;
  canManage: boolean;
  onChange: () => Promise<unknown>;
}) {
  const [from, setFrom] = useState(initialFrom && builds.includes(initialFrom) ? initialFrom : '');
  const log = useQuery({
    queryKey: ['modpack', slug, 'build', version, 'changelog', from],
    queryFn: () =>
      call(
        api.GET('/api/manage/modpacks/{slug}/builds/{build}/changelog', {
          params: { path: { slug, build: version }, query: from ? { from } : {} },
        }),
      ),
  });
  const c = log.data;
  return (
    <Section title="What changed">
      <div className="field">
        <label htmlFor="changelog-from">Compared with</label>
        <select id="changelog-from" value={from} onChange={(e) => setFrom(e.currentTarget.value)}>
          <option value="">The previous published build</option>
          {builds.map((b) => (
            <option key={b} value={b}>
              Build {b}
            </option>
          ))}
        </select>
      </div>
      {log.isPending ? <Loading what="Comparing the builds" /> : null}
      <ErrorNotice error={log.error} />
      {c ? (
        <div aria-label="Changelog">
          <p role="status">
            {published ? null : 'Not published yet: this is what launchers will get. '}
            {c.from ? (
              <>
                Since <span className="mono">{c.from.version}</span>: <strong>{summaryOf(c)}</strong>
                {c.summary.unchanged ? `, ${c.summary.unchanged} unchanged` : ''}.
              </>
            ) : (
              <>
                The first build: <strong>{c.summary.added}</strong> {c.summary.added === 1 ? 'mod' : 'mods'}.
              </>
            )}
          </p>
          <List
            title="Added"
            items={c.added.map((a) => ({
              key: a.mod.name,
              line: (
                <>
                  {name(a.mod)} {a.version}
                </>
              ),
            }))}
          />
          <List
            title="Removed"
            items={c.removed.map((r) => ({
              key: r.mod.name,
              line: (
                <>
                  {name(r.mod)} {r.version}
                </>
              ),
            }))}
          />
          <List
            title="Updated"
            items={c.updated.map((u) => ({
              key: u.mod.name,
              line: (
                <>
                  {name(u.mod)}: {u.from} → {u.to}
                </>
              ),
            }))}
          />
          <List
            title="Where mods run"
            items={c.sides.map((s) => ({
              key: s.mod.name,
              line: (
                <>
                  {name(s.mod)}: {s.from} → {s.to}
                </>
              ),
            }))}
          />
          <List
            title="Settings"
            items={c.settings.map((s) => ({
              key: s.setting,
              line: `${SETTINGS[s.setting]}: ${s.from ?? 'none'} → ${s.to ?? 'none'}`,
            }))}
          />
          <h3>Release notes</h3>
          {c.notes_html ? (
            // Rendered and sanitized by the API (markdown-it, then sanitize-html): no script or handler survives.
            <div
              className="release-notes"
              aria-label="Release notes"
              dangerouslySetInnerHTML={{ __html: c.notes_html }}
            />
          ) : (
            <p className="hint">None yet.</p>
          )}
          {canManage ? (
            <ReleaseNotesForm key={c.notes ?? ''} slug={slug} version={version} notes={c.notes} onSaved={onChange} />
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}

function ReleaseNotesForm({
  slug,
  version,
  notes,
  onSaved,
}: {
  slug: string;
  version: string;
  notes: string | null;
  onSaved: () => Promise<unknown>;
}) {
  const flash = useFlash();
  const save = useSubmit(
    (v) =>
      call(
        api.PUT('/api/manage/modpacks/{slug}/builds/{build}/notes', {
          params: { path: { slug, build: version } },
          body: { notes: v.optional('notes') },
        }),
      ),
    async () => {
      await onSaved();
      flash.show('Release notes saved.');
    },
  );
  return (
    <form onSubmit={save.onSubmit} noValidate className="form" aria-label="Edit release notes">
      <ErrorNotice error={save.error} />
      <TextField
        name="notes"
        label="Release notes"
        multiline
        defaultValue={notes}
        errors={save.fields}
        hint="Markdown: shown with the changelog, in the releases feed and to players; empty: none."
      />
      <SubmitButton busy={save.busy}>Save release notes</SubmitButton>
    </form>
  );
}
