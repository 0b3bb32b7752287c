// A new build that starts from a build of another modpack (clone_from_modpack) in the console:
// the author picks any modpack they manage, then one of its builds; the new build holds that
// build's mods, not those of the target's build of the same version. Modpacks the author may not
// manage are not offered.
import type { Browser, Page } from 'playwright-core';
import { md5Of, must, type TestStack } from '../support';
import { browserSuite, browserTest, checkAccessibility, describeInBrowser, heading, signIn } from '../support/browser';

describeInBrowser()('a new build from a build of another modpack', () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(__filename, async (stack, b) => {
    [t, browser] = [stack, b];
    const admin = t.admin;
    for (const [mod, pretty] of [
      ['jei', 'Just Enough Items'],
      ['waila', 'What Am I Looking At'],
    ]) {
      must(await admin.post('/api/mod', { name: mod, pretty_name: pretty }), 201, mod);
      must(await admin.post(`/api/mod/${mod}/version`, { version: '1', md5: md5Of(mod) }), 201, `${mod} 1`);
    }
    for (const [slug, name, mod] of [
      ['src', 'Src Pack', 'jei'],
      ['target', 'Target Pack', 'waila'],
      ['own', 'Own Pack', 'waila'],
    ]) {
      must(await admin.post('/api/modpack', { name, slug }), 201, slug);
      must(await admin.post(`/api/modpack/${slug}/build`, { version: '1.0.0', minecraft: '1.20.1' }), 201, slug);
      must(await admin.post(`/api/modpack/${slug}/1.0.0/mod`, { mod_slug: mod, mod_version: '1' }), 201, slug);
    }
    must(
      await admin.post('/api/user', {
        username: 'author',
        password: 'author password 1',
        permissions: ['modpacks_manage'],
        modpacks: ['target', 'own'],
      }),
      201,
      'author',
    );
  });

  const newBuildOfTarget = async (page: Page) => {
    await page.goto(`${t.url}/console/modpacks/target`);
    await heading(page, 'Target Pack');
    await page.getByRole('link', { name: 'New build' }).click();
    await heading(page, 'New build of Target Pack');
  };
  /** The options of a list, once the modpacks it offers are read (the last is `last`). */
  const optionsOf = async (page: Page, label: string, last: string) => {
    await page.getByLabel(label).locator('option', { hasText: last }).waitFor({ state: 'attached' });
    return (await page.getByLabel(label).locator('option').allInnerTexts()).map((s) => s.trim());
  };

  browserTest(
    () => browser,
    "copies the chosen modpack's build, not the target's build of that version",
    async ({ page }) => {
      await signIn(page, t);
      await newBuildOfTarget(page);
      expect(await optionsOf(page, 'Start from a build of', 'Src Pack')).toEqual([
        'Target Pack (this modpack)',
        'Own Pack',
        'Src Pack',
      ]);
      await page.getByLabel('Version', { exact: true }).fill('2.0.0');
      await page.getByLabel('Minecraft version').fill('1.20.1');
      await page.getByLabel('Start from a build of').selectOption({ label: 'Src Pack' });
      // The builds of the chosen modpack, read once it is chosen.
      await page.getByLabel('Copy the mods and settings of').selectOption({ label: 'Build 1.0.0' });
      await checkAccessibility(page, 'new build (from another modpack)');
      await page.getByRole('button', { name: 'Create build' }).click();
      await heading(page, 'Target Pack 2.0.0');
      await page.getByRole('row', { name: /Just Enough Items/ }).waitFor();
      expect(await page.getByRole('row', { name: /What Am I Looking At/ }).count()).toBe(0);

      const read = must(await t.admin.get('/api/manage/modpacks/target/builds/2.0.0'), 200, 'read back');
      expect(read.mods.map((m: { mod: { name: string } }) => m.mod.name)).toEqual(['jei']);
    },
  );

  browserTest(
    () => browser,
    "offers only the modpacks the author manages; this modpack's builds by default",
    async ({ page }) => {
      await signIn(page, t, 'author', 'author password 1');
      await newBuildOfTarget(page);
      expect(await optionsOf(page, 'Start from a build of', 'Own Pack')).toEqual([
        'Target Pack (this modpack)',
        'Own Pack',
      ]);
      await page.getByLabel('Copy the mods and settings of').locator('option', { hasText: 'Build 1.0.0' }).waitFor({
        state: 'attached',
      });
      await page.getByLabel('Version', { exact: true }).fill('3.0.0');
      await page.getByLabel('Minecraft version').fill('1.20.1');
      await page.getByLabel('Copy the mods and settings of').selectOption({ label: 'Build 1.0.0' });
      await page.getByRole('button', { name: 'Create build' }).click();
      await heading(page, 'Target Pack 3.0.0');
      await page.getByRole('row', { name: /What Am I Looking At/ }).waitFor();
      const read = must(await t.admin.get('/api/manage/modpacks/target/builds/3.0.0'), 200, 'read back');
      expect(read.mods.map((m: { mod: { name: string } }) => m.mod.name)).toEqual(['waila']);
    },
  );
});
