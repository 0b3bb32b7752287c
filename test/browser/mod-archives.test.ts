// Mod archives in the console: private notes on a mod and its versions (written in the page, read
// back through the API), a version's rehash against a mirror served by this test (one archive as
// recorded, one altered, one missing), and a version's own download URL, offered only when the
// gateway takes it (MOD_VERSION_URLS) and then served by the launcher read.
import { createHash } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
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
import { ArchiveMirror } from './archive-mirror';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

const mirror = new ArchiveMirror();
afterAll(() => mirror.close());

/** The mod page of the console, once its versions are shown. */
async function openMod(page: Page, t: TestStack, slug: string, title: string): Promise<void> {
  await page.goto(`${t.url}/console/mods/${slug}`);
  await heading(page, title);
  await page.getByRole('table').waitFor();
}

const versionRow = (page: Page, version: string) =>
  page.getByRole('table').getByRole('row', { name: new RegExp(`^${version.replace(/\./g, '\\.')}\\b`) });

describeInBrowser()('notes and rehash in the console (no own download URLs)', () => {
  let t: TestStack;
  let browser: Browser;
  const CREATOR_PASSWORD = 'creator password 1';

  beforeAll(() => mirror.start());
  browserSuite(
    __filename,
    async (stack, b) => {
      [t, browser] = [stack, b];
      must(await t.admin.post('/api/mod', { name: 'archived', pretty_name: 'Archived Mod' }), 201, 'mod');
      // As recorded; altered on the mirror since; missing from the mirror.
      for (const [version, body, served] of [
        ['1.0', 'archive one', 'archive one'],
        ['2.0', 'archive two', 'archive two, repacked'],
        ['3.0', 'archive three', undefined],
      ] as const) {
        must(
          await t.admin.post('/api/mod/archived/version', { version, md5: md5(body), filesize: body.length }),
          201,
          `version ${version}`,
        );
        if (served !== undefined) mirror.serve('archived', version, served);
      }
      must(
        await t.admin.post('/api/user', {
          username: 'creator',
          email: 'creator@example.test',
          password: CREATOR_PASSWORD,
          permissions: ['mods_create'],
        }),
        201,
        'user creator',
      );
    },
    // The mirror is on loopback: private addresses allowed. Its address is known once it listens
    // (the beforeAll above), and read when the stack starts.
    {
      get mirrorUrl() {
        return mirror.url;
      },
      env: { ARCHIVE_ALLOW_PRIVATE: 'true' },
    },
  );

  browserTest(
    () => browser,
    'edits the notes of a mod and of its versions; the API answers them to managers only',
    async ({ page }) => {
      await signIn(page, t);
      await openMod(page, t, 'archived', 'Archived Mod');
      const details = page.getByRole('region', { name: 'Details' });
      const modNotes = 'Pinned for 1.20.1.\nAsk Ann before updating.';
      await details.getByLabel('Notes').fill(modNotes);
      await details.getByRole('button', { name: 'Save mod' }).click();
      await flash(page, 'Mod saved.');
      expect((await t.admin.get('/api/mod/archived')).body).toEqual({
        id: expect.any(Number),
        name: 'archived',
        pretty_name: 'Archived Mod',
        author: null,
        description: null,
        link: null,
        notes: modNotes,
        versions: ['1.0', '2.0', '3.0'],
      });
      expect((await t.anon.get('/api/mod/archived')).body).not.toHaveProperty('notes');

      // A version's notes: edited in its row, then shown there as typed.
      await versionRow(page, '1.0').getByRole('button', { name: 'Edit version 1.0' }).click();
      const edit = page.getByRole('form', { name: 'Edit version 1.0' });
      await edit.getByLabel('Notes').fill('Known good.\nDo not touch.');
      await checkAccessibility(page, 'mod (version being edited, notes)');
      await edit.getByRole('button', { name: 'Save' }).click();
      await flash(page, 'Version 1.0 saved.');
      await versionRow(page, '1.0').getByRole('cell', { name: 'Known good. Do not touch.' }).waitFor();
      expectReply(await t.admin.get('/api/mod/archived/1.0'), 200, {
        id: expect.any(Number),
        md5: md5('archive one'),
        filesize: 11,
        url: `${mirror.url}mods/archived/archived-1.0.zip`,
        notes: 'Known good.\nDo not touch.',
      });
      expect(Object.keys((await t.anon.get('/api/mod/archived/1.0')).body)).toEqual(['id', 'md5', 'filesize', 'url']);

      // A new version with notes, from the add form.
      const add = page.getByRole('form', { name: 'Add a version' });
      await add.getByLabel('Version', { exact: true }).fill('4.0');
      await add.getByLabel('MD5 of the zip').fill(md5('archive four'));
      await add.getByLabel('Notes').fill('Beta: testers only.');
      await add.getByRole('button', { name: 'Add version' }).click();
      await flash(page, 'Version 4.0 added.');
      await versionRow(page, '4.0').getByRole('cell', { name: 'Beta: testers only.' }).waitFor();
      expect((await t.admin.get('/api/mod/archived/4.0')).body).toMatchObject({ notes: 'Beta: testers only.' });

      // Read back after a reload: the page shows what the API keeps.
      await openMod(page, t, 'archived', 'Archived Mod');
      expect(await page.getByRole('region', { name: 'Details' }).getByLabel('Notes').inputValue()).toBe(modNotes);
      await versionRow(page, '1.0').getByRole('cell', { name: 'Known good. Do not touch.' }).waitFor();

      // Cleared: an emptied field removes the notes.
      await versionRow(page, '4.0').getByRole('button', { name: 'Edit version 4.0' }).click();
      await page.getByRole('form', { name: 'Edit version 4.0' }).getByLabel('Notes').fill('');
      await page.getByRole('form', { name: 'Edit version 4.0' }).getByRole('button', { name: 'Save' }).click();
      await flash(page, 'Version 4.0 saved.');
      expect((await t.admin.get('/api/mod/archived/4.0')).body).not.toHaveProperty('notes');
      await checkAccessibility(page, 'mod (notes)');
    },
  );

  browserTest(
    () => browser,
    'a user who may create mods but not manage them is not offered notes',
    async ({ page }) => {
      await signIn(page, t, 'creator', CREATOR_PASSWORD);
      await page.goto(`${t.url}/console/mods/new`);
      await heading(page, 'New mod');
      await page.getByLabel('Description').waitFor();
      expect(await page.getByLabel('Notes').count()).toBe(0);
    },
  );

  browserTest(
    () => browser,
    'rehashes a version: the match, the mismatch (stored when asked, the row refreshed), the missing archive',
    async ({ page }) => {
      await signIn(page, t);
      await openMod(page, t, 'archived', 'Archived Mod');

      // As recorded.
      await versionRow(page, '1.0').getByRole('button', { name: 'Rehash version 1.0' }).click();
      let dialog = page.getByRole('dialog', { name: 'Rehash version 1.0' });
      await dialog
        .getByText(`The archive matches: md5 ${md5('archive one')} and size 11 bytes, as recorded.`)
        .waitFor();
      await dialog.getByText(`Fetched ${mirror.url}mods/archived/archived-1.0.zip`).waitFor();
      expect(await dialog.getByRole('button', { name: "Store the archive's md5 and size" }).count()).toBe(0);
      await checkAccessibility(page, 'rehash dialog (match)');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Altered: what the version records against what the archive is; nothing changes until asked.
      await versionRow(page, '2.0').getByRole('button', { name: 'Rehash version 2.0' }).click();
      dialog = page.getByRole('dialog', { name: 'Rehash version 2.0' });
      await dialog.getByText('The archive differs from what the version records. Nothing was changed.').waitFor();
      expect(await cellsOf(dialog.getByRole('table'))).toEqual([
        ['Field', 'Recorded (expected)', 'Archive (found)', 'Result'],
        ['MD5', md5('archive two'), md5('archive two, repacked'), 'differs'],
        ['Size', '11 bytes', '21 bytes', 'differs'],
      ]);
      await checkAccessibility(page, 'rehash dialog (mismatch)');
      expect((await t.anon.get('/api/mod/archived/2.0')).body).toMatchObject({ md5: md5('archive two'), filesize: 11 });
      await dialog.getByRole('button', { name: "Store the archive's md5 and size" }).click();
      await dialog
        .getByText(`Stored: the version now records md5 ${md5('archive two, repacked')} and size 21 bytes.`)
        .waitFor();
      await dialog.getByText(`It recorded md5 ${md5('archive two')} and size 11 bytes.`).waitFor();
      expectReply(await t.anon.get('/api/mod/archived/2.0'), 200, {
        id: expect.any(Number),
        md5: md5('archive two, repacked'),
        filesize: 21,
        url: `${mirror.url}mods/archived/archived-2.0.zip`,
      });
      await dialog.getByRole('button', { name: 'Close' }).click();
      // The row shows the stored values without a reload.
      await versionRow(page, '2.0')
        .getByRole('cell', { name: md5('archive two, repacked') })
        .waitFor();
      await versionRow(page, '2.0').getByRole('cell', { name: '21 bytes' }).waitFor();

      // Missing: the API's words.
      await versionRow(page, '3.0').getByRole('button', { name: 'Rehash version 3.0' }).click();
      dialog = page.getByRole('dialog', { name: 'Rehash version 3.0' });
      await dialog
        .getByRole('alert')
        .filter({
          hasText: `The archive could not be checked. The archive is missing: ${mirror.url}mods/archived/archived-3.0.zip answered 404.`,
        })
        .waitFor();
      await checkAccessibility(page, 'rehash dialog (missing archive)');
      // Tried again once it is on the mirror.
      mirror.serve('archived', '3.0', 'archive three');
      await dialog.getByRole('button', { name: 'Try again' }).click();
      await dialog.getByText(/^The archive matches: md5 /).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    },
  );

  browserTest(
    () => browser,
    'offers no download URL field when the gateway does not take one',
    async ({ page }) => {
      await signIn(page, t);
      const settings = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/manage/settings');
      await openMod(page, t, 'archived', 'Archived Mod');
      expect(await (await settings).json()).toEqual({ mod_version_urls: false });
      const add = page.getByRole('form', { name: 'Add a version' });
      await add.getByLabel('Notes').waitFor();
      expect(await add.getByLabel('Download URL').count()).toBe(0);
      await versionRow(page, '1.0').getByRole('button', { name: 'Edit version 1.0' }).click();
      const edit = page.getByRole('form', { name: 'Edit version 1.0' });
      await edit.getByLabel('Notes').waitFor();
      expect(await edit.getByLabel('Download URL').count()).toBe(0);
    },
  );
});

