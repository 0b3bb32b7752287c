// Browser tests: the web console in Debian's Chromium, headless, driven by playwright-core (its own
// browser download cannot work on these machines), against a stack started like `npm start`.
// - TEST_CHROMIUM_PATH names the browser (`npm test` finds it: deploy/local/src/test-deps.ts; run
//   directly, /usr/bin/chromium). Without it the browser tests fail under CI=true, saying how to
//   install it, and are skipped elsewhere with the same line.
// - Each test gets a fresh browser context (no cookies); a failing test leaves a screenshot under
//   test/.artifacts/screenshots/ (ignored by git) and prints its path.
// - `checkAccessibility` runs axe-core on the page: no serious or critical violation is allowed;
//   every result is kept for the summary printed after the file.
// - Errors in the page (uncaught exceptions, Content-Security-Policy refusals) fail the test.
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { prerequisite, testDependency } from '@depot/common/testing';
import { startTestStack, type TestStack } from './index';

/** The browser: where `npm test` found it (TEST_CHROMIUM_PATH), else Debian's. */
export const chromiumPath = testDependency('TEST_CHROMIUM_PATH', '/usr/bin/chromium');
export const ARTIFACTS = path.resolve(__dirname, '..', '.artifacts');

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * `describe` when Chromium can be run; `describe.skip` (with a SKIPPED line) outside CI when it
 * cannot; under CI a missing Chromium throws, which fails the file with the line saying how to get it.
 */
export function describeInBrowser(): jest.Describe {
  const missing =
    chromiumPath.missing ??
    (executable(chromiumPath.value!)
      ? undefined
      : `Chromium not found at ${chromiumPath.value}: install it with: sudo apt-get install chromium (or set TEST_CHROMIUM_PATH)`);
  return prerequisite(missing === undefined, missing ?? '') ? describe : describe.skip;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath.require(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface BrowserTest {
  page: Page;
  context: BrowserContext;
  /** Errors the page reported so far (uncaught exceptions, CSP refusals, failed loads). */
  pageErrors: string[];
}

/**
 * A browser test: a fresh context and page for `fn`; on failure a screenshot is saved (its path
 * printed) before the error is rethrown. Errors reported by the page fail the test too.
 */
export function browserTest(
  browser: () => Browser,
  name: string,
  fn: (t: BrowserTest) => Promise<void>,
  timeout?: number,
): void {
  it(
    name,
    async () => {
      const context = await browser().newContext({ viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (err) => pageErrors.push(`uncaught: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) {
          pageErrors.push(`console: ${msg.text()}`);
        }
      });
      try {
        await fn({ page, context, pageErrors });
        expect(pageErrors).toEqual([]);
      } catch (err) {
        const file = path.join(ARTIFACTS, 'screenshots', `${slugOf(expect.getState().currentTestName ?? name)}.png`);
        mkdirSync(path.dirname(file), { recursive: true });
        await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        console.error(`Screenshot of the failed test: ${file}`);
        throw err;
      } finally {
        await context.close();
      }
    },
    timeout,
  );
}

const slugOf = (s: string) =>
  s
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);

export interface AxeSummary {
  page: string;
  violations: { id: string; impact: string | null | undefined; nodes: number }[];
  passes: number;
}

/** The accessibility results of every page checked in this file. */
export const axeResults: AxeSummary[] = [];

/** axe-core (WCAG 2.1 A and AA, and best practices) on the page as it is: no serious or critical violation. */
export async function checkAccessibility(page: Page, what: string): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  axeResults.push({
    page: what,
    violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })),
    passes: result.passes.length,
  });
  const blocking = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect({ page: what, blocking }).toEqual({ page: what, blocking: [] });
}

/** Prints the accessibility results of the file and keeps them in test/.artifacts/axe-<file>.json. */
export function reportAccessibility(file: string): void {
  if (!axeResults.length) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  const out = path.join(ARTIFACTS, `axe-${path.basename(file, '.test.ts')}.json`);
  writeFileSync(out, `${JSON.stringify(axeResults, null, 2)}\n`);
  const lines = axeResults.map(
    (r) =>
      `  ${r.page}: ${r.passes} rules passed, ${r.violations.length ? r.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes})`).join(', ') : 'no violations'}`,
  );
  console.log(`Accessibility (axe-core), ${axeResults.length} page(s):\n${lines.join('\n')}\n(${out})`);
}

/** The admin's console password in the stacks of the browser tests (ADMIN_PASSWORD). */
export const ADMIN_PASSWORD = 'browser-test admin password';

/** Signs in through the console's sign-in page (as the admin by default) and waits for the console. */
export async function signIn(
  page: Page,
  t: { url: string },
  login = 'admin',
  password = ADMIN_PASSWORD,
): Promise<void> {
  await page.goto(`${t.url}/console/`);
  await page.getByLabel('Username or e-mail address').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** Signs out with the console's button and waits for the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await heading(page, 'Sign in to Depot');
}

/**
 * The stack and the browser of a file's tests: both started before them (then `setup`, e.g. the
 * data the tests start from), stopped after them, with the file's accessibility summary printed.
 */
export function browserSuite(
  file: string,
  setup: (t: TestStack, browser: Browser) => Promise<void>,
  options: Parameters<typeof startTestStack>[0] = {},
): void {
  let t: TestStack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [t, browser] = await Promise.all([
      startTestStack({ ...options, env: { ADMIN_PASSWORD, ...options.env } }),
      launchChromium(),
    ]);
    await setup(t, browser);
  }, 300_000);
  afterAll(async () => {
    reportAccessibility(file);
    await browser?.close();
    await t?.stop();
  });
}

/** Waits for the page whose h1 is `name`. */
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

/** Waits for the console's confirmation of a change ("Mod created."). */
export const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();

/** Waits until the element has the keyboard focus (the console moves it after a render). */
export async function expectFocused(locator: Locator): Promise<void> {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((el) => !!el && el === el.ownerDocument.activeElement, element, {
    timeout: 5_000,
  });
}
