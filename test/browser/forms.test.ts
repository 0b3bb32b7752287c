// The console's forms as a new author meets them (issue 22): a page the user may not use is refused
// before its form (and its buttons are not offered), a slug is suggested from the name, and a
// refusal names the fields by the form's labels, never by the API's keys.
import type { Browser, Page } from 'playwright-core';
import { must, type TestStack } from '../support';
import {
  browserSuite,
  browserTest,
  checkAccessibility,
  describeInBrowser,
  flash,
  heading,
  signIn,
} from '../support/browser';

describeInBrowser()("the console's forms", () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(__filename, async (stack, b) => {
    [t, browser] = [stack, b];
    must(
      await t.admin.post('/api/user', { username: 'reader', password: 'reader password 1', permissions: [] }),
      201,
      'reader',
    );
    must(await t.admin.post('/api/mod', { name: 'jei', pretty_name: 'Just Enough Items' }), 201, 'jei');
  });

  /** The page is refused before anything of it is shown: its title, the reason, no form. */
  async function expectRefused(page: Page, path: string, title: string, doing: string): Promise<void> {
    await page.goto(`${t.url}/console/${path}`);
    await heading(page, title);
    await page
      .getByRole('alert')
      .filter({
        hasText: `You do not have permission to do this. ${doing} takes a permission you do not hold: an administrator can give it to you.`,
      })
      .waitFor();
    expect(await page.getByRole('main').getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('button').count()).toBe(0);
  }

  browserTest(
    () => browser,
    'a user without the permission is refused the new mod, new modpack and users pages before any form',
    async ({ page }) => {
      await signIn(page, t, 'reader', 'reader password 1');
      await heading(page, 'Modpacks');
      await expectRefused(page, 'mods/new', 'New mod', 'Creating mods');
      await checkAccessibility(page, 'new mod (refused)');
      await expectRefused(page, 'modpacks/new', 'New modpack', 'Creating modpacks');
      await expectRefused(page, 'users', 'Users', 'Managing users');
      expect(await page.getByRole('link', { name: 'New user' }).count()).toBe(0);
      await expectRefused(page, 'users/new', 'New user', 'Managing users');
      await expectRefused(page, 'keys', 'Platform keys', 'Managing platform keys');
      await expectRefused(page, 'clients', 'Launcher clients', 'Managing launcher clients');
      // Nothing leads there either.
      await page.goto(`${t.url}/console/mods`);
      await heading(page, 'Mod library');
      expect(await page.getByRole('link', { name: 'New mod' }).count()).toBe(0);
    },
  );

  browserTest(
    () => browser,
    'suggests slugs from names until one is typed; a refused form names its fields by their labels',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/mods/new`);
      await heading(page, 'New mod');
      await page.getByRole('button', { name: 'Create mod' }).click();
      await page.getByRole('alert').filter({ hasText: 'Correct the 2 fields below.' }).waitFor();
      expect(await page.getByRole('alert').getByRole('listitem').allInnerTexts()).toEqual([
        'Display name is required.',
        'Slug is required.',
      ]);
      expect(await page.getByRole('main').innerText()).not.toMatch(/pretty_name|\bname field\b/);

      await page.getByLabel('Display name').fill('Applied Énergistics 2: Stuff!');
      expect(await page.getByLabel('Slug').inputValue()).toBe('applied-energistics-2-stuff');
      // A slug of one's own stays, whatever the name becomes.
      await page.getByLabel('Slug').fill('ae2');
      await page.getByLabel('Display name').fill('Applied Energistics 2');
      expect(await page.getByLabel('Slug').inputValue()).toBe('ae2');
      await page.getByRole('button', { name: 'Create mod' }).click();
      await heading(page, 'Applied Energistics 2');
      expect(must(await t.admin.get('/api/mod/ae2'), 200, 'read back').pretty_name).toBe('Applied Energistics 2');

      // The slug of a name already taken: under Slug, in words.
      await page.goto(`${t.url}/console/mods/new`);
      await page.getByLabel('Display name').fill('JEI');
      expect(await page.getByLabel('Slug').inputValue()).toBe('jei');
      await page.getByRole('button', { name: 'Create mod' }).click();
      await page.getByRole('alert').getByRole('link', { name: 'Slug is already taken: choose another.' }).waitFor();
      await checkAccessibility(page, 'new mod (slug taken)');

      // A modpack: the same.
      await page.goto(`${t.url}/console/modpacks/new`);
      await heading(page, 'New modpack');
      await page.getByLabel('Name').fill('Sky Factory 4');
      expect(await page.getByLabel('Slug').inputValue()).toBe('sky-factory-4');
      await page.getByRole('button', { name: 'Create modpack' }).click();
      await flash(page, 'Modpack Sky Factory 4 created.');
      await heading(page, 'Sky Factory 4');
      expect(must(await t.admin.get('/api/manage/modpacks/sky-factory-4'), 200, 'read back').modpack.name).toBe(
        'Sky Factory 4',
      );
    },
  );
});
