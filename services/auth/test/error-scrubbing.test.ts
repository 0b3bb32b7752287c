// No value of an auth query reaches a log line: driver errors carry the failed statement with its
// values inlined (knex: "<statement> - <message>"), plus `detail`, `where` and the like. Unit tests
// of the scrubbing for every error shape, then the real service with its database failing under
// a statement that holds a client uuid or a token digest, its log captured.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import * as grpc from '@grpc/grpc-js';
import { ConnectionException, DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { createClient, createLogger, DepotError, isConnectionError, isUniqueViolation, type Orm } from '@depot/common';
import { createTestDatabase, createTestNamespace, eventually, TEST_NATS_URL } from '@depot/common/testing';
import { AuthService } from '@depot/proto';
import { startAuth, type AuthApp } from '../src/app';
import { authConfigSchema } from '../src/config';
import { clientIdDigest, digest, scrubError, scrubMessage } from '../src/secrets';
import { actor, failure } from './helpers';

const SECRET = 'c0ffee00-aaaa-4bbb-8ccc-0123456789ab';
const HASH = digest(SECRET);

/** What knex and MikroORM make of a PostgreSQL error raised by a statement with values. */
function driverError(ctor: typeof DriverException, pgMessage: string, code: string, extra: object = {}) {
  const pg = Object.assign(new Error(pgMessage), {
    code,
    severity: 'ERROR',
    detail: `Key (uuid_hash)=(${HASH}) already exists.`,
    where: `SQL function "f" statement 1: '${SECRET}'`,
    hint: `try '${SECRET}'`,
    constraint: 'clients_uuid_hash_unique',
    table: 'clients',
    routine: 'errfinish',
    ...extra,
  });
  // knex prefixes the statement, values inlined (query-executioner.js)
  pg.message = `insert into "clients" ("name", "uuid", "uuid_hash") values ('a - b', '${SECRET}', '${HASH}') - ${pg.message}`;
  return new ctor(pg);
}

/** Everything a logger could print of an error: String(err), its stack and every property. */
function loggable(err: unknown): string {
  const seen = new Set<unknown>();
  const walk = (v: unknown): string => {
    if (v === null || typeof v !== 'object') return String(v);
    if (seen.has(v)) return '';
    seen.add(v);
    const e = v as Record<string, unknown>;
    const own = Object.getOwnPropertyNames(v).map((k) => `${k}=${walk(e[k])}`);
    return [String(v), (v as Error).stack ?? '', ...own].join('\n');
  };
  return walk(err) + JSON.stringify(err);
}

function expectClean(err: unknown) {
  const text = loggable(err).toLowerCase();
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain(HASH);
  expect(text).not.toContain('insert into');
}

describe('scrubError', () => {
  test('a statement error keeps its class, code and the driver message, not the statement or values', () => {
    const err = driverError(
      UniqueConstraintViolationException,
      'duplicate key value violates unique constraint',
      '23505',
    );
    expect(err.message).toContain(SECRET);
    const scrubbed = scrubError(err) as Error & Record<string, unknown>;
    expectClean(scrubbed);
    expect(scrubbed).toBeInstanceOf(Error);
    expect(scrubbed.name).toBe('UniqueConstraintViolationException');
    expect(scrubbed.message).toBe('duplicate key value violates unique constraint');
    expect(scrubbed).toMatchObject({ code: '23505', constraint: 'clients_uuid_hash_unique', table: 'clients' });
    expect(scrubbed.detail).toBeUndefined();
    expect(scrubbed.where).toBeUndefined();
    expect(scrubbed.hint).toBeUndefined();
    expect(scrubbed.stack).toMatch(/^UniqueConstraintViolationException: duplicate key value/);
    expect(scrubbed.stack).toMatch(/\n {4}at /);
    expect(isUniqueViolation(scrubbed)).toBe(true);
  });

  test('connection failures stay recognizable as such (the gateway answers 503)', () => {
    for (const [message, code] of [
      ['terminating connection due to administrator command', '57P01'],
      ['Connection terminated unexpectedly', undefined],
    ] as const) {
      const err = driverError(ConnectionException, message, code as string);
      const scrubbed = scrubError(err) as Error;
      expectClean(scrubbed);
      expect(isConnectionError(scrubbed)).toBe(true);
      expect(String(scrubbed)).toBe(`ConnectionException: ${message}`);
    }
    const timeout = Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
      name: 'KnexTimeoutError',
      sql: `select 1 from tokens where token_hash = '${HASH}'`,
      bindings: [HASH],
    });
    const scrubbed = scrubError(timeout) as Error;
    expectClean(scrubbed);
    expect(isConnectionError(scrubbed)).toBe(true);
  });

  test('values the driver quotes in its own message are dropped too', () => {
    const err = driverError(DriverException, `invalid input syntax for type uuid: "${SECRET}"`, '22P02');
    const scrubbed = scrubError(err) as Error;
    expectClean(scrubbed);
    expect(scrubbed.message).toBe('invalid input syntax for type uuid: "…"');
    expect(scrubMessage(`x - value 'a''b' too long for "c" and 'unterminated ${SECRET}`)).toBe(
      `value '…''…' too long for "…" and '…`,
    );
    expect(scrubMessage(`no statement, bare value ${SECRET} and ${HASH}`)).toBe('no statement, bare value … and …');
  });

  test('any other shape: query/params/sql/bindings properties, no sqlMessage, causes, non-errors', () => {
    const shapes: unknown[] = [
      // the old check only helped when `sqlMessage` was set
      Object.assign(new Error(`select * from clients where uuid = '${SECRET}'`), { query: 'select', params: [SECRET] }),
      Object.assign(new Error('failed'), {
        sql: `where uuid_hash = '${HASH}'`,
        bindings: [HASH],
        parameters: [SECRET],
      }),
      new Error('outer', { cause: driverError(ConnectionException, 'Connection terminated', '08006') }),
      Object.assign(new Error(`User not found ({ uuidHash: '${HASH}' })`), { entity: { uuid: SECRET } }),
      new AggregateError([new Error(`connect ECONNREFUSED ${SECRET}`)], `uuid ${SECRET} failed`),
      `a thrown string with ${SECRET}`,
      { message: `a thrown object with ${SECRET}`, code: 'ECONNREFUSED' },
      Object.assign(new Error(`multi\nline ${SECRET}\n    at ${SECRET}:1:2`), {}),
    ];
    for (const shape of shapes) {
      const scrubbed = scrubError(shape);
      expect(scrubbed).toBeInstanceOf(Error);
      expectClean(scrubbed);
    }
    // codes survive, so an unreachable database is still told apart from a bug
    expect(isConnectionError(scrubError(shapes[2]))).toBe(true);
    expect(isConnectionError(scrubError(shapes[6]))).toBe(true);
    const aggregate = scrubError(shapes[4]) as Error & { errors: Error[] };
    expect(aggregate.errors.map((x) => x.message)).toEqual(['connect ECONNREFUSED …']);
  });

  test('Depot errors pass through untouched: their messages are the API’s own', () => {
    const err = DepotError.fields({ uuid: ['The uuid has already been taken.'] }, 'CLIENT_TAKEN');
    expect(scrubError(err)).toBe(err);
  });
});

