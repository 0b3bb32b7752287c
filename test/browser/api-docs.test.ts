// The API reference at /docs (Swagger UI over GET /api/openapi.json) in a real browser: the
// document loads and renders its operations with no error or warning box (schema validation
// errors, the OpenAPI.jsonSchemaDialect complaint an earlier document caused), operations of
// every tag are listed, and the page logs no console error and no Content-Security-Policy refusal.
import type { Browser } from 'playwright-core';
import type { TestStack } from '../support';
import { browserSuite, browserTest, describeInBrowser } from '../support/browser';

describeInBrowser()('the API reference (/docs)', () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(__filename, async (stack, b) => {
    [t, browser] = [stack, b];
  });

  browserTest(
    () => browser,
    'renders every tag and its operations, with no error or warning, console error or CSP refusal',
    async ({ page, pageErrors }) => {
      const logged: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') logged.push(`${msg.type()}: ${msg.text()}`);
      });
      const failed: string[] = [];
      page.on('requestfailed', (req) => failed.push(`${req.url()}: ${req.failure()?.errorText}`));
      page.on('response', (res) => {
        if (res.status() >= 400) failed.push(`${res.url()}: ${res.status()}`);
      });
      // Refusals the page reports to itself, whatever the console shows of them.
      await page.addInitScript({
        content:
          'window.cspViolations = []; document.addEventListener("securitypolicyviolation", ' +
          '(e) => window.cspViolations.push(e.violatedDirective + " " + e.blockedURI));',
      });

      // Swagger UI reads the document from /docs/json: the same as GET /api/openapi.json.
      const served = page.waitForResponse((r) => new URL(r.url()).pathname === '/docs/json');
      await page.goto(`${t.url}/docs`);
      const spec = await (await served).json();
      expect(spec).toEqual((await t.anon.get('/api/openapi.json')).body);
      await page.locator('.opblock').first().waitFor();
      // Swagger UI has finished with the document: its title and version are shown.
      await page.locator('.info .title').filter({ hasText: spec.info.title }).waitFor();

      // Every tag of the document is a section, and each lists its operations.
      const tags = [
        ...new Set(Object.values(spec.paths).flatMap((p) => Object.values(p as object).flatMap((op) => op.tags))),
      ];
      const sections = await page.locator('.opblock-tag-section').evaluateAll((els) =>
        els.map((el) => ({
          tag: el.querySelector('.opblock-tag')?.getAttribute('data-tag'),
          operations: el.querySelectorAll('.opblock').length,
        })),
      );
      expect(tags.length).toBeGreaterThanOrEqual(10);
      expect(sections.map((s) => s.tag).sort()).toEqual([...tags].sort());
      for (const s of sections) expect({ tag: s.tag, listed: s.operations > 0 }).toEqual({ tag: s.tag, listed: true });
      const operations = Object.values(spec.paths).reduce((n: number, p) => n + Object.keys(p as object).length, 0);
      expect(sections.reduce((n, s) => n + s.operations, 0)).toBe(operations);
      for (const summary of ['Show a mod', 'A mod, its versions and the builds using each', 'This OpenAPI document']) {
        await page.locator('.opblock-summary-description', { hasText: summary }).first().waitFor();
      }

      // Swagger UI resolves an operation's schemas, and reports a reference it cannot resolve, only
      // when the operation is opened. Opening all 60-odd takes a minute on a shared 2-core machine:
      // every reference of the document is checked here instead, and the first operation of each
      // tag, and the newest ones, are opened in the page (then closed, to keep it small).
      const refs = [...new Set([...JSON.stringify(spec).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]))];
      expect(refs.length).toBeGreaterThan(10);
      const component = (ref: string) => /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
      const unresolved = refs.filter((ref) => {
        const name = component(ref);
        return name === undefined || !(name in spec.components.schemas);
      });
      expect(unresolved).toEqual([]);
      const started = Date.now();
      const opened = async (block: ReturnType<typeof page.locator>) => {
        await block.locator('.opblock-summary-control').click();
        await block.locator('.responses-wrapper').waitFor();
        await block.locator('.opblock-summary-control').click();
        await block.locator('.responses-wrapper').waitFor({ state: 'detached' });
      };
      for (let i = 0; i < sections.length; i++) {
        await opened(page.locator('.opblock-tag-section').nth(i).locator('.opblock').first());
      }
      for (const path of ['/api/manage/settings', '/api/mod/{slug}/{version}/rehash', '/api/manage/mods/{slug}']) {
        await opened(
          page.locator('.opblock', { has: page.locator(`.opblock-summary-path[data-path="${path}"]`) }).first(),
        );
      }
      console.log(`Opened and closed ${sections.length + 3} operations of /docs in ${Date.now() - started} ms.`);

      // No error or warning box: validation errors, fetch errors, the dialect complaint.
      const boxes = await page
        .locator('.errors-wrapper, .validation-errors, .errors, .version-pragma, .loading-container .info')
        .allInnerTexts();
      expect(boxes).toEqual([]);
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/jsonSchemaDialect|Unable to render this definition|Failed to load API definition/);
      expect(text.split('\n').filter((line) => /^\s*Errors?\s*$/.test(line))).toEqual([]);

      expect(await page.evaluate('window.cspViolations')).toEqual([]);
      expect({ logged, failed, pageErrors }).toEqual({ logged: [], failed: [], pageErrors: [] });
    },
  );
});
