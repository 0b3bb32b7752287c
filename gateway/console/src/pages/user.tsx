// A user: create one, or change their permissions and modpack access, issue a token for them
// (shown once), reset their two-factor sign-in, delete them.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isPermission, PERMISSIONS, type Permission } from '@depot/common/permissions';
import { api, call, type Schemas } from '../api';
import { paths } from '../paths';
import { useModpacks } from '../packs';
import { useSession } from '../session';
import { ConfirmButton } from '../ui/dialog';
import { ErrorNotice, Loading, useFlash } from '../ui/feedback';
import { CheckboxGroup, SubmitButton, TextField } from '../ui/form';
import { Page, Section } from '../ui/page';
import { Secret } from '../ui/secret';
import { useSubmit } from '../ui/submit';
import NotFound from './not-found';
import { useUsers } from './users';

const GRANTS: Record<Permission, string> = {
  solder_full: 'Everything, every modpack',
  solder_users: 'Manage users',
  solder_keys: 'Manage platform keys',
  solder_clients: 'Manage launcher clients',
  mods_create: 'Create mods',
  mods_manage: 'Edit mods and their versions',
  mods_delete: 'Delete mods',
  modpacks_create: 'Create and clone modpacks',
  modpacks_manage: 'Edit its modpacks, their builds and build mods',
  modpacks_delete: 'Delete its modpacks',
};

export default function User() {
  const { username } = useParams();
  const users = useUsers();
  const packs = useModpacks();
  if (users.isPending || packs.isPending) return <Loading />;
  if (users.error) {
    return (
      <Page title="User">
        <ErrorNotice error={users.error} />
      </Page>
    );
  }
  const user = username === undefined ? undefined : users.data.users.find((u) => u.username === username);
  if (username !== undefined && !user) return <NotFound />;
  const packOptions = (packs.data ?? []).map(({ modpack: p }) => ({ value: p.slug, label: p.name }));
  return <UserPage key={username ?? ''} user={user} packOptions={packOptions} />;
}

