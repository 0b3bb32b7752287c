// The OpenAPI document against the real stack (docs/api.md; the document is generated from the
// gateway's route declarations):
// - every answer of every operation, successes through the typed client (@depot/api-client) and
//   the usual failures, validates against the schema the document gives for its status;
// - the documented access is the enforced one: each route that names a permission answers 403 to
//   a user who holds every other permission, and not 403 to one who holds just that one; routes
//   open to any user answer a user without permissions; every non-public route answers 401
//   without a token.
/* eslint-disable @typescript-eslint/no-explicit-any -- the document and the answers are plain JSON */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { generate } from 'otplib';
import { depotClient, type DepotClient } from '@depot/api-client';
import { PERMISSIONS } from '@depot/common';
import { md5Of, must, startTestStack, userWithToken, type TestStack } from '../support';
import { makeJar, makeZip, md5Hex, unzip } from '../support/archives';

const DOC_ID = 'https://depot.invalid/openapi.json';

let t: TestStack;
let doc: any;
let ajv: Ajv2020;
/** A mirror with the one archive the scenario rehashes (on loopback: private addresses allowed). */
let mirror: http.Server;

beforeAll(async () => {
  mirror = http.createServer((req, res) => {
    if (req.url === '/repo/mods/jei/jei-1.0.zip') res.end('jei-1.0');
    else if (req.url === '/repo/mods/jei/jei-1.1.zip') res.end('jei-1.1');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  t = await startTestStack({
    mirrorUrl: `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/repo/`,
    env: { ARCHIVE_ALLOW_PRIVATE: 'true' },
  });
  doc = must(await t.anon.get('/api/openapi.json'), 200, 'the document');
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv as never); // ajv-formats types name its own copy of ajv
  ajv.addSchema(doc, DOC_ID);
});
afterAll(async () => {
  await t?.stop();
  mirror?.close();
});

/** `/api/mod/{slug}` for an operation of the document, or undefined when it has none. */
function operation(method: string, template: string): any {
  return doc.paths[template]?.[method.toLowerCase()];
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Fails unless `body` is what the document says `method template` answers with `status`. */
function expectDocumented(method: string, template: string, status: number, body: unknown) {
  const where = `${method} ${template} → ${status}`;
  const op = operation(method, template);
  expect({ where, documented: !!op?.responses?.[status] }).toEqual({ where, documented: true });
  const answer = op.responses[status];
  if (!answer.content) {
    expect({ where, body }).toEqual({ where, body: undefined });
    return;
  }
  const ref = `${DOC_ID}#/${pointer('paths', template, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  const ok = validate(body);
  if (!ok) throw new Error(`${where}: ${JSON.stringify(body)}\n${ajv.errorsText(validate.errors)}`);
}

/** Every answer the scenario saw, as `METHOD template status`. */
const seen = new Set<string>();

/** An answer of the typed client, checked against the document. */
async function typed<T extends { response: Response; data?: unknown; error?: unknown }>(
  method: string,
  template: string,
  call: Promise<T>,
  status: number,
): Promise<NonNullable<T['data']>> {
  const res = await call;
  const body = res.data ?? res.error;
  expect({ where: `${method} ${template}`, status: res.response.status, body }).toMatchObject({
    where: `${method} ${template}`,
    status,
  });
  expectDocumented(method, template, status, body);
  seen.add(`${method} ${template} ${status}`);
  return res.data as NonNullable<T['data']>;
}

/** An archive uploaded as a client sends one (raw bytes), its JSON answer checked against the document. */
async function upload(
  url: string,
  file: Buffer,
  status: number,
  template = '/api/mod/{slug}/{version}/archive',
  method: 'PUT' | 'POST' = 'PUT',
): Promise<any> {
  const res = await fetch(t.url + url, {
    method,
    headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/octet-stream' },
    body: file,
  });
  const body = await res.json();
  expect({ where: `${method} ${url}`, status: res.status }).toEqual({ where: `${method} ${url}`, status });
  expectDocumented(method, template, status, body);
  seen.add(`${method} ${template} ${status}`);
  return body;
}

/** A raw request (for the failures a typed client would not let one send), checked against the document. */
async function raw(
  method: string,
  template: string,
  url: string,
  status: number,
  opts: { token?: string | null; body?: unknown; text?: string; type?: string } = {},
) {
  const headers: Record<string, string> = {};
  const token = opts.token === undefined ? t.adminToken : opts.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined = opts.text;
  if (opts.body !== undefined) payload = JSON.stringify(opts.body);
  if (payload !== undefined) headers['content-type'] = opts.type ?? 'application/json';
  const res = await fetch(t.url + url, { method, headers, body: payload });
  const text = await res.text();
  const body = text ? JSON.parse(text) : undefined;
  expect({ where: `${method} ${url}`, status: res.status, body }).toMatchObject({ where: `${method} ${url}`, status });
  expectDocumented(method, template, status, body);
  seen.add(`${method} ${template} ${status}`);
  return body;
}

describe('every answer is the documented one', () => {
  let api: DepotClient;
  let anon: DepotClient;

  beforeAll(() => {
    api = depotClient(t.url, { token: t.adminToken });
    anon = depotClient(t.url);
  });

  it('root, documents and probes', async () => {
    await typed('GET', '/api', api.GET('/api'), 200);
    await raw('GET', '/api', '/api/', 200);
    await typed('GET', '/api/openapi.json', anon.GET('/api/openapi.json'), 200);
    await typed('GET', '/healthz', anon.GET('/healthz'), 200);
    await typed('GET', '/readyz', anon.GET('/readyz'), 200);
  });

  it('mods and versions', async () => {
    const md5 = md5Of('jei-1.0');
    await typed(
      'POST',
      '/api/mod',
      api.POST('/api/mod', {
        body: { name: 'jei', pretty_name: 'Just Enough Items', author: 'mezz', link: 'https://jei.example' },
      }),
      201,
    );
    await typed('GET', '/api/mod', anon.GET('/api/mod'), 200);
    await typed('GET', '/api/mod/{slug}', anon.GET('/api/mod/{slug}', { params: { path: { slug: 'jei' } } }), 200);
    await typed(
      'PUT',
      '/api/mod/{slug}',
      api.PUT('/api/mod/{slug}', { params: { path: { slug: 'jei' } }, body: { description: 'Recipes' } }),
      200,
    );
    await typed(
      'POST',
      '/api/mod/{slug}/version',
      api.POST('/api/mod/{slug}/version', {
        params: { path: { slug: 'jei' } },
        body: { version: '1.0', md5, filesize: 10 },
      }),
      201,
    );
    await typed(
      'GET',
      '/api/mod/{slug}/{version}',
      anon.GET('/api/mod/{slug}/{version}', { params: { path: { slug: 'jei', version: '1.0' } } }),
      200,
    );
    await typed(
      'PUT',
      '/api/mod/{slug}/{version}',
      api.PUT('/api/mod/{slug}/{version}', {
        params: { path: { slug: 'jei', version: '1.0' } },
        body: { filesize: null },
      }),
      200,
    );
    await typed(
      'POST',
      '/api/mod/{slug}/{version}/rehash',
      api.POST('/api/mod/{slug}/{version}/rehash', {
        params: { path: { slug: 'jei', version: '1.0' } },
        body: { store: true },
      }),
      200,
    );
    // A version whose md5 is left blank: the catalog fetches its archive from the mirror.
    const fetched = await typed(
      'POST',
      '/api/manage/mods/{slug}/versions',
      api.POST('/api/manage/mods/{slug}/versions', { params: { path: { slug: 'jei' } }, body: { version: '1.1' } }),
      201,
    );
    expect([fetched.md5, fetched.filesize]).toEqual([md5Of('jei-1.1'), 7]);
    // A hosted archive: uploaded with its new version (201), again (200, nothing changed), then
    // downloaded as a launcher does, from the documented URL.
    const jar = await makeJar(2_000);
    const created = await upload('/api/mod/jei/3.0/archive?file_name=jei-3.0.jar&create=true', jar, 201);
    expect(await upload('/api/mod/jei/3.0/archive?file_name=jei-3.0.jar', jar, 200)).toMatchObject({
      changed: false,
      version: { md5: created.version.md5 },
    });
    // A new mod with its first version, from its file (201).
    expect(
      await upload(
        '/api/manage/mods/newjar/1.0/archive?file_name=newjar-1.0.jar&pretty_name=New%20Jar',
        jar,
        201,
        '/api/manage/mods/{slug}/{version}/archive',
      ),
    ).toMatchObject({ created_version: true, version: { version: '1.0' } });
    // Both with the file named by the path, as `curl -T <file> …/archive/` sends it: 201, then 200.
    const byPath = '/api/mod/{slug}/{version}/archive/{file_name}';
    await upload('/api/mod/jei/4.0/archive/jei-4.0.jar?create=true', jar, 201, byPath);
    expect(await upload('/api/mod/jei/4.0/archive/jei-4.0.jar', jar, 200, byPath)).toMatchObject({ changed: false });
    expect(
      await upload(
        '/api/manage/mods/pathjar/1.0/archive/pathjar-1.0.jar?pretty_name=Path%20Jar',
        jar,
        201,
        '/api/manage/mods/{slug}/{version}/archive/{file_name}',
      ),
    ).toMatchObject({ created_version: true, version: { version: '1.0' } });
    // The version the archive's metadata names (201, then 200), and the archive read without
    // storing it, each by the query and by the path.
    const named = await makeZip({ 'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id: 'jei', version: '5.0' }) });
    const fromArchive = '/api/manage/mods/{slug}/archive';
    expect(await upload('/api/manage/mods/jei/archive?file_name=jei.jar', named, 201, fromArchive)).toMatchObject({
      created_version: true,
      version: { version: '5.0', metadata: { mods: [{ format: 'fabric', id: 'jei', version: '5.0' }] } },
    });
    await upload('/api/manage/mods/jei/archive/jei.jar', named, 200, `${fromArchive}/{file_name}`);
    expect(await upload('/api/manage/mods/jei/archive?file_name=jei.jar', named, 200, fromArchive)).toMatchObject({
      changed: false,
    });
    const inspect = '/api/manage/archives/inspect';
    expect(await upload(`${inspect}?file_name=jei.jar`, named, 200, inspect, 'POST')).toMatchObject({
      metadata: { mods: [{ id: 'jei', version: '5.0' }] },
    });
    await upload(`${inspect}/jei.jar`, named, 200, `${inspect}/{file_name}`, 'POST');
    const download = await fetch(`${t.url}/mods/jei/jei-3.0.zip`);
    const zip = Buffer.from(await download.arrayBuffer());
    expect([download.status, download.headers.get('content-type'), md5Hex(zip)]).toEqual([
      200,
      operation('GET', '/mods/{slug}/{file}').responses['200'].content['application/zip'] && 'application/zip',
      created.version.md5,
    ]);
    seen.add('GET /mods/{slug}/{file} 200');
    // failures
    await raw('POST', '/api/mod/{slug}/{version}/rehash', '/api/mod/jei/2.0/rehash', 404, { body: {} });
    await raw('POST', '/api/mod/{slug}/{version}/rehash', '/api/mod/jei/1.0/rehash', 422, { body: { store: 1 } });
    must(await t.admin.post('/api/mod/jei/version', { version: '2.0', md5 }), 201, 'a version without archive');
    await raw('POST', '/api/mod/{slug}/{version}/rehash', '/api/mod/jei/2.0/rehash', 502, { body: {} });
    must(await t.admin.delete('/api/mod/jei/2.0'), 200, 'delete it');
    await raw('GET', '/api/mod/{slug}', '/api/mod/absent', 404, { token: null });
    await raw('GET', '/api/mod/{slug}/{version}', '/api/mod/jei/9.9', 404, { token: null });
    await raw('POST', '/api/mod', '/api/mod', 401, { token: null, body: {} });
    await raw('POST', '/api/mod', '/api/mod', 422, { body: { name: 'jei', pretty_name: 'again' } });
    await raw('POST', '/api/mod', '/api/mod', 422, { body: { link: 'nope' } });
    await raw('POST', '/api/mod', '/api/mod', 400, { text: '{oops' });
    await raw('POST', '/api/mod', '/api/mod', 415, { text: 'name=x', type: 'application/x-www-form-urlencoded' });
    await raw('PUT', '/api/mod/{slug}', '/api/mod/absent', 404, { body: { name: '' } });
    await raw('POST', '/api/mod/{slug}/version', '/api/mod/jei/version', 422, { body: {} });
    await raw('POST', '/api/mod/{slug}/version', '/api/mod/jei/version', 422, { body: { version: '1.0', md5 } });
  });

  it('modpacks, builds and assignments, and what the launcher reads', async () => {
    await typed(
      'POST',
      '/api/modpack',
      api.POST('/api/modpack', { body: { name: 'Tekkit', slug: 'tekkit', hidden: false } }),
      201,
    );
    await typed(
      'PUT',
      '/api/modpack/{slug}',
      api.PUT('/api/modpack/{slug}', { params: { path: { slug: 'tekkit' } }, body: { url: 'https://tekkit.example' } }),
      200,
    );
    await typed(
      'POST',
      '/api/modpack/{slug}/build',
      api.POST('/api/modpack/{slug}/build', {
        params: { path: { slug: 'tekkit' } },
        body: { version: '1.0.0', minecraft: '1.20.1', min_memory: 2048 },
      }),
      201,
    );
    await typed(
      'PUT',
      '/api/modpack/{slug}/{build}',
      api.PUT('/api/modpack/{slug}/{build}', {
        params: { path: { slug: 'tekkit', build: '1.0.0' } },
        body: { is_published: true, forge: '47.1.0' },
      }),
      200,
    );
    await typed(
      'POST',
      '/api/modpack/{slug}/{build}/mod',
      api.POST('/api/modpack/{slug}/{build}/mod', {
        params: { path: { slug: 'tekkit', build: '1.0.0' } },
        body: { mod_slug: 'jei', mod_version: '1.0' },
      }),
      201,
    );
    await typed(
      'PUT',
      '/api/modpack/{slug}/{build}/mod/{mod_slug}',
      api.PUT('/api/modpack/{slug}/{build}/mod/{mod_slug}', {
        params: { path: { slug: 'tekkit', build: '1.0.0', mod_slug: 'jei' } },
        body: { mod_version: '1.0' },
      }),
      200,
    );
    await typed(
      'PUT',
      '/api/modpack/{slug}',
      api.PUT('/api/modpack/{slug}', {
        params: { path: { slug: 'tekkit' } },
        body: { recommended: '1.0.0', latest: '1.0.0' },
      }),
      200,
    );
    await typed('GET', '/api/modpack', anon.GET('/api/modpack'), 200);
    await typed('GET', '/api/modpack', api.GET('/api/modpack', { params: { query: { include: 'full' } } }), 200);
    await typed(
      'GET',
      '/api/modpack/{slug}',
      anon.GET('/api/modpack/{slug}', { params: { path: { slug: 'tekkit' } } }),
      200,
    );
    const read = (include?: 'mods') =>
      anon.GET('/api/modpack/{slug}/{build}', {
        params: { path: { slug: 'tekkit', build: '1.0.0' }, query: include ? { include } : {} },
      });
    const build = await typed('GET', '/api/modpack/{slug}/{build}', read(), 200);
    expect(build.mods.map((m) => m.name)).toEqual(['jei']);
    const detailed = await typed('GET', '/api/modpack/{slug}/{build}', read('mods'), 200);
    expect(detailed.mods[0]).toMatchObject({ pretty_name: 'Just Enough Items', description: 'Recipes' });
    await typed(
      'POST',
      '/api/modpack/{slug}/clone',
      api.POST('/api/modpack/{slug}/clone', {
        params: { path: { slug: 'tekkit' } },
        body: { name: 'Tekkit 2', slug: 'tekkit2' },
      }),
      201,
    );
    // failures
    await raw('GET', '/api/modpack/{slug}', '/api/modpack/absent', 404, { token: null });
    await raw('GET', '/api/modpack/{slug}/{build}', '/api/modpack/tekkit/9', 404, { token: null });
    await raw('POST', '/api/modpack/{slug}/build', '/api/modpack/tekkit/build', 422, {
      body: { version: '1.0.0', minecraft: '1.20.1' },
    });
    await raw('POST', '/api/modpack/{slug}/build', '/api/modpack/tekkit/build', 422, { body: { min_memory: '2048' } });
    await raw('PUT', '/api/modpack/{slug}/{build}', '/api/modpack/tekkit/9', 404, { body: {} });
    await raw('POST', '/api/modpack/{slug}/{build}/mod', '/api/modpack/tekkit/1.0.0/mod', 422, {
      body: { mod_slug: 'jei', mod_version: '1.0' },
    });
    await raw('DELETE', '/api/mod/{slug}/{version}', '/api/mod/jei/1.0', 409);
    await raw('DELETE', '/api/modpack/{slug}/{build}/mod/{mod_slug}', '/api/modpack/tekkit/1.0.0/mod/absent', 404);
    // deletions, the mod last (its version is free once no build holds it)
    await typed(
      'DELETE',
      '/api/modpack/{slug}/{build}/mod/{mod_slug}',
      api.DELETE('/api/modpack/{slug}/{build}/mod/{mod_slug}', {
        params: { path: { slug: 'tekkit', build: '1.0.0', mod_slug: 'jei' } },
      }),
      200,
    );
    await typed(
      'DELETE',
      '/api/modpack/{slug}/{build}',
      api.DELETE('/api/modpack/{slug}/{build}', { params: { path: { slug: 'tekkit', build: '1.0.0' } } }),
      200,
    );
    await typed(
      'DELETE',
      '/api/modpack/{slug}',
      api.DELETE('/api/modpack/{slug}', { params: { path: { slug: 'tekkit' } } }),
      200,
    );
    await typed(
      'DELETE',
      '/api/modpack/{slug}',
      api.DELETE('/api/modpack/{slug}', { params: { path: { slug: 'tekkit2' } } }),
      200,
    );
    await typed(
      'DELETE',
      '/api/mod/{slug}/{version}',
      api.DELETE('/api/mod/{slug}/{version}', { params: { path: { slug: 'jei', version: '1.0' } } }),
      200,
    );
    await typed('DELETE', '/api/mod/{slug}', api.DELETE('/api/mod/{slug}', { params: { path: { slug: 'jei' } } }), 200);
  });

  it('files held for a release, and a release', async () => {
    must(await t.admin.post('/api/mod', { name: 'relmod', pretty_name: 'Rel Mod' }), 201, 'mod');
    must(await t.admin.post('/api/modpack', { name: 'Released', slug: 'released' }), 201, 'modpack');
    const jar = await makeZip({
      'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id: 'relmod', version: '1.0' }),
    });
    const file = { name: 'relmod.jar', sha256: createHash('sha256').update(jar).digest('hex') };
    // Held (201), again (200), by the query and by the path.
    expect(await upload('/api/manage/archives?file_name=relmod.jar', jar, 201, '/api/manage/archives')).toMatchObject({
      held: true,
      mod: 'relmod',
    });
    await upload('/api/manage/archives?file_name=relmod.jar', jar, 200, '/api/manage/archives');
    await upload('/api/manage/archives/other.jar', jar, 201, '/api/manage/archives/{file_name}');
    await upload('/api/manage/archives/other.jar', jar, 200, '/api/manage/archives/{file_name}');
    const lookup = await typed(
      'POST',
      '/api/manage/archives/lookup',
      api.POST('/api/manage/archives/lookup', { body: { files: [file] } }),
      200,
    );
    expect(lookup.files[0]).toMatchObject({ held: true, mod: 'relmod' });
    const release = (dry_run: boolean) =>
      api.POST('/api/manage/modpacks/{slug}/releases', {
        params: { path: { slug: 'released' } },
        body: { build: '1.0', minecraft: '1.20.1', mods: [{ file }], publish: true, dry_run },
      });
    const dry = await typed('POST', '/api/manage/modpacks/{slug}/releases', release(true), 200);
    expect(dry.added).toEqual([{ mod: 'relmod', version: '1.0' }]);
    const made = await typed('POST', '/api/manage/modpacks/{slug}/releases', release(false), 201);
    expect([made.build?.version, made.versions_created]).toEqual(['1.0', [{ mod: 'relmod', version: '1.0' }]]);
    const sided = await typed(
      'PUT',
      '/api/manage/mods/{slug}/versions/{version}/side',
      api.PUT('/api/manage/mods/{slug}/versions/{version}/side', {
        params: { path: { slug: 'relmod', version: '1.0' } },
        body: { side: 'server' },
      }),
      200,
    );
    expect(sided.side).toBe('server');
    const loader = await typed(
      'PUT',
      '/api/manage/modpacks/{slug}/builds/{build}/loader',
      api.PUT('/api/manage/modpacks/{slug}/builds/{build}/loader', {
        params: { path: { slug: 'released', build: '1.0' } },
        body: { name: 'fabric', version: '0.16.9' },
      }),
      200,
    );
    expect(loader).toEqual({ loader: { name: 'fabric', version: '0.16.9' } });
    const inBuild = await typed(
      'PUT',
      '/api/manage/modpacks/{slug}/builds/{build}/mods/{mod_slug}/side',
      api.PUT('/api/manage/modpacks/{slug}/builds/{build}/mods/{mod_slug}/side', {
        params: { path: { slug: 'released', build: '1.0', mod_slug: 'relmod' } },
        body: { side: 'both' },
      }),
      200,
    );
    expect(inBuild).toEqual({ mod: 'relmod', build_side: 'both' });
    // The build's server pack, by its URL and by recommended's.
    must(await t.admin.put('/api/modpack/released', { recommended: '1.0' }), 200, 'recommended');
    for (const [url, template] of [
      ['/server-packs/released/builds/1.0', '/server-packs/{slug}/builds/{build}'],
      ['/server-packs/released/recommended', '/server-packs/{slug}/{which}'],
    ]) {
      const pack = await fetch(t.url + url);
      expect([url, pack.status, pack.headers.get('content-type')]).toEqual([url, 200, 'application/zip']);
      await pack.arrayBuffer();
      seen.add(`GET ${template} 200`);
    }
    // Its exports (docs/exports.md): the management view, the .mrpack by both URLs, a jar it names.
    const exported = await typed(
      'GET',
      '/api/manage/modpacks/{slug}/builds/{build}/exports',
      api.GET('/api/manage/modpacks/{slug}/builds/{build}/exports', {
        params: { path: { slug: 'released', build: '1.0' } },
      }),
      200,
    );
    expect(exported.mrpack.recommended_url).toMatch(/\/mrpack\/released\/recommended\.mrpack$/);
    let index: { files: { downloads: string[] }[] } | undefined;
    for (const [url, template] of [
      ['/mrpack/released/builds/1.0.mrpack', '/mrpack/{slug}/builds/{file}'],
      ['/mrpack/released/recommended.mrpack', '/mrpack/{slug}/{which}'],
    ]) {
      const mrpack = await fetch(t.url + url);
      expect([url, mrpack.status]).toEqual([url, 200]);
      index = JSON.parse(
        unzip(Buffer.from(await mrpack.arrayBuffer()))
          .get('modrinth.index.json')!
          .toString(),
      );
      seen.add(`GET ${template} 200`);
    }
    // (under PUBLIC_URL, else the mirror's address: this stack's mirror is elsewhere)
    for (const [url, template] of [
      ['/packwiz/released/builds/1.0/pack.toml', '/packwiz/{slug}/builds/{build}/{*}'],
      ['/packwiz/released/recommended/index.toml', '/packwiz/{slug}/{which}/{*}'],
    ]) {
      const file = await fetch(t.url + url);
      expect([url, file.status, file.headers.get('content-type')]).toEqual([url, 200, 'application/toml']);
      await file.arrayBuffer();
      seen.add(`GET ${template} 200`);
    }
    const jarUrl = index!.files[0].downloads[0];
    const jarFile = await fetch(t.url + jarUrl.slice(jarUrl.indexOf('/jars/')));
    expect([jarFile.status, jarFile.headers.get('content-type')]).toEqual([200, 'application/java-archive']);
    await jarFile.arrayBuffer();
    seen.add('GET /jars/{sha256}/{file} 200');
  });

  it('changelogs: a build against the one before it, its notes, the releases feed', async () => {
    const path = { params: { path: { slug: 'released', build: '1.0' } } };
    const notes = await typed(
      'PUT',
      '/api/manage/modpacks/{slug}/builds/{build}/notes',
      api.PUT('/api/manage/modpacks/{slug}/builds/{build}/notes', { ...path, body: { notes: 'First *release*' } }),
      200,
    );
    expect(notes).toEqual({ notes: 'First *release*', notes_html: '<p>First <em>release</em></p>' });
    const managed = await typed(
      'GET',
      '/api/manage/modpacks/{slug}/builds/{build}/changelog',
      api.GET('/api/manage/modpacks/{slug}/builds/{build}/changelog', path),
      200,
    );
    expect(managed.summary.added).toBe(1);
    const visible = await typed(
      'GET',
      '/changelogs/{slug}/builds/{build}',
      api.GET('/changelogs/{slug}/builds/{build}', path),
      200,
    );
    expect(visible).toEqual(managed);
    for (const [url, template, type] of [
      [
        '/api/manage/modpacks/released/builds/1.0/changelog.md',
        '/api/manage/modpacks/{slug}/builds/{build}/changelog.md',
        'text/markdown; charset=utf-8',
      ],
      [
        '/changelogs/released/builds/1.0/changelog.md',
        '/changelogs/{slug}/builds/{build}/changelog.md',
        'text/markdown; charset=utf-8',
      ],
      ['/changelogs/released/releases.atom', '/changelogs/{slug}/releases.atom', 'application/atom+xml; charset=utf-8'],
    ]) {
      const r = await t.admin.get(url);
      expect([url, r.status, r.headers.get('content-type')]).toEqual([url, 200, type]);
      seen.add(`GET ${template} 200`);
    }
  });

  it('management reads and the pack doctor', async () => {
    must(await t.admin.post('/api/mod', { name: 'manage-mod', pretty_name: 'Manage mod' }), 201, 'mod');
    must(await t.admin.post('/api/mod/manage-mod/version', { version: '1', md5: md5Of('m-1') }), 201, 'version');
    must(await t.admin.post('/api/modpack', { name: 'Managed', slug: 'managed' }), 201, 'modpack');
    must(await t.admin.post('/api/modpack/managed/build', { version: '1.0', minecraft: '1.20.1' }), 201, 'build');
    must(
      await t.admin.post('/api/modpack/managed/1.0/mod', { mod_slug: 'manage-mod', mod_version: '1' }),
      201,
      'assignment',
    );
    const list = await typed('GET', '/api/manage/modpacks', api.GET('/api/manage/modpacks'), 200);
    expect(list.modpacks.map((m) => m.modpack.slug)).toContain('managed');
    const slug = { params: { path: { slug: 'managed' } } };
    const pack = await typed('GET', '/api/manage/modpacks/{slug}', api.GET('/api/manage/modpacks/{slug}', slug), 200);
    expect(pack.builds.map((b) => [b.build.version, b.mod_count])).toEqual([['1.0', 1]]);
    const build = await typed(
      'GET',
      '/api/manage/modpacks/{slug}/builds/{build}',
      api.GET('/api/manage/modpacks/{slug}/builds/{build}', { params: { path: { slug: 'managed', build: '1.0' } } }),
      200,
    );
    expect(build.mods.map((m) => m.mod.name)).toEqual(['manage-mod']);
    const diagnosis = await typed(
      'GET',
      '/api/manage/modpacks/{slug}/doctor',
      api.GET('/api/manage/modpacks/{slug}/doctor', slug),
      200,
    );
    expect(diagnosis.findings.map((f) => f.code)).toEqual([
      'no-published-build',
      'recommended-unset',
      'latest-unset',
      'modpack-hidden',
    ]);
    const mod = await typed(
      'GET',
      '/api/manage/mods/{slug}',
      api.GET('/api/manage/mods/{slug}', { params: { path: { slug: 'manage-mod' } } }),
      200,
    );
    expect(mod.versions.map((v) => v.builds.map((b) => `${b.modpack.slug}/${b.build.version}`))).toEqual([
      ['managed/1.0'],
    ]);
    await typed('GET', '/api/manage/mods', api.GET('/api/manage/mods'), 200);
    await typed(
      'GET',
      '/api/manage/mods/{slug}/versions',
      api.GET('/api/manage/mods/{slug}/versions', { params: { path: { slug: 'manage-mod' } } }),
      200,
    );
    expect(await typed('GET', '/api/manage/settings', api.GET('/api/manage/settings'), 200)).toEqual({
      mod_version_urls: false,
    });
    // failures
    await raw('GET', '/api/manage/settings', '/api/manage/settings', 401, { token: null });
    await raw('GET', '/api/manage/modpacks/{slug}', '/api/manage/modpacks/absent', 404);
    await raw('GET', '/api/manage/modpacks/{slug}/builds/{build}', '/api/manage/modpacks/managed/builds/9', 404);
    await raw('GET', '/api/manage/modpacks/{slug}/doctor', '/api/manage/modpacks/absent/doctor', 404);
    await raw('GET', '/api/manage/mods/{slug}', '/api/manage/mods/absent', 404);
    await raw('GET', '/api/manage/mods/{slug}/versions', '/api/manage/mods/absent/versions', 404);
    await raw('GET', '/api/manage/modpacks', '/api/manage/modpacks', 401, { token: null });
    const outsider = await userWithToken(t.admin, 'manage-outsider', ['modpacks_manage']);
    await raw('GET', '/api/manage/modpacks/{slug}', '/api/manage/modpacks/managed', 403, { token: outsider });
  });

  it('platform keys, launcher clients, users and tokens', async () => {
    const key = await typed('POST', '/api/key', api.POST('/api/key', { body: { name: 'technic' } }), 201);
    await typed('GET', '/api/key', api.GET('/api/key'), 200);
    await typed(
      'GET',
      '/api/verify/{key}',
      anon.GET('/api/verify/{key}', { params: { path: { key: key.api_key } } }),
      200,
    );
    await raw('GET', '/api/verify/{key}', '/api/verify/wrong', 403, { token: null });
    await typed(
      'DELETE',
      '/api/key/{id}',
      api.DELETE('/api/key/{id}', { params: { path: { id: String(key.id) } } }),
      200,
    );
    await raw('DELETE', '/api/key/{id}', '/api/key/abc', 404);

    const uuid = randomUUID();
    await typed('POST', '/api/client', api.POST('/api/client', { body: { name: 'alice-laptop', uuid } }), 201);
    must(await t.admin.post('/api/modpack', { name: 'Hexxit', slug: 'hexxit' }), 201, 'modpack');
    const hexxit = (await t.admin.get('/api/modpack?include=full')).body.modpacks.hexxit.id as number;
    await typed(
      'PUT',
      '/api/client/{uuid}',
      api.PUT('/api/client/{uuid}', { params: { path: { uuid } }, body: { modpacks: [hexxit] } }),
      200,
    );
    await typed('GET', '/api/client', api.GET('/api/client'), 200);
    await raw('PUT', '/api/client/{uuid}', `/api/client/${uuid}`, 422, { body: { modpacks: [999999] } });
    await typed('DELETE', '/api/client/{uuid}', api.DELETE('/api/client/{uuid}', { params: { path: { uuid } } }), 200);
    await raw('DELETE', '/api/client/{uuid}', `/api/client/${uuid}`, 404);

    await typed(
      'POST',
      '/api/user',
      api.POST('/api/user', { body: { username: 'alice', permissions: ['mods_create'], modpacks: ['hexxit'] } }),
      201,
    );
    await raw('POST', '/api/user', '/api/user', 422, { body: { username: 'bob', modpacks: ['nope'] } });
    await typed(
      'PUT',
      '/api/user/{username}',
      api.PUT('/api/user/{username}', { params: { path: { username: 'alice' } }, body: { permissions: null } }),
      200,
    );
    await typed('GET', '/api/user', api.GET('/api/user'), 200);
    const issued = await typed(
      'POST',
      '/api/user/{username}/token',
      api.POST('/api/user/{username}/token', { params: { path: { username: 'alice' } }, body: { name: 'ci' } }),
      201,
    );
    const alice = depotClient(t.url, { token: issued.token.plaintext });
    await typed('GET', '/api/token', alice.GET('/api/token'), 200);
    const own = await typed('POST', '/api/token', alice.POST('/api/token', { body: { name: 'laptop' } }), 201);
    await raw('DELETE', '/api/token/{id}', `/api/token/${own.token.id}`, 404);
    await typed(
      'DELETE',
      '/api/token/{id}',
      alice.DELETE('/api/token/{id}', { params: { path: { id: String(own.token.id) } } }),
      200,
    );
    await raw('GET', '/api/user', '/api/user', 403, { token: issued.token.plaintext });
    await typed(
      'DELETE',
      '/api/user/{username}',
      api.DELETE('/api/user/{username}', { params: { path: { username: 'alice' } } }),
      200,
    );
    await raw('DELETE', '/api/user/{username}', '/api/user/alice', 404);
    await raw('GET', '/api/token', '/api/token', 401, { token: 'unknown-token' });
  });

  it('sessions and your account', async () => {
    await typed(
      'POST',
      '/api/user',
      api.POST('/api/user', { body: { username: 'dora', email: 'dora@example.com', password: 'dora-password' } }),
      201,
    );
    await typed('GET', '/api/user', api.GET('/api/user', { params: { query: { include: 'email' } } }), 200);
    const signIn = anon.POST('/api/session', { body: { login: 'dora', password: 'dora-password' } });
    const signedIn = await typed('POST', '/api/session', signIn, 201);
    if (!('csrf_token' in signedIn)) throw new Error('dora has no two-factor sign-in: a session, not a challenge');
    const cookie = (await signIn).response.headers.getSetCookie()[0].split(';')[0];
    const dora = depotClient(t.url, { headers: { cookie, 'x-csrf-token': signedIn.csrf_token! } });
    await typed('GET', '/api/session', dora.GET('/api/session'), 200);
    await typed('GET', '/api/account', dora.GET('/api/account'), 200);
    await typed('PUT', '/api/account', dora.PUT('/api/account', { body: { email: 'dora@example.org' } }), 200);
    await raw('POST', '/api/session', '/api/session', 422, {
      token: null,
      body: { login: 'dora', password: 'wrong-password' },
    });
    await raw('PUT', '/api/account', '/api/account', 422, { body: { email: 'not-an-address' } });
    await raw('GET', '/api/session', '/api/session', 401, { token: null });
    await typed('DELETE', '/api/session', dora.DELETE('/api/session'), 200);
    await raw('GET', '/api/account', '/api/account', 401, { token: null });
  });

  it('two-factor sign-in', async () => {
    await typed(
      'POST',
      '/api/user',
      api.POST('/api/user', { body: { username: 'tess', password: 'tess-password' } }),
      201,
    );
    const tessToken = must(await t.admin.post('/api/user/tess/token', { name: 'contract' }), 201, 'token').token
      .plaintext;
    const tess = depotClient(t.url, { token: tessToken });
    await raw('POST', '/api/account/two-factor', '/api/account/two-factor', 422, {
      body: { password: 'wrong-password' },
      token: tessToken,
    });
    await typed('GET', '/api/account/two-factor', tess.GET('/api/account/two-factor'), 200);
    const { secret } = await typed(
      'POST',
      '/api/account/two-factor',
      tess.POST('/api/account/two-factor', { body: { password: 'tess-password' } }),
      201,
    );
    // The current step's code, then the next one's (accepted one step ahead): each is accepted once.
    let step = Math.floor(Date.now() / 30_000) - 1;
    const code = () => generate({ secret, epoch: ++step * 30 });
    await raw('POST', '/api/account/two-factor/confirm', '/api/account/two-factor/confirm', 422, {
      body: { code: '000000' },
      token: tessToken,
    });
    await raw('POST', '/api/account/two-factor/confirm', '/api/account/two-factor/confirm', 409, {
      body: { code: '000000' },
    }); // admin has nothing set up
    await typed(
      'POST',
      '/api/account/two-factor/confirm',
      tess.POST('/api/account/two-factor/confirm', { body: { code: await code() } }),
      200,
    );
    await typed('GET', '/api/user', api.GET('/api/user', { params: { query: { include: 'email,two_factor' } } }), 200);
    await typed('GET', '/api/user', api.GET('/api/user', { params: { query: { include: 'two_factor' } } }), 200);

    const password = anon.POST('/api/session', { body: { login: 'tess', password: 'tess-password' } });
    await typed('POST', '/api/session', password, 202);
    const challenge = (await password).response.headers.getSetCookie()[0].split(';')[0];
    const pending = depotClient(t.url, { headers: { cookie: challenge } });
    await raw('POST', '/api/session/two-factor', '/api/session/two-factor', 422, {
      token: null,
      body: { code: '000000' },
    });
    await typed(
      'POST',
      '/api/session/two-factor',
      pending.POST('/api/session/two-factor', { body: { code: await code() } }),
      201,
    );
    await typed(
      'POST',
      '/api/account/two-factor/recovery-codes',
      tess.POST('/api/account/two-factor/recovery-codes', { body: { password: 'tess-password' } }),
      200,
    );
    await typed(
      'DELETE',
      '/api/account/two-factor',
      tess.DELETE('/api/account/two-factor', { body: { password: 'tess-password' } }),
      200,
    );
    await raw('DELETE', '/api/account/two-factor', '/api/account/two-factor', 409, { body: { password: 'x' } });
    await typed(
      'DELETE',
      '/api/user/{username}/two-factor',
      api.DELETE('/api/user/{username}/two-factor', { params: { path: { username: 'tess' } } }),
      200,
    );
    await raw('DELETE', '/api/user/{username}/two-factor', '/api/user/nobody/two-factor', 404);
  });

  it('webhooks: for every modpack and for one, their log, send again, a test event', async () => {
    for (const [template, url] of [
      ['/api/manage/hooks', '/api/manage/hooks'],
      ['/api/manage/modpacks/{slug}/hooks', '/api/manage/modpacks/released/hooks'],
    ]) {
      const body = { url: 'https://hooks.example.com/depot', events: ['build.published'] };
      const created = await raw('POST', template, url, 201, { body });
      expect(created.secret).toMatch(/^whsec_/);
      expect((await raw('GET', template, url, 200)).webhooks.map((w: any) => w.id)).toContain(created.id);
      const [one, oneUrl] = [`${template}/{id}`, `${url}/${created.id}`];
      await raw('GET', one, oneUrl, 200);
      expect((await raw('PUT', one, oneUrl, 200, { body: { description: 'CI' } })).description).toBe('CI');
      const test = await raw('POST', `${one}/test`, `${oneUrl}/test`, 200, { body: {} });
      expect(test).toMatchObject({ event: 'ping', state: 'pending' });
      const log = await raw('GET', `${one}/deliveries`, `${oneUrl}/deliveries`, 200);
      expect(log.deliveries.map((d: any) => d.id)).toEqual([test.id]);
      const again = `${oneUrl}/deliveries/${test.id}/redeliver`;
      await raw('POST', `${one}/deliveries/{delivery}/redeliver`, again, 200, { body: {} });
      await raw('DELETE', one, oneUrl, 200);
    }
  });

  it('covers every documented operation with its success answer', () => {
    const missing: string[] = [];
    for (const [template, ops] of Object.entries(doc.paths) as [string, any][]) {
      for (const [method, op] of Object.entries(ops) as [string, any][]) {
        const ok = Object.keys(op.responses).find((s) => s.startsWith('2'));
        if (!seen.has(`${method.toUpperCase()} ${template} ${ok}`))
          missing.push(`${method.toUpperCase()} ${template} ${ok}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the documented access is the enforced one', () => {
  const UNAUTHORIZED = { error: 'This action is unauthorized.' };
  const UNAUTHENTICATED = { error: 'Unauthenticated.' };
  /** Path parameters that name nothing: a route refuses or looks up, never changes anything. */
  const FILL: Record<string, string> = {
    slug: 'absent-slug',
    build: '0.0.0-absent',
    mod_slug: 'absent-mod',
    version: '0.0.0-absent',
    username: 'absent-user',
    id: '2147483000',
    uuid: '00000000-0000-4000-8000-000000000000',
    key: 'absent-key',
    file_name: 'absent.jar',
  };
  const url = (template: string) => template.replace(/\{(\w+)\}/g, (_m, name: string) => FILL[name]);
  const call = async (method: string, template: string, token: string | null) => {
    const res = await fetch(t.url + url(template), {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(method === 'POST' || method === 'PUT' ? { 'content-type': 'application/json' } : {}),
      },
      body: method === 'POST' || method === 'PUT' ? '{}' : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const operations = () =>
    (Object.entries(doc.paths) as [string, any][]).flatMap(([template, ops]) =>
      (Object.entries(ops) as [string, any][]).map(([method, op]) => ({
        method: method.toUpperCase(),
        template,
        access: op['x-access'] as string,
        alsoNeeds: op['x-also-needs'] as string | undefined,
      })),
    );

  it('documents a known access for every operation', () => {
    const known = ['public', 'read', 'user', ...PERMISSIONS];
    expect(operations().filter((o) => !known.includes(o.access))).toEqual([]);
  });

  it('refuses each permission route to a user holding every other permission, and lets its holder past', async () => {
    const tokens = new Map<string, { without: string; only: string }>();
    for (const permission of PERMISSIONS.filter((p) => p !== 'solder_full')) {
      const others = PERMISSIONS.filter((p) => p !== permission && p !== 'solder_full');
      tokens.set(permission, {
        without: await userWithToken(t.admin, `without-${permission}`.replace(/_/g, '-'), others),
        only: await userWithToken(t.admin, `only-${permission}`.replace(/_/g, '-'), [permission]),
      });
    }
    const checked: string[] = [];
    /** A user holding both permissions of a pair, made once (several routes may need the same pair). */
    const holders = new Map<string, string>();
    const holderOf = async (access: string, alsoNeeds: string) => {
      const username = `both-${access}-${alsoNeeds}`.replace(/_/g, '-');
      if (!holders.has(username)) holders.set(username, await userWithToken(t.admin, username, [access, alsoNeeds]));
      return holders.get(username)!;
    };
    for (const { method, template, access, alsoNeeds } of operations()) {
      if (!tokens.has(access)) continue;
      const where = `${method} ${template} (${[access, alsoNeeds].filter(Boolean).join(' + ')})`;
      const { without, only } = tokens.get(access)!;
      expect({ where, ...(await call(method, template, without)) }).toEqual({ where, status: 403, body: UNAUTHORIZED });
      // A route that needs a second permission: refused without it too, let past with both.
      let holder = only;
      if (alsoNeeds) {
        expect({ where, ...(await call(method, template, tokens.get(alsoNeeds)!.without)) }).toEqual({
          where,
          status: 403,
          body: UNAUTHORIZED,
        });
        expect({ where, ...(await call(method, template, only)) }).toEqual({ where, status: 403, body: UNAUTHORIZED });
        holder = await holderOf(access, alsoNeeds);
      }
      const res = await call(method, template, holder);
      expect({ where, forbidden: res.status === 401 || res.status === 403 }).toEqual({ where, forbidden: false });
      checked.push(where);
    }
    // Every write of the API is guarded by a permission but the user's own tokens.
    expect(checked.length).toBeGreaterThanOrEqual(28);
  });

  it('answers 401 without a token on every route that is not public, and lets any user use the user routes', async () => {
    const plain = await userWithToken(t.admin, 'plain-user', []);
    for (const { method, template, access } of operations()) {
      if (access === 'public' || access === 'read') continue;
      const where = `${method} ${template}`;
      expect({ where, ...(await call(method, template, null)) }).toEqual({ where, status: 401, body: UNAUTHENTICATED });
      if (access === 'user') {
        const res = await call(method, template, plain);
        expect({ where, refused: res.status === 401 || res.status === 403 }).toEqual({ where, refused: false });
      }
    }
  });

  it('answers the public and read routes without credentials', async () => {
    for (const { method, template, access } of operations()) {
      if (access !== 'public' && access !== 'read') continue;
      const res = await call(method, template, null);
      expect({
        where: `${method} ${template}`,
        refused: res.status === 401 || (res.status === 403 && template !== '/api/verify/{key}'),
      }).toEqual({
        where: `${method} ${template}`,
        refused: false,
      });
    }
  });
});
