// A modpack author publishes a modpack in the console, from an empty Depot to what the Technic
// Launcher installs: a mod and its versions, a modpack and a build, the mod assigned and its
// version changed from a list, the build published and made recommended and latest; then the
// launcher API answers with it. Every page on the way passes the accessibility check.
import type { Browser, Page } from 'playwright-core';
import { md5Of, type TestStack } from '../support';
import {
  browserSuite,
  browserTest,
  checkAccessibility,
  describeInBrowser,
  expectFocused,
  flash,
  heading,
  signIn,
} from '../support/browser';
import { ArchiveMirror } from './archive-mirror';

const JEI_MD5 = md5Of('jei-15.2.0.27');
const JEI2_MD5 = md5Of('jei-15.3.0.4');

/** The mirror holding both archives as recorded, so that the pack doctor finds them in order. */
const mirror = new ArchiveMirror();
mirror.serve('jei', '15.2.0.27', 'jei-15.2.0.27');
mirror.serve('jei', '15.3.0.4', 'jei-15.3.0.4');
afterAll(() => mirror.close());

describeInBrowser()('the author flow in the console', () => {
  let t: TestStack;
  let browser: Browser;

  beforeAll(() => mirror.start());
  browserSuite(
    __filename,
    async (stack, b) => {
      [t, browser] = [stack, b];
    },
    // On loopback: private addresses allowed; its address is read when the stack starts.
    {
      get mirrorUrl() {
        return mirror.url;
      },
      env: { ARCHIVE_ALLOW_PRIVATE: 'true' },
    },
  );

  browserTest(
    () => browser,
    'creates a mod, a modpack and a build, assigns, publishes and recommends it; the launcher API serves it',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/`);
      await heading(page, 'Modpacks');
      await checkAccessibility(page, 'modpacks (empty)');

      // A mod and two versions.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mod library' }).click();
      await heading(page, 'Mod library');
      await page.getByRole('link', { name: 'New mod' }).click();
      await heading(page, 'New mod');
      await checkAccessibility(page, 'new mod');
      // A refused form names the fields next to them.
      await page.getByRole('button', { name: 'Create mod' }).click();
      await page.getByRole('alert').filter({ hasText: 'Correct the 2 fields below.' }).waitFor();
      await expectFieldError(page, 'Display name', 'Display name is required.');
      await expectFieldError(page, 'Slug', 'Slug is required.');
      await checkAccessibility(page, 'new mod (refused)');
      await page.getByLabel('Display name').fill('Just Enough Items');
      await page.getByLabel('Slug').fill('jei');
      await page.getByLabel('Author').fill('mezz');
      await page.getByLabel('Website').fill('https://github.com/mezz/JustEnoughItems');
      await page.getByRole('button', { name: 'Create mod' }).click();
      await heading(page, 'Just Enough Items');
      await flash(page, 'Mod Just Enough Items created.');
      for (const [version, md5, size] of [
        ['15.2.0.27', JEI_MD5, '1048576'],
        ['15.3.0.4', JEI2_MD5, '2097152'],
      ]) {
        await page.getByLabel('Version', { exact: true }).fill(version);
        await page.getByLabel('MD5 of the zip').fill(md5);
        await page.getByLabel('Size in bytes').fill(size);
        await page.getByRole('button', { name: 'Add version' }).click();
        await flash(page, `Version ${version} added.`);
      }
      const versions = page.getByRole('table');
      await versions
        .getByRole('row', { name: /15\.2\.0\.27/ })
        .getByText(JEI_MD5)
        .waitFor();
      await versions
        .getByRole('row', { name: /15\.2\.0\.27/ })
        .getByText('1 MB (1,048,576 bytes)')
        .waitFor();
      await checkAccessibility(page, 'mod');

      // A modpack, public, and its first build, not yet published.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Modpacks' }).click();
      await page.getByRole('link', { name: 'New modpack' }).click();
      await heading(page, 'New modpack');
      await page.getByLabel('Name').fill('Pack One');
      await page.getByLabel('Slug').fill('pack-one');
      await page.getByLabel('Hidden').uncheck();
      await checkAccessibility(page, 'new modpack');
      await page.getByRole('button', { name: 'Create modpack' }).click();
      await heading(page, 'Pack One');
      await page.getByText('No builds yet.').waitFor();
      await page.getByRole('link', { name: 'New build' }).click();
      await heading(page, 'New build of Pack One');
      await page.getByLabel('Version', { exact: true }).fill('1.0.0');
      await page.getByLabel('Minecraft version').fill('1.20.1');
      await page.getByLabel('Forge version').fill('47.2.0');
      await page.getByLabel('Minimum Java version').fill('17');
      await page.getByLabel('Minimum memory (MB)').fill('4096');
      await checkAccessibility(page, 'new build');
      await page.getByRole('button', { name: 'Create build' }).click();
      await heading(page, 'Pack One 1.0.0');
      await page.getByText('This build has no mods yet.').waitFor();

      // The mod, found by typing part of its name; its newest version is offered first.
      await page.getByLabel('Mod', { exact: true }).fill('Just Enough Items (jei)');
      const versionPicker = page.getByLabel('Version of Just Enough Items');
      await versionPicker.waitFor();
      await versionPicker.selectOption('15.2.0.27');
      await checkAccessibility(page, 'build (adding a mod)');
      await page.getByRole('button', { name: 'Add to build' }).click();
      await flash(page, 'Just Enough Items 15.2.0.27 added to the build.');
      const row = page.getByRole('row', { name: /Just Enough Items/ });
      await row.getByText(JEI_MD5).waitFor();

      // Not published yet: launchers do not see the build.
      expect((await t.anon.get('/api/modpack/pack-one/1.0.0')).status).toBe(404);

      // Publish it.
      await page.getByLabel('Published').check();
      await page.getByRole('button', { name: 'Save build' }).click();
      await flash(page, 'Build saved.');

      // Change the mod's version: picked from the list of its versions in its row, saved at once.
      await row.getByLabel('Version of Just Enough Items').hover();
      await row.getByLabel('Version of Just Enough Items').selectOption('15.3.0.4');
      await flash(page, 'Just Enough Items is now at version 15.3.0.4.');
      await row.getByText(JEI2_MD5).waitFor();
      await checkAccessibility(page, 'build');

      // Recommended and latest.
      await page.getByRole('link', { name: 'Back to Pack One' }).click();
      await heading(page, 'Pack One');
      await page.getByRole('button', { name: 'Set recommended to 1.0.0' }).click();
      await flash(page, 'Build 1.0.0 is now the recommended build.');
      await page.getByRole('button', { name: 'Set latest to 1.0.0' }).click();
      await flash(page, 'Build 1.0.0 is now the latest build.');
      const buildRow = page.getByRole('row', { name: /^1\.0\.0/ });
      await buildRow.getByText('Recommended').waitFor();
      await buildRow.getByText('Latest').waitFor();
      await checkAccessibility(page, 'modpack builds');

      // What the Technic Launcher reads.
      const list = await t.anon.get('/api/modpack');
      expect(list.body.modpacks).toEqual({ 'pack-one': 'Pack One' });
      const pack = await t.anon.get('/api/modpack/pack-one');
      expect(pack.body).toMatchObject({
        name: 'pack-one',
        display_name: 'Pack One',
        recommended: '1.0.0',
        latest: '1.0.0',
        builds: ['1.0.0'],
      });
      const build = await t.anon.get('/api/modpack/pack-one/1.0.0');
      expect(build.status).toBe(200);
      expect(build.body).toEqual({
        id: expect.any(Number),
        minecraft: '1.20.1',
        java: '17',
        memory: 4096,
        forge: '47.2.0',
        mods: [
          {
            id: expect.any(Number),
            name: 'jei',
            version: '15.3.0.4',
            md5: JEI2_MD5,
            filesize: 2097152,
            url: `${t.mirrorUrl.replace(/\/+$/, '')}/mods/jei/jei-15.3.0.4.zip`,
          },
        ],
      });

      // The pack doctor agrees: nothing stops launchers.
      await page.getByRole('link', { name: 'Pack doctor' }).click();
      await page.getByText('No problem stops launchers from showing and installing this modpack.').waitFor();
      await checkAccessibility(page, 'pack doctor (healthy)');
    },
    180_000,
  );

  browserTest(
    () => browser,
    'shows which builds lose a mod or use a version before a delete, and the refusal of a version in use',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/mods/jei`);
      await heading(page, 'Just Enough Items');
      // The version in use: the dialog names the build and says why it cannot be deleted.
      const used = page.getByRole('row', { name: /15\.3\.0\.4/ });
      await used.getByRole('link', { name: 'Pack One 1.0.0' }).waitFor();
      await used.getByRole('button', { name: 'Delete version 15.3.0.4' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete version 15.3.0.4?' });
      await dialog.getByText('Version 15.3.0.4 cannot be deleted: 1 build(s) use it.').waitFor();
      await dialog.getByRole('listitem').filter({ hasText: 'Pack One 1.0.0' }).waitFor();
      await checkAccessibility(page, 'delete version dialog');
      expect(await dialog.getByRole('button', { name: 'Delete version' }).isDisabled()).toBe(true);
      // Escape closes the dialog and gives the focus back to its button.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      const opener = page.getByRole('button', { name: 'Delete version 15.3.0.4' });
      await expectFocused(opener);

      // The unused version goes.
      await page.getByRole('button', { name: 'Delete version 15.2.0.27' }).click();
      await page.getByRole('dialog').getByText('No build uses it.').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete version' }).click();
      await flash(page, 'Version 15.2.0.27 deleted.');
      expect((await t.anon.get('/api/mod/jei')).body.versions).toEqual(['15.3.0.4']);

      // Deleting the mod: the builds that lose it are listed first.
      await page.getByRole('button', { name: 'Delete mod' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Just Enough Items?' });
      await confirm.getByText('1 build(s) lose the mod:').waitFor();
      await confirm.getByRole('listitem').filter({ hasText: 'Pack One 1.0.0' }).waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
    },
  );
});

async function expectFieldError(page: Page, label: string, message: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(described.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(texts).toContain(message);
}