function UserPage({
  user,
  packOptions,
}: {
  user?: Schemas['User'] & { email?: string | null; two_factor?: boolean };
  packOptions: { value: string; label: string }[];
}) {
  const session = useSession();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const flash = useFlash();
  const [issued, setIssued] = useState<Schemas['TokenIssued']['token'] | null>(null);
  const full = session.can('solder_full');
  const permissionOptions = PERMISSIONS.map((p) => ({
    value: p,
    label: `${GRANTS[p]} (${p})`,
    // Only a solder_full user may grant it (the API refuses others).
    disabled: p === 'solder_full' && !full,
  }));
  const save = useSubmit(
    (v) => {
      const body = {
        username: v.text('username'),
        email: v.optional('email'),
        // Left empty: no password (a new user), or the one they have (an update).
        ...(v.text('password') ? { password: v.text('password') } : {}),
        permissions: v.list('permissions').filter(isPermission),
        modpacks: v.list('modpacks'),
      };
      return user
        ? call(api.PUT('/api/user/{username}', { params: { path: { username: user.username } }, body }))
        : call(api.POST('/api/user', { body }));
    },
    (saved) => {
      void queries.invalidateQueries({ queryKey: ['users'] });
      if (saved.username === session.user.username) void queries.invalidateQueries({ queryKey: ['session'] });
      flash.show(user ? `User ${saved.username} saved.` : `User ${saved.username} created.`);
      if (!user || saved.username !== user.username) navigate(paths.user(saved.username), { replace: !!user });
    },
  );
  const issue = useSubmit(
    (v) =>
      call(
        api.POST('/api/user/{username}/token', {
          params: { path: { username: user!.username } },
          body: { name: v.text('name') },
        }),
      ),
    (result, form) => {
      form.reset();
      setIssued(result.token);
    },
  );
  const resetTwoFactor = async () => {
    await call(api.DELETE('/api/user/{username}/two-factor', { params: { path: { username: user!.username } } }));
    await queries.invalidateQueries({ queryKey: ['users'] });
    flash.show(`Two-factor sign-in of ${user!.username} reset.`);
  };
  const self = user?.username === session.user.username;
  const remove = async () => {
    await call(api.DELETE('/api/user/{username}', { params: { path: { username: user!.username } } }));
    // One's own user: the session went with it, and the next answer (401) shows the sign-in page.
    await queries.invalidateQueries({ queryKey: self ? ['session'] : ['users'] });
    if (self) return;
    flash.show(`User ${user!.username} deleted.`);
    navigate(paths.users);
  };
  return (
    <Page
      title={user ? `User ${user.username}` : 'New user'}
      actions={
        // Offered on one's own page too: the API decides (it keeps the last super user, with its reason).
        user ? (
          <ConfirmButton
            label="Delete user"
            title={self ? 'Delete your own user?' : `Delete ${user.username}?`}
            confirmLabel="Delete user"
            onConfirm={remove}
          >
            {() =>
              self ? (
                <p>You are signed out at once, and your API tokens stop working.</p>
              ) : (
                <p>{user.username} can no longer sign in, and their API tokens stop working at once.</p>
              )
            }
          </ConfirmButton>
        ) : null
      }
    >
      <form onSubmit={save.onSubmit} noValidate className="form">
        <ErrorNotice error={save.error} />
        <TextField
          name="username"
          label="Username"
          required
          defaultValue={user?.username}
          errors={save.fields}
          hint="Letters, digits, dots, dashes, underscores and @."
        />
        <TextField
          name="email"
          label="E-mail address"
          type="email"
          defaultValue={user?.email}
          errors={save.fields}
          hint="They may sign in with it instead of their username."
        />
        <TextField
          name="password"
          label={user ? 'New password' : 'Password'}
          type="password"
          autoComplete="new-password"
          errors={save.fields}
          hint={
            user
              ? 'Leave empty to keep their password. A new one ends their sessions; their API tokens keep working.'
              : 'At least 8 characters, to sign in to the console. Without one they can use API tokens only.'
          }
        />
        <CheckboxGroup
          legend="Permissions"
          name="permissions"
          options={permissionOptions}
          defaultValues={user?.permissions}
          errors={save.fields}
        />
        <CheckboxGroup
          legend="Modpack access"
          name="modpacks"
          options={packOptions}
          defaultValues={user?.modpacks}
          errors={save.fields}
          hint="The modpacks this user may manage (with the modpack permissions above) and see when private."
        />
        <SubmitButton busy={save.busy}>{user ? 'Save user' : 'Create user'}</SubmitButton>
      </form>
      {user?.two_factor ? (
        <Section title="Two-factor sign-in">
          <p>
            On: signing in takes {user.username}&apos;s password and a code from their authenticator app (or a recovery
            code).
          </p>
          <ConfirmButton
            label="Reset two-factor sign-in"
            title={`Reset ${user.username}'s two-factor sign-in?`}
            confirmLabel="Reset two-factor sign-in"
            onConfirm={resetTwoFactor}
          >
            {() => (
              <p>
                For a lost authenticator app: {user.username} signs in with the password alone until they set it up
                again, and their sessions end now.
              </p>
            )}
          </ConfirmButton>
        </Section>
      ) : null}
      {user ? (
        <Section title="Issue an API token">
          <p>A token for a script acting as {user.username}, with all of their permissions.</p>
          {issued ? (
            <Secret label={`API token ${issued.name}`} value={issued.plaintext} onDone={() => setIssued(null)} />
          ) : null}
          <form onSubmit={issue.onSubmit} noValidate className="form">
            <ErrorNotice error={issue.error} />
            <TextField name="name" label="Token name" required errors={issue.fields} />
            <SubmitButton busy={issue.busy}>Issue token</SubmitButton>
          </form>
        </Section>
      ) : null}
    </Page>
  );
}
