// The OpenAPI document: every /api route the gateway registers is documented (and nothing else),
// it is served at /api/openapi.json with Swagger UI at /docs without breaking the JSON 404 rule or
// CORS, and the responses of the real route code (in front of fake services) validate against the
// documented response schemas, successes and errors alike.
import * as grpc from '@grpc/grpc-js';
import type { FastifyInstance } from 'fastify';
import { bindHandlers, createLogger, DepotError } from '@depot/common';
import { AuthService, BuildsService, CatalogService, type buildsV1, type catalogV1 } from '@depot/proto';
import { buildGateway } from '../src/app';
import { createServiceClients } from '../src/clients';
import { loadGatewayConfig } from '../src/config';
import {
  apiRoutes,
  buildOpenApiDocument,
  normalizePath,
  OPERATIONS,
  responseSchema,
  undocumentedRoutes,
} from '../src/openapi';
import { FakeAuth, TS } from './admin/fake-stack';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers take whatever message the method gets
type Handler = (request: any) => Promise<unknown>;

const MD5 = '0cc175b9c0f1b6a831c399e269772661';
const modpack = (over: Partial<buildsV1.Modpack> = {}): buildsV1.Modpack => ({
  id: 1,
  name: 'Tekkit',
  slug: 'tekkit',
  hidden: false,
  private: false,
  created_at: TS,
  updated_at: TS,
  ...over,
});
const build: buildsV1.Build = {
  id: 3,
  modpack_id: 1,
  version: '1.0.0',
  minecraft: '1.20.1',
  is_published: true,
  private: false,
  min_memory: 2048,
  created_at: TS,
  updated_at: TS,
};
const mod: catalogV1.Mod = {
  id: 1,
  name: 'jei',
  pretty_name: 'JEI',
  author: 'mezz',
  created_at: TS,
  updated_at: TS,
  versions: ['1.0'],
};
const version: catalogV1.ModVersion = {
  id: 2,
  mod_id: 1,
  version: '1.0',
  md5: MD5,
  filesize: 100,
  created_at: TS,
  updated_at: TS,
};
/** A build's mods as the catalog renders them (RenderBuildMods), with their details. */
const buildMods = [
  {
    mod: { id: 5, name: 'ae2', version: '2', md5: MD5, filesize: null, url: 'https://m.example/mods/ae2/ae2-2.zip' },
    details: { pretty_name: 'AE2', author: null, description: null, link: 'https://ae2.example' },
  },
  {
    mod: { id: 2, name: 'jei', version: '1.0', md5: MD5, filesize: 100, url: 'https://m.example/mods/jei/jei-1.0.zip' },
    details: { pretty_name: 'JEI', author: null, description: null, link: null },
  },
];
const empty = async () => ({});

const catalogHandlers: Record<string, Handler> = {
  ListMods: async () => ({ mods: [{ name: 'jei', pretty_name: 'JEI' }] }),
  GetMod: async ({ slug }) => {
    if (slug !== 'jei') throw new DepotError('MOD_NOT_FOUND');
    return mod;
  },
  GetVersion: async ({ version: v }) => {
    if (v !== '1.0') throw new DepotError('VERSION_NOT_FOUND');
    return version;
  },
  CreateMod: async ({ name }) => {
    if (name === 'taken') throw DepotError.fields({ name: ['The name has already been taken.'] });
    return { ...mod, versions: [] };
  },
  UpdateMod: async () => ({ ...mod, description: 'Recipes', versions: [] }),
  DeleteMod: empty,
  CreateVersion: async () => version,
  UpdateVersion: async () => ({ ...version, filesize: undefined }),
  DeleteVersion: async ({ version: v }) => {
    if (v === '2.0') throw new DepotError('VERSION_IN_USE', { count: 2 });
    return {};
  },
  RenderBuildMods: async ({ with_details }) => ({
    mods_json: Buffer.from(
      JSON.stringify(buildMods.map(({ mod, details }) => (with_details ? { ...mod, ...details } : mod))),
    ),
  }),
};

