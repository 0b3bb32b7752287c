// A mod's facts read from its archive at an upload (docs/archives.md#metadata), against a real
// stack: each metadata format answered with the upload and read back from the management view,
// never shown by the launcher's reads; the version taken from the archive when the path gives
// none; a disagreement with the slug or version warned of, not refused; hostile metadata skipped
// with a warning, the archive still stored; an archive that names no version refused with
// nothing changed.
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are whatever each test asserts */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { must, startTestStack, userWithToken, type TestStack } from '../support';
import { makeZip, putFile, storeContents } from '../support/archives';

let t: TestStack;
let dir: string;
let modder: string;

const FORGE_TOML = `
modLoader = "javafml"
loaderVersion = "[47,)"
[[mods]]
modId = "create"
version = "\${file.jarVersion}"
displayName = "Create"
authors = "simibubi, MRH0"
description = "Aesthetic technology."
displayURL = "https://www.curseforge.com/minecraft/mc-mods/create"
[[dependencies.create]]
modId = "forge"
mandatory = true
versionRange = "[47.1.3,)"
side = "BOTH"
[[dependencies.create]]
modId = "minecraft"
mandatory = true
versionRange = "[1.20.1,1.20.2)"
side = "BOTH"
`;
const MANIFEST = 'Manifest-Version: 1.0\r\nImplementation-Version: 0.5.1\r\n\r\n';
const CREATE = {
  format: 'forge',
  id: 'create',
  name: 'Create',
  version: '0.5.1',
  authors: ['simibubi', 'MRH0'],
  description: 'Aesthetic technology.',
  url: 'https://www.curseforge.com/minecraft/mc-mods/create',
  minecraft: '[1.20.1,1.20.2)',
  loader: { name: 'forge', range: '[47.1.3,)' },
  side: 'both',
};

const fabric = (id: string, version: string, extra: object = {}) =>
  JSON.stringify({ schemaVersion: 1, id, version, name: id.toUpperCase(), environment: 'client', ...extra });
const FABRIC_FACTS = (id: string, version: string) => ({
  format: 'fabric',
  id,
  name: id.toUpperCase(),
  version,
  authors: [],
  loader: { name: 'fabric' },
  side: 'client',
});

const versionFromArchive = (slug: string, fileName: string) =>
  `${t.url}/api/manage/mods/${slug}/archive?file_name=${encodeURIComponent(fileName)}`;
const upload = (slug: string, version: string, fileName: string, query = '') =>
  `${t.url}/api/mod/${slug}/${encodeURIComponent(version)}/archive?file_name=${encodeURIComponent(fileName)}${query}`;

/** The management view's versions: each one's string and what its archive's metadata said. */
async function managedVersions(slug: string) {
  const mod = must(await t.admin.get(`/api/manage/mods/${slug}`), 200, 'managed mod');
  return mod.versions.map((v: any) => ({ version: v.version.version, metadata: v.version.metadata }));
}

