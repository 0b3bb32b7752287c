// Your own API tokens, for scripts and tools (curl, the launcher API with a bearer token). A new
// token is shown once, and asks for your password: it outlives this session (docs/api.md#tokens).
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
import { useSession } from '../session';
import { useSubmit } from '../ui/submit';

export default function Tokens() {
  const { user } = useSession();
  const queries = useQueryClient();
  const flash = useFlash();
  const tokens = useQuery({ queryKey: ['tokens'], queryFn: () => call(api.GET('/api/token')) });
  const [issued, setIssued] = useState<Schemas['TokenIssued']['token'] | null>(null);
  const create = useSubmit(
    (v) =>
      call(
        api.POST('/api/token', {
          body: { name: v.text('name'), password: v.optional('password'), code: v.optional('code') },
        }),
      ),
    (result, form) => {
      form.reset();
      setIssued(result.token);
      void queries.invalidateQueries({ queryKey: ['tokens'] });
    },
  );
  const revoke = async (id: number, name: string) => {
    await call(api.DELETE('/api/token/{id}', { params: { path: { id: String(id) } } }));
    await queries.invalidateQueries({ queryKey: ['tokens'] });
    flash.show(`Token ${name} revoked.`);
  };
  return (
    <Page title="API tokens">
      <p>
        A token lets a script act as you through the API: send it as{' '}
        <span className="mono">Authorization: Bearer &lt;token&gt;</span>. It carries all of your permissions.
      </p>
      <QueryStatus query={tokens} />
      {issued ? (
        <Secret label={`API token ${issued.name}`} value={issued.plaintext} onDone={() => setIssued(null)} />
      ) : null}
      {tokens.data?.tokens.length === 0 ? <p>You have no API tokens.</p> : null}
      {tokens.data?.tokens.length ? (
        <Table headers={['Name', 'Last used', 'Created', 'Actions']}>
          {tokens.data.tokens.map((t) => (
            <tr key={t.id}>
              <th scope="row">{t.name}</th>
              <td>{dateTime(t.last_used_at)}</td>
              <td>{dateTime(t.created_at)}</td>
              <td className="actions">
                <ConfirmButton
                  label="Revoke"
                  what={`token ${t.name}`}
                  title={`Revoke token ${t.name}?`}
                  confirmLabel="Revoke token"
                  onConfirm={() => revoke(t.id, t.name)}
                >
                  {() => <p>Scripts using this token are refused from their next request.</p>}
                </ConfirmButton>
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
      <Section title="New token">
        <form onSubmit={create.onSubmit} noValidate className="form">
          <ErrorNotice error={create.error} />
          <TextField
            name="name"
            label="Name"
            required
            errors={create.fields}
            hint="What it is for, e.g. build script."
          />
          {user.has_password ? (
            <TextField
              name="password"
              label="Your password"
              type="password"
              required
              autoComplete="current-password"
              errors={create.fields}
              hint="A token keeps working after you sign out: confirm that it is you."
            />
          ) : null}
          <SubmitButton busy={create.busy}>Create token</SubmitButton>
        </form>
      </Section>
    </Page>
  );
}
