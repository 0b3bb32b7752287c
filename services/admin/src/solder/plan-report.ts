// What a Solder import plan (plan.ts, plan-auth.ts) tells the operator about the source: warnings
// grouped by kind with a few examples each, and names that clash when case is ignored (which
// Depot refuses to guess about).

/** Warnings of one kind are grouped: a count and the first few examples. */
export function groupedWarning(kind: string, examples: string[]): string {
  const shown = examples.slice(0, 5).join('; ');
  const more = examples.length > 5 ? `; and ${examples.length - 5} more` : '';
  return `${kind} (${examples.length}): ${shown}${more}`;
}

/** Warnings grouped by kind, in the order their kinds first came up. */
export class Warnings {
  private readonly groups = new Map<string, string[]>();
  add(kind: string, example: string): void {
    const list = this.groups.get(kind) ?? [];
    list.push(example);
    this.groups.set(kind, list);
  }
  list(): string[] {
    return [...this.groups].map(([kind, examples]) => groupedWarning(kind, examples));
  }
}

/** The values that equal an earlier one but for case, each with the one it clashes with. */
export function duplicatesCaseInsensitive(values: string[]): string[] {
  const seen = new Map<string, string>();
  const clashes: string[] = [];
  for (const v of values) {
    const prior = seen.get(v.toLowerCase());
    if (prior !== undefined) clashes.push(prior === v ? `"${v}" twice` : `"${prior}" and "${v}"`);
    else seen.set(v.toLowerCase(), v);
  }
  return clashes;
}
