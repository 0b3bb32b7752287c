// A build's mods: a table sorted by display name (the name it shows; the launcher's own order is by
// slug, docs/api.md#mod-order) where each mod's version is changed in one action, by picking another
// from the list in its row; a mod removed; a mod added by searching the library.
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError, call } from '../api';
import { fileSize } from '../format';
import { paths } from '../paths';
import type { AssignedMod } from '../packs';
import { ConfirmButton } from '../ui/dialog';
import { ErrorNotice, Loading, useFlash } from '../ui/feedback';
import { SelectField, SubmitButton, TextField } from '../ui/form';
import { Table } from '../ui/table';
import { useSubmit } from '../ui/submit';
import { collator, useModLibrary } from './mods';

/** The columns of the mods table (also each cell's label where rows are shown as cards, on a phone). */
const COLUMNS = { mod: 'Mod', version: 'Version', side: 'Goes to', md5: 'MD5', size: 'Size', actions: 'Actions' };

/**
 * Where a mod goes in this build: as its version says, or what this build says for itself (saved
 * at once; docs/archives.md#sides).
 */
function BuildSide({
  slug,
  build,
  mod,
  versionSide,
  inBuild,
  onChanged,
}: {
  slug: string;
  build: string;
  mod: AssignedMod['mod'];
  versionSide: string | undefined;
  inBuild: string | undefined;
  onChanged: () => Promise<unknown>;
}) {
  const flash = useFlash();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const asVersion = `As its version: ${versionSide ? GOES_TO[versionSide].toLowerCase() : 'players and server (not said)'}`;
  const change = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      await call(
        api.PUT('/api/manage/modpacks/{slug}/builds/{build}/mods/{mod_slug}/side', {
          params: { path: { slug, build, mod_slug: mod.name } },
          body: { side: (value || null) as 'client' | 'server' | 'both' | null },
        }),
      );
      await onChanged();
      flash.show(`${mod.pretty_name}: ${value ? `${GOES_TO[value].toLowerCase()} in this build` : 'as its version'}.`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <select
        aria-label={`Where ${mod.pretty_name} goes in this build`}
        value={inBuild ?? ''}
        disabled={busy}
        onChange={(e) => void change(e.currentTarget.value)}
      >
        <option value="">{asVersion}</option>
        {Object.entries(GOES_TO).map(([value, label]) => (
          <option key={value} value={value}>
            {label} (this build)
          </option>
        ))}
      </select>
      <ErrorNotice error={error} />
    </>
  );
}

/** Where each version goes (docs/archives.md#sides): players' launchers, the server pack, or both. */
const GOES_TO: Record<string, string> = {
  client: 'Players only',
  server: 'Server only',
  both: 'Players and server',
};

/** A mod's versions to pick from, newest first; read once `slug` is given. */
function useModVersions(slug: string | undefined) {
  return useQuery({
    queryKey: ['mod', slug, 'versions'],
    queryFn: () => call(api.GET('/api/manage/mods/{slug}/versions', { params: { path: { slug: slug! } } })),
    select: (data) => data.versions.map((v) => v.version).reverse(),
    enabled: !!slug,
  });
}

export function BuildMods({
  slug,
  version,
  mods,
  canManage,
  onChange,
}: {
  slug: string;
  version: string;
  mods: AssignedMod[];
  canManage: boolean;
  onChange: () => Promise<unknown>;
}) {
  const flash = useFlash();
  const sorted = useMemo(
    () =>
      [...mods].sort(
        (a, b) => collator.compare(a.mod.pretty_name, b.mod.pretty_name) || collator.compare(a.mod.name, b.mod.name),
      ),
    [mods],
  );
  const remove = async ({ mod }: AssignedMod) => {
    await call(
      api.DELETE('/api/modpack/{slug}/{build}/mod/{mod_slug}', {
        params: { path: { slug, build: version, mod_slug: mod.name } },
      }),
    );
    await onChange();
    flash.show(`${mod.pretty_name} removed from the build.`);
  };
  if (mods.length === 0) return <p>This build has no mods yet.</p>;
  return (
    <Table
      headers={[COLUMNS.mod, COLUMNS.version, COLUMNS.side, COLUMNS.md5, COLUMNS.size, canManage && COLUMNS.actions]}
      caption={`Mods of build ${version}`}
      cards
    >
      {sorted.map(({ mod, version: v, build_side: inBuild }) => (
        <tr key={mod.name}>
          <th scope="row">
            <Link to={paths.mod(mod.name)}>{mod.pretty_name}</Link> <span className="mono muted">{mod.name}</span>
          </th>
          <td className="mono" data-label={COLUMNS.version}>
            {canManage ? (
              <VersionPicker
                key={v.version}
                slug={slug}
                build={version}
                mod={mod}
                current={v.version}
                onChanged={async (changed) => {
                  await onChange();
                  flash.show(`${mod.pretty_name} is now at version ${changed}.`);
                }}
              />
            ) : (
              v.version
            )}
          </td>
          <td data-label={COLUMNS.side}>
            {canManage ? (
              <BuildSide
                slug={slug}
                build={version}
                mod={mod}
                versionSide={v.side}
                inBuild={inBuild}
                onChanged={onChange}
              />
            ) : inBuild ? (
              `${GOES_TO[inBuild]} (this build)`
            ) : v.side ? (
              GOES_TO[v.side]
            ) : (
              <span className="muted">Players and server (not said)</span>
            )}
          </td>
          <td className="mono" data-label={COLUMNS.md5}>
            {v.md5}
          </td>
          <td data-label={COLUMNS.size}>{fileSize(v.filesize)}</td>
          {canManage ? (
            <td className="actions">
              <div className="action-row">
                <ConfirmButton
                  label="Remove"
                  what={`${mod.pretty_name}`}
                  title={`Remove ${mod.pretty_name}?`}
                  confirmLabel="Remove mod"
                  onConfirm={() => remove({ mod, version: v })}
                >
                  {() => (
                    <p>
                      {mod.pretty_name} ({v.version}) will no longer be installed with build {version}. The mod stays in
                      the library.
                    </p>
                  )}
                </ConfirmButton>
              </div>
            </td>
          ) : null}
        </tr>
      ))}
    </Table>
  );
}

