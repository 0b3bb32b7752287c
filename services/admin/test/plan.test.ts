// Planning an import from Solder rows (pure): natural keys, ordering, what is refused and what is
// dropped with a warning.
import { CliError } from '../src/errors';
import { planImport } from '../src/solder/plan';
import type { SolderData } from '../src/solder/read';

const T = '2024-01-01T00:00:00.000Z';

function data(overrides: Partial<SolderData> = {}): SolderData {
  return {
    mods: [
      {
        id: 1,
        name: 'jei',
        pretty_name: 'JEI',
        author: 'mezz',
        description: null,
        link: null,
        notes: null,
        created_at: T,
        updated_at: T,
      },
      {
        id: 2,
        name: 'Botania',
        pretty_name: null,
        author: null,
        description: 'd',
        link: 'https://x.test',
        notes: 'ask before updating',
        created_at: null,
        updated_at: null,
      },
    ],
    modversions: [
      {
        id: 10,
        mod_id: 1,
        version: '1.0',
        md5: 'AABBCCDDEEFF00112233445566778899',
        filesize: 10,
        url: null,
        notes: null,
        created_at: T,
        updated_at: T,
      },
      {
        id: 11,
        mod_id: 2,
        version: 'r1',
        md5: ' 00112233445566778899aabbccddeeff ',
        filesize: null,
        url: 'https://cdn.example/botania-r1.jar',
        notes: 'no rehosting',
        created_at: T,
        updated_at: T,
      },
      {
        id: 12,
        mod_id: 1,
        version: '2.0',
        md5: '0'.repeat(32),
        filesize: 20,
        url: null,
        notes: null,
        created_at: T,
        updated_at: T,
      },
    ],
    modpacks: [
      {
        id: 5,
        name: 'Pack',
        slug: 'pack',
        url: null,
        hidden: false,
        private: false,
        order: 0,
        recommended: 'b1',
        latest: 'b2',
        icon_url: 'https://x.test/i.png',
        icon_md5: '1'.repeat(32),
        logo_url: null,
        logo_md5: null,
        background_url: null,
        background_md5: null,
        created_at: T,
        updated_at: T,
      },
    ],
    builds: [
      {
        id: 21,
        modpack_id: 5,
        version: 'b2',
        minecraft: '1.20.1',
        forge: null,
        is_published: true,
        private: false,
        min_java: '17',
        min_memory: 4096,
        created_at: T,
        updated_at: T,
      },
      {
        id: 20,
        modpack_id: 5,
        version: 'b1',
        minecraft: '1.20.1',
        forge: '47',
        is_published: false,
        private: true,
        min_java: null,
        min_memory: null,
        created_at: T,
        updated_at: T,
      },
    ],
    buildModversions: [
      { id: 1, build_id: 20, modversion_id: 10 },
      { id: 2, build_id: 20, modversion_id: 11 },
      { id: 3, build_id: 21, modversion_id: 12 },
    ],
    clients: [{ id: 1, name: 'laptop', uuid: '5f1c2f7e-1111-4a1a-9c1c-000000000001', created_at: T, updated_at: T }],
    clientModpacks: [{ client_id: 1, modpack_id: 5 }],
    keys: [{ id: 1, name: 'platform', api_key: 'k1', created_at: T, updated_at: T }],
    users: [],
    userPermissions: [],
    tokens: [],
    absent: [],
    notes: [],
    ...overrides,
  };
}

test('maps Solder rows to natural keys, in creation (id) order', () => {
  const plan = planImport(data());
  expect(plan.warnings).toEqual([]);
  expect(plan.mods.map((m) => m.name)).toEqual(['jei', 'Botania']);
  expect(plan.mods[1]).toEqual({
    id: 2,
    name: 'Botania',
    prettyName: '',
    author: null,
    description: 'd',
    link: 'https://x.test',
    notes: 'ask before updating',
    createdAt: null,
    updatedAt: null,
  });
  // md5 trimmed and lowercased; versions keep Solder's id order across mods, with their own url and notes.
  expect(plan.versions.map((v) => [v.mod, v.version, v.md5, v.url, v.notes])).toEqual([
    ['jei', '1.0', 'aabbccddeeff00112233445566778899', null, null],
    ['Botania', 'r1', '00112233445566778899aabbccddeeff', 'https://cdn.example/botania-r1.jar', 'no rehosting'],
    ['jei', '2.0', '0'.repeat(32), null, null],
  ]);
  expect(plan.modpacks[0]).toMatchObject({
    slug: 'pack',
    name: 'Pack',
    order: 0,
    iconUrl: 'https://x.test/i.png',
    recommended: 'b1',
  });
  // Builds by Solder id, whatever the order read.
  expect(plan.builds.map((b) => b.version)).toEqual(['b1', 'b2']);
  expect(plan.builds[0]).toMatchObject({
    modpack: 'pack',
    forge: '47',
    isPublished: false,
    private: true,
    minJava: null,
  });
  expect(plan.builds[0].mods).toEqual([
    { mod: 'jei', version: '1.0' },
    { mod: 'Botania', version: 'r1' },
  ]);
  expect(plan.builds[1].mods).toEqual([{ mod: 'jei', version: '2.0' }]);
  expect(plan.clients).toEqual([
    { name: 'laptop', uuid: '5f1c2f7e-1111-4a1a-9c1c-000000000001', modpacks: ['pack'], createdAt: T, updatedAt: T },
  ]);
  expect(plan.keys).toEqual([{ name: 'platform', apiKey: 'k1', createdAt: T, updatedAt: T }]);
});

