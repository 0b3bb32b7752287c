// A mod's versions: md5, size, own download url, private notes and the builds using each; new
// versions from files (mod-uploads.tsx) or from the form (a blank md5: Depot fetches the archive),
// a version edited, rehashed, or deleted (not while builds use it).
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type FieldErrors, type Schemas } from '../api';
import { fileSize } from '../format';
import { paths } from '../paths';
import { useSession } from '../session';
import { ConfirmButton } from '../ui/dialog';
import { ErrorNotice, useFlash } from '../ui/feedback';
import { SubmitButton, TextField } from '../ui/form';
import { Table } from '../ui/table';
import { Section } from '../ui/page';
import { useSubmit } from '../ui/submit';
import { Md5Field, md5FromPaste, NOTES_HINT } from './mod-form';
import { ModUploads } from './mod-uploads';
import { RehashButton } from './rehash';
import { VersionSide } from './version-side';

export type ManagedMod = Schemas['ManagedMod'];
export type VersionEntry = ManagedMod['versions'][number];
export type Use = Schemas['VersionUse'];

/** The columns of the versions table (also each cell's label where rows are shown as cards, on a phone). */
const COLUMNS = {
  version: 'Version',
  md5: 'MD5',
  size: 'Size',
  side: 'Runs on',
  uses: 'Used by',
  notes: 'Notes',
  actions: 'Actions',
};

export function UseList({ uses }: { uses: Use[] }) {
  const session = useSession();
  return (
    <ul className="uses">
      {uses.map((u) => (
        <li key={u.build.id}>
          {session.canOnPack('modpacks_manage', u.modpack.slug) ? (
            <Link to={paths.build(u.modpack.slug, u.build.version)}>
              {u.modpack.name} {u.build.version}
            </Link>
          ) : (
            `${u.modpack.name} ${u.build.version}`
          )}
          {u.build.is_published ? '' : ' (not published)'}
        </li>
      ))}
    </ul>
  );
}

/**
 * Whether version writes take a download `url` of their own (the gateway's MOD_VERSION_URLS):
 * without it the API ignores the field, so the console does not offer it.
 */
function useVersionUrls() {
  const settings = useQuery({
    queryKey: ['manage-settings'],
    queryFn: () => call(api.GET('/api/manage/settings')),
    staleTime: Infinity,
  });
  return { urls: settings.data?.mod_version_urls === true, error: settings.error };
}

