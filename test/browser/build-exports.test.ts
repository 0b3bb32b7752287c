// A build for other launchers in the console (issue 32), as a new author would: the build published
// and recommended, its page shows the .mrpack and packwiz URLs with copy buttons; the .mrpack URL
// copied from the page installs (every file it lists downloads with the hashes it names) and the
// recommended pack.toml too; what the exports leave out is listed there.
import type { Browser } from 'playwright-core';
import { must, type TestStack } from '../support';
import { browserSuite, browserTest, checkAccessibility, describeInBrowser, heading, signIn } from '../support/browser';
import { putFile } from '../support/archives';
import { installMrpack } from '../support/mrpack';
import { installPackwiz } from '../support/packwiz';
import { makeZip } from './mod-files';

describeInBrowser()("a build's exports", () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(
    __filename,
    async (stack, b) => {
      [t, browser] = [stack, b];
      must(await t.admin.post('/api/modpack', { name: 'Exported', slug: 'exported' }), 201, 'pack');
      must(
        await t.admin.post('/api/modpack/exported/build', {
          version: '1.0',
          minecraft: '1.21.1',
          forge: '52.0.1',
          is_published: true,
        }),
        201,
        'build',
      );
      must(await t.admin.put('/api/modpack/exported', { recommended: '1.0' }), 200, 'recommended');
      for (const [id, environment] of [
        ['minimap', 'client'],
        ['library', '*'],
      ]) {
        must(await t.admin.post('/api/mod', { name: id, pretty_name: id }), 201, id);
        const jar = await makeZip({
          'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id, version: '1.0', environment }),
        });
        const res = await putFile(`${t.url}/api/manage/mods/${id}/archive?file_name=${id}.jar`, jar, {
          token: t.adminToken,
        });
        expect([id, res.status]).toEqual([id, 201]);
        must(await t.admin.post('/api/modpack/exported/1.0/mod', { mod_slug: id, mod_version: '1.0' }), 201, id);
      }
      must(await t.admin.post('/api/mod', { name: 'remote', pretty_name: 'Remote' }), 201, 'remote');
      must(await t.admin.post('/api/mod/remote/version', { version: '1', md5: 'a'.repeat(32) }), 201, 'version');
      must(await t.admin.post('/api/modpack/exported/1.0/mod', { mod_slug: 'remote', mod_version: '1' }), 201, 'r');
    },
    { mirrorUrl: null },
  );

  browserTest(
    () => browser,
    'the URLs on the build page, copied, install; what they leave out is listed',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/modpacks/exported/builds/1.0`);
      await heading(page, 'Exported 1.0');
      const field = page.getByLabel('.mrpack of this build', { exact: true });
      await field.waitFor();
      const mrpackUrl = await field.inputValue();
      expect(mrpackUrl).toBe(`${t.url}/mrpack/exported/builds/1.0.mrpack`);
      const recommended = await page
        .getByLabel('packwiz pack.toml of the recommended build', { exact: true })
        .inputValue();
      expect(recommended).toBe(`${t.url}/packwiz/exported/recommended/pack.toml`);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
      await page.getByRole('button', { name: 'Copy .mrpack of this build' }).click();
      await page.getByText('Copied to the clipboard.').first().waitFor();
      const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
      expect(copied).toBe(mrpackUrl);
      const leftOut = page.getByRole('region', { name: 'What the exports leave out' });
      expect(await leftOut.getByRole('listitem').allTextContents()).toEqual([
        'remote 1: Depot does not host its archive, so the export leaves it out.',
      ]);
      const pack = await fetch(copied);
      expect(pack.status).toBe(200);
      const client = await installMrpack(Buffer.from(await pack.arrayBuffer()), 'client');
      expect([...client.files.keys()].sort()).toEqual(['mods/library.jar', 'mods/minimap.jar']);
      expect(client.index.dependencies).toEqual({ minecraft: '1.21.1', forge: '52.0.1' });
      const server = await installPackwiz(recommended, 'server');
      expect([...server.files.keys()]).toEqual(['mods/library.jar']);
      await checkAccessibility(page, 'build (exports)');
    },
  );

  browserTest(
    () => browser,
    'the pack doctor says what the exports leave out of a Technic zip, with the fix in the console',
    async ({ page }) => {
      must(await t.admin.post('/api/modpack', { name: 'Technic', slug: 'technic', hidden: false }), 201, 'pack');
      const build = { version: '1.0', minecraft: '1.12.2', forge: '14.23.5.2860', is_published: true };
      must(await t.admin.post('/api/modpack/technic/build', build), 201, 'build');
      must(await t.admin.put('/api/modpack/technic', { recommended: '1.0', latest: '1.0' }), 200, 'pointers');
      // Solder's kind of pack: the loader as bin/modpack.jar, and a mod of configs only.
      for (const [id, files] of [
        ['forge', { 'bin/modpack.jar': 'the old launcher', 'bin/version.json': '{}' }],
        ['configs', { 'config/tech.cfg': 'power = 9000' }],
      ] as const) {
        must(await t.admin.post('/api/mod', { name: id, pretty_name: id }), 201, id);
        const res = await putFile(
          `${t.url}/api/mod/${id}/1.0/archive?file_name=${id}.zip&create=true`,
          await makeZip(files),
          {
            token: t.adminToken,
          },
        );
        expect([id, res.status]).toEqual([id, 201]);
        must(await t.admin.post('/api/modpack/technic/1.0/mod', { mod_slug: id, mod_version: '1.0' }), 201, id);
      }
      await signIn(page, t);
      await page.goto(`${t.url}/console/modpacks/technic/doctor`);
      const items = page.locator('.findings > li');
      await items.first().waitFor();
      expect(await items.allInnerTexts()).toEqual([
        'Warning: The archive of mod configs version 1.0 holds no jar Depot can serve (none under mods/, or none it ' +
          'could take out): the .mrpack and packwiz pack of build 1.0 carry its other files but no jar of it, so ' +
          'players of other launchers play without it.\n\nFix: If it is a mod, drop an archive with its jar under ' +
          'mods/ on the mod’s page; if it holds only configs, nothing is missing.\n\nOpen the mod',
        "Warning: The archive of mod forge version 1.0 holds a bin/ folder (the Technic Launcher's modpack.jar " +
          "loader): the .mrpack and packwiz pack of build 1.0 leave it out and name the build's loader instead, " +
          'which other launchers install themselves.\n\nFix: Other launchers install the loader themselves: make ' +
          'sure the build’s loader and its version are chosen under “Server” on the build’s page.\n\nOpen the build',
      ]);
      await checkAccessibility(page, 'pack doctor (exports)');
      await items.nth(1).getByRole('link', { name: 'Open the build' }).click();
      await heading(page, 'Technic 1.0');
      await page.goBack();
      await items.first().getByRole('link', { name: 'Open the mod' }).click();
      await heading(page, 'configs');
    },
  );
});
