// Who may do what in the console: signing in and out with a password, users, platform keys and API
// tokens managed there (secrets shown once, with a copy button), and users with limited
// permissions, who see only what they may do and get a clear message when the API refuses.
import type { Browser, Page } from 'playwright-core';
import { must, type TestStack } from '../support';
import {
  ADMIN_PASSWORD,
  browserSuite,
  browserTest,
  checkAccessibility,
  describeInBrowser,
  expectFocused,
  flash,
  heading,
  signIn,
  signOut,
} from '../support/browser';

describeInBrowser()('access in the console', () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(__filename, async (stack, b) => {
    [t, browser] = [stack, b];
    for (const slug of ['alpha', 'beta']) {
      must(await t.admin.post('/api/modpack', { name: `Pack ${slug}`, slug }), 201, slug);
    }
    must(await t.admin.post('/api/mod', { name: 'jei', pretty_name: 'Just Enough Items' }), 201, 'mod');
  });

  const mainNav = async (page: Page) =>
    (await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()).map((s) => s.trim());

  browserTest(
    () => browser,
    'a platform key and an API token are shown once, with a copy button, and work',
    async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
      await signIn(page, t);
      await page.goto(`${t.url}/console/keys`);
      await heading(page, 'Platform keys');
      await page.getByLabel('Name').fill('technic');
      await page.getByRole('button', { name: 'Create key' }).click();
      const key = page.getByRole('region', { name: 'Platform key technic, shown once' });
      await key.getByText('Copy it now: it will not be shown again.').waitFor();
      const value = await key.getByRole('textbox', { name: 'Platform key technic' }).inputValue();
      await key.getByRole('button', { name: 'Copy' }).click();
      await key.getByText('Copied to the clipboard.').waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(value);
      await checkAccessibility(page, 'platform keys (new key shown)');
      expect((await t.anon.get(`/api/verify/${encodeURIComponent(value)}`)).body).toMatchObject({ name: 'technic' });
      await key.getByRole('button', { name: 'Done' }).click();
      await key.waitFor({ state: 'detached' });
      await page.getByRole('row', { name: /technic/ }).waitFor();
      expect(await page.content()).not.toContain(value);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API tokens' }).click();
      await heading(page, 'API tokens');
      await page.getByLabel('Name').fill('build script');
      // A token outlives the session: the console asks for the password first.
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByRole('alert').getByText('Give your password, or a code from your authenticator app.').waitFor();
      await page.getByLabel('Your password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Create token' }).click();
      const token = await page.getByRole('textbox', { name: 'API token build script' }).inputValue();
      expect((await t.anon.get('/api/token', { token })).status).toBe(200);
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: 'Revoke token build script' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
      await flash(page, 'Token build script revoked.');
      expect((await t.anon.get('/api/token', { token })).status).toBe(401);
    },
  );

  browserTest(
    () => browser,
    'signs in with the right password only, with the keyboard alone, and signs out',
    async ({ page, context }) => {
      await page.goto(`${t.url}/console/modpacks`);
      await heading(page, 'Sign in to Depot');
      await checkAccessibility(page, 'sign-in');
      // The page's heading has the focus; the form follows it.
      await page.keyboard.press('Tab');
      await page.keyboard.type('admin');
      await page.keyboard.press('Tab');
      await page.keyboard.type('not the password');
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }).waitFor();
      const login = page.getByLabel('Username or e-mail address');
      expect(await login.getAttribute('aria-invalid')).toBe('true');
      await expectFocused(login);
      expect(await context.cookies()).toEqual([]);
      await checkAccessibility(page, 'sign-in (refused)');

      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByLabel('Password').press('Enter');
      // Back where the sign-in was asked for.
      await heading(page, 'Modpacks');
      const [cookie] = await context.cookies();
      expect(cookie).toMatchObject({ name: 'depot_session', httpOnly: true, sameSite: 'Strict' });
      await page.getByRole('navigation', { name: 'Account' }).getByText('Signed in as admin').waitFor();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await heading(page, 'Sign in to Depot');
      expect(await context.cookies()).toEqual([]);
      // The session ended on the server, not only in this browser.
      const replay = await fetch(`${t.url}/api/session`, { headers: { cookie: `depot_session=${cookie.value}` } });
      expect(replay.status).toBe(401);
    },
  );

  browserTest(
    () => browser,
    'a session ended elsewhere takes the console back to the sign-in page, asking the API once for it',
    async ({ page }) => {
      const password = 'ended-elsewhere password 1';
      must(await t.admin.post('/api/user', { username: 'ended', password, permissions: ['mods_create'] }), 201, 'u');
      await signIn(page, t, 'ended', password);
      const checks: number[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname === '/api/session') checks.push(r.status());
      });
      // A new password ends the user's sessions.
      must(await t.admin.put('/api/user/ended', { password: `${password} changed` }), 200, 'password');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API tokens' }).click();
      await heading(page, 'Sign in to Depot');
      expect(checks).toEqual([401]);
    },
  );

  browserTest(
    () => browser,
    'an administrator creates a user who then signs in and manages their one modpack',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/users`);
      await heading(page, 'Users');
      await page.getByRole('link', { name: 'New user' }).click();
      await heading(page, 'New user');
      await page.getByLabel('Username').fill('packer');
      await page.getByLabel('E-mail address').fill('packer@example.test');
      await page.getByLabel('Password').fill('packer password 1');
      const permissions = page.getByRole('group', { name: 'Permissions' });
      await permissions.getByLabel(/\(modpacks_manage\)/).check();
      await permissions.getByLabel(/\(mods_create\)/).check();
      await page.getByRole('group', { name: 'Modpack access' }).getByLabel('Pack alpha').check();
      await checkAccessibility(page, 'new user');
      await page.getByRole('button', { name: 'Create user' }).click();
      await heading(page, 'User packer');
      await flash(page, 'User packer created.');
      const users = must(await t.admin.get('/api/user'), 200, 'users').users as { username: string }[];
      expect(users.find((u) => u.username === 'packer')).toMatchObject({
        permissions: ['mods_create', 'modpacks_manage'],
        modpacks: ['alpha'],
      });
      await signOut(page);

      // The new user, by e-mail address: their one modpack, nothing else.
      await signIn(page, t, 'packer@example.test', 'packer password 1');
      await heading(page, 'Modpacks');
      expect(await mainNav(page)).toEqual(['Modpacks', 'Mod library', 'API tokens']);
      const rows = page.getByRole('table').getByRole('row');
      await rows.filter({ hasText: 'Pack alpha' }).waitFor();
      expect(await rows.count()).toBe(2); // the header and alpha
      expect(await page.getByRole('link', { name: 'New modpack' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Pack alpha' }).click();
      await heading(page, 'Pack alpha');
      await page.getByRole('link', { name: 'New build' }).waitFor();
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('button', { name: 'Save modpack' }).waitFor();
      // No modpacks_delete, no modpacks_create: neither delete nor clone is offered.
      expect(await page.getByRole('heading', { name: 'Delete' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Clone' }).count()).toBe(0);
      await checkAccessibility(page, 'modpack settings (one pack)');
      await page.goto(`${t.url}/console/modpacks/beta`);
      await page.getByRole('alert').filter({ hasText: 'You do not have permission to do this.' }).waitFor();
    },
  );

  browserTest(
    () => browser,
    'a user with limited permissions sees only what they may do, refusals read clearly, and they change their password',
    async ({ page }) => {
      must(
        await t.admin.post('/api/user', {
          username: 'editor',
          password: 'editor password 1',
          permissions: ['mods_create', 'mods_manage'],
        }),
        201,
        'editor',
      );
      await signIn(page, t, 'editor', 'editor password 1');
      await heading(page, 'Modpacks');
      expect(await mainNav(page)).toEqual(['Modpacks', 'Mod library', 'API tokens']);
      await page.getByText('You may not manage modpacks: these are the modpacks your launcher would list.').waitFor();
      expect(await page.getByRole('link', { name: 'New modpack' }).count()).toBe(0);
      await checkAccessibility(page, 'modpacks (read-only user)');

      await page.goto(`${t.url}/console/mods/jei`);
      await heading(page, 'Just Enough Items');
      await page.getByRole('button', { name: 'Add version' }).waitFor();
      expect(await page.getByRole('button', { name: 'Delete mod' }).count()).toBe(0);

      // Pages the navigation does not offer answer with the API's refusal, in words.
      for (const path of ['users', 'keys', 'clients', 'modpacks/alpha']) {
        await page.goto(`${t.url}/console/${path}`);
        await page.getByRole('alert').filter({ hasText: 'You do not have permission to do this.' }).waitFor();
        await page.getByRole('heading', { level: 1 }).waitFor();
      }
      await checkAccessibility(page, 'refused page');

      // Their own password, from their account page.
      await page.getByRole('link', { name: 'Account' }).click();
      await heading(page, 'Your account');
      await page.getByLabel('Current password').fill('wrong password');
      await page.getByLabel('New password', { exact: true }).fill('editor password 2');
      await page.getByLabel('New password again').fill('editor password 2');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('alert').filter({ hasText: 'The password is incorrect.' }).waitFor();
      await checkAccessibility(page, 'account (refused)');
      await page.getByLabel('Current password').fill('editor password 1');
      await page.getByLabel('New password', { exact: true }).fill('editor password 2');
      await page.getByLabel('New password again').fill('editor password 2');
      await page.getByRole('button', { name: 'Change password' }).click();
      await flash(page, 'Password changed.');
      await signOut(page);
      await signIn(page, t, 'editor', 'editor password 2');
    },
  );
});
