// The pack doctor in the console finds each reason a launcher would show a modpack offline (no
// published build; recommended or latest unset, or naming a build that is missing or unpublished;
// a private pack no launcher is linked to; an API root that does not answer; a build servers follow
// whose loader is not set) and shows its cause as
// the API words it, and its fix as it is made in the console (the API's fix is the HTTP request or
// admin command, for scripts), with a link there; fixing a cause in the console makes it go.
import type { Browser, Page } from 'playwright-core';
import { freePort } from '@depot/local';
import { md5Of, must, type TestStack } from '../support';
import { browserSuite, browserTest, checkAccessibility, describeInBrowser, signIn } from '../support/browser';
import { ArchiveMirror } from './archive-mirror';

/** Each finding's fix as the console says it. */
const FIXES: Record<string, string> = {
  'no-published-build': 'Open a build, give it its mods, tick “Published” in its settings and save it.',
  'recommended-unset': 'Press “Set recommended” on a published build.',
  'recommended-missing': 'Press “Set recommended” on a published build.',
  'latest-unset': 'Press “Set latest” on a published build.',
  'recommended-unpublished':
    'Publish that build (tick “Published” in its settings), or press “Set recommended” on a published one.',
  'latest-unpublished':
    'Publish that build (tick “Published” in its settings), or press “Set latest” on a published one.',
  'private-without-client':
    'Link your players’ launchers to it on the Launcher clients page, or untick “Private” in the modpack’s settings.',
  'loader-unset': 'Choose its loader and the loader’s version under “Server” on the build’s page.',
};

/** The mirror holding the one archive as recorded: the doctor checks it and finds it in order. */
const mirror = new ArchiveMirror();
mirror.serve('jei', '1.0', 'jei');
afterAll(() => mirror.close());

