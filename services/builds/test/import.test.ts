/* eslint-disable @typescript-eslint/no-explicit-any -- SQL rows are checked by value */
// The builds service's bulk import (used by the admin CLI's import-solder) against a real
// PostgreSQL: natural keys, creation order, assignment sets mirrored for imported builds only,
// one build.changed per changed modpack, name clashes refused.
import { createTestDatabase } from '@depot/common/testing';
import { openBuildsImport, type BuildsImport, type ImportedModpack } from '../src/import';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let builds: Awaited<ReturnType<typeof openBuildsImport>>;

beforeAll(async () => {
  db = await createTestDatabase('builds_import');
  builds = await openBuildsImport(db.url); // applies the migrations
});

afterAll(async () => {
  await builds?.close();
  await db?.drop();
});

const sql = async (text: string) => builds.orm.em.fork().execute<Record<string, any>[]>(text);

const modpack = (slug: string, name: string): ImportedModpack => ({
  name,
  slug,
  url: null,
  hidden: false,
  private: false,
  order: 0,
  recommended: 'b1',
  latest: 'b2',
  iconUrl: 'https://x.test/icon.png',
  iconMd5: 'a'.repeat(32),
  logoUrl: null,
  logoMd5: null,
  backgroundUrl: null,
  backgroundMd5: null,
});

const build = (pack: string, version: string, mods: [number, number][]) => ({
  modpack: pack,
  version,
  minecraft: '1.20.1',
  forge: null,
  isPublished: true,
  private: false,
  minJava: '17',
  minMemory: 4096,
  mods: mods.map(([modId, modVersionId]) => ({ modId, modVersionId })),
});

const input = (): BuildsImport => ({
  modpacks: [modpack('pack1', 'Pack 1'), modpack('pack2', 'Pack 2')],
  builds: [
    build('pack1', 'b2', [[1, 11]]),
    build('pack1', 'b1', [
      [2, 21],
      [1, 10],
    ]),
    build('pack2', 'x', []),
  ],
});

test('creates modpacks, builds (in the given order) and assignments; announces each modpack', async () => {
  const result = await builds.run(input());
  expect(result.modpacks).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
  expect(result.builds).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
  expect(result.assignments).toEqual({ inserted: 3, updated: 0, unchanged: 0, removed: 0 });
  const packs = await sql('select id, slug, icon_url, icon_md5, recommended from modpacks order by id');
  expect(packs.map((p) => p.slug)).toEqual(['pack1', 'pack2']);
  expect(packs[0]).toMatchObject({ icon_url: 'https://x.test/icon.png', icon_md5: 'a'.repeat(32), recommended: 'b1' });
  expect(result.modpackIds).toEqual(
    new Map([
      ['pack1', packs[0].id],
      ['pack2', packs[1].id],
    ]),
  );
  expect((await sql('select version from builds order by id')).map((b) => b.version)).toEqual(['b2', 'b1', 'x']);
  expect(await sql(`select type, payload from outbox order by id`)).toEqual([
    { type: 'build.changed', payload: { modpack_id: packs[0].id } },
    { type: 'build.changed', payload: { modpack_id: packs[1].id } },
  ]);
});

test('a second identical run changes nothing', async () => {
  await sql('delete from outbox');
  const result = await builds.run(input());
  expect(result.modpacks).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
  expect(result.builds).toEqual({ inserted: 0, updated: 0, unchanged: 3 });
  expect(result.assignments).toEqual({ inserted: 0, updated: 0, unchanged: 3, removed: 0 });
  expect(await sql('select * from outbox')).toEqual([]);
});

test("an imported build's mods become exactly the given ones; Depot-only builds and modpacks stay", async () => {
  const [{ id: pack1 }] = await sql(`select id from modpacks where slug = 'pack1'`);
  await sql(`insert into builds (modpack_id, version, minecraft) values (${pack1}, 'depot-only', '1.20.1')`);
  await sql(
    `insert into build_mods (build_id, mod_id, mod_version_id) select id, 7, 70 from builds where version = 'depot-only'`,
  );
  await sql(`insert into modpacks (name, slug) values ('Mine', 'mine')`);
  await sql('delete from outbox');

  const changed = input();
  changed.builds[1] = build('pack1', 'b1', [
    [1, 11], // another version of mod 1
    [3, 30], // a new mod; mod 2 is gone
  ]);
  changed.builds[0].minMemory = 8192;
  const result = await builds.run(changed);
  expect(result.builds).toEqual({ inserted: 0, updated: 1, unchanged: 2 });
  expect(result.assignments).toEqual({ inserted: 1, updated: 1, unchanged: 1, removed: 1 });
  const rows = await sql(
    `select b.version, bm.mod_id, bm.mod_version_id from build_mods bm join builds b on b.id = bm.build_id order by b.version, bm.mod_id`,
  );
  expect(rows.map((r) => [r.version, r.mod_id, r.mod_version_id])).toEqual([
    ['b1', 1, 11],
    ['b1', 3, 30],
    ['b2', 1, 11],
    ['depot-only', 7, 70],
  ]);
  expect((await sql(`select count(*)::int as n from modpacks where slug = 'mine'`))[0].n).toBe(1);
  expect(await sql('select payload from outbox')).toEqual([{ payload: { modpack_id: pack1 } }]);
});

test('a display name held by another Depot modpack is refused with both names, nothing written', async () => {
  const clash = input();
  clash.modpacks.push(modpack('pack3', 'mine'));
  clash.builds.push(build('pack3', 'z', []));
  await expect(builds.run(clash)).rejects.toThrow(/"mine" \(pack3\) is already the name of Depot modpack mine/);
  expect((await sql(`select count(*)::int as n from builds where version = 'z'`))[0].n).toBe(0);

  const twice = input();
  twice.modpacks.push(modpack('PACK1', 'Other'));
  await expect(builds.run(twice)).rejects.toThrow(/modpack slug "PACK1" appears twice/);
  const twoVersions = input();
  twoVersions.builds.push(
    build('pack2', 'y', [
      [5, 50],
      [5, 51],
    ]),
  );
  await expect(builds.run(twoVersions)).rejects.toThrow(/two versions of mod id 5/);
});

test('timestamps are kept as given; a build names its modpack whatever the case', async () => {
  const dated = input();
  dated.modpacks.push({ ...modpack('dated', 'Dated'), createdAt: '2019-05-01T10:00:00.000Z', updatedAt: null });
  dated.builds.push({ ...build('DATED', 'v1', [[4, 40]]), createdAt: '2019-05-02T10:00:00.000Z' });
  const result = await builds.run(dated);
  expect(result.modpacks).toEqual({ inserted: 1, updated: 0, unchanged: 2 });
  const [pack] = await sql(`select id, created_at, updated_at from modpacks where slug = 'dated'`);
  expect(new Date(pack.created_at).toISOString()).toBe('2019-05-01T10:00:00.000Z');
  expect(new Date(pack.updated_at).toISOString()).toBe('2019-05-01T10:00:00.000Z');
  const rows = await sql(
    `select b.modpack_id, b.created_at, bm.mod_version_id from builds b join build_mods bm on bm.build_id = b.id
      where b.version = 'v1'`,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ modpack_id: pack.id, mod_version_id: 40 });
  expect(new Date(rows[0].created_at).toISOString()).toBe('2019-05-02T10:00:00.000Z');
});
