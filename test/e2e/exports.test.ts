// A build for other launchers (docs/exports.md), against a real stack: each mod jar taken out of its
// archive at upload and served at an immutable URL (GET, HEAD, a range, 304); the build's .mrpack
// installed as an installer does it, for a client and for a server (every jar downloaded from
// Depot with the sha1, sha512 and size the index names, every override in place, env from each
// mod's side, the loader as a dependency); the same bytes twice and from `recommended`; what
// cannot be carried left out with the reasons; a private build's pack only with access, nothing
// changed; the backfill taking out the jars of archives stored before, resumable.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminCli, must, startTestStack, type TestStack } from '../support';
import { makeZip, md5Hex, putFile, unzip } from '../support/archives';
import { installMrpack } from '../support/mrpack';
import { installPackwiz } from '../support/packwiz';

let t: TestStack;
let dir: string;

const digest = (algorithm: string, b: Buffer) => createHash(algorithm).update(b).digest('hex');
const fabric = (id: string, environment: string) =>
  makeZip({
    'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id, version: '1.0', environment }),
    [`${id}/Mod.class`]: id.repeat(100),
  });

const jars: Record<string, Buffer> = {};

async function addMod(slug: string, file: string, bytes: Buffer, build = '1.0') {
  must(await t.admin.post('/api/mod', { name: slug, pretty_name: slug }), 201, slug);
  const res = await putFile(`${t.url}/api/mod/${slug}/1.0/archive?file_name=${file}&create=true`, bytes, {
    token: t.adminToken,
  });
  expect([slug, res.status]).toEqual([slug, 201]);
  must(await t.admin.post(`/api/modpack/exp/${build}/mod`, { mod_slug: slug, mod_version: '1.0' }), 201, slug);
}

const download = (url: string, headers: Record<string, string> = {}) => fetch(`${t.url}${url}`, { headers });
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-exports-'));
  t = await startTestStack({ mirrorUrl: null, env: { ARCHIVE_STORE_DIR: dir } });
  must(await t.admin.post('/api/modpack', { name: 'Export Pack', slug: 'exp' }), 201, 'modpack');
  must(
    await t.admin.post('/api/modpack/exp/build', {
      version: '1.0',
      minecraft: '1.20.1',
      forge: '47.2.0',
      is_published: true,
    }),
    201,
    'build',
  );
  must(await t.admin.put('/api/modpack/exp', { recommended: '1.0' }), 200, 'recommended');
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
      'bin/modpack.jar': 'the old launcher',
      'resourcepacks/tech.zip': 'textures',
    }),
  );
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pack doctor's findings on the modpack, but the API root's (PUBLIC_URL is not set here). */
async function exportFindings(): Promise<{ code: string; severity: string; message: string; fix: string }[]> {
  const res = await t.admin.get('/api/manage/modpacks/exp/doctor');
  expect(res.status).toBe(200);
  return (res.body as { findings: { code: string; severity: string; message: string; fix: string }[] }).findings;
}

const jarPath = (b: Buffer, name: string) => `/jars/${digest('sha256', b)}/${name}`;

test('each jar its own file, at an immutable URL: GET, HEAD, a range, 304, and 404 for one Depot lacks', async () => {
  const res = await download(jarPath(jars.tech, 'tech-1.0.jar'));
  const body = await bytesOf(res);
  expect([res.status, body.equals(jars.tech)]).toEqual([200, true]);
  expect({
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    etag: res.headers.get('etag'),
    disposition: res.headers.get('content-disposition'),
    length: res.headers.get('content-length'),
  }).toEqual({
    type: 'application/java-archive',
    cache: 'public, max-age=31536000, immutable',
    etag: `"${md5Hex(jars.tech)}"`,
    disposition: 'attachment; filename="tech-1.0.jar"',
    length: String(jars.tech.length),
  });
  const head = await fetch(`${t.url}${jarPath(jars.library, 'library-1.0.jar')}`, { method: 'HEAD' });
  expect([head.status, head.headers.get('content-length'), (await head.arrayBuffer()).byteLength]).toEqual([
    200,
    String(jars.library.length),
    0,
  ]);
  const range = await download(jarPath(jars.library, 'x.jar'), { range: 'bytes=0-3' });
  expect([range.status, (await bytesOf(range)).toString('latin1')]).toEqual([206, 'PK\u0003\u0004']);
  const cached = await download(jarPath(jars.library, 'x.jar'), { 'if-none-match': `"${md5Hex(jars.library)}"` });
  expect(cached.status).toBe(304);
  const none = await download(`/jars/${'0'.repeat(64)}/none.jar`);
  expect([none.status, await none.json()]).toEqual([404, { error: 'Jar not found.' }]);
  const notHash = await download('/jars/abc/none.jar');
  expect([notHash.status, await notHash.json()]).toEqual([404, { error: 'Not found.' }]);
});

