// The parity tests (test/e2e/solder-parity/) translate Technic Solder's own HTTP tests. Where Depot
// deliberately answers otherwise, a test asserts Depot's documented answer and its file maps the
// Solder test to a difference id; every id must be listed in docs/decisions.md, in the table of
// "Differences from Solder's tests", with its reason; each file checks that table.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DECISIONS = path.resolve(__dirname, '../../docs/decisions.md');
const SECTION = /^#+ Differences from Solder's tests$/m;

/** The difference ids listed in docs/decisions.md (first cell of each row of the section's table). */
export function listedDifferences(): string[] {
  const text = readFileSync(DECISIONS, 'utf8');
  const heading = SECTION.exec(text);
  if (!heading) throw new Error(`docs/decisions.md has no heading "Differences from Solder's tests"`);
  const rest = text.slice(heading.index + heading[0].length);
  const next = rest.search(/^#/m);
  const section = next < 0 ? rest : rest.slice(0, next);
  return [...section.matchAll(/^\| `([a-z0-9-]+)` +\|/gm)].map((m) => m[1]);
}

/** The test title: the Solder test (`Class::method`), the part of it, and the difference it asserts, if any. */
export function solderTitle(differences: Record<string, string>, test: string, part?: string): string {
  const id = differences[test];
  const title = part ? `${test} (${part})` : test;
  return id ? `${title} [difference: ${id}]` : title;
}

/** Every difference a file's table names is listed in docs/decisions.md. */
export function describeDifferences(differences: Record<string, string>): void {
  it('every difference this file asserts is listed in docs/decisions.md', () => {
    const listed = new Set(listedDifferences());
    const missing = [...new Set(Object.values(differences))].filter((id) => !listed.has(id));
    expect(missing).toEqual([]);
  });
}
