import { ConfigError, envBool, hostPortSchema, loadConfig, serviceEnv, z } from '../src/process/config';
import { formatTimestamp } from '../src/domain/time';
import { grpcTarget } from '../src/grpc/client';
import { serviceDatabaseUrl, redactUrl } from '../src/runtime/db-admin';
import { isConnectionError, isUniqueViolation } from '../src/runtime/connection-errors';

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

test('a static list of replicas (no DNS to ask) uses the ipv4:/ipv6: resolver, one family per list', () => {
  expect(grpcTarget('127.0.0.1:7001,127.0.0.1:7002')).toBe('ipv4:127.0.0.1:7001,127.0.0.1:7002');
  expect(grpcTarget('[::1]:7001,[::1]:7002')).toBe('ipv6:[::1]:7001,[::1]:7002');
  const addr = z.object({ CATALOG_GRPC_ADDR: hostPortSchema });
  for (const ok of ['catalog:50051', 'dns:///catalog:50051', '10.0.0.1:1,10.0.0.2:2', '[::1]:1,[fe80::1]:2']) {
    expect(loadConfig(addr, { CATALOG_GRPC_ADDR: ok })).toEqual({ CATALOG_GRPC_ADDR: ok });
  }
  // Names in a list would need DNS (give one name instead); families cannot be mixed; ports are ports.
  for (const bad of ['catalog:1,builds:2', '127.0.0.1:1,[::1]:2', '127.0.0.1:1,', '127.0.0.1:1,127.0.0.1:70000', 'x']) {
    expect(() => loadConfig(addr, { CATALOG_GRPC_ADDR: bad })).toThrow(
      'CATALOG_GRPC_ADDR: must be host:port, or a comma-separated list of IP:port (one family)',
    );
  }
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
