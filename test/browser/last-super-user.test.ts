// Depot always keeps a solder_full user (docs/api.md#acting-on-users): in the console's users
// pages, the only super user who tries to delete itself, or to take solder_full from itself, is
// shown the API's own reason, and nothing changes (read back through the API and the page). The
// console offers the delete on one's own page and leaves the rule to the API: while another super
// user remains, deleting oneself is allowed, and signs one out.
import type { Browser, Page } from 'playwright-core';
import { must, type TestStack } from '../support';
import { browserSuite, browserTest, checkAccessibility, describeInBrowser, heading, signIn } from '../support/browser';

const LAST_DELETE = 'Cannot delete the only remaining super user.';
// The console words the API's refusal for a person (gateway/console/src/wording.ts).
const LAST_DEMOTE =
  'Depot keeps one user who may do everything: give “Everything, every modpack” to another user before taking it from this one.';

describeInBrowser()('the last super user in the console', () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(__filename, async (stack, b) => {
    [t, browser] = [stack, b];
    must(await t.admin.post('/api/modpack', { name: 'Pack alpha', slug: 'alpha' }), 201, 'pack');
  });

  /** What the API holds of the users: the admin's record above all. */
  const users = async () => must(await t.admin.get('/api/user?include=email,two_factor'), 200, 'users').users;

  const openOwnPage = async (page: Page) => {
    await page.goto(`${t.url}/console/users`);
    await heading(page, 'Users');
    await page.getByRole('link', { name: 'admin', exact: true }).click();
    await heading(page, 'User admin');
  };

  const superUser = (page: Page) =>
    page.getByRole('group', { name: 'Permissions' }).getByRole('checkbox', { name: /\(solder_full\)/ });

  browserTest(
    () => browser,
    'the only super user deleting itself sees why it may not, and stays',
    async ({ page }) => {
      const before = await users();
      expect(before.filter((u: { permissions: string[] }) => u.permissions.includes('solder_full'))).toHaveLength(1);
      await signIn(page, t);
      await openOwnPage(page);
      await page.getByRole('button', { name: 'Delete user' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your own user?' });
      await dialog.getByRole('button', { name: 'Delete user' }).click();
      await dialog.getByRole('alert').getByText(LAST_DELETE, { exact: true }).waitFor();
      await checkAccessibility(page, 'user admin, deleting itself refused');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      expect(await users()).toEqual(before);
      await page.reload();
      await heading(page, 'User admin');
      expect(await superUser(page).isChecked()).toBe(true);
    },
  );

  browserTest(
    () => browser,
    'the only super user taking solder_full from itself sees why it may not, and keeps it',
    async ({ page }) => {
      const before = await users();
      await signIn(page, t);
      await openOwnPage(page);
      await superUser(page).uncheck();
      await page
        .getByRole('group', { name: 'Permissions' })
        .getByRole('checkbox', { name: /\(solder_users\)/ })
        .check();
      await page.getByRole('button', { name: 'Save user' }).click();
      await page.getByRole('alert').getByText(LAST_DEMOTE, { exact: true }).waitFor();
      await checkAccessibility(page, 'user admin, demoting itself refused');

      expect(await users()).toEqual(before);
      await page.reload();
      await heading(page, 'User admin');
      expect(await superUser(page).isChecked()).toBe(true);
      // The console still treats the admin as one: every page of a super user is there.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).waitFor();
    },
  );

  browserTest(
    () => browser,
    'a super user deletes itself while another remains, and is signed out',
    async ({ page }) => {
      const password = 'second super user password';
      must(
        await t.admin.post('/api/user', { username: 'second', password, permissions: ['solder_full'] }),
        201,
        'second super user',
      );
      await signIn(page, t, 'second', password);
      await page.goto(`${t.url}/console/users/second`);
      await heading(page, 'User second');
      await page.getByRole('button', { name: 'Delete user' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your own user?' });
      await dialog.getByText('You are signed out at once, and your API tokens stop working.').waitFor();
      await dialog.getByRole('button', { name: 'Delete user' }).click();
      await heading(page, 'Sign in to Depot');

      expect((await users()).map((u: { username: string }) => u.username)).toEqual(['admin']);
    },
  );
});
