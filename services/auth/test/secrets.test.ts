// Pure logic: secret generation, digests and the validation helpers.
import { DepotError } from '@depot/common';
import { clientIdDigest, digest, digestsEqual, generateKey, generateToken } from '../src/secrets';
import { normalizeIds, Violations } from '../src/validation';

test('tokens and keys carry 256 random bits; digests are SHA-256 hex', () => {
  const tokens = new Set(Array.from({ length: 100 }, generateToken));
  expect(tokens.size).toBe(100);
  for (const t of tokens) expect(t).toMatch(/^depot_[A-Za-z0-9_-]{43}$/);
  expect(generateKey()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(digest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  expect(clientIdDigest('ABC')).toBe(digest('abc'));
});

test('digestsEqual compares digests, refusing anything that is not one', () => {
  expect(digestsEqual(digest('a'), digest('a'))).toBe(true);
  expect(digestsEqual(digest('a'), digest('b'))).toBe(false);
  expect(digestsEqual('', '')).toBe(false);
  expect(digestsEqual('zz', 'zz')).toBe(false);
});

test('violations are collected per field', () => {
  const v = new Violations();
  v.name('name', '');
  v.username('a b');
  v.permissions(['mods_create', 'bogus']);
  v.modpacks([1, 0]);
  let thrown: unknown;
  try {
    v.throwIfAny();
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(DepotError);
  expect((thrown as DepotError).details.fields).toEqual({
    name: ['The name field is required.'],
    username: ['The username field format is invalid.'],
    permissions: ['The selected permissions is invalid.'],
    modpacks: ['The selected modpacks is invalid.'],
  });
  expect(() => new Violations().throwIfAny()).not.toThrow();
});

test('modpack ids are deduplicated into ascending order', () => {
  expect(normalizeIds([3, 1, 3, 2])).toEqual([1, 2, 3]);
});
