// The author's flow of issue 22, measured: from an empty Depot, 5 mods × 2 versions published from
// their files (no md5 typed, no terminal), a modpack, two builds (the second from the first),
// published, recommended and latest. Every click and field is counted (counted.ts) and printed with
// the seconds taken; the goal is a quarter of the trial's 83 clicks and 62 fields. Then the
// launcher reads the build and downloads each mod: the bytes' md5 is the one the build lists.
import type { Browser, Page } from 'playwright-core';
import { type TestStack } from '../support';
import { ADMIN_PASSWORD, browserSuite, browserTest, describeInBrowser, flash, heading } from '../support/browser';
import { Effort } from './counted';
import { jar, md5Hex, type FilePayload } from './mod-files';

const MODS = [
  ['jei', 'Just Enough Items', '1.20.1-15.2.0.27', '1.20.1-15.3.0.4'],
  ['botania', 'Botania', '1.20.1-443', '1.20.1-444'],
  ['journeymap', 'Journeymap', '1.20.1-5.9.7', '1.20.1-5.9.8'],
  ['waystones', 'Waystones', '1.20.1-14.1.2', '1.20.1-14.1.3'],
  ['ironchest', 'Ironchest', '1.20.1-14.4.4', '1.20.1-14.4.5'],
] as const;

/** The trial of 2026-11-26 (issue 22): what a quarter of it allows. */
const GOAL = { clicks: Math.floor(83 / 4), fields: Math.floor(62 / 4) };

const chooser = (page: Page) => page.getByRole('group', { name: /from files/ }).locator('input[type=file]');

describeInBrowser()("the author's flow from files, measured", () => {
  let t: TestStack;
  let browser: Browser;

  // The stack's own gateway is the mirror: it serves the archives it hosts.
  browserSuite(
    __filename,
    async (stack, b) => {
      [t, browser] = [stack, b];
    },
    { mirrorUrl: null },
  );

  browserTest(
    () => browser,
    'publishes 5 mods × 2 versions from files in two builds within a quarter of the trial; the launcher installs it',
    async ({ page }) => {
      const older: FilePayload[] = await Promise.all(MODS.map(([slug, , v]) => jar(`${slug}-${v}.jar`)));
      const newer: FilePayload[] = await Promise.all(MODS.map(([slug, , , v]) => jar(`${slug}-${v}.jar`)));
      // Signing in counts too.
      const effort = new Effort();
      await page.goto(`${t.url}/console/`);
      await effort.fill(page.getByLabel('Username or e-mail address'), 'admin');
      await effort.fill(page.getByLabel('Password'), ADMIN_PASSWORD);
      await effort.click(page.getByRole('button', { name: 'Sign in' }));
      await heading(page, 'Modpacks');

      // A modpack, public: its slug suggested from its name.
      await effort.click(page.getByRole('link', { name: 'New modpack' }));
      await heading(page, 'New modpack');
      await effort.fill(page.getByLabel('Name'), 'Pack One');
      await effort.check(page.getByLabel('Hidden'), false);
      await effort.click(page.getByRole('button', { name: 'Create modpack' }));
      await heading(page, 'Pack One');

      // Its first build, published, with the five mods from their files: created, uploaded, assigned.
      await effort.click(page.getByRole('link', { name: 'New build' }));
      await heading(page, 'New build of Pack One');
      await effort.fill(page.getByLabel('Version', { exact: true }), '1.0.0');
      await effort.fill(page.getByLabel('Minecraft version'), '1.20.1');
      await effort.check(page.getByLabel('Published'));
      await effort.click(page.getByRole('button', { name: 'Create build' }));
      await heading(page, 'Pack One 1.0.0');
      await effort.chooseFiles(chooser(page), older);
      await effort.click(
        page.getByRole('button', { name: 'Create 5 mod(s), upload 5 file(s), add them to the build' }),
      );
      await flash(page, '5 mod(s) created, 5 version(s) created, 5 mod(s) added to the build or changed in it.');

      // The second build from the first (its mods and settings), then the newer files: versions changed.
      await effort.click(page.getByRole('link', { name: 'Back to Pack One' }));
      await effort.click(page.getByRole('link', { name: 'New build' }));
      await heading(page, 'New build of Pack One');
      await effort.select(page.getByLabel('Copy the mods and settings of'), '1.0.0');
      await effort.fill(page.getByLabel('Version', { exact: true }), '1.1.0');
      await effort.check(page.getByLabel('Published'));
      await effort.click(page.getByRole('button', { name: 'Create build' }));
      await heading(page, 'Pack One 1.1.0');
      await effort.chooseFiles(chooser(page), newer);
      await effort.click(page.getByRole('button', { name: 'Upload 5 file(s), add them to the build' }));
      await flash(page, '5 version(s) created, 5 mod(s) added to the build or changed in it.');

      // Recommended and latest.
      await effort.click(page.getByRole('link', { name: 'Back to Pack One' }));
      await effort.click(page.getByRole('button', { name: 'Set recommended to 1.0.0' }));
      await flash(page, 'Build 1.0.0 is now the recommended build.');
      await effort.click(page.getByRole('button', { name: 'Set latest to 1.1.0' }));
      await flash(page, 'Build 1.1.0 is now the latest build.');

      const report = effort.report("The author's flow (5 mods × 2 versions from files, a modpack, two builds)");
      console.log(`${report}; goal: at most ${GOAL.clicks} clicks and ${GOAL.fields} fields (a quarter of 83 and 62)`);
      expect({ clicks: effort.clicks <= GOAL.clicks, fields: effort.fields <= GOAL.fields }).toEqual({
        clicks: true,
        fields: true,
      });

      // What the Technic Launcher reads and installs.
      expect((await t.anon.get('/api/modpack/pack-one')).body).toMatchObject({
        recommended: '1.0.0',
        latest: '1.1.0',
        builds: ['1.0.0', '1.1.0'],
      });
      for (const [build, column] of [
        ['1.0.0', 2],
        ['1.1.0', 3],
      ] as const) {
        const read = await t.anon.get(`/api/modpack/pack-one/${build}`);
        expect(read.status).toBe(200);
        const mods = read.body.mods as { name: string; version: string; md5: string; url: string }[];
        expect(mods.map((m) => [m.name, m.version])).toEqual(
          [...MODS].sort((a, b) => a[0].localeCompare(b[0])).map((m) => [m[0], m[column]]),
        );
        for (const mod of mods) {
          const download = await fetch(mod.url);
          expect({ mod: mod.name, status: download.status }).toEqual({ mod: mod.name, status: 200 });
          expect({ mod: mod.name, md5: md5Hex(Buffer.from(await download.arrayBuffer())) }).toEqual({
            mod: mod.name,
            md5: mod.md5,
          });
        }
      }
    },
  );
});
