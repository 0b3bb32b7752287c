// Call deadlines in the shared database code, against a real PostgreSQL: work done under a call's
// deadline (as every gRPC handler's is) is neither started nor committed once it has passed, and
// work outside a call (relay, consumers) is left as it was.
import { EntitySchema } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { isDeadlineExceeded, withCallDeadline } from '../src/process/deadline';
import { sleep } from '../src/bus/nats';
import { initOrm, migrate, type Orm } from '../src/runtime/orm';
import { enqueueEvent, OUTBOX_TABLE_SQL, OUTBOX_TRACE_SQL, OutboxEventSchema } from '../src/runtime/outbox';
import { runPrepared, statement } from '../src/runtime/prepared';
import { createTestDatabase, eventually, holdLock, silentLogger } from '../src/testing';

interface Note {
  id: number;
  text: string;
}

const NoteSchema = new EntitySchema<Note>({
  name: 'Note',
  tableName: 'notes',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    text: { type: 'string', columnType: 'text' },
  },
});

class NotesMigration extends Migration {
  override async up() {
    for (const sql of [...OUTBOX_TABLE_SQL, ...OUTBOX_TRACE_SQL]) this.addSql(sql);
    this.addSql('create table notes (id serial primary key, text text not null)');
  }
}

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: Orm;

beforeAll(async () => {
  db = await createTestDatabase('deadline');
  const open = (poolMax?: number) =>
    initOrm({
      url: db.url,
      entities: [NoteSchema, OutboxEventSchema as EntitySchema],
      migrations: [{ name: 'notes', class: NotesMigration }],
      poolMax,
      logger: silentLogger(),
    });
  const migrator = await open();
  await migrate(migrator);
  await migrator.close(true);
  // One connection: the test can keep every call waiting for it.
  orm = await open(1);
});

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

const em = () => orm.em.fork() as SqlEntityManager;
/** Runs `fn` as a handler would, under a deadline `ms` from now. */
const within = <T>(ms: number, fn: () => Promise<T>) => withCallDeadline(Date.now() + ms, fn);
const notes = async (text: string) =>
  (await em().execute('select count(*)::int as n from notes where text = ?', [text]))[0].n as number;
const events = async (modId: number) =>
  (await em().execute(`select count(*)::int as n from outbox where payload->>'mod_id' = ?`, [String(modId)]))[0]
    .n as number;

/** A write in a transaction, with its event, that takes `stallMs` between its statements and its commit. */
const writeNote = (text: string, modId: number, stallMs: number) =>
  em().transactional(async (tx) => {
    tx.create(NoteSchema, { text } as Note);
    await tx.flush();
    enqueueEvent(tx, 'mod.updated', { mod_id: modId });
    await tx.flush();
    await sleep(stallMs);
  });

test('a transaction whose deadline passes before its commit is rolled back, its outbox event with it', async () => {
  const err = await within(200, () => writeNote('late', 1, 400)).catch((e: unknown) => e);
  expect(isDeadlineExceeded(err)).toBe(true);
  expect(await notes('late')).toBe(0);
  expect(await events(1)).toBe(0);
});

test('a transaction that commits within its deadline, or outside any call, is written with its event', async () => {
  await within(5000, () => writeNote('in time', 2, 0));
  await writeNote('no call', 3, 400);
  expect(await notes('in time')).toBe(1);
  expect(await events(2)).toBe(1);
  expect(await notes('no call')).toBe(1);
  expect(await events(3)).toBe(1);
});

test('a single-statement write stalled on a lock is cancelled at the deadline, not committed after it', async () => {
  const lock = await holdLock(db.url, 'lock table notes in share mode');
  const started = Date.now();
  const write = within(300, () => em().execute(`insert into notes (text) values ('stalled')`)).then(
    () => 'committed',
    () => 'refused',
  );
  await lock.waitedOn();
  // Released well after the deadline in any case, so that a write left waiting commits then.
  const release = sleep(1500).then(() => lock.release());
  expect(await write).toBe('refused');
  expect(Date.now() - started).toBeLessThan(1500);
  await release;
  expect(await notes('stalled')).toBe(0);
});

test('a statement whose deadline passes while it waits for a database connection is not run', async () => {
  // The pool's only connection, busy outside any call for longer than the next call's deadline.
  let held = false;
  const busy = em().transactional(async (tx) => {
    await tx.execute('select 1');
    held = true;
    await sleep(600);
  });
  await eventually(async () => held);
  const err = await within(200, () => em().execute(`insert into notes (text) values ('queued')`)).catch(
    (e: unknown) => e,
  );
  await busy;
  expect(isDeadlineExceeded(err)).toBe(true);
  expect(await notes('queued')).toBe(0);
});

test('reads within their deadline are answered as before; the pool default comes back after the call', async () => {
  const SHOW = statement('show_timeout', 'show statement_timeout');
  await within(5000, () => writeNote('read me', 4, 0));
  const read = await within(5000, () => em().find(NoteSchema, { text: 'read me' }));
  expect(read.map((n) => n.text)).toEqual(['read me']);
  const [inCall] = await within(5000, () => runPrepared<{ statement_timeout: string }>(orm, SHOW));
  expect(inCall.statement_timeout).toMatch(/^[1-5]\d{3}ms$|^5s$/);
  const [outside] = await runPrepared<{ statement_timeout: string }>(orm, SHOW);
  expect(outside.statement_timeout).toBe('15s');
});
