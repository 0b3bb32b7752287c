// Sign-in with a username (or e-mail address) and a password.
import { ErrorNotice } from '../ui/feedback';
import { SubmitButton, TextField } from '../ui/form';
import { Page } from '../ui/page';
import { useSubmit } from '../ui/submit';
import { useSignIn } from '../session';

export function SignIn() {
  const signIn = useSignIn();
  const submit = useSubmit((v) => signIn(v.text('login'), v.text('password')));
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
