/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies are checked by value */
// Solder's user rules, tested in its web pages (TechnicPack/TechnicSolder main, tests/Unit/
// UserTest.php and the user half of AuthorizationTest.php), on Depot's users API
// (docs/api.md#users, #acting-on-users). A Solder page that redirects with an error maps to the
// API's refusal; each refusal is read back: the users, their e-mail addresses and two-factor state.
// The stack's bootstrap `admin` is Solder's user 1 (solder_full); the last test deletes it.
import { expectRefused, expectReply, must, startTestStack, type Api, type Reply, type TestStack } from '../../support';
import { Authenticator } from '../../support/authenticator';
import { describeDifferences, solderTitle } from '../../support/solder-parity';

/** Solder test → the deliberate difference (docs/decisions.md) its Depot test asserts instead. */
const DIFFERENCES: Record<string, string> = {
  'AuthorizationTest::test_manager_cannot_grant_permissions_it_lacks_on_create': 'rights-refused',
  'AuthorizationTest::test_manager_cannot_grant_permissions_it_lacks_on_edit': 'rights-refused',
  'AuthorizationTest::test_manager_cannot_escalate_own_permissions_on_self_edit': 'rights-refused',
  'AuthorizationTest::test_manager_cannot_grant_modpacks_outside_own_scope': 'rights-refused',
};
const title = (test: string, part?: string) => solderTitle(DIFFERENCES, test, part);

const FORBIDDEN = { error: 'This action is unauthorized.' };
const LAST_DELETE = { error: 'Cannot delete the only remaining super user.' };
const LAST_DEMOTE = { error: 'Cannot take solder_full from the only remaining super user.' };
const PASSWORD = 'B3sTp@ss-long';

let t: TestStack;
let admin: Api;
let anon: Api;

beforeAll(async () => {
  t = await startTestStack();
  admin = t.admin;
  anon = t.anon;
});
afterAll(async () => {
  await t?.stop();
});

let seq = 0;
const fresh = (prefix: string) => `${prefix}-${++seq}`;

/** A user made by the admin (with a password, so it could sign in) and a token of it. */
async function user(permissions: string[] = [], extra: Record<string, unknown> = {}) {
  const username = (extra.username as string) ?? fresh('testuser');
  must(await admin.post('/api/user', { username, permissions, password: PASSWORD, ...extra }), 201, 'user');
  const token = must(await admin.post(`/api/user/${username}/token`, { name: 'test' }), 201, 'token').token.plaintext;
  return { username, token };
}

/** Every user as the admin sees them, with e-mail and two-factor state. */
const usersState = async () => must(await admin.get('/api/user?include=email,two_factor'), 200, 'users').users;
const refused = (write: () => Promise<Reply>, status: number, body: unknown) =>
  expectRefused(usersState, write, status, body);
const record = async (username: string) => (await usersState()).find((u: any) => u.username === username);
const superUsers = async () =>
  (await usersState()).filter((u: any) => u.permissions.includes('solder_full')).map((u: any) => u.username);

