import fc from 'fast-check';
import { compareNames, sortByName, sortKey } from '../src/sort';

const sorted = (names: string[]) => [...names].sort(compareNames);

describe('compareNames', () => {
  it('orders digit runs by value', () => {
    expect(sorted(['mod10', 'mod2', 'mod1'])).toEqual(['mod1', 'mod2', 'mod10']);
    expect(sorted(['ic2-1.10', 'ic2-1.9'])).toEqual(['ic2-1.9', 'ic2-1.10']);
  });

  it('ignores case when ordering', () => {
    expect(sorted(['Zeta', 'alpha', 'Beta'])).toEqual(['alpha', 'Beta', 'Zeta']);
    expect(sorted(['Mod10', 'mod2', 'MOD3'])).toEqual(['mod2', 'MOD3', 'Mod10']);
  });

  it('puts punctuation before digits and digits before letters', () => {
    expect(sorted(['moda', 'Mod10', 'mod2', 'mod-a'])).toEqual(['mod-a', 'mod2', 'Mod10', 'moda']);
  });

  it('breaks ties between names equal to the collator by code units, whatever the input order', () => {
    expect(sorted(['mod', 'Mod', 'MOD'])).toEqual(['MOD', 'Mod', 'mod']);
    expect(sorted(['MOD', 'mod', 'Mod'])).toEqual(['MOD', 'Mod', 'mod']);
    expect(sorted(['mod01', 'mod1'])).toEqual(['mod01', 'mod1']);
    expect(sorted(['mod1', 'mod01'])).toEqual(['mod01', 'mod1']);
    expect(compareNames('same', 'same')).toBe(0);
  });

  it('treats accented letters like their base letter', () => {
    expect(sorted(['zz', 'écho', 'echo', 'Ender'])).toEqual(['echo', 'écho', 'Ender', 'zz']);
  });

  it('is antisymmetric and only equates identical names', () => {
    const names = ['a', 'A', 'a1', 'a01', 'a-1', 'a_1', 'b', 'é', 'e', '10', '9', 'ü', 'u'];
    for (const x of names) {
      for (const y of names) {
        expect(Math.sign(compareNames(x, y)) + Math.sign(compareNames(y, x))).toBe(0);
        expect(compareNames(x, y) === 0).toBe(x === y);
      }
    }
  });
});

describe('sortByName', () => {
  it('returns a sorted copy and falls back to the id for equal names', () => {
    const items = [
      { id: 3, name: 'b' },
      { id: 2, name: 'a' },
      { id: 1, name: 'a' },
    ];
    const out = sortByName(
      items,
      (i) => i.name,
      (i) => i.id,
    );
    expect(out.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(items.map((i) => i.id)).toEqual([3, 2, 1]);
  });
});

describe('sortKey', () => {
  // The key is a faster stand-in for the collator: the two must order every slug name alike.
  const slugChar = fc.constantFrom(...'aAbBzZ019_-.'.split(''));
  const digitRun = fc.stringMatching(/^0{0,3}[0-9]{1,45}$/);
  const name = fc.array(fc.oneof(slugChar, digitRun), { maxLength: 12 }).map((parts) => parts.join('').slice(0, 255));
  const sign = (n: number) => Math.sign(n);

  it('orders slug names exactly as the collator does', () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        const ka = sortKey(a)!;
        const kb = sortKey(b)!;
        expect(ka).not.toBeNull();
        const byKey = (ka < kb ? -1 : ka > kb ? 1 : 0) || (a < b ? -1 : a > b ? 1 : 0);
        expect(sign(byKey)).toBe(sign(compareNames(a, b)));
      }),
      { numRuns: 20_000, seed: 20261122 },
    );
  });

  it('leaves names with other characters, and huge numbers, to the collator', () => {
    expect(sortKey('écho')).toBeNull();
    expect(sortKey('with space')).toBeNull();
    expect(sortKey(`a${'7'.repeat(201)}`)).toBeNull();
    expect(sortKey('Mod-10.x_2')).not.toBeNull();
  });

  it('sortByName mixes keyed and collator-compared names consistently', () => {
    const names = ['mod10', 'écho', 'Mod2', 'echo', 'mod-a', 'zz', 'Ender', 'a b', 'a_b', 'mod01', 'mod1'];
    const items = names.map((n, id) => ({ id, name: n }));
    const out = sortByName(
      items,
      (i) => i.name,
      (i) => i.id,
    ).map((i) => i.name);
    expect(out).toEqual([...names].sort(compareNames));
  });
});
