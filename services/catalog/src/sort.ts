// Mod ordering of build responses (docs/api.md#mod-order; why not Solder's order: docs/decisions.md#mod-order-and-underscores): natural ("mod2" before "mod10") and
// case-insensitive, by the Unicode collation (ICU, what `localeCompare` with `numeric` gives).
// Solder's SORT_NATURAL | SORT_FLAG_CASE agrees on letters, digits, `-` and `.`, but compares
// bytes after upper-casing, so it puts `_` after the letters where the collation puts it first.

// A fixed locale: the order must not depend on the host's default locale.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Natural, case-insensitive comparison of names. Names the collator deems equal ("Mod" and "mod",
 * "é" and "e") fall back to code-unit order, so the result never depends on the input order.
 */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Sort-key codes of the slug punctuation, below the digit-run marker (4) and the letters. */
const PUNCTUATION: Record<number, number> = { 0x5f: 1, 0x2d: 2, 0x2e: 3 }; // _ - .
const DIGIT_RUN = 4;
const MAX_DIGITS = 200;

/**
 * A string whose code-unit order is the collator's order of `name` (a sort of 150 mods calls the
 * collator over a thousand times, the biggest cost of an uncached build read). The collator's
 * order on slug characters: `_` < `-` < `.` < digit runs by value (leading zeros ignored) <
 * letters, case ignored. A digit run becomes code 4, its length (without leading zeros) and its
 * digits, so longer numbers sort later. Null when the name has other characters than
 * [A-Za-z0-9._-] (every name Depot accepts has only these) or a digit run long enough for the
 * collator to split it: those are compared by the collator. test/sort.test.ts checks the
 * equivalence on generated names.
 */
export function sortKey(name: string): string | null {
  const out: number[] = [];
  for (let i = 0; i < name.length;) {
    const c = name.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      let start = i;
      while (i < name.length && name.charCodeAt(i) === 0x30) start = ++i; // leading zeros
      while (i < name.length && name.charCodeAt(i) >= 0x30 && name.charCodeAt(i) <= 0x39) i++;
      const digits = i - start;
      if (digits > MAX_DIGITS) return null;
      out.push(DIGIT_RUN, 0x20 + digits);
      for (let j = start; j < i; j++) out.push(name.charCodeAt(j));
      continue;
    }
    if (c >= 0x61 && c <= 0x7a) out.push(c);
    else if (c >= 0x41 && c <= 0x5a) out.push(c + 0x20);
    else if (PUNCTUATION[c] !== undefined) out.push(PUNCTUATION[c]);
    else return null;
    i++;
  }
  return String.fromCharCode(...out);
}

/** A sorted copy by `name`; equal names keep a deterministic order through `id`. */
export function sortByName<T>(items: readonly T[], name: (item: T) => string, id: (item: T) => number): T[] {
  const keyed = items.map((item) => {
    const n = name(item);
    return { item, name: n, key: sortKey(n), id: id(item) };
  });
  keyed.sort((a, b) => {
    let c: number;
    if (a.key !== null && b.key !== null) c = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    else c = collator.compare(a.name, b.name);
    return c || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id;
  });
  return keyed.map((k) => k.item);
}
