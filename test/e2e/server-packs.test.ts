// A build's server pack (docs/archives.md#server-packs), against a real stack: a build of a jar mod,
// a Technic zip (a jar, its config, a client-only file), a client-only mod and a server-only mod;
// its pack downloaded from the build's URL and from `recommended`, unzipped: exactly the server's
// mods and configs, and a manifest whose sha256s match the files. The same bytes twice; a range;
// a private build's pack only with access; a pack that cannot be made says why, nothing served.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { must, startTestStack, type TestStack } from '../support';
import { fabricJar, makeZip, md5Hex, putFile, unzip } from '../support/archives';

let t: TestStack;
let dir: string;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const fabric = fabricJar;

const jars: Record<string, Buffer> = {};

async function addMod(slug: string, file: string, bytes: Buffer) {
  must(await t.admin.post('/api/mod', { name: slug, pretty_name: slug }), 201, slug);
  const res = await putFile(`${t.url}/api/mod/${slug}/1.0/archive?file_name=${file}&create=true`, bytes, {
    token: t.adminToken,
  });
  expect([slug, res.status]).toEqual([slug, 201]);
  must(await t.admin.post('/api/modpack/srv/1.0/mod', { mod_slug: slug, mod_version: '1.0' }), 201, slug);
}

const download = (url: string, headers: Record<string, string> = {}) => fetch(`${t.url}${url}`, { headers });

/** The pack doctor's findings on the modpack, but the API root's (PUBLIC_URL is not set here). */
async function doctor(): Promise<{ code: string; severity: string; message: string; fix: string }[]> {
  const res = await t.admin.get('/api/manage/modpacks/srv/doctor');
  expect(res.status).toBe(200);
  return (res.body as { findings: { code: string; severity: string; message: string; fix: string }[] }).findings;
}

