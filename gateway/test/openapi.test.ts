// Routes are declared once (src/pipeline/route.ts) and the OpenAPI document is generated from the routes
// the gateway registered: every route declares what it must (schemas, summary, access, answers),
// the document shows every declared route and nothing else, says who may call each one, and is
// served at /api/openapi.json with Swagger UI at /docs. The answers of the real stack are checked
// against the document in test/e2e/openapi-conformance.test.ts; the documented permission against
// the enforced one in test/e2e/permissions-documented.test.ts.
/* eslint-disable @typescript-eslint/no-explicit-any -- the document is plain JSON */
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { PERMISSIONS } from '@depot/common';
import { tag } from '../src/cache/cache';
import type { AnyRoute } from '../src/pipeline/route';
import { startStack, type Stack } from './admin/fake-stack';

let s: Stack;
let doc: any;

beforeAll(async () => {
  [s] = await startStack();
  doc = (await s.request('GET', '/api/openapi.json')).json();
});
afterAll(() => s?.close());

/** The API's paths, the mirror's form of archive URL Depot answers (`/mods/{slug}/{file}`), server packs and changelogs. */
const isApi = (url: string) =>
  /^\/api(\/|$)/.test(url) ||
  url === '/healthz' ||
  url === '/readyz' ||
  url.startsWith('/mods/') ||
  url.startsWith('/server-packs/') ||
  url.startsWith('/changelogs/') ||
  // The exports for other launchers (docs/exports.md).
  url.startsWith('/jars/') ||
  url.startsWith('/mrpack/') ||
  url.startsWith('/packwiz/');
/** `/api/mod/:slug/` → `/api/mod/{slug}`; a trailing `*` (the rest of the path) → `{*}`. */
const openApiPath = (url: string) => {
  const p = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{*}');
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
};
const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]);
/** Declared routes, one per method and path (HEAD, which Fastify adds for every GET, aside). */
function declared(): { method: string; url: string; route: AnyRoute }[] {
  return (
    s.app.routeTable
      .filter((r) => isApi(r.url) && !methodsOf(r).includes('HEAD'))
      // The declared path: the router's may hold a routed segment's pattern (route.ts `routerUrl`).
      .map((r) => ({ method: methodsOf(r)[0], url: r.config?.route?.url ?? r.url, route: r.config?.route as AnyRoute }))
  );
}

describe('declarations', () => {
  it('declares every route of the API: schemas, summary, access, answer', () => {
    const routes = declared();
    expect(routes.length).toBeGreaterThan(30);
    const access = ['public', 'read', 'user', ...PERMISSIONS];
    for (const { method, url, route } of routes) {
      const where = `${method} ${url}`;
      expect({ where, declared: route !== undefined }).toEqual({ where, declared: true });
      expect({ where, summary: route.summary.length > 3, returns: route.returns.length > 3 }).toEqual({
        where,
        summary: true,
        returns: true,
      });
      expect({ where, access: access.includes(route.access) }).toEqual({ where, access: true });
      expect(route.response).toBeInstanceOf(z.ZodType);
      const segments = [...url.matchAll(/:(\w+)|\/(\*)$/g)].map((m) => m[1] ?? m[2]);
      expect({ where, params: Object.keys((route.params as z.ZodObject | undefined)?.shape ?? {}).sort() }).toEqual({
        where,
        params: [...segments].sort(),
      });
      if (method === 'POST' || method === 'PUT')
        // A JSON body, or a file streamed (an upload).
        expect({ where, body: route.body !== undefined || route.streamedBody !== undefined }).toEqual({
          where,
          body: true,
        });
    }
  });

  it('registers nothing else but the docs, the metrics, the web console and the CORS preflight', () => {
    const others = s.app.routeTable.filter((r) => !isApi(r.url)).map((r) => `${methodsOf(r).join(',')} ${r.url}`);
    const known = (route: string) =>
      route.endsWith(' /metrics') ||
      / \/docs(\/|$)/.test(route) ||
      / \/console(\/\*)?$/.test(route) ||
      route === 'OPTIONS *';
    expect(others.filter((route) => !known(route))).toEqual([]);
  });

  it('declares what each successful write makes stale in the response cache', () => {
    const stale = (method: string, url: string, params: Record<string, string>) =>
      declared()
        .find((r) => r.method === method && r.url === url)!
        .route.invalidates?.(params as never) ?? null;
    expect(stale('POST', '/api/mod', {})).toEqual([tag.modList]);
    expect(stale('PUT', '/api/mod/:slug', { slug: 'jei' })).toEqual([tag.modList, tag.modName('jei')]);
    expect(stale('DELETE', '/api/mod/:slug', { slug: 'jei' })).toEqual([tag.modList, tag.modName('jei')]);
    expect(stale('POST', '/api/mod/:slug/version', { slug: 'jei' })).toEqual([tag.modName('jei')]);
    expect(stale('PUT', '/api/mod/:slug/:version', { slug: 'jei', version: '1' })).toEqual([tag.modName('jei')]);
    expect(stale('DELETE', '/api/mod/:slug/:version', { slug: 'jei', version: '1' })).toEqual([tag.modName('jei')]);
    expect(stale('POST', '/api/modpack', {})).toEqual([tag.modpackList]);
    for (const [method, url] of [
      ['PUT', '/api/modpack/:slug'],
      ['DELETE', '/api/modpack/:slug'],
      ['POST', '/api/modpack/:slug/clone'],
      ['POST', '/api/modpack/:slug/build'],
      ['PUT', '/api/modpack/:slug/:build'],
      ['DELETE', '/api/modpack/:slug/:build'],
      ['POST', '/api/modpack/:slug/:build/mod'],
      ['PUT', '/api/modpack/:slug/:build/mod/:mod_slug'],
      ['DELETE', '/api/modpack/:slug/:build/mod/:mod_slug'],
    ]) {
      expect({ url, tags: stale(method, url, { slug: 'p', build: '1', mod_slug: 'x' }) }).toEqual({
        url,
        tags: [tag.modpackList, tag.modpackSlug('p')],
      });
    }
    // Nothing cached depends on users, keys, clients or tokens.
    for (const { method, url, route } of declared()) {
      if (/^\/api\/(user|key|client|token)/.test(url))
        expect({ method, url, stale: route.invalidates }).toEqual({ method, url, stale: undefined });
    }
  });
});

