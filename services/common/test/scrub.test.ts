// No value of a failed statement survives scrubError: driver errors carry the statement with its
// values inlined (knex: "<statement> - <message>"), plus `detail`, `where` and the like. Every
// error shape a driver, the ORM or a pool throws. (The auth service under a failing database,
// its log captured: services/auth/test/error-scrubbing.test.ts.)
import { createHash } from 'node:crypto';
import { ConnectionException, DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { DepotError } from '../src/domain/errors';
import { isConnectionError, isUniqueViolation } from '../src/runtime/connection-errors';
import { scrubError, scrubMessage } from '../src/process/scrub';

const SECRET = 'c0ffee00-aaaa-4bbb-8ccc-0123456789ab';
const HASH = createHash('sha256').update(SECRET).digest('hex');

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

test('scrubError drops the statement and its values from a driver error', () => {
  const err = Object.assign(new Error(`insert into "clients" values ('SECRET') - value too long`), {
    sqlMessage: 'value too long',
  });
  const scrubbed = scrubError(err) as Error;
  expect(scrubbed.message).toBe('value too long');
  expect(scrubbed.stack).not.toContain('SECRET');
  const plain = new Error('other');
  expect((scrubError(plain) as Error).message).toBe('other');
});
