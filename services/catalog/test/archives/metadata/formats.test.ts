// Each metadata format read from a jar made here, and a Technic zip's jars under mods/: the exact
// facts, and the warnings for what was dropped.
import { MOD_FORMATS, MOD_SIDES, readModMetadata } from '../../../src/archives/metadata';
import { fileOf, ranges, removeFiles, zipOf } from './jars';

afterAll(removeFiles);

const FORGE_TOML = `
modLoader = "javafml"
loaderVersion = "[47,)"
license = "MIT"

[[mods]]
modId = "create"
version = "\${file.jarVersion}"
displayName = "Create"
authors = "simibubi, MRH0"
description = '''
Aesthetic technology.
'''
displayURL = "https://www.curseforge.com/minecraft/mc-mods/create"

[[dependencies.create]]
modId = "forge"
mandatory = true
versionRange = "[47.1.3,)"
ordering = "NONE"
side = "BOTH"

[[dependencies.create]]
modId = "minecraft"
mandatory = true
versionRange = "[1.20.1,1.20.2)"
ordering = "NONE"
side = "BOTH"
`;

const MANIFEST =
  'Manifest-Version: 1.0\r\nImplementation-Title: create\r\nImplementation-Version: 0.5.1\r\n f\r\n\r\nName: x\r\nImplementation-Version: 9\r\n';

const NEOFORGE_TOML = `
modLoader = "javafml"
loaderVersion = "[4,)"

[[mods]]
modId = "jei"
version = "19.21.0.247"
displayName = "Just Enough Items"
authors = "mezz"

[[dependencies.jei]]
modId = "neoforge"
type = "required"
versionRange = "[21.0.143,)"
side = "CLIENT"

[[dependencies.jei]]
modId = "minecraft"
type = "required"
versionRange = "[1.21,1.21.1)"
side = "CLIENT"
`;

const FABRIC_JSON = JSON.stringify({
  schemaVersion: 1,
  id: 'appleskin',
  version: '2.5.1+mc1.20',
  name: 'AppleSkin',
  description: 'Food value tooltips',
  authors: ['squeek502', { name: 'Someone Else', contact: {} }],
  contact: { homepage: 'https://modrinth.com/mod/appleskin', sources: 'https://github.com/squeek502/AppleSkin' },
  icon: 'assets/appleskin/icon.png',
  environment: 'client',
  depends: { fabricloader: '>=0.14.0', minecraft: ['1.20', '1.20.1'] },
});

const QUILT_JSON = JSON.stringify({
  schema_version: 1,
  quilt_loader: {
    group: 'org.example',
    id: 'example_mod',
    version: '1.0.0',
    metadata: {
      name: 'Example Mod',
      description: 'An example.',
      contributors: { Alice: 'Owner', Bob: 'Contributor' },
      contact: { sources: 'https://github.com/example/example' },
    },
    depends: [
      'quilted_fabric_api',
      { id: 'quilt_loader', versions: '>=0.19.1' },
      { id: 'minecraft', versions: '>=1.20' },
    ],
  },
  minecraft: { environment: 'dedicated_server' },
});

test('the format and side lists name each one once', () => {
  expect(MOD_FORMATS.map((f) => f.format)).toEqual(['fabric', 'quilt', 'forge', 'neoforge', 'mcmod.info']);
  expect(MOD_SIDES).toEqual(['client', 'server', 'both']);
});

test('Forge: mods.toml, its version from the manifest for ${file.jarVersion}', async () => {
  const jar = await zipOf({ 'META-INF/MANIFEST.MF': MANIFEST, 'META-INF/mods.toml': FORGE_TOML });
  const read = await readModMetadata(await fileOf(jar, 'create.jar'));
  expect(read).toEqual({
    mods: [
      {
        format: 'forge',
        id: 'create',
        name: 'Create',
        version: '0.5.1f',
        authors: ['simibubi', 'MRH0'],
        description: 'Aesthetic technology.',
        url: 'https://www.curseforge.com/minecraft/mc-mods/create',
        minecraft: '[1.20.1,1.20.2)',
        loader: { name: 'forge', range: '[47.1.3,)' },
        side: 'both',
      },
    ],
    warnings: [],
  });
});

test('Forge: ${file.jarVersion} without a manifest leaves no version, with a warning', async () => {
  const jar = await zipOf({ 'META-INF/mods.toml': FORGE_TOML });
  const read = await readModMetadata(ranges(jar));
  expect(read.mods[0].version).toBeUndefined();
  expect(read.warnings).toEqual([
    'META-INF/mods.toml: mods[0].version is ${file.jarVersion} but META-INF/MANIFEST.MF has no Implementation-Version: ignored',
  ]);
});

test('NeoForge: neoforge.mods.toml, its side from the dependency on Minecraft', async () => {
  const jar = await zipOf({ 'META-INF/neoforge.mods.toml': NEOFORGE_TOML });
  expect(await readModMetadata(ranges(jar))).toEqual({
    mods: [
      {
        format: 'neoforge',
        id: 'jei',
        name: 'Just Enough Items',
        version: '19.21.0.247',
        authors: ['mezz'],
        minecraft: '[1.21,1.21.1)',
        loader: { name: 'neoforge', range: '[21.0.143,)' },
        side: 'client',
      },
    ],
    warnings: [],
  });
});

test('NeoForge before 20.5: a mods.toml depending on neoforge', async () => {
  const jar = await zipOf({ 'META-INF/mods.toml': NEOFORGE_TOML });
  const [mod] = (await readModMetadata(ranges(jar))).mods;
  expect(mod).toMatchObject({ format: 'forge', loader: { name: 'neoforge', range: '[21.0.143,)' } });
});