test('the .mrpack installed for a client and a server: every jar from Depot with its hashes, every override', async () => {
  const res = await download('/mrpack/exp/builds/1.0.mrpack');
  const pack = await bytesOf(res);
  expect([res.status, res.headers.get('content-type'), res.headers.get('content-disposition')]).toEqual([
    200,
    'application/x-modrinth-modpack+zip',
    'attachment; filename="exp-1.0.mrpack"',
  ]);
  expect(res.headers.get('etag')).toBe(`"${md5Hex(pack)}"`);
  expect([...unzip(pack).keys()]).toEqual([
    'modrinth.index.json',
    'overrides/config/tech.toml',
    'overrides/resourcepacks/tech.zip',
  ]);
  const client = await installMrpack(pack, 'client');
  const file = (p: string, b: Buffer, env: { client: string; server: string }) => ({
    path: p,
    hashes: { sha1: digest('sha1', b), sha512: digest('sha512', b) },
    env,
    downloads: [`${t.url}${jarPath(b, p.slice('mods/'.length))}`],
    fileSize: b.length,
  });
  const both = { client: 'required', server: 'required' };
  expect(client.index).toEqual({
    formatVersion: 1,
    game: 'minecraft',
    versionId: '1.0',
    name: 'Export Pack',
    files: [
      file('mods/chunkloader-1.0.jar', jars.chunkloader, { client: 'unsupported', server: 'required' }),
      file('mods/library-1.0.jar', jars.library, both),
      file('mods/minimap-1.0.jar', jars.minimap, { client: 'required', server: 'unsupported' }),
      file('mods/tech-1.0.jar', jars.tech, both),
    ],
    dependencies: { minecraft: '1.20.1', forge: '47.2.0' },
  });
  expect([...client.files.keys()].sort()).toEqual([
    'config/tech.toml',
    'mods/library-1.0.jar',
    'mods/minimap-1.0.jar',
    'mods/tech-1.0.jar',
    'resourcepacks/tech.zip',
  ]);
  expect(client.files.get('mods/minimap-1.0.jar')).toEqual(jars.minimap);
  expect(client.files.get('config/tech.toml')!.toString()).toBe('power = 9000\n');
  expect(
    client.downloads.every((d) => d.status === 200 && d.cacheControl === 'public, max-age=31536000, immutable'),
  ).toBe(true);
  const server = await installMrpack(pack, 'server');
  expect([...server.files.keys()].sort()).toEqual([
    'config/tech.toml',
    'mods/chunkloader-1.0.jar',
    'mods/library-1.0.jar',
    'mods/tech-1.0.jar',
    'resourcepacks/tech.zip',
  ]);
  // The Technic loader archive is what it cannot carry: one reason.
  expect(res.headers.get('x-depot-export-problems')).toBe('1');
});

test('the same bytes every time, from recommended too; a range; 304; latest names no build', async () => {
  const first = await bytesOf(await download('/mrpack/exp/builds/1.0.mrpack'));
  const recommended = await download('/mrpack/exp/recommended.mrpack');
  expect(recommended.headers.get('cache-control')).toBe('public, no-cache');
  expect(md5Hex(await bytesOf(recommended))).toBe(md5Hex(first));
  const range = await download('/mrpack/exp/builds/1.0.mrpack', { range: 'bytes=0-3' });
  expect([range.status, (await bytesOf(range)).toString('latin1')]).toEqual([206, 'PK\u0003\u0004']);
  const cached = await download('/mrpack/exp/builds/1.0.mrpack', { 'if-none-match': `"${md5Hex(first)}"` });
  expect(cached.status).toBe(304);
  const latest = await download('/mrpack/exp/latest.mrpack');
  expect([latest.status, await latest.json()]).toEqual([404, { error: 'Not found.' }]);
  const noBuild = await download('/mrpack/exp/builds/9.9.mrpack');
  expect([noBuild.status, await noBuild.json()]).toEqual([404, { error: 'Build does not exist' }]);
  const notPack = await download('/mrpack/exp/builds/1.0');
  expect([notPack.status, await notPack.json()]).toEqual([404, { error: 'Not found.' }]);
});

