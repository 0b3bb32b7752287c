import { ConfigError, envBool, loadConfig, serviceEnv, z } from '../src/infra/config';
import { formatTimestamp } from '../src/domain/time';
import { grpcTarget } from '../src/infra/grpc/client';
import { serviceDatabaseUrl, redactUrl } from '../src/infra/db-admin';
import { isConnectionError, isUniqueViolation } from '../src/infra/orm';

const schema = z.object({ ...serviceEnv, FLAG: envBool(false) });

test('a missing or wrong setting is named in the error', () => {
  expect(() => loadConfig(schema, { EVENTS_NAMESPACE: 'bad name!' })).toThrow(ConfigError);
  try {
    loadConfig(schema, { EVENTS_NAMESPACE: 'bad name!', FLAG: 'maybe' });
  } catch (err) {
    expect((err as Error).message).toContain('DATABASE_URL');
    expect((err as Error).message).toContain('EVENTS_NAMESPACE');
    expect((err as Error).message).toContain('FLAG: expected true or false, got "maybe"');
  }
});

test('defaults apply and booleans parse', () => {
  const c = loadConfig(schema, { DATABASE_URL: 'postgres://u@h:5432/db', FLAG: 'TRUE' });
  expect(c).toMatchObject({
    NATS_URL: 'nats://127.0.0.1:4222',
    EVENTS_NAMESPACE: 'depot',
    DATABASE_POOL_MAX: 10,
    FLAG: true,
  });
});

test('timestamps have microseconds and a trailing Z', () => {
  expect(formatTimestamp(new Date('2024-01-02T03:04:05.678Z'))).toBe('2024-01-02T03:04:05.678000Z');
});

test('gRPC targets use the DNS resolver so round_robin sees every replica', () => {
  expect(grpcTarget('catalog:50051')).toBe('dns:///catalog:50051');
  expect(grpcTarget('127.0.0.1:5000')).toBe('dns:///127.0.0.1:5000');
  expect(grpcTarget('dns:///catalog.depot.svc:50051')).toBe('dns:///catalog.depot.svc:50051');
});

test('service databases derive from the base URL; passwords are redacted', () => {
  expect(serviceDatabaseUrl('postgres://u:p@h:5432/depot?sslmode=disable', 'catalog')).toBe(
    'postgres://u:p@h:5432/depot_catalog?sslmode=disable',
  );
  expect(redactUrl('postgres://u:secret@h/db')).toBe('postgres://u:***@h/db');
});

test('connection failures and unique violations are recognised', () => {
  expect(isConnectionError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
  expect(isConnectionError(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'))).toBe(true);
  expect(isConnectionError({ cause: { code: '57P01' } })).toBe(true);
  expect(isConnectionError(new Error('COMMIT; - Client has encountered a connection error and is not queryable'))).toBe(
    true,
  );
  // ALTER DATABASE … ALLOW_CONNECTIONS false (SQLSTATE 55000, a code too broad to list)
  expect(isConnectionError(new Error('database "depot_auth" is not currently accepting connections'))).toBe(true);
  expect(isConnectionError(new Error('Transaction query already complete, run with DEBUG=knex:tx for more info'))).toBe(
    true,
  );
  expect(isConnectionError({ code: '57014' })).toBe(true); // statement timeout
  expect(isConnectionError(new Error('syntax error'))).toBe(false);
  expect(isUniqueViolation({ code: '23505', constraint: 'mods_name_lower_unique' }, 'mods_name_lower_unique')).toBe(
    true,
  );
  expect(isUniqueViolation({ code: '23503' })).toBe(false);
});