test('refuses names Depot keeps unique case-insensitively, and md5s too long to store', () => {
  const d = data();
  d.mods.push({ ...d.mods[0], id: 3, name: 'JEI' });
  d.modpacks.push({ ...d.modpacks[0], id: 6, slug: 'PACK', name: 'Other' });
  d.modpacks.push({ ...d.modpacks[0], id: 7, slug: 'other', name: 'pack' });
  d.modversions.push({ ...d.modversions[0], id: 13, version: '3.0', md5: 'x'.repeat(40) });
  let error: unknown;
  try {
    planImport(d);
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(CliError);
  const message = (error as Error).message;
  expect(message).toMatch(/mod names that differ only in case: "jei" and "JEI"/);
  expect(message).toMatch(/modpack slugs that differ only in case: "pack" and "PACK"/);
  expect(message).toMatch(/modpack names that differ only in case: "Pack" and "pack"/);
  expect(message).toMatch(/md5 longer than 32 characters: jei 3.0/);
});

test('drops what Depot cannot hold, with grouped warnings', () => {
  const d = data();
  d.modversions.push({ ...d.modversions[0], id: 14, mod_id: 99, version: 'orphan' }); // missing mod
  d.modversions.push({ ...d.modversions[0], id: 15, version: '1.0', md5: 'f'.repeat(32) }); // duplicate (jei, 1.0)
  d.builds.push({ ...d.builds[0], id: 22, modpack_id: 99, version: 'lost' }); // missing modpack
  d.builds.push({ ...d.builds[0], id: 23, version: 'b2' }); // duplicate (pack, b2): the first (id 21) stays
  d.buildModversions.push(
    { id: 4, build_id: 20, modversion_id: 12 }, // a second version of jei in b1: the last added wins
    { id: 5, build_id: 21, modversion_id: 999 }, // missing version
    { id: 6, build_id: 999, modversion_id: 10 }, // missing build
    { id: 7, build_id: 23, modversion_id: 10 }, // of the skipped duplicate build: dropped silently
    { id: 8, build_id: 21, modversion_id: 15 }, // the merged duplicate version → (jei, 1.0), replacing 2.0
  );
  d.clients.push({ id: 2, name: 'LAPTOP', uuid: '5F1C2F7E-1111-4A1A-9C1C-000000000001', created_at: T, updated_at: T });
  d.clientModpacks.push({ client_id: 2, modpack_id: 5 }, { client_id: 9, modpack_id: 5 });
  d.keys.push(
    { id: 2, name: 'copy', api_key: 'k1', created_at: T, updated_at: T },
    { id: 3, name: 'empty', api_key: '', created_at: T, updated_at: T },
  );

  const plan = planImport(d);
  expect(plan.versions).toHaveLength(3);
  expect(plan.versions.find((v) => v.mod === 'jei' && v.version === '1.0')?.md5).toBe(
    'aabbccddeeff00112233445566778899',
  );
  expect(plan.builds.map((b) => b.version)).toEqual(['b1', 'b2']);
  expect(plan.builds[0].mods).toEqual([
    { mod: 'Botania', version: 'r1' },
    { mod: 'jei', version: '2.0' },
  ]);
  expect(plan.builds[1].mods).toEqual([{ mod: 'jei', version: '1.0' }]);
  expect(plan.clients).toHaveLength(1);
  expect(plan.clients[0].modpacks).toEqual(['pack']);
  expect(plan.keys.map((k) => k.name)).toEqual(['platform']);
  expect(plan.warnings).toEqual([
    'versions of a missing mod, skipped (1): modversion 14 (orphan) of mod id 99',
    'duplicate versions merged (the first one kept) (1): jei 1.0 (modversion 15)',
    'builds of a missing modpack, skipped (1): build 22 (lost) of modpack id 99',
    'duplicate builds skipped (the first one kept, as Solder serves it) (1): pack b2 (build 23)',
    'builds holding two versions of one mod (the last added kept) (2): pack b1: jei 1.0 → 2.0; pack b2: jei 2.0 → 1.0',
    'assignments of a missing mod version, skipped (1): pack b2: modversion id 999',
    'assignments to a missing build, skipped (1): build_modversion 6 (build id 999)',
    'clients with the same uuid merged (1): "laptop" and "LAPTOP"',
    'client links to a missing client or modpack, skipped (1): client id 9, modpack id 5',
    'keys with the same value merged (the first name kept) (1): "copy"',
    'keys without a value, skipped (1): "empty"',
  ]);
});

test('columns an older Solder lacks fall back to what Solder then did: visible, published', () => {
  const d = data();
  const mp = d.modpacks[0] as unknown as Record<string, unknown>;
  mp.hidden = null;
  mp.private = null;
  const b = d.builds[0] as unknown as Record<string, unknown>;
  b.is_published = null;
  b.private = null;
  b.minecraft = null;
  const plan = planImport(d);
  expect(plan.modpacks[0]).toMatchObject({ hidden: false, private: false });
  expect(plan.builds[1]).toMatchObject({ version: 'b2', isPublished: true, private: false, minecraft: '' });
});

test('many warnings of one kind are summarized', () => {
  const d = data();
  for (let i = 0; i < 8; i++) d.buildModversions.push({ id: 100 + i, build_id: 900 + i, modversion_id: 10 });
  const [warning] = planImport(d).warnings;
  expect(warning).toMatch(/^assignments to a missing build, skipped \(8\): .*; and 3 more$/);
});
