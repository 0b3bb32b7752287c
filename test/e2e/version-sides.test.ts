// Where each mod version runs (docs/archives.md#sides), against a real stack: taken from the jar's
// metadata at its upload, shown in the management view, changed by the author; a server-only
// version is left out of the launcher's build answer (launchers install what the client runs),
// and comes back the moment it is said to run on both, through the response cache. A build
// without a server-only version answers exactly as before.
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are whatever each test asserts */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { must, startTestStack, type TestStack } from '../support';
import { fabricJar, putFile } from '../support/archives';

let t: TestStack;
let dir: string;

const jar = fabricJar;
const upload = async (slug: string, bytes: Buffer) => {
  must(await t.admin.post('/api/mod', { name: slug, pretty_name: slug }), 201, slug);
  const res = await putFile(`${t.url}/api/manage/mods/${slug}/archive?file_name=${slug}.jar`, bytes, {
    token: t.adminToken,
  });
  expect([slug, res.status]).toEqual([slug, 201]);
  must(await t.admin.post('/api/modpack/sided/1.0/mod', { mod_slug: slug, mod_version: '1.0' }), 201, 'assigned');
  return res.body.version;
};
/** The mods a launcher installs from the build. */
const installed = async () =>
  must(await t.anon.get('/api/modpack/sided/1.0'), 200, 'build').mods.map((m: any) => m.name);
const sideOf = async (slug: string) =>
  must(await t.admin.get(`/api/manage/mods/${slug}`), 200, slug).versions[0].version.side;
const setSide = (slug: string, side: unknown) => t.admin.put(`/api/manage/mods/${slug}/versions/1.0/side`, { side });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-sides-'));
  t = await startTestStack({ mirrorUrl: null, env: { ARCHIVE_STORE_DIR: dir } });
  must(await t.admin.post('/api/modpack', { name: 'Sided', slug: 'sided' }), 201, 'modpack');
  must(
    await t.admin.post('/api/modpack/sided/build', { version: '1.0', minecraft: '1.20.1', is_published: true }),
    201,
    'build',
  );
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('a build without server-only versions answers as before; the sides its jars state are kept', async () => {
  const uploaded = await upload('minimap', await jar('minimap', 'client'));
  expect(uploaded.side).toBe('client');
  await upload('library', await jar('library', '*'));
  await upload('plain', await jar('plain'));
  expect([await sideOf('minimap'), await sideOf('library'), await sideOf('plain')]).toEqual([
    'client',
    'both',
    undefined,
  ]);
  const before = await t.anon.get('/api/modpack/sided/1.0?include=mods');
  // Saying "client" or "both" changes nothing a launcher reads, byte for byte.
  must(await setSide('plain', 'both'), 200, 'side');
  must(await setSide('plain', null), 200, 'side');
  const after = await t.anon.get('/api/modpack/sided/1.0?include=mods');
  expect(after.text).toBe(before.text);
  expect(await installed()).toEqual(['library', 'minimap', 'plain']);
});

test('a server-only version is left out of the launcher build, and back once it runs on both', async () => {
  const uploaded = await upload('chunkloader', await jar('chunkloader', 'server'));
  expect(uploaded.side).toBe('server');
  expect(await installed()).toEqual(['library', 'minimap', 'plain']);
  // Still in the build (its management view), only not installed by launchers.
  const managed = must(await t.admin.get('/api/manage/modpacks/sided/builds/1.0'), 200, 'managed build');
  expect(managed.mods.map((m: any) => m.mod.name)).toEqual(['chunkloader', 'library', 'minimap', 'plain']);
  const res = await setSide('chunkloader', 'both');
  expect([res.status, res.body.side, res.body.version]).toEqual([200, 'both', '1.0']);
  expect(await installed()).toEqual(['chunkloader', 'library', 'minimap', 'plain']);
  must(await setSide('plain', 'server'), 200, 'side');
  expect(await installed()).toEqual(['chunkloader', 'library', 'minimap']);
});

test('a side that is none of client, server, both: 422, nothing changed; an unknown version: 404', async () => {
  const before = await sideOf('minimap');
  for (const side of ['everywhere', 5, '']) {
    const res = await setSide('minimap', side);
    expect([side, res.status, res.body]).toEqual([side, 422, { error: { side: ['The selected side is invalid.'] } }]);
  }
  expect(await sideOf('minimap')).toBe(before);
  const missing = await t.admin.put('/api/manage/mods/minimap/versions/9.9/side', { side: 'both' });
  expect([missing.status, missing.body]).toEqual([404, { error: 'Mod version not found.' }]);
});

test('where a mod runs in one build wins over its version, for that build alone', async () => {
  must(
    await t.admin.post('/api/modpack/sided/build', {
      version: '2.0',
      minecraft: '1.20.1',
      is_published: true,
      clone_from: '1.0',
    }),
    201,
    'build 2.0',
  );
  const setInBuild = (build: string, mod: string, side: unknown) =>
    t.admin.put(`/api/manage/modpacks/sided/builds/${build}/mods/${mod}/side`, { side });
  const res = await setInBuild('1.0', 'minimap', 'server');
  expect([res.status, res.body]).toEqual([200, { mod: 'minimap', build_side: 'server' }]);
  expect(await installed()).toEqual(['chunkloader', 'library']);
  // Build 2.0 (cloned before) still installs it: the side was set for 1.0 alone.
  const two = must(await t.anon.get('/api/modpack/sided/2.0'), 200, '2.0').mods.map((m: any) => m.name);
  expect(two).toContain('minimap');
  const managed = must(await t.admin.get('/api/manage/modpacks/sided/builds/1.0'), 200, 'managed');
  expect(managed.mods.find((m: any) => m.mod.name === 'minimap')).toMatchObject({
    version: { side: 'client' },
    build_side: 'server',
  });
  must(await setInBuild('1.0', 'minimap', null), 200, 'unset');
  expect(await installed()).toEqual(['chunkloader', 'library', 'minimap']);
  const notHeld = await setInBuild('1.0', 'nosuch', 'both');
  expect([notHeld.status, notHeld.body]).toEqual([404, { error: 'Mod not found.' }]);
  must(await t.admin.post('/api/mod', { name: 'loner', pretty_name: 'Loner' }), 201, 'loner');
  const notInBuild = await setInBuild('1.0', 'loner', 'both');
  expect([notInBuild.status, notInBuild.body]).toEqual([404, { error: 'Mod not in this build.' }]);
  const bad = await setInBuild('1.0', 'minimap', 'everywhere');
  expect([bad.status, bad.body]).toEqual([422, { error: { side: ['The selected side is invalid.'] } }]);
});