const buildsHandlers: Record<string, Handler> = {
  ListModpacks: async () => ({
    modpacks: [
      { modpack: modpack(), builds: ['1.0.0'] },
      {
        modpack: modpack({ id: 2, slug: 'hexxit', name: 'Hexxit', icon_url: 'https://i/x.png', recommended: '2' }),
        builds: [],
      },
    ],
  }),
  GetModpack: async ({ slug }) => {
    if (slug !== 'tekkit') throw new DepotError('MODPACK_NOT_FOUND');
    return { modpack: modpack({ latest: '1.0.0' }), builds: ['1.0.0'] };
  },
  GetBuild: async ({ version: v }) => {
    if (v !== '1.0.0') throw new DepotError('BUILD_NOT_FOUND');
    return { build, mod_version_ids: [2, 5] };
  },
  CheckTarget: empty,
  CreateModpack: async () => modpack({ hidden: true }),
  UpdateModpack: async () => modpack({ order: 3, url: 'https://tekkit.example' }),
  DeleteModpack: empty,
  CloneModpack: async () => modpack({ id: 9, slug: 'tekkit2', name: 'Tekkit 2' }),
  CreateBuild: async () => build,
  UpdateBuild: async () => ({ ...build, forge: '47.1.0', min_java: '17' }),
  DeleteBuild: empty,
  AddBuildMod: empty,
  UpdateBuildMod: empty,
  RemoveBuildMod: async ({ mod_slug }) => {
    if (mod_slug !== 'jei') throw new DepotError('ASSIGNMENT_NOT_FOUND');
    return {};
  },
  GetModpacksBySlugs: async ({ slugs }) => ({ modpacks: slugs.includes('tekkit') ? [{ id: 1, slug: 'tekkit' }] : [] }),
  GetModpacksByIds: async ({ ids }) => ({ modpacks: ids.includes(1) ? [{ id: 1, slug: 'tekkit' }] : [] }),
};

const logger = createLogger('test', 'silent');

async function serve(service: grpc.ServiceDefinition, handlers: Record<string, Handler>) {
  const all = Object.fromEntries(
    Object.keys(service).map((m) => [
      m,
      handlers[m] ?? (async () => Promise.reject(new Error(`unexpected call ${m}`))),
    ]),
  );
  const server = new grpc.Server();
  server.addService(service, bindHandlers(service, all as never, logger));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  return { server, port };
}

let app: FastifyInstance;
let base: string;
let servers: grpc.Server[];
let clients: ReturnType<typeof createServiceClients>;

beforeAll(async () => {
  const auth = new FakeAuth();
  const authHandlers: Record<string, Handler> = {
    ...auth.handlers(),
    GrantModpackAccess: empty,
    ResolveReadAccess: async () => ({ all: true, modpack_ids: [] }),
  };
  const started = [
    await serve(AuthService.service, authHandlers),
    await serve(BuildsService.service, buildsHandlers),
    await serve(CatalogService.service, catalogHandlers),
  ];
  servers = started.map((s) => s.server);
  const config = loadGatewayConfig({
    AUTH_GRPC_ADDR: `127.0.0.1:${started[0].port}`,
    BUILDS_GRPC_ADDR: `127.0.0.1:${started[1].port}`,
    CATALOG_GRPC_ADDR: `127.0.0.1:${started[2].port}`,
    SERVICE_MIRROR_URL: 'https://mirror.example/repo/',
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'silent',
  });
  clients = createServiceClients(config);
  app = await buildGateway({ config, clients, logger });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  for (const c of Object.values(clients ?? {})) c.close();
  for (const s of servers ?? []) s.forceShutdown();
});

