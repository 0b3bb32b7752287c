// Publishing mod files in the console (issue 22, item 1), against the upload route: on a mod's
// page, files dropped become versions named from their files (editable), uploaded with their
// progress, a refused file reported in its row while the others are added, a zip without mods/
// warned about, an archive replaced only when asked; on the mod library, files of mods that do not
// exist yet create them (name and slug suggested); on a build, "add mods from files" creates,
// uploads and assigns in one go. Every result is read back through the API.
import type { Browser, Page } from 'playwright-core';
import { expectReply, must, type TestStack } from '../support';
import {
  browserSuite,
  browserTest,
  checkAccessibility,
  describeInBrowser,
  flash,
  heading,
  signIn,
} from '../support/browser';
import { dropFiles, jar, makeZip, type FilePayload } from './mod-files';
import { offScreen, phoneScreenshot } from './phone';

/** The file chooser of the "from files" part of the page. */
const chooser = (page: Page) => page.getByRole('group', { name: /from files/ }).locator('input[type=file]');
const fileRow = (page: Page, name: string) =>
  page.getByRole('row', { name: new RegExp(`^${name.replace(/\./g, '\\.')}`) });

describeInBrowser()('publishing mod files in the console', () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(__filename, async (stack, b) => {
    [t, browser] = [stack, b];
    must(await t.admin.post('/api/mod', { name: 'jei', pretty_name: 'Just Enough Items' }), 201, 'jei');
    must(await t.admin.post('/api/mod', { name: 'ironchest', pretty_name: 'Iron Chests' }), 201, 'ironchest');
    must(
      await t.admin.post('/api/mod/ironchest/version', { version: '1.0', md5: '0'.repeat(32) }),
      201,
      'ironchest 1.0',
    );
    must(await t.admin.post('/api/modpack', { name: 'Files Pack', slug: 'files-pack' }), 201, 'pack');
    must(await t.admin.post('/api/modpack/files-pack/build', { version: '1.0', minecraft: '1.20.1' }), 201, 'build');
    must(
      await t.admin.post('/api/modpack/files-pack/1.0/mod', { mod_slug: 'ironchest', mod_version: '1.0' }),
      201,
      'assigned',
    );
  });

  browserTest(
    () => browser,
    "on a mod's page: versions from files, a refused file reported, the others added",
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/mods/jei`);
      await heading(page, 'Just Enough Items');
      const good = await jar('jei-1.20.1-15.2.0.27.jar');
      const broken: FilePayload = {
        name: 'jei-1.20.1-15.3.0.4.jar',
        mimeType: 'application/java-archive',
        buffer: Buffer.from('not a zip at all'),
      };
      // Dropped, as from a file manager; a file that is no archive is left out, saying so.
      await dropFiles(page, page.locator('.file-drop'), [
        good,
        broken,
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') },
      ]);
      await page.getByText('Left out, not a .jar or .zip file: notes.txt.').waitFor();
      const version = (name: string) => page.getByLabel(`Version of ${name}`);
      expect(await version(good.name).inputValue()).toBe('1.20.1-15.2.0.27');
      expect(await version(broken.name).inputValue()).toBe('1.20.1-15.3.0.4');
      // The suggestion is editable before it is saved.
      await version(good.name).fill('15.2.0.27');
      await checkAccessibility(page, 'mod (files to upload)');
      await page.getByRole('button', { name: 'Upload 2 file(s)' }).click();
      await flash(page, '1 version(s) created for Just Enough Items.');
      await page.getByRole('alert').filter({ hasText: '1 file(s) were not uploaded' }).waitFor();
      await fileRow(page, broken.name)
        .getByText(
          'Not uploaded: This file is not a .zip or .jar archive, or it is damaged (the jar does not start as a zip does).',
        )
        .waitFor();
      // What Depot computed, shown in the row and read back.
      const stored = (await t.anon.get('/api/mod/jei/15.2.0.27')).body;
      expect(stored).toMatchObject({ md5: expect.stringMatching(/^[0-9a-f]{32}$/), filesize: expect.any(Number) });
      await fileRow(page, good.name).getByText(`Version created, MD5 ${stored.md5}.`).waitFor();
      await page.getByRole('table', { name: /./ }).first().waitFor();
      await page
        .getByRole('row', { name: /^15\.2\.0\.27/ })
        .getByText(stored.md5)
        .waitFor();
      expectReply(await t.anon.get('/api/mod/jei/1.20.1-15.3.0.4'), 404, { error: 'Mod version does not exist' });
      await checkAccessibility(page, 'mod (one file refused)');

      // Another archive for the same version: refused until replacing is asked for.
      await page.getByRole('button', { name: 'Clear uploaded files' }).click();
      await page.getByRole('button', { name: `Remove ${broken.name}` }).click();
      const other = await jar('jei-15.2.0.27.jar', 5000);
      await chooser(page).setInputFiles([other]);
      expect(await version(other.name).inputValue()).toBe('15.2.0.27');
      await page.getByRole('button', { name: 'Upload 1 file(s)' }).click();
      const row = fileRow(page, other.name);
      await row.getByText('This version already has another archive').waitFor();
      expect((await t.anon.get('/api/mod/jei/15.2.0.27')).body.md5).toBe(stored.md5);
      await row.getByLabel(`Replace its archive with ${other.name}`).check();
      await page.getByRole('button', { name: 'Upload 1 file(s)' }).click();
      await row.getByText(/^Archive stored, MD5 /).waitFor();
      expect((await t.anon.get('/api/mod/jei/15.2.0.27')).body.md5).not.toBe(stored.md5);

      // A zip without mods/, config/ or bin/: added, with Depot's warning.
      await page.getByRole('button', { name: 'Clear uploaded files' }).click();
      const flat = {
        name: 'jei-3.0.zip',
        mimeType: 'application/zip',
        buffer: await makeZip({ 'readme.txt': 'flat' }),
      };
      await chooser(page).setInputFiles([flat]);
      expect(await version(flat.name).inputValue()).toBe('3.0');
      await page.getByRole('button', { name: 'Upload 1 file(s)' }).click();
      await fileRow(page, flat.name).getByText('Version created').waitFor();
      expect(await fileRow(page, flat.name).locator('.field-warning').textContent()).toMatch(/mods\//);
    },
  );

  browserTest(
    () => browser,
    'on the mod library: files of new mods create them, named from the files',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/mods`);
      await heading(page, 'Mod library');
      const files = [
        await jar('Botania-1.20.1-443-FORGE.jar'),
        await jar('JourneyMap_1.20.1-5.9.7.zip'),
        await jar('jei-1.20.1-16.0.1.jar'),
      ];
      files[1].mimeType = 'application/zip';
      await chooser(page).setInputFiles(files);
      const journey = page.getByRole('group', { name: 'New mod: Journey Map' });
      expect(await journey.getByLabel('Slug').inputValue()).toBe('journeymap');
      await journey.getByLabel('Display name').fill('JourneyMap');
      await page.getByRole('group', { name: 'New mod: Botania' }).waitFor();
      await page.getByRole('group', { name: 'Just Enough Items (jei)' }).waitFor();
      await checkAccessibility(page, 'mod library (files of new mods)');
      await page.getByRole('button', { name: 'Create 2 mod(s), upload 3 file(s)' }).click();
      await flash(page, '2 mod(s) created, 3 version(s) created.');
      expect((await t.anon.get('/api/mod/journeymap')).body).toMatchObject({
        pretty_name: 'JourneyMap',
        versions: ['1.20.1-5.9.7'],
      });
      expect((await t.anon.get('/api/mod/botania')).body).toMatchObject({
        pretty_name: 'Botania',
        versions: ['1.20.1-443-FORGE'],
      });
      expect((await t.anon.get('/api/mod/jei')).body.versions).toContain('1.20.1-16.0.1');
    },
  );

  browserTest(
    () => browser,
    'on a build: "add mods from files" creates, uploads and assigns in one go',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/modpacks/files-pack/builds/1.0`);
      await heading(page, 'Files Pack 1.0');
      const files = [await jar('ironchest-2.0.jar'), await jar('waystones-1.20.1-14.1.jar')];
      await chooser(page).setInputFiles(files);
      // On a phone: the files' rows as cards, every control on screen.
      await phoneScreenshot(page, 'build-files');
      expect(await offScreen(page)).toEqual({ controls: [], sideways: 0 });
      await page.getByRole('button', { name: 'Create 1 mod(s), upload 2 file(s), add them to the build' }).click();
      await flash(page, '1 mod(s) created, 2 version(s) created, 2 mod(s) added to the build or changed in it.');
      const mods = page.getByRole('table', { name: 'Mods of build 1.0' });
      expect(await mods.getByLabel('Version of Iron Chests').inputValue()).toBe('2.0');
      expect(await mods.getByLabel('Version of Waystones').inputValue()).toBe('1.20.1-14.1');
      const build = await t.admin.get('/api/manage/modpacks/files-pack/builds/1.0');
      const read = build.body.mods as { mod: { name: string }; version: { version: string; md5: string } }[];
      expect(read.map((m) => [m.mod.name, m.version.version])).toEqual([
        ['ironchest', '2.0'],
        ['waystones', '1.20.1-14.1'],
      ]);
      for (const m of read) {
        expect(m.version.md5).toBe((await t.anon.get(`/api/mod/${m.mod.name}/${m.version.version}`)).body.md5);
      }
      await checkAccessibility(page, 'build (mods from files)');
    },
  );
});
