// The author's effort, counted as a person spends it: every click (a button, a link, a checkbox,
// choosing files in the system's dialog) and every field filled in (typed, or picked from a list),
// through these wrappers of Playwright's actions; and the seconds from the first to the last.
// Printed by `report`, for the measure (docs/console.md#publishing-from-files).
import type { Locator } from 'playwright-core';
import type { FilePayload } from './mod-files';

export class Effort {
  clicks = 0;
  fields = 0;
  private readonly started = Date.now();

  async click(target: Locator): Promise<void> {
    this.clicks++;
    await target.click();
  }

  async check(target: Locator, checked = true): Promise<void> {
    this.clicks++;
    await target.setChecked(checked);
  }

  async fill(target: Locator, value: string): Promise<void> {
    this.fields++;
    await target.fill(value);
  }

  async select(target: Locator, value: string): Promise<void> {
    this.fields++;
    await target.selectOption(value);
  }

  /** Files chosen in the system's dialog (or dropped from a file manager): one click. */
  async chooseFiles(input: Locator, files: FilePayload[]): Promise<void> {
    this.clicks++;
    await input.setInputFiles(files);
  }

  seconds(): number {
    return (Date.now() - this.started) / 1000;
  }

  report(what: string): string {
    return `${what}: ${this.clicks} clicks, ${this.fields} fields filled, ${this.seconds().toFixed(1)} s (no terminal)`;
  }
}
