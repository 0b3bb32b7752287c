// Adding a version in the console with its MD5 left blank, as Solder allows: Depot fetches the
// archive from the mirror (served by this test) and records its md5 and size; a version whose
// archive is not on the mirror is refused under the MD5 field, saying what to do, and nothing is
// created. A pasted md5sum line gives its digits.
import { createHash } from 'node:crypto';
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
import { ArchiveMirror } from './archive-mirror';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

const mirror = new ArchiveMirror();
afterAll(() => mirror.close());

const versionRow = (page: Page, version: string) =>
  page.getByRole('table').getByRole('row', { name: new RegExp(`^${version.replace(/\./g, '\\.')}\\b`) });

describeInBrowser()('a version added with its MD5 left blank', () => {
  let t: TestStack;
  let browser: Browser;

  beforeAll(() => mirror.start());
  browserSuite(
    __filename,
    async (stack, b) => {
      [t, browser] = [stack, b];
      must(await t.admin.post('/api/mod', { name: 'blanky', pretty_name: 'Blank MD5 Mod' }), 201, 'mod');
      mirror.serve('blanky', '1.0', 'blanky one, on the mirror');
    },
    {
      get mirrorUrl() {
        return mirror.url;
      },
      env: { ARCHIVE_ALLOW_PRIVATE: 'true' },
    },
  );

  browserTest(
    () => browser,
    'Depot fetches the archive and records its md5 and size; a missing archive is refused under the field',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/mods/blanky`);
      await heading(page, 'Blank MD5 Mod');
      const form = page.getByRole('form', { name: 'Add a version' });

      // On the mirror: the md5 and the size are Depot's.
      await form.getByLabel('Version', { exact: true }).fill('1.0');
      await form.getByRole('button', { name: 'Add version' }).click();
      await flash(page, 'Version 1.0 added.');
      await versionRow(page, '1.0')
        .getByRole('cell', { name: md5('blanky one, on the mirror') })
        .waitFor();
      await versionRow(page, '1.0').getByRole('cell', { name: '25 bytes' }).waitFor();
      expectReply(await t.anon.get('/api/mod/blanky/1.0'), 200, {
        id: expect.any(Number),
        md5: md5('blanky one, on the mirror'),
        filesize: 25,
        url: `${mirror.url}mods/blanky/blanky-1.0.zip`,
      });

      // Not on the mirror: refused under the field, in words saying what to do; nothing created.
      await form.getByLabel('Version', { exact: true }).fill('2.0');
      await form.getByRole('button', { name: 'Add version' }).click();
      await page.getByRole('alert').filter({ hasText: 'Correct the field below.' }).waitFor();
      const md5Field = form.getByLabel('MD5 of the zip');
      const describedBy = (await md5Field.getAttribute('aria-describedby'))!.split(' ')[0];
      const said = (await page.locator(`[id="${describedBy}"]`).textContent())!;
      expect(said).toBe(
        `MD5 of the zip: Depot could not fetch the archive to compute it (the archive is missing: ${mirror.url}mods/blanky/blanky-2.0.zip answered 404). ` +
          'Upload the file instead (drop it on this page), or give its MD5.',
      );
      expect(await md5Field.getAttribute('aria-invalid')).toBe('true');
      await checkAccessibility(page, 'mod (blank md5 refused)');
      expectReply(await t.anon.get('/api/mod/blanky/2.0'), 404, { error: 'Mod version does not exist' });

      // The md5 given instead, as a whole md5sum line: its digits kept.
      const sum = md5('blanky two');
      await md5Field.fill(`${sum}  blanky-2.0.zip `);
      await form.getByRole('button', { name: 'Add version' }).click();
      await flash(page, 'Version 2.0 added.');
      await versionRow(page, '2.0').getByRole('cell', { name: sum }).waitFor();
      expect((await t.anon.get('/api/mod/blanky/2.0')).body.md5).toBe(sum);
    },
  );
});