/**
 * The version of a mod in the build, changed by picking another: saved at once. The mod's versions
 * are read when the pointer or the focus reaches the list (one read per mod looked at, not one per
 * mod of the build). Picks made while one is saved are saved after it, the last one winning.
 */
function VersionPicker({
  slug,
  build,
  mod,
  current,
  onChanged,
}: {
  slug: string;
  build: string;
  mod: AssignedMod['mod'];
  current: string;
  onChanged: (version: string) => Promise<void>;
}) {
  const flash = useFlash();
  const [wanted, setWanted] = useState(false);
  const versions = useModVersions(wanted ? mod.name : undefined);
  const [selected, setSelected] = useState(current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const saved = useRef(current);
  const next = useRef<string | null>(null);
  const running = useRef(false);
  const save = async () => {
    running.current = true;
    setBusy(true);
    setError(null);
    flash.dismiss();
    try {
      while (next.current !== null) {
        const chosen = next.current;
        next.current = null;
        await call(
          api.PUT('/api/modpack/{slug}/{build}/mod/{mod_slug}', {
            params: { path: { slug, build, mod_slug: mod.name } },
            body: { mod_version: chosen },
          }),
        );
        saved.current = chosen;
      }
      await onChanged(saved.current);
    } catch (err) {
      next.current = null;
      setSelected(saved.current);
      setError(err);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  const pick = (chosen: string) => {
    setSelected(chosen);
    next.current = chosen;
    if (!running.current) void save();
  };
  const load = () => setWanted(true);
  const options = versions.data ?? [current];
  return (
    <div className="version-picker">
      <select
        aria-label={`Version of ${mod.pretty_name}`}
        value={selected}
        onChange={(event) => pick(event.currentTarget.value)}
        onPointerEnter={load}
        onPointerDown={load}
        onFocus={load}
        aria-describedby={error ? `${mod.name}-version-error` : undefined}
      >
        {options.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
        {versions.isFetching && !versions.data ? <option disabled>Loading the versions…</option> : null}
      </select>
      {busy ? <span className="muted"> Saving…</span> : null}
      {error ? (
        <div id={`${mod.name}-version-error`}>
          <ErrorNotice error={error} title="Not changed." />
        </div>
      ) : null}
      {versions.error ? <ErrorNotice error={versions.error} title="The versions could not be read." /> : null}
    </div>
  );
}

/** Adds a mod: the mod found by typing part of its name, then one of its versions (newest first). */
export function AddMod({
  slug,
  version,
  assigned,
  onAdded,
}: {
  slug: string;
  version: string;
  assigned: AssignedMod[];
  onAdded: () => Promise<unknown>;
}) {
  const flash = useFlash();
  const library = useModLibrary();
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const inBuild = useMemo(() => new Set(assigned.map((m) => m.mod.name)), [assigned]);
  // The list offers "Display name (slug)"; either form, or the bare slug, picks the mod.
  const chosen = useMemo(() => {
    const t = typed.trim();
    const m = /\(([^()]+)\)$/.exec(t);
    const slugTyped = m ? m[1] : t;
    return library.data?.find((mod) => mod.name === slugTyped || mod.pretty === t);
  }, [typed, library.data]);
  const versions = useModVersions(chosen?.name);
  const submit = useSubmit(
    async (v) => {
      if (!chosen) {
        throw new ApiError(422, 'Correct the field below.', {
          mod_slug: [typed.trim() ? 'No mod of the library has that name: pick one from the list.' : 'Pick a mod.'],
        });
      }
      const modVersion = v.text('mod_version');
      await call(
        api.POST('/api/modpack/{slug}/{build}/mod', {
          params: { path: { slug, build: version } },
          body: { mod_slug: chosen.name, mod_version: modVersion },
        }),
      );
      return { mod: chosen, modVersion };
    },
    async ({ mod, modVersion }, form) => {
      form.reset();
      setTyped('');
      await onAdded();
      flash.show(`${mod.pretty} ${modVersion} added to the build.`);
    },
  );
  const offered = useMemo(
    () => (library.data ?? []).filter((m) => !inBuild.has(m.name)).map((m) => `${m.pretty} (${m.name})`),
    [library.data, inBuild],
  );
  return (
    <form onSubmit={submit.onSubmit} noValidate className="form inline-form" aria-labelledby={headingId}>
      <h3 id={headingId}>Add a mod</h3>
      <ErrorNotice error={submit.error} />
      <TextField
        name="mod_slug"
        label="Mod"
        required
        errors={submit.fields}
        suggestions={offered}
        hint="Type part of the mod's name and pick it from the list."
        onInput={(event) => setTyped(event.currentTarget.value)}
      />
      {chosen ? (
        versions.data ? (
          versions.data.length ? (
            <SelectField
              key={chosen.name}
              name="mod_version"
              label={`Version of ${chosen.pretty}`}
              options={versions.data.map((v) => ({ value: v, label: v }))}
              errors={submit.fields}
            />
          ) : (
            <p className="notice">
              {chosen.pretty} has no versions yet: <Link to={paths.mod(chosen.name)}>add one in the library</Link>.
            </p>
          )
        ) : (
          <Loading what="Loading the versions" />
        )
      ) : null}
      <SubmitButton busy={submit.busy}>Add to build</SubmitButton>
    </form>
  );
}