/** What the doctor says of tech's Technic bin/ folder while build 1.0 is followed. */
const techLoader = {
  code: 'export-loader-archive',
  severity: 'warning',
  message:
    "The archive of mod tech version 1.0 holds a bin/ folder (the Technic Launcher's modpack.jar loader): the .mrpack and packwiz pack of build 1.0 leave it out and name the build's loader instead, which other launchers install themselves.",
  fix: 'Make sure the build\'s loader is set: PUT /api/manage/modpacks/srv/builds/1.0/loader with {"name": "forge", "version": "14.23.5.2860"} (forge, neoforge, fabric, quilt, or none for vanilla).',
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-server-packs-'));
  t = await startTestStack({ mirrorUrl: null, env: { ARCHIVE_STORE_DIR: dir } });
  must(await t.admin.post('/api/modpack', { name: 'Server', slug: 'srv' }), 201, 'modpack');
  must(
    await t.admin.post('/api/modpack/srv/build', {
      version: '1.0',
      minecraft: '1.20.1',
      forge: '47.2.0',
      min_java: '17',
      is_published: true,
    }),
    201,
    'build',
  );
  must(await t.admin.put('/api/modpack/srv', { recommended: '1.0' }), 200, 'recommended');
  jars.library = await fabric('library', '*');
  jars.minimap = await fabric('minimap', 'client');
  jars.chunkloader = await fabric('chunkloader', 'server');
  jars.tech = await makeZip({ 'x/Tech.class': 'tech'.repeat(100) });
  await addMod('library', 'library-1.0.jar', jars.library);
  await addMod('minimap', 'minimap-1.0.jar', jars.minimap);
  await addMod('chunkloader', 'chunkloader-1.0.jar', jars.chunkloader);
  await addMod(
    'tech',
    'tech-1.0.zip',
    await makeZip({
      'mods/tech-1.0.jar': jars.tech,
      'config/tech.toml': 'power = 9000\n',
      'bin/modpack.jar': 'client only',
      'resourcepacks/tech.zip': 'textures',
    }),
  );
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("the build's pack: the server's mods and configs, and a manifest whose sha256s match", async () => {
  const res = await download('/server-packs/srv/builds/1.0');
  const zip = Buffer.from(await res.arrayBuffer());
  expect([res.status, res.headers.get('content-type'), res.headers.get('content-disposition')]).toEqual([
    200,
    'application/zip',
    'attachment; filename="srv-1.0-server.zip"',
  ]);
  expect(res.headers.get('etag')).toBe(`"${md5Hex(zip)}"`);
  const entries = unzip(zip);
  expect([...entries.keys()]).toEqual([
    'config/tech.toml',
    'mods/chunkloader-1.0.jar',
    'mods/library-1.0.jar',
    'mods/tech-1.0.jar',
    'depot-server.json',
  ]);
  expect(entries.get('mods/library-1.0.jar')).toEqual(jars.library);
  expect(entries.get('mods/tech-1.0.jar')).toEqual(jars.tech);
  const manifest = JSON.parse(entries.get('depot-server.json')!.toString());
  expect(manifest).toEqual({
    modpack: 'srv',
    build: '1.0',
    minecraft: '1.20.1',
    forge: '47.2.0',
    min_java: '17',
    // Not set for the build: its forge field says Forge.
    loader: { name: 'forge', version: '47.2.0' },
    files: [...entries.keys()]
      .filter((p) => p !== 'depot-server.json')
      .map((p) => ({
        path: p,
        sha256: sha256(entries.get(p)!),
        size: entries.get(p)!.length,
        mod: p === 'config/tech.toml' ? 'tech' : p.slice('mods/'.length).replace('-1.0.jar', ''),
        version: '1.0',
      })),
  });
});

test('the same bytes every time, from the recommended URL too; a range; 304', async () => {
  const first = Buffer.from(await (await download('/server-packs/srv/builds/1.0')).arrayBuffer());
  const recommended = await download('/server-packs/srv/recommended');
  expect(recommended.headers.get('cache-control')).toBe('public, no-cache');
  const again = Buffer.from(await recommended.arrayBuffer());
  expect(md5Hex(again)).toBe(md5Hex(first));
  const range = await download('/server-packs/srv/builds/1.0', { range: 'bytes=0-3' });
  expect([range.status, Buffer.from(await range.arrayBuffer()).toString('latin1')]).toEqual([206, 'PK\u0003\u0004']);
  const cached = await download('/server-packs/srv/builds/1.0', { 'if-none-match': `"${md5Hex(first)}"` });
  expect(cached.status).toBe(304);
  const latest = await download('/server-packs/srv/latest');
  expect([latest.status, await latest.json()]).toEqual([404, { error: 'Not found.' }]);
});

test('a changed build gives a new pack; a private build needs access', async () => {
  const before = Buffer.from(await (await download('/server-packs/srv/builds/1.0')).arrayBuffer());
  must(await t.admin.delete('/api/modpack/srv/1.0/mod/chunkloader'), 200, 'removed');
  const after = Buffer.from(await (await download('/server-packs/srv/builds/1.0')).arrayBuffer());
  expect(md5Hex(after)).not.toBe(md5Hex(before));
  expect([...unzip(after).keys()]).not.toContain('mods/chunkloader-1.0.jar');
  must(await t.admin.put('/api/modpack/srv/1.0', { private: true }), 200, 'private');
  const anon = await download('/server-packs/srv/builds/1.0');
  expect([anon.status, await anon.json()]).toEqual([404, { error: 'Build does not exist' }]);
  const admin = await download('/server-packs/srv/builds/1.0', { authorization: `Bearer ${t.adminToken}` });
  expect([admin.status, admin.headers.get('cache-control')]).toEqual([200, 'private, no-cache']);
  must(await t.admin.put('/api/modpack/srv/1.0', { private: false }), 200, 'public again');
});

test("the build's loader, set in its management view: in the next pack's manifest, not in the launcher's answer", async () => {
  const launcher = (await t.anon.get('/api/modpack/srv/1.0')).text;
  const set = await t.admin.put('/api/manage/modpacks/srv/builds/1.0/loader', { name: 'neoforge', version: '21.1.77' });
  expect([set.status, set.body]).toEqual([200, { loader: { name: 'neoforge', version: '21.1.77' } }]);
  const managed = must(await t.admin.get('/api/manage/modpacks/srv/builds/1.0'), 200, 'managed');
  expect(managed.loader).toEqual({ name: 'neoforge', version: '21.1.77' });
  expect((await t.anon.get('/api/modpack/srv/1.0')).text).toBe(launcher);
  const pack = unzip(Buffer.from(await (await download('/server-packs/srv/builds/1.0')).arrayBuffer()));
  expect(JSON.parse(pack.get('depot-server.json')!.toString()).loader).toEqual({
    name: 'neoforge',
    version: '21.1.77',
  });
  const bad = await t.admin.put('/api/manage/modpacks/srv/builds/1.0/loader', { name: 'rift', version: '1' });
  expect([bad.status, bad.body]).toEqual([422, { error: { name: ['The selected name is invalid.'] } }]);
  // Unset: Forge again, from the forge field.
  const unset = await t.admin.put('/api/manage/modpacks/srv/builds/1.0/loader', { name: null, version: null });
  expect(unset.body).toEqual({ loader: { name: 'forge', version: '47.2.0' } });
});

test('a mod set to run on the client in this build is left out of its pack', async () => {
  must(await t.admin.put('/api/manage/modpacks/srv/builds/1.0/mods/library/side', { side: 'client' }), 200, 'side');
  const pack = unzip(Buffer.from(await (await download('/server-packs/srv/builds/1.0')).arrayBuffer()));
  expect([...pack.keys()]).not.toContain('mods/library-1.0.jar');
  must(await t.admin.put('/api/manage/modpacks/srv/builds/1.0/mods/library/side', { side: null }), 200, 'unset');
  const again = unzip(Buffer.from(await (await download('/server-packs/srv/builds/1.0')).arrayBuffer()));
  expect([...again.keys()]).toContain('mods/library-1.0.jar');
});

test('a pack that cannot be made says which archive and why: not hosted, a file from two mods', async () => {
  must(await t.admin.post('/api/mod', { name: 'remote', pretty_name: 'Remote' }), 201, 'remote');
  must(await t.admin.post('/api/mod/remote/version', { version: '1.0', md5: 'a'.repeat(32) }), 201, 'version');
  must(await t.admin.post('/api/modpack/srv/1.0/mod', { mod_slug: 'remote', mod_version: '1.0' }), 201, 'assigned');
  const res = await download('/server-packs/srv/builds/1.0');
  expect([res.status, await res.json()]).toEqual([
    409,
    { error: 'No server pack for this build: Depot does not host the archive of remote 1.0.' },
  ]);
  // The pack doctor says so too, before any server asks.
  expect((await doctor()).filter((f) => f.code === 'server-pack-unavailable')).toEqual([
    {
      code: 'server-pack-unavailable',
      severity: 'error',
      message:
        'The server pack of build 1.0 cannot be made: Depot does not host the archive of remote 1.0. Servers that follow it (GET /server-packs/srv/builds/1.0) get an error instead of the pack.',
      fix: 'Host every archive of the build on Depot (PUT /api/mod/{slug}/{version}/archive), keep only one of two mods that give the same file, or set mods the server does not need to client only (PUT /api/manage/modpacks/srv/builds/1.0/mods/{mod}/side with {"side": "client"}).',
    },
  ]);
  must(await t.admin.delete('/api/modpack/srv/1.0/mod/remote'), 200, 'removed');
  // Two mods giving the same file: which one wins would be chance, so neither does.
  await addMod('tech-addon', 'tech-addon-1.0.zip', await makeZip({ 'config/tech.toml': 'power = 1\n' }));
  const twice = await download('/server-packs/srv/builds/1.0');
  expect([twice.status, await twice.json()]).toEqual([
    409,
    {
      error: 'No server pack for this build: config/tech.toml is in the archives of both tech 1.0 and tech-addon 1.0.',
    },
  ]);
  expect((await doctor()).filter((f) => f.code === 'server-pack-unavailable').map((f) => f.message)).toEqual([
    'The server pack of build 1.0 cannot be made: config/tech.toml is in the archives of both tech 1.0 and tech-addon 1.0. Servers that follow it (GET /server-packs/srv/builds/1.0) get an error instead of the pack.',
  ]);
  must(await t.admin.delete('/api/modpack/srv/1.0/mod/tech-addon'), 200, 'removed');
  expect((await doctor()).map((f) => f.code)).not.toContain('server-pack-unavailable');
  expect((await download('/server-packs/srv/builds/1.0')).status).toBe(200);
});

test('the pack doctor knows sides: a client mod sent to the server, a server mod sent to players, a loader not set', async () => {
  must(await t.admin.put('/api/modpack/srv', { latest: '1.0', hidden: false }), 200, 'latest');
  // (the server-only mod, taken out by an earlier test, back)
  must(await t.admin.post('/api/modpack/srv/1.0/mod', { mod_slug: 'chunkloader', mod_version: '1.0' }), 201, 'back');
  // As uploaded, each runs where its metadata says: nothing to report but what the exports do with
  // tech's bin/ folder.
  expect(await doctor()).toEqual([techLoader]);
  must(await t.admin.put('/api/manage/modpacks/srv/builds/1.0/mods/minimap/side', { side: 'both' }), 200, 'minimap');
  must(await t.admin.put('/api/manage/modpacks/srv/builds/1.0/mods/chunkloader/side', { side: 'both' }), 200, 'chunk');
  must(
    await t.admin.post('/api/modpack/srv/build', { version: '1.1', minecraft: '1.20.1', is_published: true }),
    201,
    'build',
  );
  must(await t.admin.put('/api/modpack/srv', { latest: '1.1' }), 200, 'latest');
  expect(await doctor()).toEqual([
    expect.objectContaining({ code: 'build-without-mods', severity: 'error' }),
    {
      code: 'client-mod-on-server',
      severity: 'warning',
      message:
        "Mod minimap version 1.0 says in its metadata that it runs on the client only, but goes to the server too in published build 1.0: it is in that build's server pack, and a dedicated server may crash loading it.",
      fix: 'Set where it runs to client only: for every build, PUT /api/manage/mods/minimap/versions/1.0/side with {"side": "client"}; for one build, PUT /api/manage/modpacks/srv/builds/1.0/mods/minimap/side with {"side": "client"} (a build\'s own setting wins over the version\'s).',
    },
    {
      code: 'server-mod-on-client',
      severity: 'warning',
      message:
        'Mod chunkloader version 1.0 says in its metadata that it runs on the server only, but launchers install it with published build 1.0, where it may keep the game from starting.',
      fix: 'Set where it runs to server only: for every build, PUT /api/manage/mods/chunkloader/versions/1.0/side with {"side": "server"}; for one build, PUT /api/manage/modpacks/srv/builds/1.0/mods/chunkloader/side with {"side": "server"} (a build\'s own setting wins over the version\'s).',
    },
    {
      code: 'loader-unset',
      severity: 'warning',
      message:
        'The loader of build 1.1 (latest) is not set: its server pack names none and its .mrpack and packwiz pack name Minecraft alone, so whoever runs a server or imports the pack in another launcher must find out which loader and version to start it with.',
      fix: 'Set it: PUT /api/manage/modpacks/srv/builds/1.1/loader with {"name": "fabric", "version": "0.16.10"} (forge, neoforge, fabric, quilt, or none for vanilla).',
    },
    techLoader,
  ]);
  // Each mended as the fix says: nothing left but the empty build, gone once it is unpublished.
  must(await t.admin.put('/api/manage/modpacks/srv/builds/1.0/mods/minimap/side', { side: null }), 200, 'minimap');
  must(await t.admin.put('/api/manage/modpacks/srv/builds/1.0/mods/chunkloader/side', { side: null }), 200, 'chunk');
  must(
    await t.admin.put('/api/manage/modpacks/srv/builds/1.1/loader', { name: 'fabric', version: '0.16.10' }),
    200,
    'loader',
  );
  must(await t.admin.put('/api/modpack/srv', { latest: '1.0' }), 200, 'latest');
  must(await t.admin.put('/api/modpack/srv/1.1', { is_published: false }), 200, 'unpublished');
  expect(await doctor()).toEqual([techLoader]);
});
