import { resolveSettings, serviceEnvironment, type Wiring } from '../src/config';
import { replicaLabel } from '../src/replicas';

const wiring: Wiring = {
  natsUrl: 'nats://127.0.0.1:4333',
  databases: {
    catalog: 'postgres://h/x_catalog',
    builds: 'postgres://h/x_builds',
    auth: 'postgres://h/x_auth',
    hooks: 'postgres://h/x_hooks',
  },
  ports: { catalog: [1001], builds: [1002], auth: [1003], hooks: [1005], gateway: [1004] },
  metricsPorts: { catalog: [2001], builds: [2002], auth: [2003], hooks: [2005] },
  archiveDir: '/data/archives',
};

/** Two replicas of every service. */
const replicated: Wiring = {
  ...wiring,
  ports: {
    catalog: [1001, 1011],
    builds: [1002, 1012],
    auth: [1003, 1013],
    hooks: [1005, 1015],
    gateway: [1004, 1014],
  },
  metricsPorts: { catalog: [2001, 2011], builds: [2002, 2012], auth: [2003, 2013], hooks: [2005, 2015] },
};

describe('resolveSettings', () => {
  it('uses defaults when neither options nor environment say otherwise', () => {
    const s = resolveSettings({}, {});
    expect(s).toMatchObject({
      databaseUrl: undefined,
      natsUrl: undefined,
      eventsNamespace: 'depot',
      gatewayPort: 8080,
      mirrorUrl: undefined,
      logLevel: 'info',
      pretty: false,
      color: false,
      stdio: 'pipe',
      preferEmbeddedPostgres: false,
      adminTokenGenerated: true,
      startTimeoutMs: 60000,
      persistentArchives: false,
    });
    expect(s.archiveDir).toBeUndefined();
    expect(resolveSettings({}, { ARCHIVE_STORE_DIR: '/srv/archives' }).archiveDir).toBe('/srv/archives');
    expect(s.adminToken.length).toBeGreaterThanOrEqual(16);
    expect(resolveSettings({}, {}).adminToken).not.toBe(s.adminToken);
    // A key for two-factor secrets made for this run (npm start passes the one it keeps).
    expect(s.totpEncryptionKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(resolveSettings({}, {}).totpEncryptionKey).not.toBe(s.totpEncryptionKey);
    expect(resolveSettings({}, { TOTP_ENCRYPTION_KEY: 'k'.repeat(40) }).totpEncryptionKey).toBe('k'.repeat(40));
    expect(
      resolveSettings({ totpEncryptionKey: 'o'.repeat(40) }, { TOTP_ENCRYPTION_KEY: 'k'.repeat(40) }),
    ).toMatchObject({ totpEncryptionKey: 'o'.repeat(40) });
  });

  it('reads the environment, and options win over it', () => {
    const env = {
      DATABASE_URL: 'postgres://e/db',
      NATS_URL: 'nats://e:4222',
      EVENTS_NAMESPACE: 'envns',
      GATEWAY_PORT: '9000',
      ADMIN_TOKEN: 'env-token-0123456789',
      SERVICE_MIRROR_URL: 'https://mirror.example/',
      SERVICE_DISABLE_MOD_API: 'true',
      REDIS_URL: 'redis://e:6379',
      LOG_LEVEL: 'debug',
      LOG_PRETTY: 'true',
      LOG_COLOR: 'true',
      DEPOT_EMBEDDED_PG: '1',
    };
    expect(resolveSettings({}, env)).toMatchObject({
      databaseUrl: 'postgres://e/db',
      natsUrl: 'nats://e:4222',
      eventsNamespace: 'envns',
      gatewayPort: 9000,
      adminToken: 'env-token-0123456789',
      adminTokenGenerated: false,
      mirrorUrl: 'https://mirror.example/',
      disableModApi: true,
      redisUrl: 'redis://e:6379',
      logLevel: 'debug',
      pretty: true,
      color: true,
      preferEmbeddedPostgres: true,
    });
    const s = resolveSettings(
      { gatewayPort: 0, eventsNamespace: 'opt', disableModApi: false, redisUrl: '', preferEmbeddedPostgres: false },
      env,
    );
    expect(s).toMatchObject({
      gatewayPort: 0,
      eventsNamespace: 'opt',
      disableModApi: false,
      preferEmbeddedPostgres: false,
    });
    expect(s.redisUrl).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(resolveSettings({}, { ADMIN_TOKEN: '', GATEWAY_PORT: '', DATABASE_URL: '' })).toMatchObject({
      adminTokenGenerated: true,
      gatewayPort: 8080,
      databaseUrl: undefined,
    });
  });

  it('rejects malformed values with the variable name', () => {
    expect(() => resolveSettings({}, { GATEWAY_PORT: 'http' })).toThrow(/GATEWAY_PORT/);
    expect(() => resolveSettings({ gatewayPort: 70000 }, {})).toThrow(/GATEWAY_PORT/);
    expect(() => resolveSettings({}, { DEPOT_EMBEDDED_PG: 'maybe' })).toThrow(/DEPOT_EMBEDDED_PG/);
  });

  it('runs one replica of each service unless *_REPLICAS says how many (1 to 4)', () => {
    expect(resolveSettings({}, {}).replicas).toEqual({ catalog: 1, builds: 1, auth: 1, hooks: 1, gateway: 1 });
    const env = { CATALOG_REPLICAS: '2', BUILDS_REPLICAS: '3', AUTH_REPLICAS: '', GATEWAY_REPLICAS: '4' };
    expect(resolveSettings({}, env).replicas).toEqual({ catalog: 2, builds: 3, auth: 1, hooks: 1, gateway: 4 });
    expect(resolveSettings({ replicas: { builds: 1 } }, env).replicas).toEqual({
      catalog: 2,
      builds: 1,
      auth: 1,
      hooks: 1,
      gateway: 4,
    });
    for (const bad of ['0', '5', '1.5', 'two']) {
      expect(() => resolveSettings({}, { AUTH_REPLICAS: bad })).toThrow(
        `AUTH_REPLICAS must be a whole number from 1 to 4, got "${bad}"`,
      );
    }
  });
});

describe('replica names', () => {
  it('keep the service name when it runs alone, and number the replicas otherwise', () => {
    expect(replicaLabel('catalog', 0, 1)).toBe('catalog');
    expect([0, 1].map((i) => replicaLabel('builds', i, 2))).toEqual(['builds-1', 'builds-2']);
  });
});

describe('serviceEnvironment', () => {
  const settings = resolveSettings({ adminToken: 'admin-token-0123456789', eventsNamespace: 'ns' }, {});

  it('gives each back-end service its own database, listen address and peers', () => {
    expect(serviceEnvironment('catalog', settings, wiring)).toEqual({
      NATS_URL: 'nats://127.0.0.1:4333',
      EVENTS_NAMESPACE: 'ns',
      LOG_LEVEL: 'info',
      LOG_PRETTY: 'false',
      LOG_COLOR: 'false',
      DATABASE_URL: 'postgres://h/x_catalog',
      CATALOG_GRPC_LISTEN: '127.0.0.1:1001',
      METRICS_PORT: '2001',
      BUILDS_GRPC_ADDR: '127.0.0.1:1002',
      // No mirror given: the stack's own gateway is the mirror, Depot's address (PUBLIC_URL), which
      // the catalog knows is its own: it reads its store instead of fetching itself.
      PUBLIC_URL: 'http://127.0.0.1:1004/',
      ARCHIVE_STORE_DIR: '/data/archives',
    });
    expect(
      serviceEnvironment('catalog', resolveSettings({ mirrorUrl: 'https://mirror.example/repo/' }, {}), wiring),
    ).toMatchObject({ SERVICE_MIRROR_URL: 'https://mirror.example/repo/' });
    expect(
      serviceEnvironment('catalog', resolveSettings({ mirrorUrl: 'https://mirror.example/repo/' }, {}), wiring),
    ).not.toHaveProperty('PUBLIC_URL');
    expect(serviceEnvironment('builds', settings, wiring)).toMatchObject({
      DATABASE_URL: 'postgres://h/x_builds',
      BUILDS_GRPC_LISTEN: '127.0.0.1:1002',
      METRICS_PORT: '2002',
      CATALOG_GRPC_ADDR: '127.0.0.1:1001',
    });
    expect(serviceEnvironment('auth', settings, wiring)).toMatchObject({
      DATABASE_URL: 'postgres://h/x_auth',
      AUTH_GRPC_LISTEN: '127.0.0.1:1003',
      METRICS_PORT: '2003',
      ADMIN_TOKEN: 'admin-token-0123456789',
      TOTP_ENCRYPTION_KEY: settings.totpEncryptionKey,
    });
    expect(serviceEnvironment('hooks', settings, wiring)).toMatchObject({
      DATABASE_URL: 'postgres://h/x_hooks',
      HOOKS_GRPC_LISTEN: '127.0.0.1:1005',
      METRICS_PORT: '2005',
      BUILDS_GRPC_ADDR: '127.0.0.1:1002',
      HOOKS_SECRET_KEY: settings.hooksSecretKey,
      PUBLIC_URL: 'http://127.0.0.1:1004/',
    });
  });

  it('points the gateway at every service and keeps the admin token and databases from it', () => {
    const env = serviceEnvironment('gateway', settings, wiring);
    expect(env).toMatchObject({
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: '1004',
      CATALOG_GRPC_ADDR: '127.0.0.1:1001',
      BUILDS_GRPC_ADDR: '127.0.0.1:1002',
      AUTH_GRPC_ADDR: '127.0.0.1:1003',
      HOOKS_GRPC_ADDR: '127.0.0.1:1005',
      SERVICE_MIRROR_URL: 'http://127.0.0.1:1004/',
      ARCHIVE_STORE_DIR: '/data/archives',
      REDIS_URL: '',
    });
    expect(env).not.toHaveProperty('ADMIN_TOKEN');
    expect(env).not.toHaveProperty('TOTP_ENCRYPTION_KEY');
    expect(env).not.toHaveProperty('HOOKS_SECRET_KEY');
    expect(env).not.toHaveProperty('DATABASE_URL');
    expect(env).not.toHaveProperty('SERVICE_DISABLE_MOD_API');
    // It serves /metrics on its own port.
    expect(env).not.toHaveProperty('METRICS_PORT');
  });

  it('gives each replica its own ports, and every caller the list of every replica of its peers', () => {
    const s = resolveSettings({ replicas: { catalog: 2, builds: 2, auth: 2, gateway: 2 } }, {});
    expect(serviceEnvironment('catalog', s, replicated, 1)).toMatchObject({
      CATALOG_GRPC_LISTEN: '127.0.0.1:1011',
      METRICS_PORT: '2011',
      BUILDS_GRPC_ADDR: '127.0.0.1:1002,127.0.0.1:1012',
    });
    expect(serviceEnvironment('builds', s, replicated, 0)).toMatchObject({
      BUILDS_GRPC_LISTEN: '127.0.0.1:1002',
      METRICS_PORT: '2002',
      CATALOG_GRPC_ADDR: '127.0.0.1:1001,127.0.0.1:1011',
    });
    expect(serviceEnvironment('auth', s, replicated, 1)).toMatchObject({
      AUTH_GRPC_LISTEN: '127.0.0.1:1013',
      METRICS_PORT: '2013',
    });
    for (const replica of [0, 1]) {
      expect(serviceEnvironment('gateway', s, replicated, replica)).toMatchObject({
        GATEWAY_PORT: String([1004, 1014][replica]),
        CATALOG_GRPC_ADDR: '127.0.0.1:1001,127.0.0.1:1011',
        BUILDS_GRPC_ADDR: '127.0.0.1:1002,127.0.0.1:1012',
        AUTH_GRPC_ADDR: '127.0.0.1:1003,127.0.0.1:1013',
      });
    }
  });

  it('applies extra environment for all, then per service', () => {
    const s = resolveSettings(
      {
        env: { GRPC_DEADLINE_MS: '900', LOG_LEVEL: 'warn' },
        services: { gateway: { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'error' } },
      },
      {},
    );
    expect(serviceEnvironment('gateway', s, wiring)).toMatchObject({
      GRPC_DEADLINE_MS: '900',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'error',
    });
    expect(serviceEnvironment('catalog', s, wiring)).toMatchObject({ GRPC_DEADLINE_MS: '900', LOG_LEVEL: 'warn' });
    expect(serviceEnvironment('catalog', s, wiring)).not.toHaveProperty('RATE_LIMIT_PER_MINUTE');
  });
});
