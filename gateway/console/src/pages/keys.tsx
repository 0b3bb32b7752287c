// Platform keys: what Technic Platform uses to read every modpack. A new key is shown once.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api';
import { dateTime } from '../format';
import { ConfirmButton } from '../ui/dialog';
import { ErrorNotice, useFlash, QueryStatus } from '../ui/feedback';
import { SubmitButton, TextField } from '../ui/form';
import { Table } from '../ui/table';
import { Page, Section } from '../ui/page';
import { Secret } from '../ui/secret';
import { useSubmit } from '../ui/submit';

export default function Keys() {
  const queries = useQueryClient();
  const flash = useFlash();
  const keys = useQuery({ queryKey: ['keys'], queryFn: () => call(api.GET('/api/key')) });
  const [created, setCreated] = useState<Schemas['KeyCreated'] | null>(null);
  const create = useSubmit(
    (v) => call(api.POST('/api/key', { body: { name: v.text('name'), api_key: v.optional('api_key') } })),
    (key, form) => {
      form.reset();
      setCreated(key);
      void queries.invalidateQueries({ queryKey: ['keys'] });
    },
  );
  const remove = async (id: number, name: string) => {
    await call(api.DELETE('/api/key/{id}', { params: { path: { id: String(id) } } }));
    await queries.invalidateQueries({ queryKey: ['keys'] });
    flash.show(`Key ${name} deleted.`);
  };
  return (
    <Page title="Platform keys">
      <p>
        Technic Platform reads every modpack, private ones included, with a key: paste it there with your API root (this
        site's address followed by <span className="mono">/api/</span>).
      </p>
      <QueryStatus query={keys} />
      {created ? (
        <Secret label={`Platform key ${created.name}`} value={created.api_key} onDone={() => setCreated(null)} />
      ) : null}
      {keys.data?.keys.length === 0 ? <p>No platform keys yet.</p> : null}
      {keys.data?.keys.length ? (
        <Table headers={['Name', 'Created', 'Actions']}>
          {keys.data.keys.map((k) => (
            <tr key={k.id}>
              <th scope="row">{k.name}</th>
              <td>{dateTime(k.created_at)}</td>
              <td className="actions">
                <ConfirmButton
                  label="Delete"
                  what={`key ${k.name}`}
                  title={`Delete key ${k.name}?`}
                  confirmLabel="Delete key"
                  onConfirm={() => remove(k.id, k.name)}
                >
                  {() => (
                    <p>Technic Platform instances using this key stop seeing private and hidden modpacks at once.</p>
                  )}
                </ConfirmButton>
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
      <Section title="New key">
        <form onSubmit={create.onSubmit} noValidate className="form">
          <ErrorNotice error={create.error} />
          <TextField name="name" label="Name" required errors={create.fields} hint="e.g. technic" />
          <TextField
            name="api_key"
            label="Key"
            errors={create.fields}
            hint="Leave empty to have Depot generate one; paste a key to keep one you already use."
          />
          <SubmitButton busy={create.busy}>Create key</SubmitButton>
        </form>
      </Section>
    </Page>
  );
}
