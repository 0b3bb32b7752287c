/* eslint-disable @typescript-eslint/no-explicit-any -- SQL rows are checked by value */
// The catalog's bulk import (used by the admin CLI's import-solder) against a real PostgreSQL:
// natural keys, updates of changed fields only, events for what changed, refusals.
import { createTestDatabase } from '@depot/common/testing';
import { openCatalogImport, versionKey, type CatalogImport } from '../src/import';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let catalog: Awaited<ReturnType<typeof openCatalogImport>>;

beforeAll(async () => {
  db = await createTestDatabase('catalog_import');
  catalog = await openCatalogImport(db.url); // applies the migrations
});

afterAll(async () => {
  await catalog?.close();
  await db?.drop();
});

const input = (): CatalogImport => ({
  mods: [
    {
      name: 'jei',
      prettyName: 'JEI',
      author: 'mezz',
      description: null,
      link: null,
      notes: null,
      createdAt: '2024-01-01T00:00:00.000Z',
    },
    { name: 'botania', prettyName: 'Botania', author: null, description: 'flowers', link: null, notes: null },
  ],
  versions: [
    {
      mod: 'jei',
      version: '1.0',
      md5: 'A'.repeat(32),
      filesize: 10,
      url: null,
      notes: null,
      createdAt: '2024-01-02T00:00:00.000Z',
    },
    { mod: 'botania', version: 'r1', md5: 'b'.repeat(32), filesize: null, url: null, notes: null },
    { mod: 'jei', version: '2.0', md5: 'c'.repeat(32), filesize: 20, url: null, notes: null },
  ],
});

/** Plain SQL on the catalog database, through the import's own connection pool. */
const sql = {
  query: async (text: string) => ({ rows: await catalog.orm.em.fork().execute<Record<string, any>[]>(text) }),
};

const events = async () =>
  (await sql.query('select type, payload from outbox order by id')).rows.map((r) => [r.type, r.payload]);

test('creates in the given order, keeps timestamps, lowercases md5s, returns ids by natural key', async () => {
  // A mod made through the API before the import, named in another case: matched, renamed.
  await sql.query(`insert into mods (name, pretty_name) values ('JEI', 'old')`);
  const result = await catalog.run(input());
  expect(result.mods).toEqual({ inserted: 1, updated: 1, unchanged: 0 });
  expect(result.versions).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
  const mods = (await sql.query('select id, name, pretty_name, created_at from mods order by id')).rows;
  expect(mods.map((m) => [m.name, m.pretty_name])).toEqual([
    ['jei', 'JEI'],
    ['botania', 'Botania'],
  ]);
  const versions = (
    await sql.query('select id, mod_id, version, md5, filesize, created_at from mod_versions order by id')
  ).rows;
  expect(versions.map((v) => [v.version, v.md5])).toEqual([
    ['1.0', 'a'.repeat(32)],
    ['r1', 'b'.repeat(32)],
    ['2.0', 'c'.repeat(32)],
  ]);
  expect(new Date(versions[0].created_at).toISOString()).toBe('2024-01-02T00:00:00.000Z');
  expect(result.modIds).toEqual(
    new Map([
      ['jei', mods[0].id],
      ['botania', mods[1].id],
    ]),
  );
  expect(result.versionIds.get(versionKey('jei', '2.0'))).toEqual({ modId: mods[0].id, versionId: versions[2].id });
  expect(await events()).toEqual([
    ['mod.updated', { mod_id: mods[0].id }],
    ['mod.updated', { mod_id: mods[1].id }],
  ]);
});

test('a second identical run changes nothing and says nothing', async () => {
  await sql.query('delete from outbox');
  const result = await catalog.run(input());
  expect(result.mods).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
  expect(result.versions).toEqual({ inserted: 0, updated: 0, unchanged: 3 });
  expect(await events()).toEqual([]);
  expect((await sql.query('select count(*)::int as n from mod_versions')).rows[0].n).toBe(3);
});

test('changed fields are updated and announced; versions not in the import are left alone', async () => {
  await sql.query(
    `insert into mod_versions (mod_id, version, md5) select id, 'depot-only', '${'d'.repeat(32)}' from mods where name = 'jei'`,
  );
  const changed = input();
  changed.mods[1].author = 'Vazkii';
  changed.versions[2].md5 = 'e'.repeat(32);
  changed.versions.push({ mod: 'botania', version: 'r2', md5: 'f'.repeat(32), filesize: 1, url: null, notes: null });
  const result = await catalog.run(changed);
  expect(result.mods).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
  expect(result.versions).toEqual({ inserted: 1, updated: 1, unchanged: 2 });
  const [jei, botania] = (await sql.query('select id from mods order by id')).rows.map((r) => r.id);
  const v2 = result.versionIds.get(versionKey('jei', '2.0'))!.versionId;
  expect(await events()).toEqual([
    ['mod.updated', { mod_id: botania }],
    ['mod.version.updated', { mod_id: jei, version_id: v2 }],
  ]);
  expect((await sql.query(`select count(*)::int as n from mod_versions where version = 'depot-only'`)).rows[0].n).toBe(
    1,
  );
});

test("notes and a version's own url are imported, updated when they change, and unchanged on a rerun", async () => {
  const withNotes = input();
  // As the previous test left them.
  withNotes.mods[1].author = 'Vazkii';
  withNotes.versions[2].md5 = 'e'.repeat(32);
  withNotes.mods[0].notes = 'ask mezz before updating';
  withNotes.versions[1] = { ...withNotes.versions[1], url: 'https://cdn.example/botania-r1.jar', notes: 'no rehost' };
  const first = await catalog.run(withNotes);
  expect(first.mods).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
  expect(first.versions).toEqual({ inserted: 0, updated: 1, unchanged: 2 });
  expect((await sql.query(`select notes from mods where name = 'jei'`)).rows).toEqual([
    { notes: 'ask mezz before updating' },
  ]);
  expect((await sql.query(`select url, notes from mod_versions where version = 'r1'`)).rows).toEqual([
    { url: 'https://cdn.example/botania-r1.jar', notes: 'no rehost' },
  ]);
  const again = await catalog.run(withNotes);
  expect(again.mods.updated).toBe(0);
  expect(again.versions.updated).toBe(0);
});

test('refuses input that would match a row twice, before writing anything', async () => {
  const twice = input();
  twice.mods.push({ ...twice.mods[0], name: 'JEI' });
  await expect(catalog.run(twice)).rejects.toThrow(/mod "JEI" appears twice/);
  const dup = input();
  dup.versions.push({ ...dup.versions[0] });
  await expect(catalog.run(dup)).rejects.toThrow(/version "1.0" appears twice/);
  const orphan = input();
  orphan.versions.push({ mod: 'nope', version: '1', md5: '', filesize: null, url: null, notes: null });
  await expect(catalog.run(orphan)).rejects.toThrow(/unknown mod "nope"/);
});
