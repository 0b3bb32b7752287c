// The command-line value parsers (pure).
import { InvalidArgumentError } from 'commander';
import {
  collectSlug,
  parseEmail,
  parseId,
  parseKeyValue,
  parseList,
  parseName,
  parsePasswordInput,
  parsePermissions,
  parseSolderUrl,
  parseSlugs,
  parseUsername,
  parseUuid,
} from '../src/args';

const invalid = (fn: () => unknown) => expect(fn).toThrow(InvalidArgumentError);

test('lists are comma separated, trimmed, without empty entries or repeats', () => {
  expect(parseList('a, b,,a ,c')).toEqual(['a', 'b', 'c']);
  expect(parseList('')).toEqual([]);
  expect(parseList(' , ')).toEqual([]);
});

test('permissions must be known ones', () => {
  expect(parsePermissions('mods_create,modpacks_manage')).toEqual(['mods_create', 'modpacks_manage']);
  expect(parsePermissions('solder_full')).toEqual(['solder_full']);
  expect(parsePermissions('')).toEqual([]);
  expect(() => parsePermissions('mods_create,root,admin')).toThrow(/unknown permission\(s\) root, admin/);
});

test('modpack slugs follow the slug rule', () => {
  expect(parseSlugs('pack1, my-pack_2.x')).toEqual(['pack1', 'my-pack_2.x']);
  invalid(() => parseSlugs('pack1,-bad'));
  invalid(() => parseSlugs('with space'));
  invalid(() => parseSlugs('a/b'));
  expect(collectSlug('b', collectSlug('a', undefined))).toEqual(['a', 'b']);
  expect(collectSlug('a', ['a'])).toEqual(['a']);
  invalid(() => collectSlug('../x', []));
});

test('usernames', () => {
  expect(parseUsername('alice')).toBe('alice');
  expect(parseUsername('a.b_c@d-e')).toBe('a.b_c@d-e');
  invalid(() => parseUsername(''));
  invalid(() => parseUsername('.alice'));
  invalid(() => parseUsername('bad name'));
  invalid(() => parseUsername('x'.repeat(256)));
});

test('ids are positive 32-bit integers', () => {
  expect(parseId('1')).toBe(1);
  expect(parseId('2147483647')).toBe(2147483647);
  for (const bad of ['0', '-1', '1.5', 'abc', '', '2147483648', '1e3', ' 1']) invalid(() => parseId(bad));
});

test('launcher client ids are UUIDs, any case', () => {
  expect(parseUuid('5f1c2f7e-1111-4a1a-9c1c-000000000001')).toBe('5f1c2f7e-1111-4a1a-9c1c-000000000001');
  expect(parseUuid('5F1C2F7E-1111-4A1A-9C1C-00000000000A')).toBe('5F1C2F7E-1111-4A1A-9C1C-00000000000A');
  invalid(() => parseUuid('5f1c2f7e11114a1a9c1c000000000001'));
  invalid(() => parseUuid('not-a-uuid'));
});

test('names and key values: 1-255 characters, not blank', () => {
  expect(parseName('laptop')).toBe('laptop');
  invalid(() => parseName('   '));
  invalid(() => parseName('x'.repeat(256)));
  expect(parseKeyValue('k'.repeat(255))).toHaveLength(255);
  invalid(() => parseKeyValue(''));
});

test('the Solder source is a MySQL, MariaDB or PostgreSQL URL with a database name', () => {
  expect(parseSolderUrl('postgres://u:p@db:5432/solder')).toBe('postgres://u:p@db:5432/solder');
  expect(parseSolderUrl('postgresql://db/solder?sslmode=require')).toBe('postgresql://db/solder?sslmode=require');
  expect(parseSolderUrl('mysql://u:p@db:3306/solder')).toBe('mysql://u:p@db:3306/solder');
  expect(parseSolderUrl('mariadb://root@127.0.0.1/solder')).toBe('mariadb://root@127.0.0.1/solder');
  invalid(() => parseSolderUrl('sqlite:///solder.db'));
  invalid(() => parseSolderUrl('mysql://db'));
  invalid(() => parseSolderUrl('postgres://db'));
  invalid(() => parseSolderUrl('postgres://db/'));
  invalid(() => parseSolderUrl('solder'));
});

test('e-mail addresses', () => {
  expect(parseEmail('Alice@Example.com')).toBe('Alice@Example.com');
  for (const bad of ['', 'alice', 'alice@', '@example.com', 'a b@example.com']) invalid(() => parseEmail(bad));
});

test('a password on standard input: one line, its line break dropped, 8 characters to 72 bytes', () => {
  expect(parsePasswordInput('correct horse\n')).toBe('correct horse');
  expect(parsePasswordInput('correct horse\r\n')).toBe('correct horse');
  expect(parsePasswordInput(' spaces kept ')).toBe(' spaces kept ');
  expect(parsePasswordInput('é'.repeat(36))).toBe('é'.repeat(36));
  for (const bad of ['', '\n', 'short\n', 'two\nlines here\n', 'é'.repeat(37), 'nul\u0000inside']) {
    invalid(() => parsePasswordInput(bad));
  }
});