test('Fabric: environment client, authors as names and objects, the icon ignored', async () => {
  const jar = await zipOf({ 'fabric.mod.json': FABRIC_JSON, 'assets/appleskin/icon.png': Buffer.alloc(10) });
  expect(await readModMetadata(ranges(jar))).toEqual({
    mods: [
      {
        format: 'fabric',
        id: 'appleskin',
        name: 'AppleSkin',
        version: '2.5.1+mc1.20',
        authors: ['squeek502', 'Someone Else'],
        description: 'Food value tooltips',
        url: 'https://modrinth.com/mod/appleskin',
        minecraft: '1.20 || 1.20.1',
        loader: { name: 'fabric', range: '>=0.14.0' },
        side: 'client',
      },
    ],
    warnings: [],
  });
});

test('Fabric: fields of the wrong kind dropped with a warning, the rest kept', async () => {
  const json = {
    schemaVersion: 1,
    id: 'x',
    version: 3,
    environment: 'sometimes',
    contact: { homepage: 'javascript:alert(1)' },
  };
  const jar = await zipOf({ 'fabric.mod.json': JSON.stringify(json) });
  expect(await readModMetadata(ranges(jar))).toEqual({
    mods: [{ format: 'fabric', id: 'x', authors: [], loader: { name: 'fabric' } }],
    warnings: [
      'fabric.mod.json: version is not a string: ignored',
      'fabric.mod.json: contact.homepage "javascript:alert(1)" is not an http or https address: ignored',
      'fabric.mod.json: environment "sometimes" is not client, server or *: ignored',
    ],
  });
});

test('Quilt: quilt_loader.metadata, depends as ids and objects, dedicated_server', async () => {
  const jar = await zipOf({ 'quilt.mod.json': QUILT_JSON });
  expect(await readModMetadata(ranges(jar))).toEqual({
    mods: [
      {
        format: 'quilt',
        id: 'example_mod',
        name: 'Example Mod',
        version: '1.0.0',
        authors: ['Alice', 'Bob'],
        description: 'An example.',
        url: 'https://github.com/example/example',
        minecraft: '>=1.20',
        loader: { name: 'quilt', range: '>=0.19.1' },
        side: 'server',
      },
    ],
    warnings: [],
  });
});

test('mcmod.info as a list, with a byte order mark and trailing commas', async () => {
  const info = `\uFEFF[
  {
    "modid": "ironchest",
    "name": "Iron Chests",
    "description": "Chests, ] and more, ]",
    "version": "7.0.72.847",
    "mcversion": "1.12.2",
    "url": "https://github.com/progwml6/ironchest",
    "authorList": ["cpw", "progwml6",],
  },
]`;
  const jar = await zipOf({ 'mcmod.info': info });
  expect(await readModMetadata(ranges(jar))).toEqual({
    mods: [
      {
        format: 'mcmod.info',
        id: 'ironchest',
        name: 'Iron Chests',
        version: '7.0.72.847',
        authors: ['cpw', 'progwml6'],
        description: 'Chests, ] and more, ]',
        url: 'https://github.com/progwml6/ironchest',
        minecraft: '1.12.2',
        loader: { name: 'forge' },
      },
    ],
    warnings: [],
  });
});

test('mcmod.info version 2 (modList), an unexpanded ${version} dropped', async () => {
  const info = {
    modListVersion: 2,
    modList: [
      { modid: 'buildcraft', name: 'BuildCraft', version: '${version}', mcversion: '1.7.10', authors: ['SpaceToad'] },
      { name: 'no id' },
    ],
  };
  const jar = await zipOf({ 'mcmod.info': JSON.stringify(info) });
  expect(await readModMetadata(ranges(jar))).toEqual({
    mods: [
      {
        format: 'mcmod.info',
        id: 'buildcraft',
        name: 'BuildCraft',
        authors: ['SpaceToad'],
        minecraft: '1.7.10',
        loader: { name: 'forge' },
      },
    ],
    warnings: [
      'mcmod.info: [0].version "${version}" is an unexpanded placeholder: ignored',
      'mcmod.info: [1] has no modid: skipped',
    ],
  });
});

test('a Technic zip: each jar under mods/, named, and only those', async () => {
  const forge = await zipOf({ 'META-INF/MANIFEST.MF': MANIFEST, 'META-INF/mods.toml': FORGE_TOML });
  const fabric = await zipOf({ 'fabric.mod.json': FABRIC_JSON });
  const zip = await zipOf({
    'mods/create.jar': forge,
    'mods/1.20.1/appleskin.jar': fabric,
    'config/create.jar': fabric,
    'bin/modpack.jar': fabric,
  });
  const read = await readModMetadata(await fileOf(zip, 'pack.zip'));
  expect(read.warnings).toEqual([]);
  expect(read.mods.map((m) => [m.file, m.format, m.id, m.version])).toEqual([
    ['mods/create.jar', 'forge', 'create', '0.5.1f'],
    ['mods/1.20.1/appleskin.jar', 'fabric', 'appleskin', '2.5.1+mc1.20'],
  ]);
});

test('a jar carrying several formats answers each one', async () => {
  const jar = await zipOf({ 'META-INF/neoforge.mods.toml': NEOFORGE_TOML, 'fabric.mod.json': FABRIC_JSON });
  const read = await readModMetadata(ranges(jar));
  expect(read.mods.map((m) => `${m.format}:${m.id}`)).toEqual(['fabric:appleskin', 'neoforge:jei']);
});

test('a zip without metadata: nothing, and no warning', async () => {
  const jar = await zipOf({ 'readme.txt': 'hello', 'META-INF/MANIFEST.MF': MANIFEST });
  expect(await readModMetadata(ranges(jar))).toEqual({ mods: [], warnings: [] });
});