/** What the API and the store show: compared before and after every refusal. */
const state = async (slug: string) => ({
  mod: (await t.admin.get(`/api/manage/mods/${slug}`)).body,
  store: storeContents(dir),
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-metadata-'));
  t = await startTestStack({ mirrorUrl: null, env: { ARCHIVE_STORE_DIR: dir } });
  modder = await userWithToken(t.admin, 'reader', ['mods_manage', 'mods_create']);
  for (const [name, pretty_name] of [
    ['create', 'Create'],
    ['appleskin', 'AppleSkin'],
    ['bundle', 'Bundle'],
    ['hostile', 'Hostile'],
    ['plain', 'Plain'],
  ])
    must(await t.admin.post('/api/mod', { name, pretty_name }), 201, name);
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("a Forge jar named create.jar, no version in the path: the version is the jar's, its facts answered and kept", async () => {
  const jar = await makeZip({ 'META-INF/MANIFEST.MF': MANIFEST, 'META-INF/mods.toml': FORGE_TOML });
  const res = await putFile(versionFromArchive('create', 'create.jar'), jar, { token: modder });
  expect([res.status, res.body.version.version, res.body.created_version]).toEqual([201, '0.5.1', true]);
  expect(res.body.version.metadata).toEqual({ mods: [CREATE] });
  expect(res.body.warnings).toEqual([]);
  expect(await managedVersions('create')).toEqual([{ version: '0.5.1', metadata: { mods: [CREATE] } }]);
  // The launcher's read of the version is Solder's, unchanged: no metadata.
  const read = must(await t.anon.get('/api/mod/create/0.5.1'), 200, 'launcher read');
  expect(Object.keys(read).sort()).toEqual(['filesize', 'id', 'md5', 'url']);

  // The same file again: the version exists with these bytes, nothing changes.
  const again = await putFile(versionFromArchive('create', 'create.jar'), jar, { token: modder });
  expect([again.status, again.body.changed, again.body.version.version]).toEqual([200, false, '0.5.1']);
  expect(again.body.version.metadata).toEqual({ mods: [CREATE] });
});

test('a version typed that disagrees with the jar (another mod id, another version): stored, with warnings', async () => {
  const jar = await makeZip({ 'fabric.mod.json': fabric('appleskin', '2.5.1+mc1.20') });
  // 1.20.1-2.5.1+mc1.20 contains the jar's version: no warning for it.
  const agreeing = await putFile(upload('appleskin', '1.20.1-2.5.1+mc1.20', 'appleskin.jar', '&create=true'), jar, {
    token: modder,
  });
  expect([agreeing.status, agreeing.body.warnings]).toEqual([201, []]);

  const other = await makeZip({ 'fabric.mod.json': fabric('jei', '15.2.0') });
  const res = await putFile(upload('appleskin', '2.6.0', 'appleskin-2.6.0.jar', '&create=true'), other, {
    token: modder,
  });
  expect(res.status).toBe(201);
  expect(res.body.warnings).toEqual([
    'The archive\'s metadata names the mod "jei" (fabric), not "appleskin": is it the right file?',
    'The archive\'s metadata says version "15.2.0", not "2.6.0".',
  ]);
  expect(res.body.version.metadata).toEqual({ mods: [FABRIC_FACTS('jei', '15.2.0')] });
  expect((await managedVersions('appleskin')).map((v: any) => v.version)).toEqual(['1.20.1-2.5.1+mc1.20', '2.6.0']);
});

test('a Technic zip: the facts of each jar under mods/, the version from its one jar', async () => {
  const inner = await makeZip({ 'fabric.mod.json': fabric('bundle', '3.0.0') });
  const zip = await makeZip({ 'mods/bundle-3.0.0.jar': inner, 'config/bundle.cfg': 'x=1' });
  const res = await putFile(versionFromArchive('bundle', 'bundle.zip'), zip, { token: modder });
  expect([res.status, res.body.version.version, res.body.packaged]).toEqual([201, '3.0.0', false]);
  expect(res.body.version.metadata).toEqual({
    mods: [{ ...FABRIC_FACTS('bundle', '3.0.0'), file: 'mods/bundle-3.0.0.jar' }],
  });

  // Two jars of different versions name no one version: refused, nothing changed.
  const two = await makeZip({
    'mods/a.jar': await makeZip({ 'fabric.mod.json': fabric('a', '1.0.0') }),
    'mods/b.jar': await makeZip({ 'fabric.mod.json': fabric('b', '2.0.0') }),
  });
  const before = await state('bundle');
  const refused = await putFile(versionFromArchive('bundle', 'two.zip'), two, { token: modder });
  expect([refused.status, refused.body]).toEqual([
    422,
    { error: { version: ['The archive names several versions (1.0.0, 2.0.0): give the version in the path.'] } },
  ]);
  expect(await state('bundle')).toEqual(before);
});

test('an archive that names no version, no version in the path: 422, nothing stored', async () => {
  const before = await state('plain');
  const jar = await makeZip({ 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\n', 'x/Mod.class': 'x' });
  const res = await putFile(versionFromArchive('plain', 'plain.jar'), jar, { token: modder });
  expect([res.status, res.body]).toEqual([
    422,
    { error: { version: ["The archive's metadata names no version: give the version in the path."] } },
  ]);
  expect(await state('plain')).toEqual(before);
  // With the version given, the same jar is taken: metadata is never required.
  const typed = await putFile(upload('plain', '1.0', 'plain.jar', '&create=true'), jar, { token: modder });
  expect([typed.status, typed.body.warnings, typed.body.version.metadata]).toEqual([201, [], { mods: [] }]);
});

test('a version the archive names that breaks the version rules: refused as typed, nothing stored', async () => {
  const before = await state('plain');
  const jar = await makeZip({ 'fabric.mod.json': fabric('plain', '../x') });
  const res = await putFile(versionFromArchive('plain', 'plain.jar'), jar, { token: modder });
  expect([res.status, res.body]).toEqual([422, { error: { version: ['The version field format is invalid.'] } }]);
  expect(await state('plain')).toEqual(before);
});

test('hostile metadata (100 MB mods.toml, deep nesting, bad UTF-8): skipped with warnings, the archive stored', async () => {
  const jar = await makeZip({
    'META-INF/mods.toml': '#'.repeat(100 * 1024 * 1024),
    'fabric.mod.json': `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    'mcmod.info': Buffer.from([0x5b, 0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x5d]),
  });
  const res = await putFile(upload('hostile', '1.0', 'hostile.jar', '&create=true'), jar, { token: modder });
  expect(res.status).toBe(201);
  expect(res.body.version.metadata).toEqual({ mods: [] });
  expect(res.body.warnings).toEqual([
    expect.stringMatching(/^Metadata: fabric\.mod\.json: .*nested.*: skipped\.$/),
    'Metadata: META-INF/mods.toml: larger than 1,048,576 bytes: skipped.',
    'Metadata: mcmod.info: not valid UTF-8: skipped.',
  ]);
  expect(await managedVersions('hostile')).toEqual([{ version: '1.0', metadata: { mods: [] } }]);
}, 60_000);

test('a new mod whose archive names its version, from a client without mods_manage: refused before the file', async () => {
  const reader = await userWithToken(t.admin, 'no-manage', ['mods_create']);
  const before = await state('create');
  const jar = await makeZip({ 'fabric.mod.json': fabric('create', '9.9.9') });
  const res = await putFile(versionFromArchive('create', 'create.jar'), jar, { token: reader });
  expect(res.status).toBe(403);
  expect(await state('create')).toEqual(before);
  const missing = await putFile(versionFromArchive('nosuchmod', 'x.jar'), jar, { token: modder });
  expect([missing.status, missing.body]).toEqual([404, { error: 'Mod not found.' }]);
});

describe('an archive read without storing it (what the console shows before saving)', () => {
  const inspect = (fileName: string) =>
    `${t.url}/api/manage/archives/inspect?file_name=${encodeURIComponent(fileName)}`;

  test('its facts, warnings, and the md5 and size it would be stored with; nothing stored', async () => {
    const jar = await makeZip({ 'META-INF/MANIFEST.MF': MANIFEST, 'META-INF/mods.toml': FORGE_TOML, 'x/A.class': 'a' });
    const store = storeContents(dir);
    const res = await putFile(inspect('create-0.6.jar'), jar, { token: modder, method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      metadata: { mods: [CREATE] },
      warnings: [],
      packaged: true,
      md5: expect.stringMatching(/^[0-9a-f]{32}$/),
      filesize: expect.any(Number),
    });
    expect(storeContents(dir)).toEqual(store);
    // The md5 and size are those the upload of the same file under the same name records.
    const stored = await putFile(upload('create', '0.6', 'create-0.6.jar', '&create=true'), jar, { token: modder });
    expect([stored.body.version.md5, stored.body.version.filesize]).toEqual([res.body.md5, res.body.filesize]);
  });

  test("named by the path (curl -T); refusals as the upload's, and only for mods_manage", async () => {
    const jar = await makeZip({ 'fabric.mod.json': fabric('appleskin', '2.5.1') });
    const byPath = await putFile(`${t.url}/api/manage/archives/inspect/appleskin.jar`, jar, {
      token: modder,
      method: 'POST',
    });
    expect([byPath.status, byPath.body.metadata]).toEqual([200, { mods: [FABRIC_FACTS('appleskin', '2.5.1')] }]);
    const notZip = await putFile(inspect('x.jar'), Buffer.from('not a zip at all'), { token: modder, method: 'POST' });
    expect([notZip.status, notZip.body]).toEqual([
      422,
      { error: 'The file is not a zip or jar archive: the jar does not start as a zip does.' },
    ]);
    const creator = await userWithToken(t.admin, 'creator-only', ['mods_create']);
    expect((await putFile(inspect('x.jar'), jar, { token: creator, method: 'POST' })).status).toBe(403);
    expect((await putFile(inspect('x.jar'), jar, { method: 'POST' })).status).toBe(401);
    expect(storeContents(dir).staged).toBe(0);
  });
});
