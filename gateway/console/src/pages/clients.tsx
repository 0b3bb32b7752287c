// Launcher clients: a player's launcher (its client id, in the launcher's settings) linked to the
// private modpacks it may install.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api';
import { useModpacks } from '../packs';
import { ConfirmButton } from '../ui/dialog';
import { ErrorNotice, useFlash, QueryStatus } from '../ui/feedback';
import { CheckboxGroup, SubmitButton, TextField } from '../ui/form';
import { Table } from '../ui/table';
import { Page, Section } from '../ui/page';
import { useSubmit } from '../ui/submit';

export default function Clients() {
  const queries = useQueryClient();
  const flash = useFlash();
  const clients = useQuery({ queryKey: ['clients'], queryFn: () => call(api.GET('/api/client')) });
  const packs = useModpacks();
  const [editing, setEditing] = useState<string | null>(null);
  const packName = (id: number) => packs.data?.find((p) => p.modpack.id === id)?.modpack.name ?? `#${id}`;
  const create = useSubmit(
    (v) => call(api.POST('/api/client', { body: { name: v.text('name'), uuid: v.text('uuid') } })),
    (client, form) => {
      form.reset();
      void queries.invalidateQueries({ queryKey: ['clients'] });
      flash.show(`Client ${client.name} registered. Link it to modpacks with “Edit”.`);
    },
  );
  const remove = async (c: Schemas['Client']) => {
    await call(api.DELETE('/api/client/{uuid}', { params: { path: { uuid: c.uuid } } }));
    await queries.invalidateQueries({ queryKey: ['clients'] });
    flash.show(`Client ${c.name} deleted.`);
  };
  return (
    <Page title="Launcher clients">
      <p>
        A launcher linked to a private modpack can see and install it. The client id is in the Technic Launcher's
        settings.
      </p>
      <QueryStatus query={clients} />
      {clients.data?.clients.length === 0 ? <p>No launcher clients yet.</p> : null}
      {clients.data?.clients.length ? (
        <Table headers={['Name', 'Client id', 'Modpacks', 'Actions']}>
          {clients.data.clients.map((c) =>
            editing === c.uuid ? (
              <tr key={c.uuid}>
                <th scope="row">{c.name}</th>
                <td colSpan={3}>
                  <EditClient
                    client={c}
                    packs={(packs.data ?? []).map(({ modpack: p }) => ({ value: String(p.id), label: p.name }))}
                    onDone={() => setEditing(null)}
                  />
                </td>
              </tr>
            ) : (
              <tr key={c.uuid}>
                <th scope="row">{c.name}</th>
                <td className="mono">{c.uuid}</td>
                <td>{c.modpacks.length ? c.modpacks.map(packName).join(', ') : 'none'}</td>
                <td className="actions">
                  <button type="button" onClick={() => setEditing(c.uuid)}>
                    Edit<span className="visually-hidden"> client {c.name}</span>
                  </button>
                  <ConfirmButton
                    label="Delete"
                    what={`client ${c.name}`}
                    title={`Delete client ${c.name}?`}
                    confirmLabel="Delete client"
                    onConfirm={() => remove(c)}
                  >
                    {() => (
                      <p>
                        This launcher stops seeing the private modpacks it is linked to
                        {c.modpacks.length ? ` (${c.modpacks.map(packName).join(', ')})` : ''}.
                      </p>
                    )}
                  </ConfirmButton>
                </td>
              </tr>
            ),
          )}
        </Table>
      ) : null}
      <Section title="Register a launcher">
        <form onSubmit={create.onSubmit} noValidate className="form">
          <ErrorNotice error={create.error} />
          <TextField
            name="name"
            label="Name"
            required
            errors={create.fields}
            hint="Whose launcher, e.g. alice-laptop."
          />
          <TextField
            name="uuid"
            label="Client id"
            required
            errors={create.fields}
            hint="A UUID like 2f1c7a4e-8b0d-4c8e-9f3a-5d6e7f8a9b0c, from the launcher's settings."
          />
          <SubmitButton busy={create.busy}>Register client</SubmitButton>
        </form>
      </Section>
    </Page>
  );
}

function EditClient({
  client,
  packs,
  onDone,
}: {
  client: Schemas['Client'];
  packs: { value: string; label: string }[];
  onDone: () => void;
}) {
  const queries = useQueryClient();
  const flash = useFlash();
  const save = useSubmit(
    (v) =>
      call(
        api.PUT('/api/client/{uuid}', {
          params: { path: { uuid: client.uuid } },
          body: { name: v.text('name'), modpacks: v.list('modpacks').map(Number) },
        }),
      ),
    async () => {
      await queries.invalidateQueries({ queryKey: ['clients'] });
      flash.show(`Client ${client.name} saved.`);
      onDone();
    },
  );
  return (
    <form onSubmit={save.onSubmit} noValidate className="form row-form" aria-label={`Edit client ${client.name}`}>
      <ErrorNotice error={save.error} />
      <TextField name="name" label="Name" required defaultValue={client.name} errors={save.fields} />
      <CheckboxGroup
        legend="Linked modpacks"
        name="modpacks"
        options={packs}
        defaultValues={client.modpacks.map(String)}
        errors={save.fields}
      />
      <div className="row-actions">
        <SubmitButton busy={save.busy}>Save</SubmitButton>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