async function call(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined = opts.raw;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

describe('coverage', () => {
  it('documents every route registered under /api, and documents no route that does not exist', () => {
    const registered = apiRoutes(app);
    expect(registered.length).toBeGreaterThan(30);
    expect(undocumentedRoutes(app)).toEqual([]);
    const documented = OPERATIONS.filter((o) => o.path.startsWith('/api')).map(
      (o) => `${o.method.toUpperCase()} ${normalizePath(o.path)}`,
    );
    expect(documented.filter((d) => !registered.includes(d))).toEqual([]);
  });

  it('describes every path parameter, request body and response', () => {
    const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const params = ((op.parameters as { name: string; in: string; description?: string }[]) ?? []).filter(
          (p) => p.in === 'path',
        );
        expect(params.map((p) => p.name).sort()).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
        for (const p of params) expect(p.description).toBeTruthy();
        const responses = op.responses as Record<string, { content?: unknown }>;
        const ok = Object.keys(responses).filter((s) => s.startsWith('2'));
        expect({ [`${method} ${path}`]: ok.length }).toEqual({ [`${method} ${path}`]: 1 });
        expect(responses[ok[0]].content).toBeDefined();
        if (['post', 'put'].includes(method) && path.startsWith('/api/') && path !== '/api/openapi.json') {
          expect({ [`${method} ${path}`]: !!op.requestBody }).toEqual({ [`${method} ${path}`]: true });
        }
      }
    }
  });

  it('shows request bodies as what a client may send: required fields, patterns, nullable and list inputs', () => {
    const doc = buildOpenApiDocument() as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON document
    const createMod = doc.paths['/api/mod'].post.requestBody.content['application/json'].schema;
    expect(createMod.required).toEqual(['name', 'pretty_name']);
    expect(createMod.properties.name.pattern).toBe('^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$');
    expect(createMod.properties.link.anyOf).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'string', format: 'uri' }), { type: 'null' }]),
    );
    expect(createMod.properties.link.description).toMatch(/empty string/);
    const updateMod = doc.paths['/api/mod/{slug}'].put.requestBody.content['application/json'].schema;
    expect(updateMod.required).toBeUndefined();
    const createUser = doc.paths['/api/user'].post.requestBody.content['application/json'].schema;
    expect(createUser.properties.permissions.anyOf[0].items.enum).toContain('solder_full');
    expect(createUser.properties.permissions.anyOf[1]).toEqual({ type: 'null' });
    const createBuild = doc.paths['/api/modpack/{slug}/build'].post.requestBody.content['application/json'].schema;
    expect(createBuild.properties.min_memory.anyOf[0]).toMatchObject({ type: 'integer', minimum: 0 });
    expect(createBuild.properties.is_published).toEqual({ type: 'boolean' });
    // Response schemas are shared components.
    expect(doc.paths['/api/mod'].post.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Mod',
    });
    expect(doc.components.schemas.Mod.additionalProperties).toBe(false);
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });
});