// ---------------------------------------------------------------------------------------------
// the service, its database failing mid-statement

describe('the auth service logs no value of a failed statement', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ns: ReturnType<typeof createTestNamespace>;
  let app: AuthApp;
  let client: ReturnType<typeof createClient<typeof AuthService.service>>;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('auth_scrub');
    ns = createTestNamespace('auth_scrub');
    const config = authConfigSchema.parse({
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      EVENTS_NAMESPACE: ns.namespace,
      AUTH_GRPC_LISTEN: '127.0.0.1:0',
    });
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    app = await startAuth(config, { logger: createLogger('auth', 'debug', sink) });
    client = createClient(AuthService, `127.0.0.1:${app.port}`);
  });

  afterAll(async () => {
    client?.close();
    await app?.stop();
    await ns?.drop();
    await db?.drop();
  });

  /**
   * Runs `call` while `table` is locked against writes, so its statement waits; then cancels
   * (`pg_cancel_backend`: an ordinary statement error) or terminates (`pg_terminate_backend`: a
   * lost connection) the backend running it.
   */
  async function failMidStatement(orm: Orm, table: string, how: 'cancel' | 'terminate', call: () => Promise<unknown>) {
    const knex = orm.em.getConnection().getKnex();
    return knex.transaction(async (trx) => {
      await trx.raw(`lock table ${table} in share mode`);
      const outcome = failure(call());
      const pid = await eventually(async () => {
        // (statistics are a snapshot per transaction: take a new one on every look)
        await trx.raw('select pg_stat_clear_snapshot()');
        const { rows } = await trx.raw(
          `select pid from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        return rows[0]?.pid as number | undefined;
      }, 10_000);
      await trx.raw(`select pg_${how}_backend(?)`, [pid as number]);
      return outcome;
    });
  }

  test('a client uuid (CreateClient) and a token digest (Authenticate), cancelled and terminated', async () => {
    const uuid = randomUUID().toUpperCase();
    const user = await client.CreateUser({
      actor: actor(['solder_full']),
      username: 'u1',
      permissions: [],
      modpack_ids: [],
    });
    const tokens = await Promise.all([1, 2].map(() => client.CreateToken({ user_id: user.id, name: 't' })));

    // A cancelled statement (statement_timeout, or an operator) means an overloaded database: an
    // outage (UNAVAILABLE → 503), like a lost connection.
    const cancelled = await failMidStatement(app.orm, 'clients', 'cancel', () =>
      client.CreateClient({ name: 'c', uuid }),
    );
    expect(cancelled.code).toBe(grpc.status.UNAVAILABLE);
    const terminated = await failMidStatement(app.orm, 'clients', 'terminate', () =>
      client.CreateClient({ name: 'c', uuid }),
    );
    expect(terminated.code).toBe(grpc.status.UNAVAILABLE);
    const authCancelled = await failMidStatement(app.orm, 'tokens', 'cancel', () =>
      client.Authenticate({ token: tokens[0].plaintext }),
    );
    expect(authCancelled.code).toBe(grpc.status.UNAVAILABLE);
    // A statement error that is no outage (a bug's shape: here a trigger raising with the row's
    // values in its message) takes the other logging path, scrubbed all the same.
    const knex = app.orm.em.getConnection().getKnex();
    await knex.raw(`create function refuse_client() returns trigger language plpgsql as $$
      begin raise exception 'refused %', new.uuid using detail = new.uuid_hash; end $$`);
    await knex.raw(
      'create trigger refuse_client before insert on clients for each row execute function refuse_client()',
    );
    const raised = await failure(client.CreateClient({ name: 'c', uuid }));
    expect(raised.code).toBe(grpc.status.INTERNAL);
    await knex.raw('drop trigger refuse_client on clients; drop function refuse_client()');
    const authTerminated = await failMidStatement(app.orm, 'tokens', 'terminate', () =>
      client.Authenticate({ token: tokens[1].plaintext }),
    );
    expect(authTerminated.code).toBe(grpc.status.UNAVAILABLE);

    // both logging paths were taken, with the class and the database's message
    const log = lines.join('\n');
    expect(log).toMatch(/unhandled error in gRPC handler/);
    expect(log).toMatch(/canceling statement due to user request/);
    expect(log).toMatch(/"code":"P0001"/); // the raise, its message scrubbed of the values
    expect(log).toMatch(/dependency unavailable/);
    expect(log).toMatch(/terminating connection due to administrator command/);
    // and no value of the statements
    const secrets = [uuid, clientIdDigest(uuid), ...tokens.flatMap((t) => [t.plaintext, digest(t.plaintext)])];
    for (const secret of secrets) expect(log.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(log).not.toMatch(/insert into|token_hash = /i);

    // the service is fine afterwards
    expect(await client.CreateClient({ name: 'c', uuid })).toMatchObject({ uuid });
    expect(await client.Authenticate({ token: tokens[0].plaintext })).toMatchObject({ user_id: user.id });
  });
});
