// One mod: its details, its versions (md5 and size), a new version, and deleting either, with
// what the deletion takes from builds.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api';
import { fileSize } from '../format';
import { paths } from '../paths';
import { useSession } from '../session';
import { ConfirmButton } from '../ui/dialog';
import { ErrorNotice, Loading, useFlash } from '../ui/feedback';
import { SubmitButton, TextField } from '../ui/form';
import { Page, Section } from '../ui/page';
import { useSubmit } from '../ui/submit';
import { ModFields, modBody } from './mod-form';

export default function Mod() {
  const { slug = '' } = useParams();
  const mod = useQuery({
    queryKey: ['mod', slug],
    queryFn: () => call(api.GET('/api/mod/{slug}', { params: { path: { slug } } })),
  });
  if (mod.isPending) return <Loading what="Loading the mod" />;
  if (mod.error) {
    return (
      <Page title="Mod">
        <ErrorNotice error={mod.error} />
      </Page>
    );
  }
  return <ModPage key={slug} mod={mod.data} />;
}

function ModPage({ mod }: { mod: Schemas['ModView'] }) {
  const session = useSession();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const flash = useFlash();
  const canManage = session.can('mods_manage');
  const update = useSubmit(
    (v) => call(api.PUT('/api/mod/{slug}', { params: { path: { slug: mod.name } }, body: modBody(v) })),
    (saved) => {
      void queries.invalidateQueries({ queryKey: ['mods'] });
      void queries.invalidateQueries({ queryKey: ['mod', mod.name] });
      flash.show('Mod saved.');
      if (saved.name !== mod.name) navigate(paths.mod(saved.name), { replace: true });
    },
  );
  const remove = async () => {
    await call(api.DELETE('/api/mod/{slug}', { params: { path: { slug: mod.name } } }));
    queries.removeQueries({ queryKey: ['mod', mod.name] });
    void queries.invalidateQueries({ queryKey: ['mods'] });
    flash.show(`Mod ${mod.pretty_name} deleted.`);
    navigate(paths.mods);
  };

  return (
    <Page
      title={mod.pretty_name}
      actions={
        session.can('mods_delete') ? (
          <ConfirmButton
            label="Delete mod"
            title={`Delete ${mod.pretty_name}?`}
            confirmLabel="Delete mod"
            onConfirm={remove}
          >
            {() => (
              <>
                <p>
                  The mod <span className="mono">{mod.name}</span> and its {mod.versions.length} version(s) will be
                  deleted. Every build that uses one of them loses the mod. This cannot be undone.
                </p>
              </>
            )}
          </ConfirmButton>
        ) : null
      }
    >
      <p className="mono muted">{mod.name}</p>
      <Versions mod={mod} canManage={canManage} />
      <Section title="Details">
        {canManage ? (
          <form onSubmit={update.onSubmit} noValidate className="form">
            <ErrorNotice error={update.error} />
            <ModFields mod={mod} errors={update.fields} />
            <SubmitButton busy={update.busy}>Save mod</SubmitButton>
          </form>
        ) : (
          <dl className="details">
            <dt>Author</dt>
            <dd>{mod.author ?? '—'}</dd>
            <dt>Website</dt>
            <dd>{mod.link ? <a href={mod.link}>{mod.link}</a> : '—'}</dd>
            <dt>Description</dt>
            <dd>{mod.description ?? '—'}</dd>
          </dl>
        )}
      </Section>
    </Page>
  );
}

