// Who may do what in the console: users, platform keys and API tokens managed there (secrets shown
// once, with a copy button), and users with limited permissions, who see only what they may do and
// get a clear message when the API refuses.
import type { Browser, Page } from 'playwright-core';
import { must, userWithToken, type TestStack } from '../support';
import {
  browserSuite,
  browserTest,
  checkAccessibility,
  describeInBrowser,
  flash,
  heading,
  signIn,
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
    'an administrator creates a user with some permissions and modpack access',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/users`);
      await heading(page, 'Users');
      await page.getByRole('link', { name: 'New user' }).click();
      await heading(page, 'New user');
      await page.getByLabel('Username').fill('packer');
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
    },
  );

  browserTest(
    () => browser,
    'a user with limited permissions sees only what they may do, and refusals read clearly',
    async ({ page }) => {
      const token = await userWithToken(t.admin, 'editor', ['mods_create', 'mods_manage']);
      await signIn(page, t, token);
      await page.goto(`${t.url}/console/`);
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
    },
  );

  browserTest(
    () => browser,
    'a user who manages one modpack sees that one only',
    async ({ page }) => {
      const token = await userWithToken(t.admin, 'alpha-only', ['modpacks_manage'], ['alpha']);
      await signIn(page, t, token);
      await page.goto(`${t.url}/console/modpacks`);
      await heading(page, 'Modpacks');
      const rows = page.getByRole('table').getByRole('row');
      await rows.filter({ hasText: 'Pack alpha' }).waitFor();
      expect(await rows.count()).toBe(2); // the header and alpha
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
});
