// A build's page and a new build, as an author uses them (issue 22): the mods sorted by the names
// the table shows; a mod's version changed in one action; a refusal that told people to "Use PUT";
// a new build that takes the settings of the build it starts from, editable before it is saved;
// Minecraft and Java picked from lists, with a warning for a value that is not a version; the page
// on a phone.
import type { Browser, Page } from 'playwright-core';
import { md5Of, must, type TestStack } from '../support';
import {
  browserSuite,
  browserTest,
  checkAccessibility,
  describeInBrowser,
  flash,
  heading,
  signIn,
} from '../support/browser';
import { offScreen, phoneScreenshot } from './phone';

/** Slug → display name: sorted by slug, the names come in the opposite order. */
const MODS = [
  ['aaa-zeta', 'Zeta Tools'],
  ['mmm-middle', 'Middle Mod'],
  ['zzz-alpha', 'Alpha Core'],
];

describeInBrowser()("a build's page and a new build", () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(__filename, async (stack, b) => {
    [t, browser] = [stack, b];
    const admin = t.admin;
    for (const [slug, name] of MODS) {
      must(await admin.post('/api/mod', { name: slug, pretty_name: name }), 201, slug);
      for (const v of ['1.0', '2.0']) {
        must(await admin.post(`/api/mod/${slug}/version`, { version: v, md5: md5Of(`${slug} ${v}`) }), 201, v);
      }
    }
    must(await admin.post('/api/modpack', { name: 'Pack One', slug: 'pack-one' }), 201, 'pack');
    must(
      await admin.post('/api/modpack/pack-one/build', {
        version: '1.0.0',
        minecraft: '1.20.1',
        forge: '47.2.0',
        min_java: '17',
        min_memory: 4096,
      }),
      201,
      'build',
    );
    for (const [slug] of MODS) {
      must(await admin.post('/api/modpack/pack-one/1.0.0/mod', { mod_slug: slug, mod_version: '1.0' }), 201, slug);
    }
    must(await admin.post('/api/modpack', { name: 'Old Pack', slug: 'old' }), 201, 'old');
    must(await admin.post('/api/modpack/old/build', { version: '1.0', minecraft: '1.7.10' }), 201, 'old build');
  });

  const openBuild = async (page: Page) => {
    await page.goto(`${t.url}/console/modpacks/pack-one/builds/1.0.0`);
    await heading(page, 'Pack One 1.0.0');
    await page.getByRole('table').waitFor();
  };
  const modRows = (page: Page) => page.getByRole('table', { name: 'Mods of build 1.0.0' }).locator('tbody tr');

  browserTest(
    () => browser,
    "lists the build's mods by display name; a mod's version changes in one action",
    async ({ page }) => {
      await signIn(page, t);
      await openBuild(page);
      expect(await modRows(page).locator('th a').allInnerTexts()).toEqual(['Alpha Core', 'Middle Mod', 'Zeta Tools']);

      // One action: the new version picked in the mod's row (its versions read as the pointer comes).
      const zeta = modRows(page).filter({ hasText: 'Zeta Tools' });
      const picker = zeta.getByLabel('Version of Zeta Tools');
      await picker.hover();
      await picker.selectOption('2.0');
      await flash(page, 'Zeta Tools is now at version 2.0.');
      await zeta.getByText(md5Of('aaa-zeta 2.0')).waitFor();
      const read = must(await t.admin.get('/api/manage/modpacks/pack-one/builds/1.0.0'), 200, 'read back');
      expect(read.mods.map((m: { mod: { name: string }; version: { version: string } }) => m.version.version)).toEqual([
        '2.0',
        '1.0',
        '1.0',
      ]);
      await checkAccessibility(page, 'build (version changed)');
    },
  );

  browserTest(
    () => browser,
    'adding a mod the build holds in another version says what to do, in the console’s words',
    async ({ page }) => {
      await signIn(page, t);
      await openBuild(page);
      const add = page.getByRole('form', { name: 'Add a mod' });
      await add.getByRole('button', { name: 'Add to build' }).click();
      await add.locator('.field-error').filter({ hasText: 'Pick a mod.' }).waitFor();
      expect(await add.getByLabel('Mod', { exact: true }).getAttribute('aria-invalid')).toBe('true');

      await add.getByLabel('Mod', { exact: true }).fill('mmm-middle');
      await add.getByLabel('Version of Middle Mod').selectOption('2.0');
      await add.getByRole('button', { name: 'Add to build' }).click();
      await add
        .getByRole('alert')
        .filter({
          hasText:
            'Another version of this mod is already in the build: pick the version you want in its row of the table.',
        })
        .waitFor();
      expect(await page.getByRole('main').innerText()).not.toMatch(/\bPUT\b/);
    },
  );

  browserTest(
    () => browser,
    'a new build started from another takes its mods and its settings, changed before it is saved',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/modpacks/pack-one/builds/new`);
      await heading(page, 'New build of Pack One');
      await page.getByLabel('Copy the mods and settings of').locator('option', { hasText: 'Build 1.0.0' }).waitFor({
        state: 'attached',
      });
      await page.getByLabel('Copy the mods and settings of').selectOption({ label: 'Build 1.0.0' });
      await page
        .getByRole('status')
        .filter({
          hasText: 'Copied the settings of build 1.0.0: Minecraft 1.20.1, Forge 47.2.0, Java 17, memory 4096 MB.',
        })
        .waitFor();
      const value = (label: string) => page.getByLabel(label).inputValue();
      expect(
        await Promise.all(
          ['Minecraft version', 'Forge version', 'Minimum Java version', 'Minimum memory (MB)'].map(value),
        ),
      ).toEqual(['1.20.1', '47.2.0', '17', '4096']);
      await page.getByLabel('Version', { exact: true }).fill('1.1.0');
      await page.getByLabel('Minimum memory (MB)').fill('6144');
      await checkAccessibility(page, 'new build (settings copied)');
      await page.getByRole('button', { name: 'Create build' }).click();
      await heading(page, 'Pack One 1.1.0');
      const read = must(await t.admin.get('/api/manage/modpacks/pack-one/builds/1.1.0'), 200, 'read back');
      expect(read.build).toMatchObject({ minecraft: '1.20.1', forge: '47.2.0', min_java: '17', min_memory: 6144 });
      expect(read.mods).toHaveLength(3);
    },
  );

  browserTest(
    () => browser,
    'Minecraft and Java are picked from lists; a value that is not a version is warned about, and kept',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/modpacks/pack-one/builds/new`);
      await heading(page, 'New build of Pack One');
      /** The values a field's list offers (its datalist). */
      const offered = async (label: string) => {
        const list = await page.getByLabel(label).getAttribute('list');
        return page
          .locator(`datalist[id="${list}"] option`)
          .evaluateAll((all) => all.map((o) => o.getAttribute('value')));
      };
      expect(await offered('Minimum Java version')).toEqual(['25', '21', '17', '16', '1.8', '1.7', '1.6']);
      expect(await offered('Minecraft version')).toEqual(['1.20.1']);
      // Another modpack to start from: its Minecraft versions are offered too.
      await page.getByLabel('Start from a build of').selectOption({ label: 'Old Pack' });
      await page.getByLabel('Copy the mods and settings of').locator('option', { hasText: 'Build 1.0' }).waitFor({
        state: 'attached',
      });
      expect(await offered('Minecraft version')).toEqual(['1.20.1', '1.7.10']);
      await page.getByLabel('Start from a build of').selectOption({ label: 'Pack One (this modpack)' });

      await page.getByLabel('Version', { exact: true }).fill('odd');
      await page.getByLabel('Minecraft version').fill('1.20.l');
      await page.getByLabel('Minimum Java version').fill('java17');
      await page
        .getByText(
          '“1.20.l” does not look like a Minecraft version (such as 1.20.1). It is saved as typed, and launchers may not understand it.',
        )
        .waitFor();
      await page
        .getByText(
          '“java17” does not look like a Java version (such as 17 or 1.8). It is saved as typed, and launchers may not understand it.',
        )
        .waitFor();
      await checkAccessibility(page, 'new build (warnings)');
      // Fixed: the warning goes.
      await page.getByLabel('Minimum Java version').fill('17');
      await page
        .getByText('“java17” does not look like a Java version', { exact: false })
        .waitFor({ state: 'detached' });
      // Free text is still the author's to keep.
      await page.getByRole('button', { name: 'Create build' }).click();
      await heading(page, 'Pack One odd');
      const read = must(await t.admin.get('/api/manage/modpacks/pack-one/builds/odd'), 200, 'read back');
      expect(read.build).toMatchObject({ minecraft: '1.20.l', min_java: '17' });
    },
  );

  browserTest(
    () => browser,
    "on a phone: the build's mods as cards, each one's version and actions on screen",
    async ({ page }) => {
      await signIn(page, t);
      await openBuild(page);
      await phoneScreenshot(page, 'build');
      expect(await offScreen(page)).toEqual({ controls: [], sideways: 0 });
      await checkAccessibility(page, 'build (390 px)');
      const middle = modRows(page).filter({ hasText: 'Middle Mod' });
      await middle.getByLabel('Version of Middle Mod').focus();
      await middle.getByLabel('Version of Middle Mod').selectOption('2.0');
      await flash(page, 'Middle Mod is now at version 2.0.');
      await page.goto(`${t.url}/console/modpacks/pack-one`);
      await heading(page, 'Pack One');
      await phoneScreenshot(page, 'modpack-builds');
      expect(await offScreen(page)).toEqual({ controls: [], sideways: 0 });
    },
  );
});
