// One build: its mods (the version of each, changed from that mod's list of versions; a mod added
// by searching the library; one removed) and its settings.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api';
import { fileSize } from '../format';
import { paths } from '../paths';
import { packKeys, useBuild, useModpack, type AssignedMod, type BuildRecord } from '../packs';
import { useSession } from '../session';
import { ConfirmButton } from '../ui/dialog';
import { ErrorNotice, Loading, useFlash } from '../ui/feedback';
import { SubmitButton } from '../ui/form';
import { Page, Section } from '../ui/page';
import { Table } from '../ui/table';
import { useSubmit } from '../ui/submit';
import { BuildFields, buildChanges } from './build-form';
import { useModLibrary } from './mods';

export default function Build() {
  const { slug = '', build: version = '' } = useParams();
  const pack = useModpack(slug);
  const build = useBuild(slug, version);
  if (pack.isPending || build.isPending) return <Loading what="Loading the build" />;
  const error = pack.error ?? build.error;
  if (error || !pack.data || !build.data) {
    return (
      <Page title={`Build ${version}`}>
        <ErrorNotice error={error} />
      </Page>
    );
  }
  return (
    <BuildPage
      key={`${slug}/${version}`}
      slug={slug}
      packName={pack.data.modpack.name}
      build={build.data.build}
      mods={build.data.mods}
    />
  );
}

/** A mod's versions to pick from, newest first. */
function useModVersions(slug: string | undefined) {
  return useQuery({
    queryKey: ['mod', slug, 'versions'],
    queryFn: () => call(api.GET('/api/manage/mods/{slug}/versions', { params: { path: { slug: slug! } } })),
    select: (data) => data.versions.map((v) => v.version).reverse(),
    enabled: !!slug,
  });
}

function BuildPage({
  slug,
  packName,
  build,
  mods,
}: {
  slug: string;
  packName: string;
  build: BuildRecord;
  mods: AssignedMod[];
}) {
  const session = useSession();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const flash = useFlash();
  const canManage = session.canOnPack('modpacks_manage', slug);
  const refresh = () =>
    Promise.all(
      [...packKeys(slug), ['modpack', slug, 'build', build.version]].map((queryKey) =>
        queries.invalidateQueries({ queryKey }),
      ),
    );
  const save = useSubmit(
    async (v) => {
      const body = buildChanges(v, build);
      return Object.keys(body).length
        ? call(api.PUT('/api/modpack/{slug}/{build}', { params: { path: { slug, build: build.version } }, body }))
        : null;
    },
    async (saved) => {
      if (!saved) return flash.show('Nothing changed.');
      await refresh();
      flash.show('Build saved.');
      if (saved.version !== build.version) navigate(paths.build(slug, saved.version), { replace: true });
    },
  );
  const remove = async () => {
    await call(api.DELETE('/api/modpack/{slug}/{build}', { params: { path: { slug, build: build.version } } }));
    await Promise.all(packKeys(slug).map((queryKey) => queries.invalidateQueries({ queryKey })));
    flash.show(`Build ${build.version} deleted.`);
    navigate(paths.modpack(slug));
  };
  return (
    <Page
      title={`${packName} ${build.version}`}
      actions={
        canManage ? (
          <ConfirmButton
            label="Delete build"
            title={`Delete build ${build.version}?`}
            confirmLabel="Delete build"
            onConfirm={remove}
          >
            {() => (
              <p>
                Build <span className="mono">{build.version}</span> and its list of {mods.length} mod(s) will be
                deleted; the mods stay in the library.
              </p>
            )}
          </ConfirmButton>
        ) : null
      }
    >
      <p>
        <Link to={paths.modpack(slug)}>Back to {packName}</Link>
      </p>
      <Section title="Mods">
        <BuildMods slug={slug} version={build.version} mods={mods} canManage={canManage} onChange={refresh} />
        {canManage ? <AddMod slug={slug} version={build.version} assigned={mods} onAdded={refresh} /> : null}
      </Section>
      {canManage ? (
        <Section title="Settings">
          <form onSubmit={save.onSubmit} noValidate className="form">
            <ErrorNotice error={save.error} />
            <BuildFields build={build} errors={save.fields} />
            <SubmitButton busy={save.busy}>Save build</SubmitButton>
          </form>
        </Section>
      ) : null}
    </Page>
  );
}