describe('serving', () => {
  it('serves the document at /api/openapi.json with CORS', async () => {
    const res = await call('GET', '/api/openapi.json', { headers: { origin: 'https://app.example.org' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.json).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect((res.json as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('serves Swagger UI at /docs, pointing at the same document', async () => {
    const page = await call('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('access-control-allow-origin')).toBe('*');
    const json = await call('GET', '/docs/json');
    expect(json.json).toEqual((await call('GET', '/api/openapi.json')).json);
  });

  it('keeps the JSON 404 for every other path, near the docs too', async () => {
    for (const path of ['/docs/nope', '/docs/static/nope.js', '/api/openapi.yaml', '/nowhere', '/metricsx']) {
      const res = await call('GET', path);
      expect({ path, status: res.status, body: res.json }).toEqual({
        path,
        status: 404,
        body: { error: 'Not found.' },
      });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });
});

/**
 * One request per documented operation (and its usual failures): method, route pattern, url,
 * token, body and the expected status. Each answer is validated against the documented schema.
 */
const SCENARIO: [string, string, string, { token?: string; body?: unknown; raw?: string }, number][] = [
  ['GET', '/api', '/api/', {}, 200],
  ['GET', '/api', '/api', {}, 200],
  ['GET', '/api/openapi.json', '/api/openapi.json', {}, 200],
  ['GET', '/api/verify/:key', '/api/verify/platform-key', {}, 200],
  ['GET', '/api/verify/:key', '/api/verify/wrong', {}, 403],
  ['GET', '/api/mod', '/api/mod', {}, 200],
  ['GET', '/api/mod/:slug', '/api/mod/jei', {}, 200],
  ['GET', '/api/mod/:slug', '/api/mod/absent', {}, 404],
  ['GET', '/api/mod/:slug/:version', '/api/mod/jei/1.0', {}, 200],
  ['GET', '/api/mod/:slug/:version', '/api/mod/jei/9.9', {}, 404],
  ['POST', '/api/mod', '/api/mod', { token: 'admin', body: { name: 'jei', pretty_name: 'JEI', author: 'mezz' } }, 201],
  ['POST', '/api/mod', '/api/mod', { body: { name: 'jei' } }, 401],
  ['POST', '/api/mod', '/api/mod', { token: 'plain', body: { name: 'jei' } }, 403],
  ['POST', '/api/mod', '/api/mod', { token: 'admin', body: { link: 'nope' } }, 422],
  ['POST', '/api/mod', '/api/mod', { token: 'admin', body: { name: 'taken', pretty_name: 'T' } }, 422],
  ['POST', '/api/mod', '/api/mod', { token: 'admin', raw: '{oops' }, 400],
  ['PUT', '/api/mod/:slug', '/api/mod/jei', { token: 'admin', body: { description: 'Recipes' } }, 200],
  ['PUT', '/api/mod/:slug', '/api/mod/absent', { token: 'admin', body: { name: '' } }, 404],
  ['DELETE', '/api/mod/:slug', '/api/mod/jei', { token: 'admin' }, 200],
  [
    'POST',
    '/api/mod/:slug/version',
    '/api/mod/jei/version',
    { token: 'admin', body: { version: '1.0', md5: MD5 } },
    201,
  ],
  ['POST', '/api/mod/:slug/version', '/api/mod/jei/version', { token: 'admin', body: {} }, 422],
  ['PUT', '/api/mod/:slug/:version', '/api/mod/jei/1.0', { token: 'admin', body: { filesize: null } }, 200],
  ['DELETE', '/api/mod/:slug/:version', '/api/mod/jei/1.0', { token: 'admin' }, 200],
  ['DELETE', '/api/mod/:slug/:version', '/api/mod/jei/2.0', { token: 'admin' }, 409],
  ['GET', '/api/modpack', '/api/modpack', {}, 200],
  ['GET', '/api/modpack', '/api/modpack?include=full&k=key', {}, 200],
  ['GET', '/api/modpack/:slug', '/api/modpack/tekkit', {}, 200],
  ['GET', '/api/modpack/:slug', '/api/modpack/absent', {}, 404],
  ['GET', '/api/modpack/:slug/:build', '/api/modpack/tekkit/1.0.0', {}, 200],
  ['GET', '/api/modpack/:slug/:build', '/api/modpack/tekkit/1.0.0?include=mods', {}, 200],
  ['GET', '/api/modpack/:slug/:build', '/api/modpack/tekkit/9', {}, 404],
  ['POST', '/api/modpack', '/api/modpack', { token: 'admin', body: { name: 'Tekkit', slug: 'tekkit' } }, 201],
  ['PUT', '/api/modpack/:slug', '/api/modpack/tekkit', { token: 'admin', body: { order: 3 } }, 200],
  ['DELETE', '/api/modpack/:slug', '/api/modpack/tekkit', { token: 'admin' }, 200],
  [
    'POST',
    '/api/modpack/:slug/clone',
    '/api/modpack/tekkit/clone',
    { token: 'admin', body: { name: 'Tekkit 2', slug: 'tekkit2' } },
    201,
  ],
  [
    'POST',
    '/api/modpack/:slug/build',
    '/api/modpack/tekkit/build',
    { token: 'admin', body: { version: '1.0.0', minecraft: '1.20.1' } },
    201,
  ],
  [
    'POST',
    '/api/modpack/:slug/build',
    '/api/modpack/tekkit/build',
    { token: 'admin', body: { min_memory: '2048' } },
    422,
  ],
  ['PUT', '/api/modpack/:slug/:build', '/api/modpack/tekkit/1.0.0', { token: 'admin', body: { forge: '47.1.0' } }, 200],
  ['DELETE', '/api/modpack/:slug/:build', '/api/modpack/tekkit/1.0.0', { token: 'admin' }, 200],
  [
    'POST',
    '/api/modpack/:slug/:build/mod',
    '/api/modpack/tekkit/1.0.0/mod',
    { token: 'admin', body: { mod_slug: 'jei', mod_version: '1.0' } },
    201,
  ],
  [
    'PUT',
    '/api/modpack/:slug/:build/mod/:mod_slug',
    '/api/modpack/tekkit/1.0.0/mod/jei',
    { token: 'admin', body: { mod_version: '1.0' } },
    200,
  ],
  ['DELETE', '/api/modpack/:slug/:build/mod/:mod_slug', '/api/modpack/tekkit/1.0.0/mod/jei', { token: 'admin' }, 200],
  ['DELETE', '/api/modpack/:slug/:build/mod/:mod_slug', '/api/modpack/tekkit/1.0.0/mod/ae2', { token: 'admin' }, 404],
  ['GET', '/api/key', '/api/key', { token: 'admin' }, 200],
  ['POST', '/api/key', '/api/key', { token: 'admin', body: { name: 'technic' } }, 201],
  ['DELETE', '/api/key/:id', '/api/key/1', { token: 'admin' }, 200],
  ['DELETE', '/api/key/:id', '/api/key/abc', { token: 'admin' }, 404],
  [
    'POST',
    '/api/client',
    '/api/client',
    { token: 'admin', body: { name: 'alice', uuid: '6f1c2a9e-4b5d-4c3e-8f7a-1b2c3d4e5f60' } },
    201,
  ],
  [
    'PUT',
    '/api/client/:uuid',
    '/api/client/6f1c2a9e-4b5d-4c3e-8f7a-1b2c3d4e5f60',
    { token: 'admin', body: { modpacks: [1] } },
    200,
  ],
  ['GET', '/api/client', '/api/client', { token: 'admin' }, 200],
  ['DELETE', '/api/client/:uuid', '/api/client/6f1c2a9e-4b5d-4c3e-8f7a-1b2c3d4e5f60', { token: 'admin' }, 200],
  ['DELETE', '/api/client/:uuid', '/api/client/6f1c2a9e-4b5d-4c3e-8f7a-1b2c3d4e5f60', { token: 'admin' }, 404],
  ['GET', '/api/user', '/api/user', { token: 'admin' }, 200],
  [
    'POST',
    '/api/user',
    '/api/user',
    { token: 'admin', body: { username: 'alice', permissions: ['mods_create'], modpacks: ['tekkit'] } },
    201,
  ],
  ['POST', '/api/user', '/api/user', { token: 'admin', body: { username: 'bob', modpacks: ['nope'] } }, 422],
  ['PUT', '/api/user/:username', '/api/user/alice', { token: 'admin', body: { permissions: null } }, 200],
  ['POST', '/api/user/:username/token', '/api/user/alice/token', { token: 'admin', body: { name: 'ci' } }, 201],
  ['DELETE', '/api/user/:username', '/api/user/alice', { token: 'admin' }, 200],
  ['DELETE', '/api/user/:username', '/api/user/alice', { token: 'admin' }, 404],
  ['GET', '/api/token', '/api/token', { token: 'admin' }, 200],
  ['POST', '/api/token', '/api/token', { token: 'admin', body: { name: 'laptop' } }, 201],
  ['DELETE', '/api/token/:id', '/api/token/1', { token: 'admin' }, 200],
  ['DELETE', '/api/token/:id', '/api/token/1', { token: 'keeper' }, 404],
];

describe('responses match the documented schemas', () => {
  it.each(SCENARIO)('%s %s (%s) → %s', async (method, route, url, opts, status) => {
    const res = await call(method, url, opts);
    expect({ status: res.status, body: res.json }).toMatchObject({ status });
    const schema = responseSchema(method, route, status);
    expect(schema).toBeDefined();
    const parsed = schema!.safeParse(res.json);
    if (!parsed.success) throw new Error(`${method} ${url} → ${status}: ${res.text}\n${parsed.error.message}`);
  });

  it('covers every documented /api operation with a success answer', () => {
    const covered = new Set(SCENARIO.filter(([, , , , s]) => s < 300).map(([m, r]) => `${m} ${normalizePath(r)}`));
    const missing = OPERATIONS.filter((o) => o.path.startsWith('/api'))
      .map((o) => `${o.method.toUpperCase()} ${normalizePath(o.path)}`)
      .filter((k) => !covered.has(k));
    expect(missing).toEqual([]);
  });

  it('documents the health routes outside /api as they answer', async () => {
    const live = await call('GET', '/healthz');
    expect(responseSchema('GET', '/healthz', 200)!.parse(live.json)).toEqual({ status: 'ok' });
    // The fake services have no health service: not ready.
    const readiness = await call('GET', '/readyz');
    expect(readiness.status).toBe(503);
    expect(responseSchema('GET', '/readyz', 503)!.safeParse(readiness.json).success).toBe(true);
  });
});
