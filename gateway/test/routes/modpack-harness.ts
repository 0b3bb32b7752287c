// The gateway against fake in-process gRPC services: every call is recorded, handlers are stubs
// set per test. Lets route tests check exact JSON and the number of RPCs per request.
import * as grpc from '@grpc/grpc-js';
import { DepotError } from '@depot/common';
import { createLogger } from '@depot/common/process';
import { bindHandlers } from '@depot/common/grpc';
import { AuthService, BuildsService, CatalogService, type authV1 } from '@depot/proto';
import { buildGateway } from '../../src/app';
import { createServiceClients } from '../../src/clients';
import { loadGatewayConfig } from '../../src/config';
import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../../src/cache/invalidation';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- stubs take whatever message the method gets
type Stub = (request: any) => Promise<unknown>;

export interface FakeService {
  calls: { method: string; request: Record<string, unknown> }[];
  stubs: Record<string, Stub>;
  methods(): string[];
}

export interface Reply {
  status: number;
  headers: Headers;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- response shapes vary per test
}

export interface Harness {
  /**
   * A real HTTP request to the listening gateway. (app.inject needs light-my-request, whose
   * ESM-only `cookie` dependency jest cannot load on Node 20.) A Buffer body is sent as it is, with
   * only the headers given; any other body as JSON.
   */
  request(method: string, path: string, opts?: { headers?: Record<string, string>; body?: unknown }): Promise<Reply>;
  builds: FakeService;
  catalog: FakeService;
  auth: FakeService;
  /** The gateway (its response cache's stats, say). */
  app: FastifyInstance;
  /** Forgets recorded calls and stubs, then installs the default Authenticate. */
  reset(): void;
  close(): Promise<void>;
}

export const MIRROR = 'http://mirror.test/repo';

export const PRINCIPALS: Record<string, authV1.Principal> = {
  admin: { user_id: 1, username: 'admin', permissions: ['solder_full'], modpack_ids: [], token_id: 1 },
  nobody: { user_id: 2, username: 'nobody', permissions: [], modpack_ids: [], token_id: 2 },
  manager: {
    user_id: 3,
    username: 'manager',
    permissions: ['modpacks_create', 'modpacks_manage', 'modpacks_delete'],
    modpack_ids: [1],
    token_id: 3,
  },
};

const logger = createLogger('test', 'silent');

async function fakeServer(
  service: grpc.ServiceDefinition,
): Promise<{ fake: FakeService; server: grpc.Server; port: number }> {
  const fake: FakeService = { calls: [], stubs: {}, methods: () => fake.calls.map((c) => c.method) };
  const handlers = Object.fromEntries(
    Object.keys(service).map((method) => [
      method,
      async (request: Record<string, unknown>) => {
        // Leaves out the virtual `_field` oneof markers of proto3 optionals: tests compare values.
        fake.calls.push({
          method,
          request: Object.fromEntries(Object.entries(request).filter(([k]) => !k.startsWith('_'))),
        });
        const stub = fake.stubs[method];
        if (!stub) throw new Error(`unexpected call ${method}`);
        return stub(request);
      },
    ]),
  );
  const server = new grpc.Server();
  server.addService(service, bindHandlers(service, handlers as never, logger));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  return { fake, server, port };
}

/** `env`: extra gateway settings; `changes`: a change feed (the response cache stays off without one). */
export async function startHarness(
  opts: { env?: Record<string, string>; changes?: ChangeFeed } = {},
): Promise<Harness> {
  const builds = await fakeServer(BuildsService.service);
  const catalog = await fakeServer(CatalogService.service);
  const auth = await fakeServer(AuthService.service);
  const config = loadGatewayConfig({
    BUILDS_GRPC_ADDR: `127.0.0.1:${builds.port}`,
    CATALOG_GRPC_ADDR: `127.0.0.1:${catalog.port}`,
    AUTH_GRPC_ADDR: `127.0.0.1:${auth.port}`,
    SERVICE_MIRROR_URL: MIRROR,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'silent',
    ...opts.env,
  });
  const clients = createServiceClients(config);
  const app = await buildGateway({ config, clients, logger, changes: opts.changes });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const harness: Harness = {
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      let body: string | Buffer | undefined;
      if (Buffer.isBuffer(opts.body)) {
        // A file, as it is (an upload), with the headers the test gives (no Content-Type unless given).
        body = opts.body;
      } else if (opts.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      }
      const res = await fetch(`${base}${path}`, { method, headers, body });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text, json: () => JSON.parse(text) };
    },
    builds: builds.fake,
    catalog: catalog.fake,
    auth: auth.fake,
    app,
    reset() {
      for (const f of [builds.fake, catalog.fake, auth.fake]) {
        f.calls = [];
        f.stubs = {};
      }
      auth.fake.stubs.Authenticate = async ({ token }: { token: string }) => {
        const principal = PRINCIPALS[token];
        if (!principal) throw new DepotError('UNAUTHENTICATED');
        return principal;
      };
    },
    async close() {
      await app.close();
      for (const c of Object.values(clients)) c.close();
      for (const s of [builds.server, catalog.server, auth.server]) s.forceShutdown();
    },
  };
  harness.reset();
  return harness;
}

/** A change feed driven by the test. */
export class FakeFeed implements ChangeFeed {
  private listener?: Parameters<ChangeFeed['start']>[0];
  start(listener: Parameters<ChangeFeed['start']>[0]) {
    this.listener = listener;
    listener.state(true);
  }
  emit(type: string, data: unknown) {
    this.listener!.event(type, data);
  }
  state(up: boolean) {
    this.listener!.state(up);
  }
  async close() {}
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