export function Versions({ mod, versions }: { mod: Schemas['Mod']; versions: VersionEntry[] }) {
  const queries = useQueryClient();
  const flash = useFlash();
  const [editing, setEditing] = useState<string | null>(null);
  const { urls, error: settingsError } = useVersionUrls();
  const refresh = () => queries.invalidateQueries({ queryKey: ['mod', mod.name] });
  const add = useSubmit(
    (v) =>
      call(
        // The management create: a blank md5 has Depot fetch the archive and compute md5 and size.
        api.POST('/api/manage/mods/{slug}/versions', {
          params: { path: { slug: mod.name } },
          body: {
            version: v.text('version'),
            md5: md5FromPaste(v.text('md5')) || null,
            filesize: v.integer('filesize'),
            ...(urls ? { url: v.optional('url') } : {}),
            notes: v.optional('notes'),
          },
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
      <ErrorNotice error={settingsError} title="Whether versions may have their own download URL is unknown." />
      {versions.length === 0 ? <p>No versions yet: add the first one below.</p> : null}
      {versions.length ? (
        <Table headers={Object.values(COLUMNS)} cards>
          {versions.map(({ version: v, builds }) =>
            editing === v.version ? (
              <EditVersion
                key={v.version}
                slug={mod.name}
                current={v}
                urls={urls}
                onDone={() => {
                  setEditing(null);
                  void refresh();
                }}
              />
            ) : (
              <tr key={v.version}>
                <th scope="row">
                  <span className="mono">{v.version}</span>
                  {v.url ? (
                    <p className="version-url">
                      Downloads from{' '}
                      <a href={v.url} className="mono">
                        {v.url}
                      </a>
                    </p>
                  ) : null}
                </th>
                <td className="mono" data-label={COLUMNS.md5}>
                  {v.md5 || 'none'}
                </td>
                <td data-label={COLUMNS.size}>{fileSize(v.filesize)}</td>
                <td data-label={COLUMNS.side}>
                  <VersionSide slug={mod.name} version={v.version} side={v.side} onChanged={refresh} />
                </td>
                <td data-label={COLUMNS.uses}>{builds.length ? <UseList uses={builds} /> : 'no build'}</td>
                <td className="notes-text" data-label={COLUMNS.notes}>
                  {v.notes ?? <span className="muted">none</span>}
                </td>
                <td className="actions">
                  <div className="action-row">
                    <button type="button" onClick={() => setEditing(v.version)}>
                      Edit<span className="visually-hidden"> version {v.version}</span>
                    </button>
                    <RehashButton slug={mod.name} version={v.version} onStored={() => void refresh()} />
                    <ConfirmButton
                      label="Delete"
                      what={`version ${v.version}`}
                      title={`Delete version ${v.version}?`}
                      confirmLabel="Delete version"
                      onConfirm={() => remove(v.version)}
                      blocked={
                        builds.length
                          ? 'Depot deletes a version only once no build uses it: give these builds another version of the mod (or remove the mod from them) first.'
                          : undefined
                      }
                    >
                      {() =>
                        builds.length ? (
                          <>
                            <p>
                              <strong>
                                Version <span className="mono">{v.version}</span> cannot be deleted: {builds.length}{' '}
                                build(s) use it.
                              </strong>
                            </p>
                            <UseList uses={builds} />
                          </>
                        ) : (
                          <p>
                            Version <span className="mono">{v.version}</span> of {mod.pretty_name} will be deleted. No
                            build uses it.
                          </p>
                        )
                      }
                    </ConfirmButton>
                  </div>
                </td>
              </tr>
            ),
          )}
        </Table>
      ) : null}
      <ModUploads
        mod={{ name: mod.name, pretty: mod.pretty_name }}
        versions={versions.map((v) => v.version.version)}
        onUploaded={refresh}
      />
      <form onSubmit={add.onSubmit} noValidate className="form inline-form" aria-labelledby="add-version-heading">
        <h3 id="add-version-heading">Add a version</h3>
        <ErrorNotice error={add.error} />
        <TextField name="version" label="Version" required errors={add.fields} hint="e.g. 1.20.1-15.2.0.27" />
        <Md5Field
          label="MD5 of the zip"
          errors={add.fields}
          optional="Leave it blank when the zip is already on the mirror (or at its download URL): Depot fetches it and computes its MD5 and size."
        />
        <TextField
          name="filesize"
          label="Size in bytes"
          inputMode="numeric"
          errors={add.fields}
          hint="Computed by Depot when the MD5 is left blank."
        />
        {urls ? <UrlField errors={add.fields} /> : null}
        <TextField name="notes" label="Notes" multiline errors={add.fields} hint={NOTES_HINT} />
        <SubmitButton busy={add.busy}>Add version</SubmitButton>
      </form>
    </Section>
  );
}

function UrlField({ defaultValue, errors }: { defaultValue?: string; errors: FieldErrors }) {
  return (
    <TextField
      name="url"
      label="Download URL"
      type="url"
      defaultValue={defaultValue}
      errors={errors}
      hint="Its own download address, given to launchers instead of the mirror's. Empty: the mirror."
    />
  );
}

function EditVersion({
  slug,
  current,
  urls,
  onDone,
}: {
  slug: string;
  current: VersionEntry['version'];
  urls: boolean;
  onDone: () => void;
}) {
  const flash = useFlash();
  const version = current.version;
  const save = useSubmit(
    (v) =>
      call(
        api.PUT('/api/mod/{slug}/{version}', {
          params: { path: { slug, version } },
          body: {
            md5: md5FromPaste(v.text('md5')),
            filesize: v.integer('filesize'),
            ...(urls ? { url: v.optional('url') } : {}),
            notes: v.optional('notes'),
          },
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
      <td colSpan={6}>
        <form onSubmit={save.onSubmit} noValidate className="form row-form" aria-label={`Edit version ${version}`}>
          <ErrorNotice error={save.error} />
          <Md5Field label="MD5" defaultValue={current.md5} errors={save.fields} />
          <TextField
            name="filesize"
            label="Size in bytes"
            inputMode="numeric"
            defaultValue={current.filesize}
            errors={save.fields}
          />
          {urls ? <UrlField defaultValue={current.url} errors={save.fields} /> : null}
          <TextField
            name="notes"
            label="Notes"
            multiline
            defaultValue={current.notes}
            errors={save.fields}
            hint={NOTES_HINT}
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
