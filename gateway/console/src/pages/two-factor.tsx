// Your two-factor sign-in, on the account page: turn it on (your password, then a QR code for an
// authenticator app and a first code to confirm it), see the recovery codes once, get new ones,
// turn it off. Every rule is the API's (docs/api.md#two-factor-sign-in).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api';
import { dateTime } from '../format';
import { useSession } from '../session';
import { ErrorNotice, QueryStatus, useFlash } from '../ui/feedback';
import { SubmitButton, TextField } from '../ui/form';
import { Section } from '../ui/page';
import { QrCode } from '../ui/qr-code';
import { useSubmit } from '../ui/submit';

const STATUS_KEY = ['two-factor'];

type Enrolment = Schemas['TwoFactorEnrolment'];

export function TwoFactorSection() {
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => call(api.GET('/api/account/two-factor')) });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Section title="Two-factor sign-in">
      <QueryStatus query={status} />
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : enrolment ? (
        <Confirm
          enrolment={enrolment}
          onConfirmed={(c) => {
            setEnrolment(null);
            setCodes(c);
          }}
          onCancel={() => setEnrolment(null)}
        />
      ) : status.data ? (
        status.data.enabled ? (
          <Enabled status={status.data} onCodes={setCodes} />
        ) : status.data.available ? (
          <Start onStarted={setEnrolment} />
        ) : (
          <p>Two-factor sign-in is not available on this server.</p>
        )
      ) : null}
    </Section>
  );
}

/** Off: your password (when you have one) starts setting it up. */
function Start({ onStarted }: { onStarted: (e: Enrolment) => void }) {
  const { user } = useSession();
  const start = useSubmit(
    (v) => call(api.POST('/api/account/two-factor', { body: { password: v.optional('password') } })),
    (enrolment) => onStarted(enrolment),
  );
  return (
    <>
      <p>
        Off. With it on, signing in also takes a code from an authenticator app on your phone, so that your password
        alone is not enough.
      </p>
      <form onSubmit={start.onSubmit} noValidate className="form">
        <ErrorNotice error={start.error} />
        {user.has_password ? (
          <TextField
            name="password"
            label="Your password"
            type="password"
            required
            autoComplete="current-password"
            errors={start.fields}
          />
        ) : null}
        <SubmitButton busy={start.busy} busyLabel="Starting…">
          Set up two-factor sign-in
        </SubmitButton>
      </form>
    </>
  );
}

/** The QR code (or the key to type) and the first code that turns it on. */
function Confirm({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: Enrolment;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const queries = useQueryClient();
  const confirm = useSubmit(
    (v) => call(api.POST('/api/account/two-factor/confirm', { body: { code: v.text('code') } })),
    (result) => {
      void queries.invalidateQueries({ queryKey: STATUS_KEY });
      onConfirmed(result.recovery_codes);
    },
  );
  return (
    <div className="enrolment">
      <p>Scan this QR code with your authenticator app, then type the code it shows.</p>
      <QrCode text={enrolment.otpauth_url} label="QR code for your authenticator app" />
      <p>
        Or type this key into the app: <code className="mono">{enrolment.secret.replace(/(.{4})(?!$)/g, '$1 ')}</code>
      </p>
      <form onSubmit={confirm.onSubmit} noValidate className="form">
        <ErrorNotice error={confirm.error} />
        <TextField
          name="code"
          label="Code from your authenticator app"
          required
          autoComplete="one-time-code"
          inputMode="numeric"
          errors={confirm.fields}
        />
        <div className="row-actions">
          <SubmitButton busy={confirm.busy} busyLabel="Checking…">
            Turn on two-factor sign-in
          </SubmitButton>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}

/** The recovery codes, shown once. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="secret" role="region" aria-label="Recovery codes, shown once">
      <p>
        <strong>Save these recovery codes now: they will not be shown again.</strong> Each signs you in once if you lose
        your authenticator app.
      </p>
      <ul className="recovery-codes mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="row-actions">
        <button type="button" onClick={copy}>
          Copy the codes
        </button>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
      <p role="status" className="hint">
        {copied === true ? 'Copied to the clipboard.' : copied === false ? 'Select them and press Ctrl-C.' : ''}
      </p>
    </div>
  );
}

/** On: new recovery codes, or turning it off, each with your password or a code. */
function Enabled({ status, onCodes }: { status: Schemas['TwoFactorStatus']; onCodes: (codes: string[]) => void }) {
  const queries = useQueryClient();
  const flash = useFlash();
  const refresh = () => void queries.invalidateQueries({ queryKey: STATUS_KEY });
  const proof = (v: { optional: (name: string) => string | null }) => ({
    password: v.optional('password'),
    code: v.optional('code'),
  });
  const regenerate = useSubmit(
    (v) => call(api.POST('/api/account/two-factor/recovery-codes', { body: proof(v) })),
    (result, form) => {
      form.reset();
      refresh();
      onCodes(result.recovery_codes);
    },
  );
  const disable = useSubmit(
    (v) => call(api.DELETE('/api/account/two-factor', { body: proof(v) })),
    () => {
      refresh();
      flash.show('Two-factor sign-in turned off. Your other sessions have ended.');
    },
  );
  return (
    <>
      <p>
        On since {dateTime(status.confirmed_at)}. Recovery codes left: {status.recovery_codes_left}.
      </p>
      <ProofForm
        title="New recovery codes"
        text="The codes you have stop working."
        submit={regenerate}
        action="Get new recovery codes"
      />
      <ProofForm
        title="Turn off two-factor sign-in"
        text="Signing in will take your password alone."
        submit={disable}
        action="Turn off two-factor sign-in"
      />
    </>
  );
}

function ProofForm({
  title,
  text,
  submit,
  action,
}: {
  title: string;
  text: string;
  submit: ReturnType<typeof useSubmit>;
  action: string;
}) {
  const { user } = useSession();
  return (
    <form onSubmit={submit.onSubmit} noValidate className="form inline-form" aria-label={title}>
      <h3>{title}</h3>
      <p>
        {text} {user.has_password ? 'Give your password, or a code from your app.' : 'Give a code from your app.'}
      </p>
      <ErrorNotice error={submit.error} />
      {user.has_password ? (
        <TextField
          name="password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          errors={submit.fields}
        />
      ) : null}
      <TextField
        name="code"
        label="Code from your authenticator app"
        autoComplete="one-time-code"
        inputMode="numeric"
        errors={submit.fields}
      />
      <SubmitButton busy={submit.busy}>{action}</SubmitButton>
    </form>
  );
}