function Versions({ mod, canManage }: { mod: Schemas['ModView']; canManage: boolean }) {
  const queries = useQueryClient();
  const flash = useFlash();
  const details = useQueries({
    queries: mod.versions.map((version) => ({
      queryKey: ['mod', mod.name, 'version', version],
      queryFn: () => call(api.GET('/api/mod/{slug}/{version}', { params: { path: { slug: mod.name, version } } })),
    })),
  });
  const [editing, setEditing] = useState<string | null>(null);
  const refresh = () => queries.invalidateQueries({ queryKey: ['mod', mod.name] });
  const add = useSubmit(
    (v) =>
      call(
        api.POST('/api/mod/{slug}/version', {
          params: { path: { slug: mod.name } },
          body: { version: v.text('version'), md5: v.text('md5'), filesize: v.integer('filesize') },
        }),
      ),
    (created, form) => {
      form.reset();
      void refresh();
      flash.show(`Version ${created.version} added.`);
    },
  );
  const remove = async (version: string) => {
    await call(api.DELETE('/api/mod/{slug}/{version}', { params: { path: { slug: mod.name, version } } }));
    await refresh();
    flash.show(`Version ${version} deleted.`);
  };

  return (
    <Section title="Versions">
      {mod.versions.length === 0 ? <p>No versions yet.</p> : null}
      {mod.versions.length ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">MD5</th>
                <th scope="col">Size</th>
                {canManage ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {mod.versions.map((version, i) => {
                const d = details[i];
                if (editing === version && d.data) {
                  return (
                    <EditVersion
                      key={version}
                      slug={mod.name}
                      version={version}
                      current={d.data}
                      onDone={() => {
                        setEditing(null);
                        void refresh();
                      }}
                    />
                  );
                }
                return (
                  <tr key={version}>
                    <th scope="row" className="mono">
                      {version}
                    </th>
                    <td className="mono">{d.data?.md5 ?? (d.error ? 'unavailable' : '…')}</td>
                    <td>{d.data ? fileSize(d.data.filesize) : '…'}</td>
                    {canManage ? (
                      <td className="actions">
                        <button type="button" onClick={() => setEditing(version)} disabled={!d.data}>
                          Edit<span className="visually-hidden"> version {version}</span>
                        </button>
                        <ConfirmButton
                          label={
                            <>
                              Delete<span className="visually-hidden"> version {version}</span>
                            </>
                          }
                          title={`Delete version ${version}?`}
                          confirmLabel="Delete version"
                          onConfirm={() => remove(version)}
                        >
                          {() => (
                            <p>
                              Version <span className="mono">{version}</span> of {mod.pretty_name} will be deleted.
                              Depot refuses while builds still use it.
                            </p>
                          )}
                        </ConfirmButton>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {canManage ? (
        <form onSubmit={add.onSubmit} noValidate className="form inline-form" aria-labelledby="add-version-heading">
          <h3 id="add-version-heading">Add a version</h3>
          <ErrorNotice error={add.error} />
          <TextField name="version" label="Version" required errors={add.fields} hint="e.g. 1.20.1-15.2.0.27" />
          <TextField
            name="md5"
            label="MD5 of the zip"
            required
            errors={add.fields}
            hint="32 hexadecimal digits (md5sum file.zip)."
          />
          <TextField name="filesize" label="Size in bytes" inputMode="numeric" errors={add.fields} />
          <SubmitButton busy={add.busy}>Add version</SubmitButton>
        </form>
      ) : null}
    </Section>
  );
}

function EditVersion({
  slug,
  version,
  current,
  onDone,
}: {
  slug: string;
  version: string;
  current: Schemas['ModVersionView'];
  onDone: () => void;
}) {
  const flash = useFlash();
  const save = useSubmit(
    (v) =>
      call(
        api.PUT('/api/mod/{slug}/{version}', {
          params: { path: { slug, version } },
          body: { md5: v.text('md5'), filesize: v.integer('filesize') },
        }),
      ),
    () => {
      flash.show(`Version ${version} saved.`);
      onDone();
    },
  );
  return (
    <tr>
      <th scope="row" className="mono">
        {version}
      </th>
      <td colSpan={3}>
        <form onSubmit={save.onSubmit} noValidate className="form row-form" aria-label={`Edit version ${version}`}>
          <ErrorNotice error={save.error} />
          <TextField name="md5" label="MD5" required defaultValue={current.md5} errors={save.fields} />
          <TextField
            name="filesize"
            label="Size in bytes"
            inputMode="numeric"
            defaultValue={current.filesize}
            errors={save.fields}
          />
          <div className="row-actions">
            <SubmitButton busy={save.busy}>Save</SubmitButton>
            <button type="button" onClick={onDone}>
              Cancel
            </button>
          </div>
        </form>
      </td>
    </tr>
  );
}