describeInBrowser()('the pack doctor in the console', () => {
  let t: TestStack;
  let browser: Browser;

  beforeAll(() => mirror.start());

  /** A modpack with builds (each published or not, with one mod or none) and its pointers. */
  async function pack(
    slug: string,
    opts: {
      private?: boolean;
      /** `loader: false`: a build that names no loader (else a Forge version, as Solder's builds). */
      builds?: { version: string; published: boolean; mods?: boolean; loader?: false }[];
      recommended?: string;
      latest?: string;
    },
  ) {
    must(
      await t.admin.post('/api/modpack', { name: `Pack ${slug}`, slug, hidden: false, private: !!opts.private }),
      201,
      slug,
    );
    for (const b of opts.builds ?? []) {
      must(
        await t.admin.post(`/api/modpack/${slug}/build`, {
          version: b.version,
          minecraft: '1.20.1',
          ...(b.loader === false ? {} : { forge: '47.2.0' }),
          is_published: b.published,
        }),
        201,
        `${slug} ${b.version}`,
      );
      if (b.mods !== false) {
        must(
          await t.admin.post(`/api/modpack/${slug}/${b.version}/mod`, { mod_slug: 'jei', mod_version: '1.0' }),
          201,
          'assign',
        );
      }
    }
    if (opts.recommended || opts.latest) {
      must(
        await t.admin.put(`/api/modpack/${slug}`, { recommended: opts.recommended, latest: opts.latest }),
        200,
        'pointers',
      );
    }
  }

  browserSuite(
    __filename,
    async (stack, b) => {
      [t, browser] = [stack, b];
      must(await t.admin.post('/api/mod', { name: 'jei', pretty_name: 'Just Enough Items' }), 201, 'mod');
      must(
        await t.admin.post('/api/mod/jei/version', { version: '1.0', md5: md5Of('jei'), filesize: 10 }),
        201,
        'version',
      );
      await pack('empty', {});
      await pack('drafts', { builds: [{ version: '1.0', published: false }], recommended: '1.0', latest: '1.0' });
      await pack('dangling', { builds: [{ version: '1.0', published: true }], recommended: '2.0' });
      await pack('secret', {
        private: true,
        builds: [{ version: '1.0', published: true }],
        recommended: '1.0',
        latest: '1.0',
      });
      await pack('healthy', { builds: [{ version: '1.0', published: true }], recommended: '1.0', latest: '1.0' });
      await pack('fabric', {
        builds: [{ version: '1.0', published: true, loader: false }],
        recommended: '1.0',
        latest: '1.0',
      });
    },
    {
      // On loopback: private addresses allowed; its address is read when the stack starts.
      get mirrorUrl() {
        return mirror.url;
      },
      env: { ARCHIVE_ALLOW_PRIVATE: 'true' },
    },
  );

  /** Opens the doctor of `slug` on `base` and checks that it shows exactly the API's findings. */
  async function expectFindings(page: Page, base: string, slug: string, codes: string[]): Promise<void> {
    const report = must(await t.admin.get(`/api/manage/modpacks/${slug}/doctor`), 200, 'doctor');
    expect({ slug, codes: report.findings.map((f: { code: string }) => f.code) }).toEqual({ slug, codes });
    await page.goto(`${base}/console/modpacks/${slug}/doctor`);
    await page.getByRole('heading', { level: 2, name: 'What launchers see' }).waitFor();
    const items = page.locator('.findings > li');
    expect(await items.count()).toBe(codes.length);
    for (const [i, f] of (report.findings as { code: string; severity: string; message: string }[]).entries()) {
      const item = items.nth(i);
      expect(await item.locator('p').first().innerText()).toBe(
        `${f.severity === 'error' ? 'Error' : 'Warning'}: ${f.message}`,
      );
      expect(await item.locator('p').nth(1).innerText()).toBe(`Fix: ${FIXES[f.code]}`);
    }
    const verdict =
      codes.length && report.findings.some((f: { severity: string }) => f.severity === 'error')
        ? 'Launchers show this modpack offline or fail to install it.'
        : 'No problem stops launchers from showing and installing this modpack.';
    await page.getByText(verdict).waitFor();
  }

  browserTest(
    () => browser,
    'finds a pack without a published build, with recommended and latest unset, missing or unpublished',
    async ({ page }) => {
      await signIn(page, t);
      await expectFindings(page, t.url, 'empty', ['no-published-build', 'recommended-unset', 'latest-unset']);
      await checkAccessibility(page, 'pack doctor (errors)');
      await expectFindings(page, t.url, 'drafts', [
        'no-published-build',
        'recommended-unpublished',
        'latest-unpublished',
      ]);
      await expectFindings(page, t.url, 'dangling', ['recommended-missing', 'latest-unset']);
      await expectFindings(page, t.url, 'healthy', []);

      // Fixed in the console: publish the draft, and the doctor says so.
      await page.goto(`${t.url}/console/modpacks/drafts/builds/1.0`);
      await page.getByLabel('Published').check();
      await page.getByRole('button', { name: 'Save build' }).click();
      await page.getByRole('status').filter({ hasText: 'Build saved.' }).waitFor();
      await expectFindings(page, t.url, 'drafts', []);
    },
  );

  browserTest(
    () => browser,
    'finds a private pack no launcher is linked to, and no longer once a client is linked in the console',
    async ({ page }) => {
      await signIn(page, t);
      await expectFindings(page, t.url, 'secret', ['private-without-client']);
      const anonymous = page.getByRole('row', { name: /A player's launcher/ });
      await anonymous.getByText('No: “Modpack does not exist” (offline)').waitFor();

      // Follow the fix's link: register the player's launcher and link it to the pack.
      await page.getByRole('link', { name: 'Open the launcher clients' }).click();
      await page.getByRole('heading', { level: 1, name: 'Launcher clients' }).waitFor();
      await page.getByLabel('Name').fill('alice-laptop');
      await page.getByLabel('Client id').fill('2f1c7a4e-8b0d-4c8e-9f3a-5d6e7f8a9b0c');
      await page.getByRole('button', { name: 'Register client' }).click();
      await page.getByRole('status').filter({ hasText: 'Client alice-laptop registered.' }).waitFor();
      await page.getByRole('button', { name: 'Edit client alice-laptop' }).click();
      await page.getByRole('group', { name: 'Linked modpacks' }).getByLabel('Pack secret').check();
      await checkAccessibility(page, 'launcher clients (editing)');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Client alice-laptop saved.' }).waitFor();
      await page
        .getByRole('row', { name: /alice-laptop/ })
        .getByText('Pack secret')
        .waitFor();

      await expectFindings(page, t.url, 'secret', []);
      // The linked launcher now sees the pack (and the anonymous one still does not).
      expect((await t.anon.get('/api/modpack/secret?cid=2f1c7a4e-8b0d-4c8e-9f3a-5d6e7f8a9b0c')).status).toBe(200);
      expect((await t.anon.get('/api/modpack/secret')).status).toBe(404);
    },
  );

  browserTest(
    () => browser,
    'finds a build servers follow whose loader is not set, and no longer once it is chosen on the build’s page',
    async ({ page }) => {
      await signIn(page, t);
      await expectFindings(page, t.url, 'fabric', ['loader-unset']);
      await page.getByText('No problem stops launchers from showing and installing this modpack.').waitFor();
      await page.getByRole('link', { name: 'Open the build' }).click();
      const form = page.getByRole('form', { name: 'Loader' });
      await form.getByLabel('Loader', { exact: true }).selectOption('fabric');
      await form.getByLabel('Loader version').fill('0.16.10');
      await form.getByRole('button', { name: 'Save loader' }).click();
      await page.getByRole('status').filter({ hasText: 'Loader saved.' }).waitFor();
      await expectFindings(page, t.url, 'fabric', []);
    },
  );

  browserTest(
    () => browser,
    'finds an API root that does not answer (PUBLIC_URL of a gateway pointing nowhere)',
    async ({ page }) => {
      // A second gateway of the same stack whose public address answers nothing.
      const closed = await freePort();
      const replica = await t.stack.addGateway({ PUBLIC_URL: `http://127.0.0.1:${closed}` });
      await signIn(page, t);
      await page.goto(`${replica.url}/console/modpacks/healthy/doctor`);
      const finding = page.locator('.findings > li');
      await finding.getByText(`The API root http://127.0.0.1:${closed}/api/ did not answer as Depot`).waitFor();
      await finding
        .getByText(
          'Fix: Ask whoever runs Depot to check its public address (the PUBLIC_URL it is given), DNS, TLS and the proxy in front of it: the address must answer as Depot, without a redirect.',
        )
        .waitFor();
      expect(await finding.innerText()).not.toMatch(/\b(GET|PUT|POST|DELETE)\b|npm run/);
      await page.getByText('No problem stops launchers from showing and installing this modpack.').waitFor();
      const root = page.getByRole('region', { name: 'API root' });
      await root.getByText(`http://127.0.0.1:${closed}/api/`).waitFor();
      await checkAccessibility(page, 'pack doctor (warning)');
    },
  );
});
