// Your own account: your e-mail address, your password (the current one needed to change it), and
// two-factor sign-in.
import { useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api';
import { useSession } from '../session';
import { ErrorNotice, useFlash } from '../ui/feedback';
import { SubmitButton, TextField } from '../ui/form';
import { Page, Section } from '../ui/page';
import { useSubmit } from '../ui/submit';
import { ApiError } from '../api';
import { TwoFactorSection } from './two-factor';

export default function Account() {
  const session = useSession();
  const queries = useQueryClient();
  const flash = useFlash();
  const saved = (message: string) => (user: Awaited<ReturnType<typeof save>>, form: HTMLFormElement) => {
    queries.setQueryData(['session'], user);
    form.reset();
    flash.show(message);
  };
  const save = (body: { email?: string | null; password?: string; current_password?: string | null }) =>
    call(api.PUT('/api/account', { body }));
  const email = useSubmit((v) => save({ email: v.optional('email') }), saved('E-mail address saved.'));
  const password = useSubmit(async (v) => {
    if (v.text('password') !== v.text('password_again')) {
      throw new ApiError(422, 'Correct the field below.', { password_again: ['The two new passwords differ.'] });
    }
    return save({ password: v.text('password'), current_password: v.optional('current_password') });
  }, saved('Password changed. Your other sessions have ended.'));
  const { user } = session;
  return (
    <Page title="Your account">
      <dl className="details">
        <dt>Username</dt>
        <dd>{user.username}</dd>
        <dt>Permissions</dt>
        <dd>{user.permissions.length ? user.permissions.join(', ') : 'none'}</dd>
        <dt>Modpacks</dt>
        <dd>{user.permissions.includes('solder_full') ? 'all' : user.modpacks.join(', ') || 'none'}</dd>
      </dl>
      <Section title="E-mail address">
        <form onSubmit={email.onSubmit} noValidate className="form">
          <ErrorNotice error={email.error} />
          <TextField
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="email"
            defaultValue={user.email}
            errors={email.fields}
            hint="You may sign in with it instead of your username."
          />
          <SubmitButton busy={email.busy}>Save e-mail address</SubmitButton>
        </form>
      </Section>
      <Section title="Password">
        <form onSubmit={password.onSubmit} noValidate className="form">
          <ErrorNotice error={password.error} />
          {user.has_password ? (
            <TextField
              name="current_password"
              label="Current password"
              type="password"
              required
              autoComplete="current-password"
              errors={password.fields}
            />
          ) : null}
          <TextField
            name="password"
            label="New password"
            type="password"
            required
            autoComplete="new-password"
            errors={password.fields}
            hint="At least 8 characters."
          />
          <TextField
            name="password_again"
            label="New password again"
            type="password"
            required
            autoComplete="new-password"
            errors={password.fields}
          />
          <SubmitButton busy={password.busy}>Change password</SubmitButton>
        </form>
      </Section>
      <TwoFactorSection />
    </Page>
  );
}