function BuildMods({
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
  const [changing, setChanging] = useState<string | null>(null);
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
    <Table headers={['Mod', 'Version', 'MD5', 'Size', canManage && 'Actions']} caption={`Mods of build ${version}`}>
      {mods.map(({ mod, version: v }) => (
        <tr key={mod.name}>
          <th scope="row">
            <Link to={paths.mod(mod.name)}>{mod.pretty_name}</Link> <span className="mono muted">{mod.name}</span>
          </th>
          <td className="mono">
            {changing === mod.name ? (
              <ChangeVersion
                slug={slug}
                version={version}
                mod={mod}
                current={v.version}
                onDone={async (changed) => {
                  setChanging(null);
                  if (changed) {
                    await onChange();
                    flash.show(`${mod.pretty_name} is now at version ${changed}.`);
                  }
                }}
              />
            ) : (
              v.version
            )}
          </td>
          <td className="mono">{v.md5}</td>
          <td>{fileSize(v.filesize)}</td>
          {canManage ? (
            <td className="actions">
              {changing === mod.name ? null : (
                <button type="button" onClick={() => setChanging(mod.name)}>
                  Change version<span className="visually-hidden"> of {mod.pretty_name}</span>
                </button>
              )}
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
            </td>
          ) : null}
        </tr>
      ))}
    </Table>
  );
}

function ChangeVersion({
  slug,
  version,
  mod,
  current,
  onDone,
}: {
  slug: string;
  version: string;
  mod: AssignedMod['mod'];
  current: string;
  onDone: (changed: string | null) => void;
}) {
  const id = useId();
  const versions = useModVersions(mod.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const chosen = String(new FormData(e.currentTarget).get('mod_version'));
    if (chosen === current) return onDone(null);
    setBusy(true);
    try {
      await call(
        api.PUT('/api/modpack/{slug}/{build}/mod/{mod_slug}', {
          params: { path: { slug, build: version, mod_slug: mod.name } },
          body: { mod_version: chosen },
        }),
      );
      onDone(chosen);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  if (versions.isPending) return <Loading what="Loading the versions" />;
  if (versions.error) return <ErrorNotice error={versions.error} />;
  return (
    <form onSubmit={submit} className="row-form">
      <ErrorNotice error={error} />
      <label htmlFor={id}>Version of {mod.pretty_name}</label>
      <select id={id} name="mod_version" defaultValue={current} autoFocus>
        {versions.data.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
      <div className="row-actions">
        <SubmitButton busy={busy}>Save</SubmitButton>
        <button type="button" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Adds a mod: the mod found by typing part of its name, then one of its versions (newest first). */
function AddMod({
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
  const listId = useId();
  const [typed, setTyped] = useState('');
  const inBuild = useMemo(() => new Set(assigned.map((m) => m.mod.name)), [assigned]);
  // The datalist offers "Display name (slug)"; either form, or the bare slug, picks the mod.
  const chosen = useMemo(() => {
    const t = typed.trim();
    const m = /\(([^()]+)\)$/.exec(t);
    const slugTyped = m ? m[1] : t;
    return library.data?.find((mod) => mod.name === slugTyped || mod.pretty === t);
  }, [typed, library.data]);
  const versions = useModVersions(chosen?.name);
  const submit = useSubmit(
    async (v) => {
      if (!chosen) throw new Error('Pick a mod from the list: type part of its name.');
      const modVersion = v.text('mod_version');
      await call(
        api.POST('/api/modpack/{slug}/{build}/mod', {
          params: { path: { slug, build: version } },
          body: { mod_slug: chosen.name, mod_version: modVersion },
        }),
      );
      return { mod: chosen, modVersion };
    },
    async ({ mod, modVersion }) => {
      setTyped('');
      await onAdded();
      flash.show(`${mod.pretty} ${modVersion} added to the build.`);
    },
  );
  return (
    <form onSubmit={submit.onSubmit} noValidate className="form inline-form" aria-labelledby={`${listId}-h`}>
      <h3 id={`${listId}-h`}>Add a mod</h3>
      <ErrorNotice error={submit.error} />
      <div className="field">
        <label htmlFor={`${listId}-mod`}>Mod</label>
        <input
          id={`${listId}-mod`}
          list={listId}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${listId}-hint`}
        />
        <p className="hint" id={`${listId}-hint`}>
          Type part of the mod's name and pick it from the list.
        </p>
        <datalist id={listId}>
          {(library.data ?? [])
            .filter((m) => !inBuild.has(m.name))
            .map((m) => (
              <option key={m.name} value={`${m.pretty} (${m.name})`} />
            ))}
        </datalist>
      </div>
      {chosen ? (
        versions.data ? (
          versions.data.length ? (
            <div className="field">
              <label htmlFor={`${listId}-version`}>Version of {chosen.pretty}</label>
              <select id={`${listId}-version`} name="mod_version" key={chosen.name}>
                {versions.data.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </div>
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
