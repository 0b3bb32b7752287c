// The CLI's settings (config.ts: the environment, else the stack npm start runs from the checkout)
// and the messages a failed command ends with (errors.ts).
import { loadGrpcConfig, loadImportConfig, unreachableHint } from '../src/config';
import { CliError, describeError, ServiceCallError } from '../src/errors';
import { DepotError } from '@depot/common';
import { ConfigError, type LocalStackState } from '@depot/common/process';
import { toServiceError } from '@depot/common/grpc';

const FILE = '/repo/.data/stack.json';
const NO_STACK: LocalStackState = { state: 'none', file: FILE };
const RUNNING: LocalStackState = {
  state: 'running',
  file: FILE,
  stack: {
    pid: 4242,
    gatewayUrl: 'http://127.0.0.1:8080',
    grpc: { catalog: '127.0.0.1:41001', builds: '127.0.0.1:41002', auth: '127.0.0.1:41003' },
    databases: {
      catalog: 'postgres://p@h/depot_catalog',
      builds: 'postgres://p@h/depot_builds',
      auth: 'postgres://p@h/depot_auth',
    },
    eventsNamespace: 'depot',
    startedAt: '2026-01-01T00:00:00.000Z',
  },
};
const STALE: LocalStackState = { state: 'stale', file: FILE, pid: 4242 };

test('configuration: gRPC addresses default to the local ports; import needs the three database URLs', () => {
  expect(loadGrpcConfig({}, NO_STACK)).toEqual({
    CATALOG_GRPC_ADDR: '127.0.0.1:50051',
    BUILDS_GRPC_ADDR: '127.0.0.1:50052',
    AUTH_GRPC_ADDR: '127.0.0.1:50053',
    GRPC_DEADLINE_MS: 5000,
    origins: { catalog: 'default', builds: 'default', auth: 'default' },
  });
  expect(() => loadGrpcConfig({ AUTH_GRPC_ADDR: 'nope' }, NO_STACK)).toThrow(/AUTH_GRPC_ADDR: must be host:port/);
  expect(() => loadImportConfig({ CATALOG_DATABASE_URL: 'postgres://h/c', BUILDS_DATABASE_URL: '' }, NO_STACK)).toThrow(
    /BUILDS_DATABASE_URL: is required[\s\S]*AUTH_DATABASE_URL: is required[\s\S]*\(or start Depot with npm start in this checkout: the CLI then uses its databases\)$/,
  );
  expect(() =>
    loadImportConfig(
      {
        CATALOG_DATABASE_URL: 'postgres://h/c',
        BUILDS_DATABASE_URL: 'postgres://h/b',
        AUTH_DATABASE_URL: 'http://x',
      },
      NO_STACK,
    ),
  ).toThrow(/AUTH_DATABASE_URL: must be a postgres:\/\/ URL/);
  const urls = {
    CATALOG_DATABASE_URL: 'postgres://h/c',
    BUILDS_DATABASE_URL: 'postgres://h/b',
    AUTH_DATABASE_URL: 'postgres://h/a',
  };
  expect(loadImportConfig(urls, NO_STACK)).toEqual(urls);
});

