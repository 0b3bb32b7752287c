// Sign-in with a username (or e-mail address) and a password; then, for a user with two-factor
// sign-in, a code of their authenticator app (or one of their recovery codes).
import { useState } from 'react';
import { ApiError } from '../api';
import { ErrorNotice } from '../ui/feedback';
import { SubmitButton, TextField } from '../ui/form';
import { Page } from '../ui/page';
import { useSubmit } from '../ui/submit';
import { useCompleteSignIn, useSignIn, type TwoFactorStep } from '../session';

export function SignIn() {
  const signIn = useSignIn();
  const [step, setStep] = useState<TwoFactorStep | null>(null);
  const submit = useSubmit((v) => signIn(v.text('login'), v.text('password')), setStep);
  if (step) return <SecondStep step={step} onRestart={() => setStep(null)} />;
  return (
    <main id="main" className="sign-in">
      <Page title="Sign in to Depot">
        <form onSubmit={submit.onSubmit} noValidate className="form">
          <ErrorNotice error={submit.error} />
          <TextField
            name="login"
            label="Username or e-mail address"
            required
            autoComplete="username"
            errors={submit.fields}
          />
          <TextField
            name="password"
            label="Password"
            type="password"
            required
            autoComplete="current-password"
            errors={submit.fields}
          />
          <SubmitButton busy={submit.busy} busyLabel="Signing in…">
            Sign in
          </SubmitButton>
        </form>
      </Page>
    </main>
  );
}

/** The code after the password; the API gives 5 minutes for it, then the password is asked again. */
function SecondStep({ step, onRestart }: { step: TwoFactorStep; onRestart: () => void }) {
  const complete = useCompleteSignIn();
  const [recovery, setRecovery] = useState(false);
  const submit = useSubmit(async (v) => {
    if (Date.now() >= step.expiresAt.getTime()) {
      throw new ApiError(422, 'This sign-in has expired: start again with your password.');
    }
    return complete(recovery ? { recovery_code: v.text('recovery_code') } : { code: v.text('code') });
  });
  const toggle = () => {
    submit.reset();
    setRecovery(!recovery);
  };
  return (
    <main id="main" className="sign-in">
      <Page title="Two-factor sign-in">
        <form onSubmit={submit.onSubmit} noValidate className="form">
          <ErrorNotice error={submit.error} />
          {recovery ? (
            <TextField
              key="recovery_code"
              name="recovery_code"
              label="Recovery code"
              required
              autoComplete="off"
              errors={submit.fields}
              hint="One of the recovery codes you saved when you turned two-factor sign-in on. Each works once."
            />
          ) : (
            <TextField
              key="code"
              name="code"
              label="Code from your authenticator app"
              required
              autoComplete="one-time-code"
              inputMode="numeric"
              errors={submit.fields}
              hint="The 6 digits the app shows for Depot now."
            />
          )}
          <SubmitButton busy={submit.busy} busyLabel="Signing in…">
            Sign in
          </SubmitButton>
        </form>
        <p className="row-actions">
          <button type="button" onClick={toggle}>
            {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
          </button>
          <button type="button" onClick={onRestart}>
            Start again
          </button>
        </p>
      </Page>
    </main>
  );
}
