// A modpack's webhooks (docs/webhooks.md): its endpoints, adding one (its secret shown once, with a
// copy button), each one's delivery log with "send again", a test event, and removal.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MODPACK_WEBHOOK_EVENTS, type WebhookEvent } from '@depot/common/webhooks';
import { api, call, type Schemas } from '../api';
import { dateTime } from '../format';
import { ConfirmButton } from '../ui/dialog';
import { ErrorNotice, QueryStatus, useFlash } from '../ui/feedback';
import { CheckboxGroup, SubmitButton, TextField } from '../ui/form';
import { Section } from '../ui/page';
import { Secret } from '../ui/secret';
import { useSubmit } from '../ui/submit';
import { Table } from '../ui/table';

type Webhook = Schemas['Webhook'];

export function Webhooks({ slug }: { slug: string }) {
  const queries = useQueryClient();
  const flash = useFlash();
  const path = { path: { slug } };
  const key = ['webhooks', slug];
  const hooks = useQuery({
    queryKey: key,
    queryFn: () => call(api.GET('/api/manage/modpacks/{slug}/hooks', { params: path })),
  });
  const [created, setCreated] = useState<Schemas['WebhookWithSecret'] | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const create = useSubmit(
    (v) =>
      call(
        api.POST('/api/manage/modpacks/{slug}/hooks', {
          params: path,
          body: {
            url: v.text('url'),
            events: v.list('events') as WebhookEvent[],
            ...optional(v.optional('secret')),
          },
        }),
      ),
    (hook, form) => {
      form.reset();
      setCreated(hook);
      void queries.invalidateQueries({ queryKey: key });
    },
  );
  const one = (id: number) => ({ path: { slug, id: String(id) } });
  const remove = async (h: Webhook) => {
    await call(api.DELETE('/api/manage/modpacks/{slug}/hooks/{id}', { params: one(h.id) }));
    await queries.invalidateQueries({ queryKey: key });
    flash.show(`Webhook ${h.url} deleted.`);
  };
  const test = async (h: Webhook) => {
    await call(api.POST('/api/manage/modpacks/{slug}/hooks/{id}/test', { params: one(h.id), body: {} }));
    setShown(h.id);
    await queries.invalidateQueries({ queryKey: ['deliveries', slug, h.id] });
    flash.show(`A test event is on its way to ${h.url}.`);
  };
  return (
    <Section title="Webhooks">
      <p>
        Depot POSTs each event to these addresses, signed with the webhook’s secret (the{' '}
        <span className="mono">Depot-Signature</span> header), and retries for a day. A Discord webhook URL gets a
        message instead.
      </p>
      <QueryStatus query={hooks} />
      {created ? (
        <Secret
          label={`Secret of the webhook ${created.url}`}
          value={created.secret}
          stored="Depot keeps it encrypted, to sign deliveries with it."
          onDone={() => setCreated(null)}
        />
      ) : null}
      {hooks.data?.webhooks.length === 0 ? <p>No webhooks yet.</p> : null}
      {hooks.data?.webhooks.length ? (
        <Table headers={['URL', 'Events', 'State', 'Actions']}>
          {hooks.data.webhooks.map((h) => (
            <tr key={h.id}>
              <th scope="row" className="mono">
                {h.url}
              </th>
              <td>{h.events.join(', ')}</td>
              <td>{h.enabled ? 'On' : `Off: ${h.disabled_reason ?? ''}`}</td>
              <td className="actions">
                <button type="button" onClick={() => setShown(shown === h.id ? null : h.id)}>
                  {shown === h.id ? 'Hide deliveries' : 'Deliveries'}
                </button>
                <button type="button" onClick={() => void test(h)}>
                  Send test event
                </button>
                <ConfirmButton
                  label="Delete"
                  what={`webhook ${h.url}`}
                  title={`Delete the webhook ${h.url}?`}
                  confirmLabel="Delete webhook"
                  onConfirm={() => remove(h)}
                >
                  {() => <p>Its deliveries, sent or waiting, go with it.</p>}
                </ConfirmButton>
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
      {shown !== null ? <Deliveries slug={slug} id={shown} /> : null}
      <Section title="New webhook">
        <form onSubmit={create.onSubmit} noValidate className="form">
          <ErrorNotice error={create.error} />
          <TextField
            name="url"
            label="URL"
            required
            errors={create.fields}
            hint="https://…, or a Discord webhook URL"
          />
          <CheckboxGroup
            legend="Events"
            name="events"
            options={MODPACK_WEBHOOK_EVENTS.map((e) => ({ value: e, label: e }))}
            defaultValues={['build.published']}
            errors={create.fields}
          />
          <TextField
            name="secret"
            label="Secret"
            errors={create.fields}
            hint="Leave empty to have Depot make one (shown once); at least 32 bytes."
          />
          <SubmitButton busy={create.busy}>Add webhook</SubmitButton>
        </form>
      </Section>
    </Section>
  );
}

const optional = (secret: string | null) => (secret ? { secret } : {});

/** One webhook's delivery log, newest first, with "send again". */
function Deliveries({ slug, id }: { slug: string; id: number }) {
  const queries = useQueryClient();
  const params = { path: { slug, id: String(id) } };
  const key = ['deliveries', slug, id];
  const log = useQuery({
    queryKey: key,
    queryFn: () => call(api.GET('/api/manage/modpacks/{slug}/hooks/{id}/deliveries', { params })),
    refetchInterval: 2000,
  });
  const again = async (delivery: string) => {
    await call(
      api.POST('/api/manage/modpacks/{slug}/hooks/{id}/deliveries/{delivery}/redeliver', {
        params: { path: { ...params.path, delivery } },
        body: {},
      }),
    );
    await queries.invalidateQueries({ queryKey: key });
  };
  return (
    <Section title="Deliveries">
      <QueryStatus query={log} />
      {log.data?.deliveries.length === 0 ? <p>No deliveries yet.</p> : null}
      {log.data?.deliveries.length ? (
        <Table headers={['Event', 'State', 'Status', 'Attempts', 'Latency', 'Answer', 'Sent', 'Actions']}>
          {log.data.deliveries.map((d) => (
            <tr key={d.id}>
              <th scope="row">{d.event}</th>
              <td>{d.state}</td>
              <td>{d.status ?? '—'}</td>
              <td>{d.attempts}</td>
              <td>{d.latency_ms === null ? '—' : `${d.latency_ms} ms`}</td>
              <td className="mono">{d.response}</td>
              <td>{dateTime(d.created_at)}</td>
              <td className="actions">
                <button type="button" onClick={() => void again(d.id)}>
                  Send again
                </button>
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </Section>
  );
}
