// The mod library with 2,000 mods (seeded through the API): how long the console takes to show it,
// and to narrow it down as one types; only the rows in view are in the page. Also measures the
// console's initial download. The figures are printed; the bounds asserted are loose (a shared
// 2-core machine), the figures are what to watch.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { must, type TestStack } from '../support';
import { browserSuite, browserTest, checkAccessibility, describeInBrowser, signIn } from '../support/browser';

const MODS = 2000;
const DIST = path.resolve(__dirname, '..', '..', 'gateway', 'console', 'dist');

describeInBrowser()('the mod library with 2,000 mods', () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(__filename, async (stack, b) => {
    [t, browser] = [stack, b];
    // Through the API, a few requests at a time, like a script of an operator would.
    const names = Array.from({ length: MODS }, (_, i) => `mod-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < names.length; i += 16) {
      await Promise.all(
        names.slice(i, i + 16).map(async (name) => {
          must(await t.admin.post('/api/mod', { name, pretty_name: `Library Mod ${name.slice(4)}` }), 201, name);
        }),
      );
    }
  });

  browserTest(
    () => browser,
    'shows 2,000 mods, searches them as one types, and keeps only the rows in view in the page',
    async ({ page }) => {
      await signIn(page, t);
      const started = Date.now();
      await page.goto(`${t.url}/console/mods`);
      await page.getByText(`${MODS.toLocaleString('en')} mods.`).waitFor();
      await page.getByRole('link', { name: 'Library Mod 0000' }).waitFor();
      const shown = Date.now() - started;

      const rows = await page.locator('.mod-list li').count();
      expect(rows).toBeLessThan(100);
      expect(await page.locator('.mod-list li').first().getAttribute('aria-setsize')).toBe(String(MODS));

      const typed = Date.now();
      await page.getByLabel('Search mods').fill('1999');
      await page.getByText('1 of 2,000 mods match “1999”.').waitFor();
      await page.getByRole('link', { name: 'Library Mod 1999' }).waitFor();
      const searched = Date.now() - typed;

      // The list scrolls with the keyboard, and the last mod can be reached.
      await page.getByLabel('Search mods').fill('');
      await page.getByRole('region', { name: 'Mods' }).focus();
      await page.keyboard.press('End');
      await page.getByRole('link', { name: 'Library Mod 1999' }).waitFor();
      await checkAccessibility(page, 'mod library (2,000 mods)');

      console.log(
        `Mod library with ${MODS} mods: shown ${shown} ms after navigation (sign-in done before); ` +
          `a search narrowed it in ${searched} ms; ${rows} rows in the page.`,
      );
      expect(shown).toBeLessThan(10_000);
      expect(searched).toBeLessThan(3_000);
    },
    120_000,
  );

  browserTest(
    () => browser,
    'downloads a small console: what the first page loads, gzip',
    async ({ page }) => {
      const loaded: string[] = [];
      page.on('response', (res) => {
        const url = new URL(res.url());
        if (url.pathname.startsWith('/console/')) loaded.push(url.pathname);
      });
      await page.goto(`${t.url}/console/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const gz = (file: string) => statSync(`${file}.gz`).size;
      const files = [...new Set(loaded)].map((p) =>
        p === '/console/' ? path.join(DIST, 'index.html') : path.join(DIST, p.slice('/console/'.length)),
      );
      const sizes = files.filter((f) => readdirSync(path.dirname(f)).includes(`${path.basename(f)}.gz`)).map(gz);
      const total = sizes.reduce((a, b) => a + b, 0);
      console.log(
        `Initial download of the console (sign-in page): ${files.length} files, ${(total / 1024).toFixed(1)} KiB gzip ` +
          `(${files.map((f) => path.relative(DIST, f)).join(', ')})`,
      );
      expect(total).toBeLessThan(150 * 1024);
    },
  );
});
