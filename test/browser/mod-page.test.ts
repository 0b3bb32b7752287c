// The traps a new author met on a mod's page (issue 22), walked as a person would: a pasted md5
// with a space or a whole checksum line; the delete dialog of a version in use; dialogs opened from
// a row pinned to the window's edge; the rehash of a version whose size was left empty; an old
// confirmation above a new refusal; refusals naming API fields; the page on a phone.
import type { Browser, Locator, Page } from 'playwright-core';
import { md5Of, must, type TestStack } from '../support';
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
import { offScreen, phoneScreenshot } from './phone';

const mirror = new ArchiveMirror();
afterAll(() => mirror.close());

const versionRow = (page: Page, version: string) =>
  page.getByRole('table').getByRole('row', { name: new RegExp(`^${version.replace(/\./g, '\\.')}\\b`) });

/** How far a dialog is from the middle of the window, sideways (0: centred). */
async function offCentre(dialog: Locator): Promise<number> {
  const box = (await dialog.boundingBox())!;
  const width = await dialog.page().evaluate<number>('document.documentElement.clientWidth');
  return Math.abs(box.x - (width - box.x - box.width));
}

describeInBrowser()('the mod page, without its traps', () => {
  let t: TestStack;
  let browser: Browser;

  beforeAll(() => mirror.start());
  browserSuite(
    __filename,
    async (stack, b) => {
      [t, browser] = [stack, b];
      must(await t.admin.post('/api/mod', { name: 'jei', pretty_name: 'Just Enough Items' }), 201, 'jei');
      must(await t.admin.post('/api/mod', { name: 'waila', pretty_name: 'Waila' }), 201, 'waila');
      // Two versions with their size, one whose size was left empty; each archive on the mirror.
      for (const [version, sized] of [
        ['1.0', true],
        ['2.0', true],
        ['nosize', false],
      ] as const) {
        const body = `jei ${version}`;
        const filesize = sized ? Buffer.byteLength(body) : null;
        must(
          await t.admin.post('/api/mod/jei/version', { version, md5: md5Of(body), filesize }),
          201,
          `version ${version}`,
        );
        mirror.serve('jei', version, body);
      }
      must(await t.admin.post('/api/modpack', { name: 'Pack One', slug: 'pack-one' }), 201, 'pack');
      must(await t.admin.post('/api/modpack/pack-one/build', { version: '1.0.0', minecraft: '1.20.1' }), 201, 'build');
      must(await t.admin.post('/api/modpack/pack-one/1.0.0/mod', { mod_slug: 'jei', mod_version: '1.0' }), 201, 'use');
    },
    {
      get mirrorUrl() {
        return mirror.url;
      },
      env: { ARCHIVE_ALLOW_PRIVATE: 'true' },
    },
  );

  const openJei = async (page: Page) => {
    await page.goto(`${t.url}/console/mods/jei`);
    await heading(page, 'Just Enough Items');
    await page.getByRole('table').waitFor();
  };

  browserTest(
    () => browser,
    'takes a pasted md5 with spaces around it, or the whole line of a checksum tool',
    async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
      await signIn(page, t);
      await openJei(page);
      const add = page.getByRole('form', { name: 'Add a version' });
      const md5Field = add.getByLabel('MD5 of the zip');

      // Typed (or pasted) with a space after it.
      await add.getByLabel('Version', { exact: true }).fill('3.0');
      await md5Field.fill(` ${md5Of('jei 3.0')} `);
      await add.getByRole('button', { name: 'Add version' }).click();
      await flash(page, 'Version 3.0 added.');
      expect((await t.anon.get('/api/mod/jei/3.0')).body.md5).toBe(md5Of('jei 3.0'));

      // The line md5sum prints, pasted: the field keeps the digits alone.
      await add.getByLabel('Version', { exact: true }).fill('4.0');
      await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(`${md5Of('jei 4.0')}  jei-4.0.zip\n`)})`);
      await md5Field.focus();
      await page.keyboard.press('Control+V');
      expect(await md5Field.inputValue()).toBe(md5Of('jei 4.0'));
      await add.getByRole('button', { name: 'Add version' }).click();
      await flash(page, 'Version 4.0 added.');
      expect((await t.anon.get('/api/mod/jei/4.0')).body.md5).toBe(md5Of('jei 4.0'));

      // macOS's md5, in capitals, typed into the edit form of a version.
      await versionRow(page, '4.0').getByRole('button', { name: 'Edit version 4.0' }).click();
      const edit = page.getByRole('form', { name: 'Edit version 4.0' });
      await edit.getByLabel('MD5').fill(`MD5 (jei-4.0.zip) = ${md5Of('jei 4.0, again').toUpperCase()}`);
      await edit.getByRole('button', { name: 'Save' }).click();
      await flash(page, 'Version 4.0 saved.');
      expect((await t.anon.get('/api/mod/jei/4.0')).body.md5).toBe(md5Of('jei 4.0, again'));
    },
  );

  browserTest(
    () => browser,
    'the delete dialog of a version in use names the builds using it and offers no Delete',
    async ({ page }) => {
      await signIn(page, t);
      await openJei(page);
      await versionRow(page, '1.0').getByRole('button', { name: 'Delete version 1.0' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete version 1.0?' });
      await dialog.getByText('Version 1.0 cannot be deleted: 1 build(s) use it.').waitFor();
      await dialog.getByRole('link', { name: 'Pack One 1.0.0' }).waitFor();
      const remove = dialog.getByRole('button', { name: 'Delete version' });
      expect(await remove.isDisabled()).toBe(true);
      expect(await remove.getAttribute('aria-describedby')).not.toBeNull();
      await dialog
        .getByText(
          'Depot deletes a version only once no build uses it: give these builds another version of the mod (or remove the mod from them) first.',
        )
        .waitFor();
      await checkAccessibility(page, 'delete dialog of a version in use');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await t.anon.get('/api/mod/jei')).body.versions).toContain('1.0');

      // A version no build uses: Delete is offered.
      await versionRow(page, '2.0').getByRole('button', { name: 'Delete version 2.0' }).click();
      const unused = page.getByRole('dialog', { name: 'Delete version 2.0?' });
      expect(await unused.getByRole('button', { name: 'Delete version' }).isEnabled()).toBe(true);
      await unused.getByRole('button', { name: 'Cancel' }).click();
    },
  );

  browserTest(
    () => browser,
    "dialogs opened from a version's row are centred in the window, not pinned to its edge",
    async ({ page }) => {
      await signIn(page, t);
      await openJei(page);
      await versionRow(page, '2.0').getByRole('button', { name: 'Delete version 2.0' }).click();
      const remove = page.getByRole('dialog', { name: 'Delete version 2.0?' });
      await remove.getByRole('button', { name: 'Cancel' }).waitFor();
      expect(await offCentre(remove)).toBeLessThan(2);
      await remove.getByRole('button', { name: 'Cancel' }).click();

      await versionRow(page, '2.0').getByRole('button', { name: 'Rehash version 2.0' }).click();
      const rehash = page.getByRole('dialog', { name: 'Rehash version 2.0' });
      await rehash.getByText(/^The archive matches: md5 /).waitFor();
      expect(await offCentre(rehash)).toBeLessThan(2);
    },
  );

  browserTest(
    () => browser,
    'the rehash of a version whose size was left empty says it matches, and stores the size when asked',
    async ({ page }) => {
      await signIn(page, t);
      await openJei(page);
      await versionRow(page, 'nosize').getByRole('button', { name: 'Rehash version nosize' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rehash version nosize' });
      await dialog.getByText(`The archive matches: md5 ${md5Of('jei nosize')}, as recorded.`).waitFor();
      await dialog.getByText('The version records no size (it was left empty); the archive is 10 bytes.').waitFor();
      expect(await dialog.getByRole('alert').count()).toBe(0);
      expect(await dialog.getByText('differs').count()).toBe(0);
      await checkAccessibility(page, 'rehash dialog (no size recorded)');
      await dialog.getByRole('button', { name: "Store the archive's size" }).click();
      await dialog.getByText(`Stored: the version now records md5 ${md5Of('jei nosize')} and size 10 bytes.`).waitFor();
      expect((await t.anon.get('/api/mod/jei/nosize')).body).toMatchObject({ md5: md5Of('jei nosize'), filesize: 10 });
    },
  );

  browserTest(
    () => browser,
    'a confirmation goes when the next change is refused; refusals name the fields by their labels',
    async ({ page }) => {
      await signIn(page, t);
      await openJei(page);
      const add = page.getByRole('form', { name: 'Add a version' });
      await add.getByLabel('Version', { exact: true }).fill('5.0');
      await add.getByLabel('MD5 of the zip').fill(md5Of('jei 5.0'));
      await add.getByRole('button', { name: 'Add version' }).click();
      await flash(page, 'Version 5.0 added.');
      await add.getByLabel('Version', { exact: true }).fill('5.0');
      await add.getByLabel('MD5 of the zip').fill(md5Of('jei 5.0'));
      await add.getByRole('button', { name: 'Add version' }).click();
      await add.getByRole('alert').filter({ hasText: 'Version already exists for this mod.' }).waitFor();
      expect(await page.locator('.flash').innerText()).toBe('');

      // Under the fields the person typed into, with their labels; in the summary, a link to each.
      await add.getByLabel('Version', { exact: true }).fill('6.0');
      await add.getByLabel('MD5 of the zip').fill('not an md5');
      await add.getByLabel('Size in bytes').fill('-1');
      await add.getByRole('button', { name: 'Add version' }).click();
      await add.getByRole('alert').filter({ hasText: 'Correct the 2 fields below.' }).waitFor();
      expect(await add.getByRole('alert').getByRole('listitem').allInnerTexts()).toEqual([
        'MD5 of the zip is not in the form it must have.',
        'Size in bytes must be at least 0.',
      ]);
      await expectFieldError(add.getByLabel('MD5 of the zip'), 'MD5 of the zip is not in the form it must have.');
      await expectFieldError(add.getByLabel('Size in bytes'), 'Size in bytes must be at least 0.');
      await add.getByRole('alert').getByRole('link', { name: 'Size in bytes must be at least 0.' }).click();
      await expectFocused(add.getByLabel('Size in bytes'));

      // A slug taken by another mod: under Slug, not "The name has already been taken".
      const details = page.getByRole('region', { name: 'Details' });
      await details.getByLabel('Slug').fill('waila');
      await details.getByRole('button', { name: 'Save mod' }).click();
      await expectFieldError(details.getByLabel('Slug'), 'Slug is already taken: choose another.');
      const text = await page.getByRole('main').innerText();
      expect(text).not.toMatch(/\bname has already been taken|filesize|pretty_name|\bPUT\b/);
      await checkAccessibility(page, 'mod (refusals in the form’s words)');
    },
  );

  browserTest(
    () => browser,
    "on a phone: the versions as cards, every version's actions on screen",
    async ({ page }) => {
      await signIn(page, t);
      await openJei(page);
      await phoneScreenshot(page, 'mod');
      expect(await offScreen(page)).toEqual({ controls: [], sideways: 0 });
      await versionRow(page, '2.0').getByRole('button', { name: 'Delete version 2.0' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete version 2.0?' });
      await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
      expect(await offCentre(dialog)).toBeLessThan(2);
      await phoneScreenshot(page, 'mod-delete-dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await checkAccessibility(page, 'mod (390 px)');
    },
  );
});

/** The field is marked invalid and described by `message`. */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  await field.and(field.page().locator('[aria-invalid="true"]')).waitFor();
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(described.split(' ').map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  expect(texts).toContain(message);
}
