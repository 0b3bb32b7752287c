// A build's server side in the console (issue 31): where each of its mods goes (players, the
// server, both) as their jars say, the loader a server runs it with set on the build's page, and
// the address of its server pack, which answers with the pack.
import type { Browser } from 'playwright-core';
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
import { putFile } from '../support/archives';
import { makeZip } from './mod-files';

describeInBrowser()("a build's server side", () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(
    __filename,
    async (stack, b) => {
      [t, browser] = [stack, b];
      must(await t.admin.post('/api/modpack', { name: 'Served', slug: 'served' }), 201, 'pack');
      must(
        await t.admin.post('/api/modpack/served/build', { version: '1.0', minecraft: '1.21.1', is_published: true }),
        201,
        'build',
      );
      for (const [id, environment] of [
        ['minimap', 'client'],
        ['chunkloader', 'server'],
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
        must(await t.admin.post('/api/modpack/served/1.0/mod', { mod_slug: id, mod_version: '1.0' }), 201, id);
      }
    },
    { mirrorUrl: null },
  );

  browserTest(
    () => browser,
    'where each mod goes, the loader set, and the server pack at its address',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/modpacks/served/builds/1.0`);
      await heading(page, 'Served 1.0');
      const goesTo = (mod: string) =>
        page.getByLabel(`Where ${mod} goes in this build`).locator('option:checked').textContent();
      expect([await goesTo('chunkloader'), await goesTo('library'), await goesTo('minimap')]).toEqual([
        'As its version: server only',
        'As its version: players and server',
        'As its version: players only',
      ]);
      // This build says otherwise for the minimap: the launcher's answer leaves it out.
      await page.getByLabel('Where minimap goes in this build').selectOption('server');
      await flash(page, 'minimap: server only in this build.');
      const managedMods = must(await t.admin.get('/api/manage/modpacks/served/builds/1.0'), 200, 'build').mods;
      expect(managedMods.find((m: { mod: { name: string } }) => m.mod.name === 'minimap').build_side).toBe('server');
      const launcher = must(await t.anon.get('/api/modpack/served/1.0'), 200, 'launcher');
      expect(launcher.mods.map((m: { name: string }) => m.name)).toEqual(['library']);
      const form = page.getByRole('form', { name: 'Loader' });
      await form.getByLabel('Loader', { exact: true }).selectOption('neoforge');
      await form.getByLabel('Loader version').fill('21.1.77');
      await form.getByRole('button', { name: 'Save loader' }).click();
      await flash(page, 'Loader saved.');
      const managed = must(await t.admin.get('/api/manage/modpacks/served/builds/1.0'), 200, 'build');
      expect(managed.loader).toEqual({ name: 'neoforge', version: '21.1.77' });
      const link = page.getByRole('link', { name: /\/server-packs\/served\/builds\/1\.0$/ });
      const href = await link.getAttribute('href');
      expect(href).toBe(`${t.url}/server-packs/served/builds/1.0`);
      const pack = await fetch(href!);
      expect([pack.status, pack.headers.get('content-type')]).toEqual([200, 'application/zip']);
      await checkAccessibility(page, 'build (server side)');
    },
  );
});
