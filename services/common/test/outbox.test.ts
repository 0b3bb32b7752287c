// The outbox relay and a durable consumer against real PostgreSQL and NATS: events written in a
// transaction arrive exactly once per message id, also when NATS was down while they were written.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Migration } from '@mikro-orm/migrations';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { connectBus, runConsumer, sleep, type Bus } from '../src/bus/nats';
import { initOrm, migrate, type Orm } from '../src/runtime/orm';
import {
  enqueueEvent,
  OUTBOX_TABLE_SQL,
  OUTBOX_TRACE_SQL,
  OutboxEventSchema,
  startOutboxRelay,
} from '../src/runtime/outbox';
import { createTestDatabase, eventually, silentLogger, testDependency, uniqueName } from '../src/testing';

class OutboxMigration extends Migration {
  override async up() {
    for (const sql of [...OUTBOX_TABLE_SQL, ...OUTBOX_TRACE_SQL]) this.addSql(sql);
  }
}

// A nats-server of this file's own, which it stops and starts (npm test says where it is).
const natsServer = testDependency('TEST_NATS_SERVER', '/usr/sbin/nats-server');
// Skipped without it (npm test says how to get it), failed under CI.
const test = natsServer.skip ? globalThis.test.skip : globalThis.test;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: Orm;
let port: number;
let storeDir: string;
let nats: ChildProcess | undefined;

function startNats(): Promise<void> {
  nats = spawn(natsServer.require(), ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
    stdio: 'ignore',
  });
  return eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.end();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      }),
    10_000,
  ).then(() => undefined);
}

async function stopNats(): Promise<void> {
  if (!nats) return;
  const proc = nats;
  nats = undefined;
  await new Promise((resolve) => {
    proc.once('exit', resolve);
    proc.kill('SIGTERM');
  });
}

beforeAll(async () => {
  db = await createTestDatabase('common_outbox');
  orm = await initOrm({
    url: db.url,
    entities: [OutboxEventSchema],
    migrations: [{ name: 'outbox', class: OutboxMigration }],
  });
  await migrate(orm);
  port = await freePort();
  storeDir = mkdtempSync(path.join(os.tmpdir(), 'depot-nats-'));
  await startNats();
});

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
  await stopNats();
  if (storeDir) rmSync(storeDir, { recursive: true, force: true });
});

async function writeEvents(n: number, first: number) {
  for (let i = 0; i < n; i++) {
    await orm.em.fork().transactional(async (tx) => {
      enqueueEvent(tx, 'mod.deleted', { mod_id: first + i, version_ids: [first + i] });
    });
  }
}

test('events written while NATS is down are delivered once it is back, each exactly once', async () => {
  const logger = silentLogger();
  const namespace = uniqueName('outbox');
  const bus: Bus = await connectBus(`nats://127.0.0.1:${port}`, namespace, logger);
  const relay = startOutboxRelay({ orm, bus, source: 'test', logger, idleMs: 100 });
  const received: number[] = [];
  const consumer = runConsumer(bus, {
    durable: 'test-consumer',
    types: ['mod.deleted'],
    logger,
    handler: async ({ data }) => {
      received.push(data.mod_id);
    },
  });

  await writeEvents(5, 1);
  await eventually(async () => received.length === 5, 10_000);

  await stopNats();
  await writeEvents(5, 6); // the database commits; publishing waits
  await sleep(500);
  const em = orm.em.fork() as SqlEntityManager;
  const [pending] = await em.execute('select count(*)::int as n from outbox where published_at is null');
  expect(pending.n).toBe(5);

  await startNats();
  await eventually(async () => received.length >= 10, 20_000);
  await sleep(500); // would reveal duplicates
  expect([...received].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(await relay.backlog()).toBe(0);

  await consumer.stop();
  await relay.stop();
  await bus.close();
}, 60_000);

test('a consumer and its connection stop while NATS does not answer', async () => {
  const logger = silentLogger();
  const bus = await connectBus(`nats://127.0.0.1:${port}`, uniqueName('stuck'), logger);
  const received: number[] = [];
  const consumer = runConsumer(bus, {
    durable: 'stuck-consumer',
    types: ['mod.deleted'],
    logger,
    handler: async ({ data }) => {
      received.push(data.mod_id);
    },
  });
  const relay = startOutboxRelay({ orm, bus, source: 'test', logger, idleMs: 100 });
  await writeEvents(1, 100);
  await eventually(async () => received.length === 1, 10_000);

  // The server is there (its socket open) but answers nothing: a shutdown must still end.
  nats!.kill('SIGSTOP');
  try {
    await consumer.stop();
    await relay.stop();
    await bus.close();
    expect(bus.nc.isClosed()).toBe(true);
  } finally {
    nats!.kill('SIGCONT');
  }
});