test('the packwiz pack installed by following pack.toml: every hash checked, each jar from Depot, side per mod', async () => {
  const client = await installPackwiz(`${t.url}/packwiz/exp/builds/1.0/pack.toml`, 'client');
  expect(client.pack).toEqual({
    name: 'Export Pack',
    version: '1.0',
    'pack-format': 'packwiz:1.1.0',
    index: { file: 'index.toml', 'hash-format': 'sha256', hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    versions: { minecraft: '1.20.1', forge: '47.2.0' },
  });
  expect(client.index.files.map((f) => [f.file, f.metafile ?? false])).toEqual([
    ['config/tech.toml', false],
    ['mods/chunkloader-1.0.pw.toml', true],
    ['mods/library-1.0.pw.toml', true],
    ['mods/minimap-1.0.pw.toml', true],
    ['mods/tech-1.0.pw.toml', true],
    ['resourcepacks/tech.zip', false],
  ]);
  expect([...client.files.keys()].sort()).toEqual([
    'config/tech.toml',
    'mods/library-1.0.jar',
    'mods/minimap-1.0.jar',
    'mods/tech-1.0.jar',
    'resourcepacks/tech.zip',
  ]);
  expect(client.files.get('mods/tech-1.0.jar')).toEqual(jars.tech);
  const server = await installPackwiz(`${t.url}/packwiz/exp/recommended/pack.toml`, 'server');
  expect([...server.files.keys()].sort()).toEqual([
    'config/tech.toml',
    'mods/chunkloader-1.0.jar',
    'mods/library-1.0.jar',
    'mods/tech-1.0.jar',
    'resourcepacks/tech.zip',
  ]);
  expect(server.files.get('mods/chunkloader-1.0.jar')).toEqual(jars.chunkloader);
  const meta = await download('/packwiz/exp/builds/1.0/mods/tech-1.0.pw.toml');
  expect([meta.status, meta.headers.get('content-type'), meta.headers.get('cache-control')]).toEqual([
    200,
    'application/toml',
    'public, no-cache',
  ]);
  const text = await meta.text();
  expect(text).toBe(
    [
      'name = "tech"',
      'filename = "tech-1.0.jar"',
      'side = "both"',
      '',
      '[download]',
      `url = "${t.url}${jarPath(jars.tech, 'tech-1.0.jar')}"`,
      'hash-format = "sha256"',
      `hash = "${digest('sha256', jars.tech)}"`,
      '',
    ].join('\n'),
  );
  const again = await download('/packwiz/exp/builds/1.0/mods/tech-1.0.pw.toml', {
    'if-none-match': meta.headers.get('etag')!,
  });
  expect(again.status).toBe(304);
  const range = await download('/packwiz/exp/builds/1.0/config/tech.toml', { range: 'bytes=0-4' });
  expect([range.status, await range.text(), range.headers.get('content-range')]).toEqual([
    206,
    'power',
    'bytes 0-4/13',
  ]);
  const none = await download('/packwiz/exp/builds/1.0/mods/none.pw.toml');
  expect([none.status, await none.json()]).toEqual([404, { error: 'Not found.' }]);
  const proto = await download('/packwiz/exp/builds/1.0/constructor');
  expect([proto.status, await proto.json()]).toEqual([404, { error: 'Not found.' }]);
  const noBuild = await download('/packwiz/exp/builds/9.9/pack.toml');
  expect([noBuild.status, await noBuild.json()]).toEqual([404, { error: 'Build does not exist' }]);
});

test("a mod's side in this build wins: its env and its overrides' folder follow", async () => {
  must(await t.admin.put('/api/manage/modpacks/exp/builds/1.0/mods/tech/side', { side: 'client' }), 200, 'side');
  const pack = await bytesOf(await download('/mrpack/exp/builds/1.0.mrpack'));
  const entries = unzip(pack);
  expect([...entries.keys()]).toEqual([
    'modrinth.index.json',
    'client-overrides/config/tech.toml',
    'client-overrides/resourcepacks/tech.zip',
  ]);
  const server = await installMrpack(pack, 'server');
  expect([...server.files.keys()]).not.toContain('mods/tech-1.0.jar');
  expect([...server.files.keys()]).not.toContain('config/tech.toml');
  must(await t.admin.put('/api/manage/modpacks/exp/builds/1.0/mods/tech/side', { side: null }), 200, 'unset');
});

test('what cannot be carried is left out, with the reasons; the pack still installs', async () => {
  must(await t.admin.post('/api/mod', { name: 'remote', pretty_name: 'Remote' }), 201, 'remote');
  must(await t.admin.post('/api/mod/remote/version', { version: '1.0', md5: 'a'.repeat(32) }), 201, 'version');
  must(await t.admin.post('/api/modpack/exp/1.0/mod', { mod_slug: 'remote', mod_version: '1.0' }), 201, 'assigned');
  await addMod('configs', 'configs-1.0.zip', await makeZip({ 'config/tech.toml': 'power = 1\n', 'config/a.cfg': 'a' }));
  must(
    await t.admin.put('/api/manage/modpacks/exp/builds/1.0/loader', { name: 'fabric', version: null }),
    200,
    'loader',
  );
  const res = await download('/mrpack/exp/builds/1.0.mrpack');
  const pack = await bytesOf(res);
  expect(res.status).toBe(200);
  const client = await installMrpack(pack, 'client');
  // No loader version: Minecraft alone.
  expect(client.index.dependencies).toEqual({ minecraft: '1.20.1' });
  // config/tech.toml: the first mod's (configs sorts before tech), the other's left out.
  expect(client.files.get('config/tech.toml')!.toString()).toBe('power = 1\n');
  expect(client.files.get('config/a.cfg')!.toString()).toBe('a');
  expect(res.headers.get('x-depot-export-problems')).toBe('5');
  const managed = must(await t.admin.get('/api/manage/modpacks/exp/builds/1.0/exports'), 200, 'exports');
  expect(managed.problems).toEqual([
    "The build's loader (fabric) has no version: the export names Minecraft alone. Set the loader's version on the build page.",
    'configs 1.0: its archive holds no jar under mods/, so no mod of it is in the export.',
    'remote 1.0: Depot does not host its archive, so the export leaves it out.',
    "tech 1.0: config/tech.toml is in the archive of configs 1.0 too; the export keeps configs 1.0's.",
    "tech 1.0: its bin/ folder (the Technic Launcher's modpack.jar loader) is left out; the export names the build's loader instead.",
  ]);
  // The pack doctor says so of the build players follow (recommended), one finding per cause.
  expect((await exportFindings()).filter((f) => f.code.startsWith('export-'))).toEqual([
    {
      code: 'export-without-jar',
      severity: 'warning',
      message:
        'The archive of mod configs version 1.0 holds no jar Depot can serve (none under mods/, or none it could take out): the .mrpack and packwiz pack of build 1.0 carry its other files but no jar of it, so players of other launchers play without it.',
      fix: 'If it is a mod, upload its archive with the jar under mods/ (PUT /api/mod/configs/1.0/archive with the zip); if it holds only files such as configs, nothing is missing.',
    },
    {
      code: 'export-loader-archive',
      severity: 'warning',
      message:
        "The archive of mod tech version 1.0 holds a bin/ folder (the Technic Launcher's modpack.jar loader): the .mrpack and packwiz pack of build 1.0 leave it out and name the build's loader instead, which other launchers install themselves.",
      fix: 'Make sure the build\'s loader is set: PUT /api/manage/modpacks/exp/builds/1.0/loader with {"name": "forge", "version": "14.23.5.2860"} (forge, neoforge, fabric, quilt, or none for vanilla).',
    },
  ]);
  must(await t.admin.delete('/api/modpack/exp/1.0/mod/remote'), 200, 'removed');
  must(await t.admin.delete('/api/modpack/exp/1.0/mod/configs'), 200, 'removed');
  const unset = await t.admin.put('/api/manage/modpacks/exp/builds/1.0/loader', { name: null, version: null });
  expect(unset.status).toBe(200);
  // The forge field of the build still names Forge: a loader, so no loader-unset; the jar-less mod gone.
  const codes = (await exportFindings()).map((f) => f.code);
  expect(codes.filter((c) => c.startsWith('export-') || c === 'loader-unset')).toEqual(['export-loader-archive']);
});

test("a private build's pack needs access, as its launcher answer does; nothing changes", async () => {
  const before = await bytesOf(await download('/mrpack/exp/builds/1.0.mrpack'));
  must(await t.admin.put('/api/modpack/exp/1.0', { private: true }), 200, 'private');
  const launcherBefore = (await t.admin.get('/api/modpack/exp/1.0')).text;
  const anon = await download('/mrpack/exp/builds/1.0.mrpack');
  expect([anon.status, await anon.json()]).toEqual([404, { error: 'Build does not exist' }]);
  const anonRecommended = await download('/mrpack/exp/recommended.mrpack');
  expect([anonRecommended.status, await anonRecommended.json()]).toEqual([404, { error: 'Build does not exist' }]);
  const tree = await download('/packwiz/exp/builds/1.0/pack.toml');
  expect([tree.status, await tree.json()]).toEqual([404, { error: 'Build does not exist' }]);
  const treeAdmin = await download('/packwiz/exp/builds/1.0/pack.toml', { authorization: `Bearer ${t.adminToken}` });
  expect([treeAdmin.status, treeAdmin.headers.get('cache-control')]).toEqual([200, 'private, no-cache']);
  const admin = await download('/mrpack/exp/builds/1.0.mrpack', { authorization: `Bearer ${t.adminToken}` });
  expect([admin.status, admin.headers.get('cache-control')]).toEqual([200, 'private, no-cache']);
  expect(md5Hex(await bytesOf(admin))).toBe(md5Hex(before));
  expect((await t.admin.get('/api/modpack/exp/1.0')).text).toBe(launcherBefore);
  must(await t.admin.put('/api/modpack/exp/1.0', { private: false }), 200, 'public again');
  must(await t.admin.put('/api/modpack/exp/1.0', { is_published: false }), 200, 'unpublished');
  const unpublished = await download('/mrpack/exp/builds/1.0.mrpack');
  expect([unpublished.status, await unpublished.json()]).toEqual([404, { error: 'Build does not exist' }]);
  must(await t.admin.put('/api/modpack/exp/1.0', { is_published: true }), 200, 'published');
});

test('the backfill takes out the jars of archives stored before, with progress; a second run does nothing', async () => {
  // Archives stored before Depot took their jars out: as if it had never done it.
  const query = async (sql: string) => {
    const db = new pg.Client({ connectionString: t.stack.databases.catalog as string });
    await db.connect();
    try {
      return (await db.query(sql)).rows;
    } finally {
      await db.end();
    }
  };
  await query('delete from exports; delete from archive_jars; delete from jar_extractions');
  // The catalog knows no jar now (the gateway's cached record aside, whose object is still stored).
  expect(await query('select count(*)::int as n from archive_jars')).toEqual([{ n: 0 }]);
  const run = await adminCli(t, ['archives', 'jars', '--page', '2', '--json']);
  expect(run.code).toBe(0);
  const report = JSON.parse(run.stdout);
  expect({
    archives: report.archives,
    made: report.made,
    jars: report.jars,
    total: report.total,
    done: report.done,
  }).toEqual(
    // The configs archive too (its version is no build's now, but hosted): no jar in it.
    { archives: 5, made: 5, jars: 4, total: 5, done: 5 },
  );
  expect(run.stderr.trim().split('\n')).toEqual(
    expect.arrayContaining([expect.stringMatching(/^jars: \[5\/5\] archives done/)]),
  );
  expect(await query('select path from archive_jars order by path')).toEqual(
    ['chunkloader-1.0.jar', 'library-1.0.jar', 'minimap-1.0.jar', 'tech-1.0.jar'].map((j) => ({ path: `mods/${j}` })),
  );
  const back = await download(jarPath(jars.tech, 'tech-1.0.jar'));
  expect([back.status, (await bytesOf(back)).equals(jars.tech)]).toEqual([200, true]);
  const again = JSON.parse((await adminCli(t, ['archives', 'jars', '--json'])).stdout);
  expect([again.archives, again.made, again.done]).toEqual([5, 0, 5]);
});

test("a jar goes with the last archive that holds it: its URL answers 404 then, past the gateway's cached record", async () => {
  const jar = await fabric('ephemeral', '*');
  must(await t.admin.post('/api/mod', { name: 'ephemeral', pretty_name: 'Ephemeral' }), 201, 'mod');
  const res = await putFile(`${t.url}/api/mod/ephemeral/1.0/archive?file_name=ephemeral.jar&create=true`, jar, {
    token: t.adminToken,
  });
  expect(res.status).toBe(201);
  const before = await download(jarPath(jar, 'ephemeral.jar'));
  expect([before.status, (await bytesOf(before)).equals(jar)]).toEqual([200, true]);
  must(await t.admin.delete('/api/mod/ephemeral'), 200, 'deleted');
  const after = await download(jarPath(jar, 'ephemeral.jar'));
  expect([after.status, await after.json()]).toEqual([404, { error: 'Jar not found.' }]);
  const sha = digest('sha256', jar);
  expect(fs.existsSync(path.join(dir, 'sha256', sha.slice(0, 2), sha.slice(2, 4), sha))).toBe(false);
});