describe('document', () => {
  it('documents every declared route and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]: [string, any]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const routes = declared().map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect([...new Set(documented)].sort()).toEqual([...new Set(routes)].sort());
  });

  it('is an OpenAPI 3.1 document Swagger UI takes without a warning (no jsonSchemaDialect)', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc).not.toHaveProperty('jsonSchemaDialect');
    expect(doc.info).toMatchObject({ title: 'Depot API', license: { name: 'MIT' } });
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
    expect(JSON.stringify(doc)).not.toMatch(/__SCHEMA__/);
  });

  it('says who may call each operation, as the declaration does', () => {
    for (const { method, url, route } of declared()) {
      const op = doc.paths[openApiPath(url)][method.toLowerCase()];
      const where = `${method} ${url}`;
      expect({ where, access: op['x-access'] }).toEqual({ where, access: route.access });
      const statuses = Object.keys(op.responses);
      if (route.access === 'public' || route.access === 'read') {
        expect({ where, auth: statuses.includes('401') }).toEqual({ where, auth: false });
        expect(op.security).toEqual(
          route.access === 'read'
            ? [{}, { bearerAuth: [] }, { platformKey: [] }, { launcherClient: [] }, { sessionCookie: [] }]
            : // A public read with private fields looks at the credentials sent, if any.
              route.privateFields
              ? [{}, { bearerAuth: [] }, { sessionCookie: [] }]
              : [],
        );
        if (route.privateFields) {
          expect({ where, x: op['x-private-fields'], says: op.description }).toEqual({
            where,
            x: route.privateFields,
            says: expect.stringContaining(
              `Private \`notes\` are answered only when set and the caller holds \`${route.privateFields}\``,
            ),
          });
        }
      } else {
        expect(op.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
        expect({ where, auth: statuses.includes('401') }).toEqual({ where, auth: true });
        if (route.access !== 'user') {
          expect(op.responses['403'].description).toContain(`\`${route.access}\``);
          expect(op.description).toContain(`Needs the \`${route.access}\` permission`);
        }
      }
    }
  });

  it('describes every path parameter, request body and response', () => {
    for (const [path, ops] of Object.entries(doc.paths) as [string, any][]) {
      for (const [method, op] of Object.entries(ops) as [string, any][]) {
        const where = `${method} ${path}`;
        const params = (op.parameters ?? []).filter((p: any) => p.in === 'path');
        expect({ where, params: params.map((p: any) => p.name).sort() }).toEqual({
          where,
          params: [...path.matchAll(/\{(\w+|\*)\}/g)].map((m) => m[1]).sort(),
        });
        for (const p of params)
          expect({ where, p: p.name, described: !!p.description }).toEqual({ where, p: p.name, described: true });
        const ok = Object.keys(op.responses).filter((st) => st.startsWith('2'));
        // One success each; signing in has two: signed in (201), or the code of two-factor sign-in next (202);
        // an archive upload two: stored (200), or the version created with it (201); and the others below.
        const two: Record<string, string[]> = {
          'post /api/session': ['201', '202'],
          'put /api/mod/{slug}/{version}/archive': ['200', '201'],
          'put /api/mod/{slug}/{version}/archive/{file_name}': ['200', '201'],
          // The version the archive names: stored (200), or created with it (201).
          'put /api/manage/mods/{slug}/archive': ['200', '201'],
          'put /api/manage/mods/{slug}/archive/{file_name}': ['200', '201'],
          // A file held now (201), or held already (200).
          'put /api/manage/archives': ['200', '201'],
          'put /api/manage/archives/{file_name}': ['200', '201'],
          // A release: the build made (201), or a dry run, or the build as asked already (200).
          'post /api/manage/modpacks/{slug}/releases': ['200', '201'],
          // A download: the whole file, or the range asked for.
          'get /mods/{slug}/{file}': ['200', '206'],
          'get /server-packs/{slug}/builds/{build}': ['200', '206'],
          'get /server-packs/{slug}/{which}': ['200', '206'],
          'get /jars/{sha256}/{file}': ['200', '206'],
          'get /mrpack/{slug}/builds/{file}': ['200', '206'],
          'get /mrpack/{slug}/{which}': ['200', '206'],
          'get /packwiz/{slug}/builds/{build}/{*}': ['200', '206'],
          'get /packwiz/{slug}/{which}/{*}': ['200', '206'],
        };
        const successes = two[where] ?? [ok[0]];
        expect({ where, ok }).toEqual({ where, ok: successes });
        const files: Record<string, string> = {
          'get /jars/': 'application/java-archive',
          'get /mrpack/': 'application/x-modrinth-modpack+zip',
          'get /packwiz/': 'application/toml',
        };
        const media =
          where === 'get /mods/{slug}/{file}' || where.startsWith('get /server-packs/')
            ? 'application/zip'
            : where.endsWith('/changelog.md')
              ? 'text/markdown'
              : where.endsWith('.atom')
                ? 'application/atom+xml'
                : (Object.entries(files).find(([prefix]) => where.startsWith(prefix))?.[1] ?? 'application/json');
        for (const st of ok) expect(op.responses[st].content[media].schema).toBeDefined();
        for (const [status, answer] of Object.entries(op.responses) as [string, any][]) {
          expect({ where, status, described: !!answer.description }).toEqual({ where, status, described: true });
          if (status !== '304')
            expect({ where, status, body: !!answer.content }).toEqual({ where, status, body: true });
        }
        expect({ where, summary: !!op.summary, id: !!op.operationId }).toEqual({ where, summary: true, id: true });
        if (['post', 'put'].includes(method)) expect({ where, body: !!op.requestBody }).toEqual({ where, body: true });
      }
    }
    const ids = Object.values(doc.paths).flatMap((ops: any) => Object.values(ops).map((op: any) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("shows an upload's body as the file, in each media type it may be sent as", () => {
    for (const path of ['/api/mod/{slug}/{version}/archive', '/api/mod/{slug}/{version}/archive/{file_name}']) {
      const op = doc.paths[path].put;
      expect(Object.keys(op.requestBody.content)).toEqual([
        'application/octet-stream',
        'application/zip',
        'application/java-archive',
        'application/x-java-archive',
      ]);
      for (const media of Object.values(op.requestBody.content) as any[])
        expect(media.schema).toMatchObject({ type: 'string', format: 'binary' });
      // The file's name is optional in the query: a Content-Disposition header or the path may give it.
      expect(op.parameters.filter((p: any) => p.in === 'query').map((p: any) => [p.name, p.required])).toEqual([
        ['file_name', false],
        ['create', false],
        ['replace', false],
        ['replace_in_builds', false],
        ['notes', false],
      ]);
      expect(op.description).toContain('The query wins over the header, the header over the path');
    }
  });

  it("shows the upload's path form: a last segment ending in .jar or .zip, any other no route", () => {
    for (const path of [
      '/api/mod/{slug}/{version}/archive/{file_name}',
      '/api/manage/mods/{slug}/{version}/archive/{file_name}',
    ]) {
      const op = doc.paths[path].put;
      const segment = op.parameters.find((p: any) => p.in === 'path' && p.name === 'file_name');
      expect(segment).toMatchObject({ required: true, schema: { type: 'string' } });
      const pattern = new RegExp(segment.schema.pattern);
      expect(['a.jar', 'B.JAR', 'c.Zip', 'd e.zip'].map((n) => pattern.test(n))).toEqual([true, true, true, true]);
      expect(['a.txt', 'a.jar.part', 'jar'].map((n) => pattern.test(n))).toEqual([false, false, false]);
      expect(op.responses['404'].description).toContain('"Not found." (a `{file_name}` the route does not take');
    }
  });

  it('shows request bodies as what a client may send: required fields, patterns, nullable and list inputs', () => {
    const body = (path: string, method: string) =>
      doc.paths[path][method].requestBody.content['application/json'].schema;
    const createMod = body('/api/mod', 'post');
    expect(createMod.required).toEqual(['name', 'pretty_name']);
    expect(createMod.properties.name.pattern).toBe('^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$');
    expect(createMod.properties.link.anyOf).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'string', format: 'uri' }), { type: 'null' }]),
    );
    expect(createMod.properties.link.description).toMatch(/empty string/);
    expect(body('/api/mod/{slug}', 'put').required).toBeUndefined();
    const createUser = body('/api/user', 'post');
    expect(createUser.properties.permissions.anyOf[0].items.enum).toEqual([...PERMISSIONS]);
    expect(createUser.properties.permissions.anyOf[1]).toEqual({ type: 'null' });
    expect(createUser.properties.modpacks.anyOf[0].items.type).toBe('string');
    const createBuild = body('/api/modpack/{slug}/build', 'post');
    expect(createBuild.properties.min_memory.anyOf[0]).toMatchObject({ type: 'integer', minimum: 0 });
    expect(createBuild.properties.is_published).toEqual({ type: 'boolean' });
    // Response schemas are shared components, strict, and every component is used.
    expect(doc.paths['/api/mod'].post.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Mod',
    });
    expect(doc.components.schemas.Mod.additionalProperties).toBe(false);
    expect(Object.keys(doc.components.schemas)).not.toContain('ModInput');
  });

  it("documents each 404 from the records the route's path names and its guard, in the route's words", () => {
    const notFound = (method: string, path: string) => doc.paths[path][method].responses['404']?.description;
    expect(notFound('get', '/api/modpack/{slug}/{build}')).toBe(
      'Not found: "Modpack does not exist", "Build does not exist".',
    );
    expect(notFound('get', '/api/mod/{slug}/{version}')).toBe(
      'Not found: "Mod does not exist", "Mod version does not exist", "Mod API has been disabled".',
    );
    expect(notFound('get', '/api/mod')).toBe('Not found: "Mod API has been disabled".');
    expect(notFound('get', '/api/manage/modpacks/{slug}/builds/{build}')).toBe(
      'Not found: "Modpack not found.", "Build not found.".',
    );
    // The path's records, then those the route declares missing besides (its assignment, the new version).
    expect(notFound('put', '/api/modpack/{slug}/{build}/mod/{mod_slug}')).toBe(
      'Not found: "Modpack not found.", "Build not found.", "Mod not found.", "Mod not in this build.", "Mod version not found.".',
    );
    expect(notFound('post', '/api/modpack/{slug}/{build}/mod')).toBe(
      'Not found: "Modpack not found.", "Build not found.", "Mod not found.", "Mod version not found.".',
    );
    expect(notFound('delete', '/api/token/{id}')).toBe('Not found: "Token not found.".');
    // Nothing in the path, nothing missing: no 404 but the router's.
    for (const [method, path] of [
      ['post', '/api/mod'],
      ['get', '/api/token'],
      ['get', '/api/verify/{key}'],
    ])
      expect({ method, path, notFound: notFound(method, path) }).toEqual({ method, path, notFound: undefined });
  });

  it('shows the launcher reads with their query, ETag and 304', () => {
    const build = doc.paths['/api/modpack/{slug}/{build}'].get;
    expect(build.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'query', name: 'include', schema: { type: 'string', enum: ['mods'] } }),
      ]),
    );
    expect(build.responses['200'].headers).toHaveProperty('etag');
    expect(build.responses['304']).toEqual({ description: expect.stringContaining('If-None-Match') });
    expect(build.responses['429'].headers).toHaveProperty('retry-after');
  });
});

describe('serving', () => {
  it('serves the document at /api/openapi.json with CORS, as the app generates it', async () => {
    const res = await s.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(s.app.swagger())));
  });

  it('serves Swagger UI at /docs, pointing at the same document', async () => {
    const page = await s.request('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('access-control-allow-origin')).toBe('*');
    const json = await s.request('GET', '/docs/json');
    expect(json.json()).toEqual(doc);
  });

  it('keeps the JSON 404 for every other path, near the docs too', async () => {
    for (const path of ['/docs/nope', '/docs/static/nope.js', '/api/openapi.yaml', '/nowhere', '/metricsx']) {
      const res = await s.request('GET', path);
      expect({ path, status: res.status, body: res.json() }).toEqual({
        path,
        status: 404,
        body: { error: 'Not found.' },
      });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });
});