describe('UserTest', () => {
  it(title('UserTest::test_user_create_post_duplicate_email'), async () => {
    await user([], { email: 'taken@test.com' });
    const write = () =>
      admin.post('/api/user', { username: fresh('test'), email: 'taken@test.com', password: PASSWORD });
    await refused(write, 422, { error: { email: ['The email has already been taken.'] } });
  });

  it(title('UserTest::test_user_create_post_duplicate_username'), async () => {
    const write = () => admin.post('/api/user', { username: 'admin', email: 'test@test.com', password: PASSWORD });
    await refused(write, 422, { error: { username: ['The username has already been taken.'] } });
  });

  it(title('UserTest::test_user_create_post'), async () => {
    const username = fresh('test');
    const res = await admin.post('/api/user', { username, email: `${username}@test.com`, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(await record(username)).toMatchObject({ username, email: `${username}@test.com`, permissions: [] });
  });

  it(title('UserTest::test_user_edit_post_duplicate_email'), async () => {
    const other = await user([], { email: 'second@test.com' });
    await refused(() => admin.put('/api/user/admin', { email: 'second@test.com' }), 422, {
      error: { email: ['The email has already been taken.'] },
    });
    expect((await record(other.username)).email).toBe('second@test.com');
  });

  it(title('UserTest::test_user_edit_post_duplicate_username'), async () => {
    const second = await user();
    await refused(() => admin.put(`/api/user/${second.username}`, { username: 'admin' }), 422, {
      error: { username: ['The username has already been taken.'] },
    });
  });

  it(title('UserTest::test_user_edit_post'), async () => {
    const res = await admin.put('/api/user/admin', { email: 'admin2@admin.com', username: 'admin2' });
    expect(res.status).toBe(200);
    expect(await record('admin2')).toMatchObject({ username: 'admin2', email: 'admin2@admin.com' });
    // Back to Solder's user 1 as the other tests know it.
    must(await admin.put('/api/user/admin2', { email: null, username: 'admin' }), 200, 'rename back');
  });

  it(title('UserTest::test_user_delete_post_invalid_id'), async () => {
    await refused(() => admin.delete('/api/user/nobody-100000'), 404, { error: 'User not found.' });
  });

  it(title('UserTest::test_user_delete_post'), async () => {
    const target = await user();
    expectReply(await admin.delete(`/api/user/${target.username}`), 200, { success: 'User deleted.' });
    expect(await record(target.username)).toBeUndefined();
    expectReply(await anon.get('/api/token', { token: target.token }), 401, { error: 'Unauthenticated.' });
  });

  it(title('UserTest::test_user_cannot_delete_last_admin_post'), async () => {
    // A manager who is no super user may not delete the super user (it does not cover it).
    const manager = await user(['solder_users']);
    await refused(() => anon.delete('/api/user/admin', { token: manager.token }), 403, FORBIDDEN);
  });

  it(title('UserTest::test_user_cannot_delete_self'), async () => {
    expect(await superUsers()).toEqual(['admin']);
    await refused(() => admin.delete('/api/user/admin'), 409, LAST_DELETE);
    expect((await admin.get('/api/token')).status).toBe(200);
  });

  it(title('UserTest::test_user_cannot_delete_self', 'by demotion'), async () => {
    expect(await superUsers()).toEqual(['admin']);
    await refused(() => admin.put('/api/user/admin', { permissions: [] }), 409, LAST_DEMOTE);
    await refused(() => admin.put('/api/user/admin', { permissions: ['solder_users'] }), 409, LAST_DEMOTE);
  });

  it(title('UserTest::test_user_create_more_superadmins_post'), async () => {
    const username = fresh('sadmin');
    const res = await admin.post('/api/user', { username, password: PASSWORD, permissions: ['solder_full'] });
    expect(res.status).toBe(201);
    expect(await superUsers()).toEqual(['admin', username]);
    // Solder's database is fresh for each test; here the next tests need admin alone again.
    must(await admin.delete(`/api/user/${username}`), 200, 'cleanup');
  });
});

describe('AuthorizationTest (users)', () => {
  describeDifferences(DIFFERENCES);

  it(title('AuthorizationTest::test_regular_user_cannot_edit_others'), async () => {
    const regular = await user();
    await refused(
      () => anon.put('/api/user/admin', { email: 'x@example.com' }, { token: regular.token }),
      403,
      FORBIDDEN,
    );
  });

  it(title('AuthorizationTest::test_edit_denial_does_not_reveal_whether_user_exists'), async () => {
    const regular = await user();
    const target = await user();
    const edit = (name: string) => () =>
      anon.put(`/api/user/${name}`, { email: 'y@example.com' }, { token: regular.token });
    await refused(edit(target.username), 403, FORBIDDEN);
    await refused(edit('nobody-999999'), 403, FORBIDDEN);
  });

  it(title('AuthorizationTest::test_user_self_edit_cannot_change_own_permissions'), async () => {
    const regular = await user();
    const write = () =>
      anon.put(`/api/user/${regular.username}`, { permissions: ['solder_full'] }, { token: regular.token });
    await refused(write, 403, FORBIDDEN);
  });

  it(title('AuthorizationTest::test_manager_cannot_grant_permissions_it_lacks_on_create'), async () => {
    const actor = await user(['solder_users', 'mods_manage']);
    // Solder creates the user with the rights it may give and drops the others; Depot refuses it.
    const body = (username: string, permissions: string[]) => ({ username, password: PASSWORD, permissions });
    const wanted = ['solder_users', 'mods_manage', 'mods_delete', 'solder_keys', 'solder_full'];
    await refused(() => anon.post('/api/user', body('delegated', wanted), { token: actor.token }), 403, FORBIDDEN);
    const held = ['solder_users', 'mods_manage'];
    expect((await anon.post('/api/user', body('delegated', held), { token: actor.token })).status).toBe(201);
    expect((await record('delegated')).permissions).toEqual(held);
  });

  it(title('AuthorizationTest::test_manager_cannot_grant_permissions_it_lacks_on_edit'), async () => {
    const actor = await user(['solder_users', 'mods_manage']);
    const target = await user(['mods_manage']);
    const write = () =>
      anon.put(
        `/api/user/${target.username}`,
        { permissions: ['mods_manage', 'mods_delete', 'solder_keys'] },
        actorOf(actor),
      );
    await refused(write, 403, FORBIDDEN);
  });

  it(title('AuthorizationTest::test_manager_cannot_escalate_own_permissions_on_self_edit'), async () => {
    const actor = await user(['solder_users', 'mods_manage']);
    const wanted = ['solder_users', 'mods_manage', 'mods_delete', 'solder_full'];
    await refused(
      () => anon.put(`/api/user/${actor.username}`, { permissions: wanted }, actorOf(actor)),
      403,
      FORBIDDEN,
    );
  });

  it(title('AuthorizationTest::test_manager_cannot_grant_modpacks_outside_own_scope'), async () => {
    for (const slug of ['clamp-pack-a', 'clamp-pack-b'])
      must(await admin.post('/api/modpack', { name: slug, slug }), 201, 'pack');
    const actor = await user(['solder_users', 'modpacks_manage'], { modpacks: ['clamp-pack-a'] });
    const body = (modpacks: string[]) => ({ username: 'scoped', permissions: ['modpacks_manage'], modpacks });
    await refused(() => anon.post('/api/user', body(['clamp-pack-a', 'clamp-pack-b']), actorOf(actor)), 403, FORBIDDEN);
    expect((await anon.post('/api/user', body(['clamp-pack-a']), actorOf(actor))).status).toBe(201);
    expect((await record('scoped')).modpacks).toEqual(['clamp-pack-a']);
  });

  it(title('AuthorizationTest::test_manager_cannot_edit_more_privileged_user'), async () => {
    const actor = await user(['solder_users']);
    const write = () => anon.put('/api/user/admin', { username: 'admin', email: 'admin@example.com' }, actorOf(actor));
    await refused(write, 403, FORBIDDEN);
  });

  it(title('AuthorizationTest::test_manager_cannot_edit_user_with_extra_permissions'), async () => {
    const actor = await user(['solder_users']);
    const target = await user(['solder_users', 'mods_delete']);
    await refused(
      () => anon.put(`/api/user/${target.username}`, { email: 'z@example.com' }, actorOf(actor)),
      403,
      FORBIDDEN,
    );
  });

  it(title('AuthorizationTest::test_solder_full_can_grant_any_permission'), async () => {
    const username = fresh('fullgrant');
    const permissions = ['solder_keys', 'mods_delete', 'modpacks_delete'];
    expect((await admin.post('/api/user', { username, password: PASSWORD, permissions })).status).toBe(201);
    expect((await record(username)).permissions).toEqual(permissions);
  });

  it(title('AuthorizationTest::test_manager_cannot_reset_2fa_of_more_privileged_user'), async () => {
    const actor = await user(['solder_users']);
    await refused(() => anon.delete('/api/user/admin/two-factor', actorOf(actor)), 403, FORBIDDEN);
  });

  it(title('AuthorizationTest::test_manager_can_reset_2fa_of_managed_user'), async () => {
    const actor = await user(['solder_users']);
    const target = await user();
    const asTarget = { token: target.token };
    const { secret } = must(
      await anon.post('/api/account/two-factor', { password: PASSWORD }, asTarget),
      201,
      'set up',
    );
    const code = await new Authenticator(secret).code();
    must(await anon.post('/api/account/two-factor/confirm', { code }, asTarget), 200, 'confirm');
    expect((await record(target.username)).two_factor).toBe(true);

    const res = await anon.delete(`/api/user/${target.username}/two-factor`, actorOf(actor));
    expectReply(res, 200, { success: 'Two-factor sign-in reset.' });
    expect((await record(target.username)).two_factor).toBe(false);
  });

  it(title('AuthorizationTest::test_regular_user_cannot_reset_own_2fa'), async () => {
    const regular = await user();
    await refused(() => anon.delete(`/api/user/${regular.username}/two-factor`, actorOf(regular)), 403, FORBIDDEN);
  });

  it(title('AuthorizationTest::test_regular_user_cannot_delete_users'), async () => {
    const regular = await user();
    const target = await user();
    await refused(() => anon.delete(`/api/user/${target.username}`, actorOf(regular)), 403, FORBIDDEN);
  });

  it(title('AuthorizationTest::test_manager_cannot_delete_more_privileged_user'), async () => {
    const actor = await user(['solder_users']);
    await refused(() => anon.delete('/api/user/admin', actorOf(actor)), 403, FORBIDDEN);
  });

  it(title('AuthorizationTest::test_manager_cannot_delete_user_with_extra_permissions'), async () => {
    const actor = await user(['solder_users']);
    const target = await user(['solder_users', 'mods_delete']);
    await refused(() => anon.delete(`/api/user/${target.username}`, actorOf(actor)), 403, FORBIDDEN);
  });

  it(title('AuthorizationTest::test_manager_can_delete_managed_user'), async () => {
    const actor = await user(['solder_users']);
    const target = await user();
    expectReply(await anon.delete(`/api/user/${target.username}`, actorOf(actor)), 200, { success: 'User deleted.' });
    expect(await record(target.username)).toBeUndefined();
  });
});

describe('UserTest (last: it deletes the bootstrap admin)', () => {
  it(title('UserTest::test_user_delete_first_post'), async () => {
    const second = await user(['solder_full']);
    expectReply(await anon.delete('/api/user/admin', actorOf(second)), 200, { success: 'User deleted.' });
    const users = must(await anon.get('/api/user', actorOf(second)), 200, 'users').users;
    expect(users.map((u: any) => u.username)).not.toContain('admin');
    expectReply(await admin.get('/api/token'), 401, { error: 'Unauthenticated.' });
    // The super user left is now the last one.
    expectReply(await anon.delete(`/api/user/${second.username}`, actorOf(second)), 409, LAST_DELETE);
  });
});

function actorOf(u: { token: string }) {
  return { token: u.token };
}