describeInBrowser()('own download URLs in the console (MOD_VERSION_URLS=true)', () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(
    __filename,
    async (stack, b) => {
      [t, browser] = [stack, b];
      must(await t.admin.post('/api/mod', { name: 'licensed', pretty_name: 'Licensed Mod' }), 201, 'mod');
      must(await t.admin.post('/api/mod/licensed/version', { version: '1.0', md5: md5('licensed one') }), 201, '1.0');
    },
    { env: { MOD_VERSION_URLS: 'true' } },
  );

  browserTest(
    () => browser,
    "sets a version's own URL, which the launcher read gives as its download URL; emptied, the mirror's again",
    async ({ page }) => {
      const own = 'https://cdn.example.test/files/Licensed-1.0.jar';
      await signIn(page, t);
      await openMod(page, t, 'licensed', 'Licensed Mod');
      await versionRow(page, '1.0').getByRole('button', { name: 'Edit version 1.0' }).click();
      let edit = page.getByRole('form', { name: 'Edit version 1.0' });
      await edit.getByLabel('Download URL').fill(own);
      await checkAccessibility(page, 'mod (version being edited, download URL)');
      await edit.getByRole('button', { name: 'Save' }).click();
      await flash(page, 'Version 1.0 saved.');
      expectReply(await t.anon.get('/api/mod/licensed/1.0'), 200, {
        id: expect.any(Number),
        md5: md5('licensed one'),
        filesize: null,
        url: own,
      });
      await versionRow(page, '1.0').getByRole('link', { name: own }).waitFor();

      // A new version with its own URL, from the add form.
      const add = page.getByRole('form', { name: 'Add a version' });
      await add.getByLabel('Version', { exact: true }).fill('2.0');
      await add.getByLabel('MD5 of the zip').fill(md5('licensed two'));
      await add.getByLabel('Download URL').fill('https://cdn.example.test/files/licensed-2.0.jar');
      await add.getByRole('button', { name: 'Add version' }).click();
      await flash(page, 'Version 2.0 added.');
      expect((await t.anon.get('/api/mod/licensed/2.0')).body.url).toBe(
        'https://cdn.example.test/files/licensed-2.0.jar',
      );

      // Emptied: the mirror's address again.
      await versionRow(page, '1.0').getByRole('button', { name: 'Edit version 1.0' }).click();
      edit = page.getByRole('form', { name: 'Edit version 1.0' });
      expect(await edit.getByLabel('Download URL').inputValue()).toBe(own);
      await edit.getByLabel('Download URL').fill('');
      await edit.getByRole('button', { name: 'Save' }).click();
      await flash(page, 'Version 1.0 saved.');
      expect((await t.anon.get('/api/mod/licensed/1.0')).body.url).toBe(`${t.mirrorUrl}mods/licensed/licensed-1.0.zip`);
      await versionRow(page, '1.0')
        .getByRole('cell', { name: md5('licensed one') })
        .waitFor();
      expect(await versionRow(page, '1.0').getByRole('link').count()).toBe(0);
    },
  );
});

/** A table's text, row by row (header row included). */
async function cellsOf(table: Locator): Promise<string[][]> {
  return table
    .locator('tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
}
