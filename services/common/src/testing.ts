// Test support shared by every workspace: uniquely named databases and event namespaces on the
// real PostgreSQL and NATS of the machine, cleaned up afterwards, so test files run in parallel.
// `npm test` finds or provides those servers (deploy/local/src/test-deps.ts) and sets the TEST_*
// variables read here; run directly (npx jest) the tests assume the machine's standard ports.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import pino from 'pino';
import { createDatabaseIfMissing, dropDatabase } from './runtime/db-admin';
import { connectBus, deleteStream } from './bus/nats';

export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** The variable `npm test` sets, instead of `variable`, to the line saying how to get a missing dependency. */
export const missingVariable = (variable: string) => `${variable}_MISSING`;

export interface TestDependency {
  /** Where it is (a URL or a path); undefined when `npm test` found it missing. */
  value?: string;
  /** The line saying how to get it, when missing. */
  missing?: string;
  /** Skip the tests that need it: it is missing and this is not CI (where they fail). */
  skip: boolean;
  /** The value, or throws the line saying how to get it (the test fails). */
  require(): string;
}

/**
 * A server or program that only some tests need (Redis, nats-server...). `npm test` finds or
 * provides it and sets `variable`, or, when it cannot, sets `<variable>_MISSING` to the line
 * saying how to get it: those tests are then skipped, and fail under CI. Run outside
 * `npm test`, `fallback` is assumed to be there.
 */
export function testDependency(variable: string, fallback: string): TestDependency {
  const missing = process.env[missingVariable(variable)] || undefined;
  const value = missing ? undefined : process.env[variable] || fallback;
  return {
    value,
    missing,
    skip: missing !== undefined && !inCi(),
    require() {
      if (value === undefined) throw new Error(missing);
      return value;
    },
  };
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export function testDatabaseUrl(name: string): string {
  const u = new URL(TEST_PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh database; `drop()` removes it. */
export async function createTestDatabase(prefix = 'depot_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const url = testDatabaseUrl(uniqueName(prefix));
  await createDatabaseIfMissing(url);
  return { url, drop: () => dropDatabase(url) };
}

/** A fresh events namespace; `drop()` deletes its stream. */
export function createTestNamespace(prefix = 't'): { namespace: string; drop(): Promise<void> } {
  const namespace = uniqueName(prefix);
  return {
    namespace,
    async drop() {
      const bus = await connectBus(TEST_NATS_URL, namespace, silentLogger());
      await deleteStream(bus);
      await bus.close();
    },
  };
}

export function silentLogger() {
  return pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
}

/** Polls `check` until it returns a truthy value or the time runs out. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw last instanceof Error ? last : new Error('eventually: condition not met in time');
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Runs one statement on a session of the test's own (to read back what a service wrote). */
export async function queryDatabase<T = Record<string, unknown>>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface HeldLock {
  /** Resolves once another session of the database waits for a lock (a statement stalled on it). */
  waitedOn(timeoutMs?: number): Promise<void>;
  /**
   * Ends the holding transaction, then waits until no other session of the database is inside a
   * statement or a transaction: whatever stalled on the lock has committed or rolled back.
   */
  release(): Promise<void>;
}

/**
 * Takes a lock (`lockSql`, e.g. `lock table mods in share mode`) in a transaction of a session of
 * the test's own, as a slow writer would hold it, so that a service's write stalls on it.
 */
export async function holdLock(url: string, lockSql: string): Promise<HeldLock> {
  const holder = new Client({ connectionString: url });
  await holder.connect();
  await holder.query('begin');
  await holder.query(lockSql);
  const others = async (condition: string): Promise<number> => {
    const { rows } = await holder.query(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and (${condition})`,
    );
    return (rows[0] as { n: number }).n;
  };
  let released: Promise<void> | undefined;
  return {
    async waitedOn(timeoutMs = 5000) {
      await eventually(async () => (await others(`wait_event_type = 'Lock'`)) > 0, timeoutMs);
    },
    release() {
      released ??= (async () => {
        try {
          await holder.query('commit');
          await eventually(
            async () => (await others(`state = 'active' or state like 'idle in transaction%'`)) === 0,
            10_000,
          );
        } finally {
          await holder.end();
        }
      })();
      return released;
    },
  };
}

/** Running under CI (`CI` set and not "false" or "0"), as .ci/run is. */
export function inCi(): boolean {
  const ci = (process.env.CI ?? '').trim().toLowerCase();
  return ci !== '' && ci !== 'false' && ci !== '0';
}

/**
 * Whether tests that need something the machine may lack (a server, a tool) can run. When it is
 * missing: under CI this throws, so those tests fail saying what to install (CI installs it: a test
 * that cannot run there must not pass); elsewhere it warns and returns false, for them to be skipped.
 */
export function prerequisite(available: boolean, missing: string): boolean {
  if (available) return true;
  if (inCi()) throw new Error(`${missing} (CI=${process.env.CI}: tests that need it fail instead of being skipped)`);
  console.warn(`SKIPPED: ${missing}`);
  return false;
}
