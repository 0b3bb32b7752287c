// The report of stored version strings that break today's rule (runtime/version-rule-report.ts),
// against a real PostgreSQL: every breaking version listed with its owner and why, in id order
// over pages, nothing changed; the log line a service writes at start.
import { Migration } from '@mikro-orm/migrations';
import type { EntitySchema } from '@mikro-orm/core';
import { initOrm, migrate, type Orm } from '../src/runtime/orm';
import { OutboxEventSchema } from '../src/runtime/outbox';
import { reportVersionRule, versionsBreakingTheRule, type VersionTable } from '../src/runtime/version-rule-report';
import { createTestDatabase, queryDatabase } from '../src/testing';

class Tables extends Migration {
  override async up() {
    this.addSql('create table mods (id serial primary key, name varchar(255) not null)');
    this.addSql(
      'create table mod_versions (id serial primary key, mod_id int not null references mods (id), version varchar(255) not null)',
    );
  }
}

const TABLE: VersionTable = {
  what: 'mod versions',
  sql: 'select v.id, m.name as label, v.version from mod_versions v join mods m on m.id = v.mod_id where v.id > ? order by v.id limit ?',
};

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: Orm;

beforeAll(async () => {
  db = await createTestDatabase('depot_rule');
  // (MikroORM wants an entity; the report reads with plain SQL)
  orm = await initOrm({
    url: db.url,
    entities: [OutboxEventSchema as EntitySchema],
    migrations: [{ name: 'tables', class: Tables }],
  });
  await migrate(orm);
  await queryDatabase(db.url, "insert into mods (name) values ('jei'), ('create')");
  // 6,000 plain versions (more than a page), and the kinds the rule refuses among them.
  await queryDatabase(
    db.url,
    "insert into mod_versions (mod_id, version) select 1, '1.' || n from generate_series(1, 6000) as n",
  );
  await queryDatabase(
    db.url,
    `insert into mod_versions (mod_id, version) values (2, ''), (2, '/../../evil'), (2, 'a\\..\\b'), (2, '.'),
     (2, 'a' || chr(10) || 'b'), (2, 'a' || chr(133) || 'b'), (2, 'a' || chr(8238) || 'b'), (2, '0.5.1')`,
  );
}, 60_000);

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

test('lists every stored version that breaks the rule, with its mod and why, across pages; changes nothing', async () => {
  const before = await queryDatabase(db.url, 'select count(*)::int as n from mod_versions');
  expect(await versionsBreakingTheRule(orm, TABLE)).toEqual([
    { label: 'create', version: '', problem: 'required' },
    { label: 'create', version: '/../../evil', problem: 'format' },
    { label: 'create', version: 'a\\..\\b', problem: 'format' },
    { label: 'create', version: '.', problem: 'format' },
    { label: 'create', version: 'a\nb', problem: 'format' },
    { label: 'create', version: 'a\u0085b', problem: 'format' },
    { label: 'create', version: 'a\u202eb', problem: 'format' },
  ]);
  expect(await queryDatabase(db.url, 'select count(*)::int as n from mod_versions')).toEqual(before);
});

test('a service logs them once at start as one warning; nothing when every version follows the rule', async () => {
  const lines: { obj: Record<string, unknown>; msg: string }[] = [];
  const logger = { warn: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }) };
  await reportVersionRule(orm, logger as never, TABLE);
  expect(lines).toHaveLength(1);
  expect(lines[0].msg).toBe(
    '7 mod versions break the version rule (docs/api.md#names-and-values): they stay as they are; builds and ' +
      'launchers may fail on them, see docs/operations.md#version-rule-report',
  );
  expect(lines[0].obj).toMatchObject({
    count: 7,
    versions: expect.arrayContaining([{ of: 'create', version: '', problem: 'required' }]),
  });
  lines.length = 0;
  await reportVersionRule(orm, logger as never, {
    ...TABLE,
    sql: TABLE.sql.replace('where', "where m.name = 'jei' and"),
  });
  expect(lines).toEqual([]);
});
