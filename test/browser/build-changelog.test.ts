// What a build changes, on its page in the console (docs/releases.md#changelogs), walked as an
// author would: 1.1.0 made from the published 1.0.0 says nothing changed yet and that it is not
// published; then two mods added, one removed and three updated on its page, and the page says
// "added 2, removed 1, updated 3" with each mod from → to; release notes written (shown rendered,
// markup as text); published, and the public changelog says the same.
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

const MODS = [
  ['applied', 'Applied Energistics'],
  ['botania', 'Botania'],
  ['create', 'Create'],
  ['decor', 'Decorative Blocks'],
  ['extras', 'Extra Utilities'],
  ['farming', 'Farming Plus'],
  ['gadgets', 'Gadgets'],
];

describeInBrowser()("a build's changelog", () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(__filename, async (stack, b) => {
    [t, browser] = [stack, b];
    for (const [slug, name] of MODS) {
      must(await t.admin.post('/api/mod', { name: slug, pretty_name: name }), 201, slug);
      for (const v of ['1.0', '1.1']) {
        must(await t.admin.post(`/api/mod/${slug}/version`, { version: v, md5: md5Of(`${slug} ${v}`) }), 201, v);
      }
    }
    must(await t.admin.post('/api/modpack', { name: 'Sky Pack', slug: 'sky' }), 201, 'pack');
    must(
      await t.admin.post('/api/modpack/sky/build', { version: '1.0.0', minecraft: '1.20.1', is_published: true }),
      201,
      '1.0.0',
    );
    for (const [slug] of MODS.slice(0, 5)) {
      must(await t.admin.post('/api/modpack/sky/1.0.0/mod', { mod_slug: slug, mod_version: '1.0' }), 201, slug);
    }
  });

  const changelog = (page: Page) => page.getByLabel('Changelog', { exact: true });
  const listed = (page: Page, title: string) => changelog(page).getByRole('list', { name: title }).locator('li');
  const summary = (page: Page, text: string) => changelog(page).getByRole('status').filter({ hasText: text }).waitFor();

  browserTest(
    () => browser,
    'made from 1.0.0: nothing changed yet; then added 2, removed 1, updated 3, notes, published',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/modpacks/sky/builds/new`);
      await heading(page, 'New build of Sky Pack');
      const copyFrom = page.getByLabel('Copy the mods and settings of');
      await copyFrom.locator('option', { hasText: 'Build 1.0.0' }).waitFor({ state: 'attached' });
      await copyFrom.selectOption({ label: 'Build 1.0.0' });
      await page.getByLabel('Version', { exact: true }).fill('1.1.0');
      await page.getByRole('button', { name: 'Create build' }).click();
      await heading(page, 'Sky Pack 1.1.0');
      // Compared with the build it was made from, before it is published.
      expect(await page.getByLabel('Compared with').locator('option:checked').textContent()).toBe('Build 1.0.0');
      await summary(
        page,
        'Not published yet: this is what launchers will get. Since 1.0.0: added 0, removed 0, updated 0, 5 unchanged.',
      );

      const add = page.getByRole('form', { name: 'Add a mod' });
      for (const [slug, name] of MODS.slice(5)) {
        await add.getByLabel('Mod', { exact: true }).fill(slug);
        await add.getByLabel(`Version of ${name}`).selectOption('1.1');
        await add.getByRole('button', { name: 'Add to build' }).click();
        await flash(page, `${name} 1.1 added to the build.`);
      }
      const rows = page.getByRole('table', { name: 'Mods of build 1.1.0' }).locator('tbody tr');
      await rows.filter({ hasText: 'Extra Utilities' }).getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove mod' }).click();
      await flash(page, 'Extra Utilities removed from the build.');
      for (const [, name] of MODS.slice(0, 3)) {
        // Its versions are fetched when the picker is first pointed at.
        const picker = rows.filter({ hasText: name }).getByLabel(`Version of ${name}`);
        await picker.hover();
        await picker.selectOption('1.1');
        await flash(page, `${name} is now at version 1.1.`);
      }
      await summary(page, 'Since 1.0.0: added 2, removed 1, updated 3, 1 unchanged.');
      expect(await listed(page, 'Added').allInnerTexts()).toEqual([
        'Farming Plus (farming) 1.1',
        'Gadgets (gadgets) 1.1',
      ]);
      expect(await listed(page, 'Removed').allInnerTexts()).toEqual(['Extra Utilities (extras) 1.0']);
      expect(await listed(page, 'Updated').allInnerTexts()).toEqual([
        'Applied Energistics (applied): 1.0 → 1.1',
        'Botania (botania): 1.0 → 1.1',
        'Create (create): 1.0 → 1.1',
      ]);

      const notes = page.getByRole('form', { name: 'Edit release notes' });
      await notes.getByLabel('Release notes').fill('**Faster** worlds <script>alert(1)</script>');
      await notes.getByRole('button', { name: 'Save release notes' }).click();
      await flash(page, 'Release notes saved.');
      const shown = changelog(page).getByLabel('Release notes', { exact: true });
      await shown.locator('strong', { hasText: 'Faster' }).waitFor();
      expect(await shown.innerText()).toBe('Faster worlds <script>alert(1)</script>');
      expect(await shown.locator('script').count()).toBe(0);
      await checkAccessibility(page, 'build (changelog)');

      // Published from its settings: the page no longer says it is not, and anyone reads the same changelog.
      await page.getByLabel('Published', { exact: true }).check();
      await page.getByRole('button', { name: 'Save build' }).click();
      await flash(page, 'Build saved.');
      await summary(page, 'Since 1.0.0: added 2, removed 1, updated 3, 1 unchanged.');
      expect(await changelog(page).getByRole('status').innerText()).not.toContain('Not published yet');
      const visible = must(await t.anon.get('/changelogs/sky/builds/1.1.0'), 200, 'public changelog');
      expect([visible.summary, visible.notes]).toEqual([
        { added: 2, removed: 1, updated: 3, sides: 0, settings: 0, unchanged: 1 },
        '**Faster** worlds <script>alert(1)</script>',
      ]);
    },
  );
});
