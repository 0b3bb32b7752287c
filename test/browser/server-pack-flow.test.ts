// A new author's server pack, as issue 31 asks it to be walked (docs/archives.md#server-packs): two
// mods marked client-only in the console (one for every build on its mod page, one for this build
// on the build's page), the build published and recommended there, then the pack downloaded from
// the modpack's `recommended` URL twice: the same bytes, exactly the server's mods and configs,
// each with the sha256 its manifest names; and the launcher, reading the build as the Technic
// Launcher does, installs the client's mods (the server-only one left out), each download's md5 as
// recorded.
import type { Browser } from 'playwright-core';
import { must, type TestStack } from '../support';
import { browserSuite, browserTest, describeInBrowser, flash, heading, signIn } from '../support/browser';
import { fabricJar, makeZip, md5Hex, putFile, sha256Hex, unzip } from '../support/archives';

const jar = fabricJar;

describeInBrowser()("a new author's server pack", () => {
  let t: TestStack;
  let browser: Browser;
  const files: Record<string, Buffer> = {};

  browserSuite(
    __filename,
    async (stack, b) => {
      [t, browser] = [stack, b];
      must(await t.admin.post('/api/modpack', { name: 'Survival', slug: 'survival', hidden: false }), 201, 'pack');
      must(
        await t.admin.post('/api/modpack/survival/build', { version: '1.0', minecraft: '1.21.1', forge: '52.0.1' }),
        201,
        'build',
      );
      // Two client mods whose jars do not say so, a library, a server-only tool, and a Technic zip
      // with a jar and its config.
      files.minimap = await jar('minimap');
      files.shaders = await jar('shaders');
      files.library = await jar('library', '*');
      files.backups = await jar('backups', 'server');
      files.machines = await jar('machines');
      files.machinesZip = await makeZip({
        'mods/machines-1.0.jar': files.machines,
        'config/machines.toml': 'power = 9000\n',
      });
      for (const [slug, file, bytes] of [
        ['minimap', 'minimap-1.0.jar', files.minimap],
        ['shaders', 'shaders-1.0.jar', files.shaders],
        ['library', 'library-1.0.jar', files.library],
        ['backups', 'backups-1.0.jar', files.backups],
        ['machines', 'machines-1.0.zip', files.machinesZip],
      ] as const) {
        must(await t.admin.post('/api/mod', { name: slug, pretty_name: slug }), 201, slug);
        const res = await putFile(`${t.url}/api/mod/${slug}/1.0/archive?file_name=${file}&create=true`, bytes, {
          token: t.adminToken,
        });
        expect([slug, res.status]).toEqual([slug, 201]);
        must(await t.admin.post('/api/modpack/survival/1.0/mod', { mod_slug: slug, mod_version: '1.0' }), 201, slug);
      }
    },
    { mirrorUrl: null },
  );

  browserTest(
    () => browser,
    'two mods marked client-only in the console, published: the recommended server pack holds the rest',
    async ({ page }) => {
      await signIn(page, t);
      // The minimap runs on the client wherever it is used: said on its mod page.
      await page.goto(`${t.url}/console/mods/minimap`);
      await heading(page, 'minimap');
      await page.getByLabel('Where version 1.0 runs').selectOption('client');
      await flash(page, 'Version 1.0: client only.');
      // The shaders, in this build: said on the build's page.
      await page.goto(`${t.url}/console/modpacks/survival/builds/1.0`);
      await heading(page, 'Survival 1.0');
      await page.getByLabel('Where shaders goes in this build').selectOption('client');
      await flash(page, 'shaders: players only in this build.');
      await page.getByLabel('Published').check();
      await page.getByRole('button', { name: 'Save build' }).click();
      await flash(page, 'Build saved.');
      await page.getByRole('link', { name: 'Back to Survival' }).click();
      await page.getByRole('button', { name: 'Set recommended to 1.0' }).click();
      await flash(page, 'Build 1.0 is now the recommended build.');

      // The server's pack, from the URL that follows the recommended build, twice.
      const download = async () => {
        const res = await fetch(`${t.url}/server-packs/survival/recommended`);
        expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/zip']);
        return Buffer.from(await res.arrayBuffer());
      };
      const first = await download();
      const second = await download();
      expect(sha256Hex(second)).toBe(sha256Hex(first));
      const pack = unzip(first);
      expect([...pack.keys()]).toEqual([
        'config/machines.toml',
        'mods/backups-1.0.jar',
        'mods/library-1.0.jar',
        'mods/machines-1.0.jar',
        'depot-server.json',
      ]);
      const manifest = JSON.parse(pack.get('depot-server.json')!.toString('utf8'));
      expect(manifest.loader).toEqual({ name: 'forge', version: '52.0.1' });
      expect(manifest.files.map((f: { path: string; sha256: string }) => [f.path, f.sha256])).toEqual(
        [...pack.entries()].filter(([p]) => p !== 'depot-server.json').map(([p, bytes]) => [p, sha256Hex(bytes)]),
      );
      expect(pack.get('mods/library-1.0.jar')).toEqual(files.library);
      expect(pack.get('mods/machines-1.0.jar')).toEqual(files.machines);

      // The launcher: the recommended build's mods, each downloaded and checked by its md5.
      const modpack = must(await t.anon.get('/api/modpack/survival'), 200, 'modpack');
      expect(modpack.recommended).toBe('1.0');
      const build = must(await t.anon.get('/api/modpack/survival/1.0'), 200, 'build');
      expect(build.mods.map((m: { name: string }) => m.name)).toEqual(['library', 'machines', 'minimap', 'shaders']);
      for (const mod of build.mods as { name: string; url: string; md5: string }[]) {
        const res = await fetch(mod.url, { redirect: 'follow' });
        expect([mod.name, res.status]).toEqual([mod.name, 200]);
        expect([mod.name, md5Hex(Buffer.from(await res.arrayBuffer()))]).toEqual([mod.name, mod.md5]);
      }
    },
  );
});