test('configuration: what is unset comes from the stack npm start runs from the checkout; variables win', () => {
  expect(loadGrpcConfig({ BUILDS_GRPC_ADDR: 'builds.example:7000' }, RUNNING)).toEqual({
    CATALOG_GRPC_ADDR: '127.0.0.1:41001',
    BUILDS_GRPC_ADDR: 'builds.example:7000',
    AUTH_GRPC_ADDR: '127.0.0.1:41003',
    GRPC_DEADLINE_MS: 5000,
    origins: { catalog: 'local stack', builds: 'environment', auth: 'local stack' },
  });
  expect(loadImportConfig({ AUTH_DATABASE_URL: 'postgres://mine@h/auth' }, RUNNING)).toEqual({
    CATALOG_DATABASE_URL: 'postgres://p@h/depot_catalog',
    BUILDS_DATABASE_URL: 'postgres://p@h/depot_builds',
    AUTH_DATABASE_URL: 'postgres://mine@h/auth',
  });
  // a file left by a launcher that was killed: said, rather than trying its dead addresses
  const stale =
    'no Depot runs from this checkout any more: /repo/.data/stack.json is left from a launcher (pid 4242) that has ' +
    'exited. Start it again with npm start, or set ';
  expect(() => loadGrpcConfig({}, STALE)).toThrow(
    new CliError(`${stale}CATALOG_GRPC_ADDR, BUILDS_GRPC_ADDR, AUTH_GRPC_ADDR`),
  );
  expect(() => loadImportConfig({ CATALOG_DATABASE_URL: 'postgres://h/c' }, STALE)).toThrow(
    new CliError(`${stale}CATALOG_DATABASE_URL, BUILDS_DATABASE_URL, AUTH_DATABASE_URL`),
  );
  // every variable set: the file is not even looked at
  const all = { CATALOG_GRPC_ADDR: 'c:1', BUILDS_GRPC_ADDR: 'b:2', AUTH_GRPC_ADDR: 'a:3' };
  expect(loadGrpcConfig(all, STALE).origins).toEqual({
    catalog: 'environment',
    builds: 'environment',
    auth: 'environment',
  });
});

test('error messages: Depot reasons, field errors, unreachable services, configuration', () => {
  const remote = (err: DepotError) => Object.assign(new Error(err.message), toServiceError(err));
  expect(describeError(new ServiceCallError('auth', 'a:1', remote(new DepotError('USER_NOT_FOUND'))))).toBe(
    'User not found.',
  );
  expect(
    describeError(
      new ServiceCallError(
        'auth',
        'a:1',
        remote(DepotError.fields({ username: ['The username has already been taken.'] }, 'USERNAME_TAKEN')),
      ),
    ),
  ).toBe('The username has already been taken.');
  expect(
    describeError(
      new ServiceCallError('auth', 'a:1', remote(DepotError.fields({ name: ['The name field is required.'] }))),
    ),
  ).toBe('The given data was invalid.\n  name: The name field is required.');
  const down = Object.assign(new Error('14 UNAVAILABLE: No connection established'), {
    code: 14, // UNAVAILABLE
    details: 'No connection established. Resolution note: ',
  });
  expect(describeError(new ServiceCallError('builds', '10.0.0.1:50052', down))).toBe(
    'cannot reach the builds service at 10.0.0.1:50052 (No connection established); check BUILDS_GRPC_ADDR',
  );
  expect(describeError(new ServiceCallError('auth', '127.0.0.1:50053', down, unreachableHint('auth', 'default')))).toBe(
    'cannot reach the auth service at 127.0.0.1:50053 (No connection established); no Depot started with npm start ' +
      'runs from this checkout: start one (the CLI then finds it), or set CATALOG_GRPC_ADDR, BUILDS_GRPC_ADDR, ' +
      'AUTH_GRPC_ADDR to where the services answer',
  );
  expect(
    describeError(new ServiceCallError('auth', '127.0.0.1:41003', down, unreachableHint('auth', 'local stack'))),
  ).toBe(
    'cannot reach the auth service at 127.0.0.1:41003 (No connection established); the stack npm start runs from ' +
      'this checkout (.data/stack.json) has it there: see its output, or set AUTH_GRPC_ADDR',
  );
  expect(describeError(new ConfigError('Invalid configuration:\n  X: bad'))).toBe('Invalid configuration:\n  X: bad');
  expect(describeError(new CliError('unknown modpack(s): x'))).toBe('unknown modpack(s): x');
  expect(describeError(new Error('connect to postgres://u:secret@h/db failed'))).toBe(
    'connect to postgres://u:***@h/db failed',
  );
});
