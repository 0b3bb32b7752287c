// A console page as a phone shows it (390 px wide, as an iPhone 12 to 15): a screenshot of the
// whole page to look at, and what a person needs there: nothing to scroll sideways, and every
// control of the page within the screen's width.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from '../support/browser';

export const PHONE = { width: 390, height: 844 };

/** The page's document as the function given to page.evaluate below sees it (the tests compile without the DOM's types). */
interface PageElement {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { left: number; right: number };
  getClientRects(): { length: number };
  closest(selector: string): unknown;
}
declare const document: {
  documentElement: { clientWidth: number; scrollWidth: number };
  querySelectorAll(selector: string): ArrayLike<PageElement>;
};

/** Where the screenshots go: SCREENSHOT_DIR, else test/.artifacts/screenshots (ignored by git). */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join(ARTIFACTS, 'screenshots');

/**
 * Shows the page at a phone's width and saves screenshots of it: the whole page, and the screen as
 * the phone shows it (`-screen`); the paths are printed.
 */
export async function phoneScreenshot(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `phone-${name}.png`);
  const screen = path.join(SHOTS, `phone-${name}-screen.png`);
  await page.screenshot({ path: file, fullPage: true });
  await page.screenshot({ path: screen });
  console.log(`Screenshots at ${PHONE.width} px: ${file}, ${screen}`);
}

/**
 * The controls of the page's main content that stick out of the screen sideways (as "role name"),
 * and the width the page can be scrolled sideways by: both must be none on a phone.
 */
export async function offScreen(page: Page): Promise<{ controls: string[]; sideways: number }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const controls = Array.from(document.querySelectorAll('main button, main select, main input, main a'))
      .filter((el) => el.getClientRects().length > 0 && !el.closest('.visually-hidden, dialog:not([open])'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.left < 0 || box.right > width + 0.5;
      })
      .map((el) => `${el.tagName.toLowerCase()} ${(el.textContent || el.getAttribute('aria-label') || '').trim()}`);
    return { controls, sideways: document.documentElement.scrollWidth - width };
  });
}
