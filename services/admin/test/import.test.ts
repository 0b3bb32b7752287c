/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies and SQL rows are checked by value */
// `import-solder` end to end: the sample Solder database (test/fixtures/solder-sample.sql, plus a
// few rows for visibility, art and oddities) into a whole Depot stack, through the real CLI entry
// as a child process. Every launcher response of every build is compared with what Solder serves
// for the same rows, computed here straight from the Solder tables; then the import runs again
// (nothing duplicated, every response unchanged), then once more after changes at the source.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { dropDatabase } from '@depot/common/runtime';
import {
  createTestDatabase,
  createTestNamespace,
  eventually,
  TEST_NATS_URL,
  testDatabaseUrl,
  uniqueName,
} from '@depot/common/testing';
import { startStack, type Stack } from '@depot/local';
import {
  ASSIGNED_SQL,
  databasesEnv,
  depotCounts as countRows,
  runCli,
  solderBuildAnswers,
  type BuildAnswers,
  type Row,
} from './support/solder-import';

jest.setTimeout(180_000);

const FIXTURE = path.join(__dirname, 'fixtures', 'solder-sample.sql');
const MIRROR = 'https://mirror.example.test/repo/';
const KEY_1 = md5('key-1');
const CLIENT = '5f1c2f7e-1111-4a1a-9c1c-000000000001';

function md5(s: string): string {
  return createHash('md5').update(s).digest('hex');
}

// Rows beyond the fixture: a hidden pack with art, a private pack the client is linked to,
// unpublished and private builds, a mod whose name sorts by case and digits, a null filesize,
// an upper-case md5, a dangling assignment (a warning, not a failure).
const EXTRA_SQL = `
INSERT INTO modpacks (id, name, slug, recommended, latest, url, hidden, private, "order", icon_url, icon_md5,
                      logo_url, logo_md5, background_url, background_md5, created_at, updated_at) VALUES
  (6, 'Hidden Pack', 'hidden-pack', 'h1', 'h3', 'https://example.test/hidden', true, false, 7,
   'https://cdn.example.test/icon.png', md5('icon'), 'https://cdn.example.test/logo.png', md5('logo'),
   'https://cdn.example.test/bg.png', md5('bg'), '2024-05-01 10:00:00', '2024-05-02 11:00:00'),
  (7, 'Members Only', 'members', NULL, NULL, NULL, false, true, 0, NULL, NULL, NULL, NULL, NULL, NULL,
   '2024-05-01 10:00:00', '2024-05-01 10:00:00');
SELECT setval('modpacks_id_seq', 7);
INSERT INTO builds (id, modpack_id, version, minecraft, forge, is_published, private, min_java, min_memory, created_at, updated_at) VALUES
  (51, 6, 'h1', '1.12.2', '14.23.5.2860', true, false, NULL, NULL, '2024-05-01 10:00:00', '2024-05-01 10:00:00'),
  (52, 6, 'h2', '1.12.2', NULL, false, false, '8', 2048, '2024-05-02 10:00:00', '2024-05-02 10:00:00'),
  (53, 6, 'h3', '1.12.2', NULL, true, true, '8', 3072, '2024-05-03 10:00:00', '2024-05-03 10:00:00'),
  (54, 7, 'm1', '1.20.1', NULL, true, false, '21', 8192, '2024-05-04 10:00:00', '2024-05-04 10:00:00');
SELECT setval('builds_id_seq', 54);
INSERT INTO mods (id, name, pretty_name, description, author, link, created_at, updated_at) VALUES
  (2001, 'Zeta_Mod', '', NULL, NULL, NULL, '2024-05-01 10:00:00', '2024-05-01 10:00:00'),
  (2002, 'alpha10', 'Alpha 10', 'tenth', 'someone', 'https://example.test/a10', NULL, NULL),
  (2003, 'Alpha9', 'Alpha 9', NULL, NULL, NULL, NULL, NULL);
SELECT setval('mods_id_seq', 2003);
INSERT INTO modversions (id, mod_id, version, md5, filesize, created_at, updated_at) VALUES
  (6001, 2001, '1.0+build.7', upper(md5('zeta')), NULL, '2024-05-01 10:00:00', '2024-05-01 10:00:00'),
  (6002, 2002, '10.0', md5('a10'), 10, NULL, NULL),
  (6003, 2003, '9.0', md5('a9'), 9, NULL, NULL);
SELECT setval('modversions_id_seq', 6003);
INSERT INTO build_modversion (modversion_id, build_id) VALUES
  (6001, 51), (6002, 51), (6003, 51), (1, 51), (6001, 53), (6002, 54), (99999, 54);
INSERT INTO client_modpack (client_id, modpack_id, created_at, updated_at) VALUES (1, 7, now(), now());
`;

let solder: Awaited<ReturnType<typeof createTestDatabase>>;
let solderDb: Client;
let stack: Stack;
let ns: ReturnType<typeof createTestNamespace>;
let adminToken: string;

beforeAll(async () => {
  ns = createTestNamespace('admin');
  adminToken = `admin_${randomBytes(24).toString('hex')}`;
  const loadSolder = async () => {
    solder = await createTestDatabase('solder_src');
    solderDb = new Client({ connectionString: solder.url });
    await solderDb.connect();
    await solderDb.query(readFileSync(FIXTURE, 'utf8'));
    await solderDb.query(EXTRA_SQL);
  };
  const start = async () => {
    stack = await startStack({
      databaseUrl: testDatabaseUrl(uniqueName('depot_admin')),
      natsUrl: TEST_NATS_URL,
      eventsNamespace: ns.namespace,
      gatewayPort: 0,
      adminToken,
      mirrorUrl: MIRROR,
      redisUrl: '',
      stdio: 'pipe',
      logLevel: process.env.TEST_LOG_LEVEL ?? 'warn',
      env: { RATE_LIMIT_PER_MINUTE: '0' },
    });
  };
  await Promise.all([loadSolder(), start()]);
});

afterAll(async () => {
  await solderDb?.end().catch(() => undefined);
  await stack?.stop();
  await Promise.all(Object.values(stack?.databases ?? {}).map((url) => dropDatabase(url).catch(() => undefined)));
  await ns?.drop().catch(() => undefined);
  await solder?.drop().catch(() => undefined);
});

// ---- running the CLI ----

async function runImport() {
  const run = await runCli(['import-solder', '--from', solder.url], databasesEnv(stack));
  if (run.code !== 0) throw new Error(`import-solder exited ${run.code}:\n${run.stderr}\n${run.stdout}`);
  const summary = JSON.parse(run.stdout);
  process.stdout.write(`import-solder: ${run.ms} ms for the process, ${summary.duration_ms} ms for the import\n`);
  return { summary, run };
}

// ---- what Solder serves, from its tables ----

/** Depot's ids for the natural keys (the one thing that is Depot's own in a response). */
async function depotIds() {
  const query = async (url: string, sql: string) => {
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(sql)).rows as Row[];
    } finally {
      await c.end();
    }
  };
  const [versions, builds, modpacks] = await Promise.all([
    query(stack.databases.catalog, 'select v.id, m.name, v.version from mod_versions v join mods m on m.id = v.mod_id'),
    query(
      stack.databases.builds,
      'select b.id, m.slug, b.version from builds b join modpacks m on m.id = b.modpack_id',
    ),
    query(stack.databases.builds, 'select id, slug from modpacks'),
  ]);
  return {
    version: new Map(versions.map((r) => [`${r.name}\u0000${r.version}`, r.id as number])),
    build: new Map(builds.map((r) => [`${r.slug}\u0000${r.version}`, r.id as number])),
    modpack: new Map(modpacks.map((r) => [r.slug as string, r.id as number])),
  };
}

interface Expected {
  list: [string, string][];
  modpacks: Map<string, { status: number; body: unknown }>;
  builds: Map<string, BuildAnswers>;
}

async function expectedFromSolder(): Promise<Expected> {
  const ids = await depotIds();
  const need = <K, V>(map: Map<K, V>, key: K): V => {
    const v = map.get(key);
    if (v === undefined) throw new Error(`Depot has no row for ${String(key).replace('\u0000', ' ')}`);
    return v;
  };
  const modpacks = (await solderDb.query('select * from modpacks order by id')).rows as Row[];
  const builds = (await solderDb.query('select * from builds order by id')).rows as Row[];
  const assigned = (await solderDb.query(ASSIGNED_SQL)).rows as Row[];

  const visible = (m: Row) => !m.hidden && !m.private;
  const expected: Expected = {
    list: modpacks.filter(visible).map((m) => [m.slug, m.name]),
    modpacks: new Map(),
    builds: solderBuildAnswers({ modpacks, builds, assigned }, MIRROR, {
      version: (a) => need(ids.version, `${a.name}\u0000${a.version}`),
      build: (b, m) => need(ids.build, `${m.slug}\u0000${b.version}`),
    }),
  };
  for (const m of modpacks) {
    const view = {
      id: need(ids.modpack, m.slug),
      name: m.slug,
      display_name: m.name,
      url: m.url,
      icon: m.icon_url,
      icon_md5: m.icon_md5,
      logo: m.logo_url,
      logo_md5: m.logo_md5,
      background: m.background_url,
      background_md5: m.background_md5,
      recommended: m.recommended,
      latest: m.latest,
      builds: builds.filter((b) => b.modpack_id === m.id && b.is_published && !b.private).map((b) => b.version),
    };
    expected.modpacks.set(
      m.slug,
      m.private ? { status: 404, body: { error: 'Modpack does not exist' } } : { status: 200, body: view },
    );
  }
  return expected;
}

// ---- what Depot serves ----

async function get(pathname: string): Promise<{ status: number; body: any }> {
  const res = await fetch(stack.gatewayUrl + pathname);
  return { status: res.status, body: await res.json() };
}

const enc = encodeURIComponent;

async function launcherResponses(expected: Expected) {
  const out = new Map<string, unknown>();
  out.set('list', await get('/api/modpack'));
  out.set('list-full', await get('/api/modpack?include=full'));
  for (const slug of expected.modpacks.keys()) out.set(`modpack ${slug}`, await get(`/api/modpack/${enc(slug)}`));
  for (const key of expected.builds.keys()) {
    const [slug, version] = key.split('/');
    const p = `/api/modpack/${enc(slug)}/${enc(version)}`;
    out.set(`build ${key}`, await get(p));
    out.set(`build ${key} k`, await get(`${p}?k=${KEY_1}`));
    out.set(`build ${key} mods`, await get(`${p}?include=mods&k=${KEY_1}`));
  }
  return out;
}

function compare(actual: Map<string, any>, expected: Expected): void {
  const list = actual.get('list');
  expect(list.status).toBe(200);
  expect(Object.entries(list.body.modpacks)).toEqual(expected.list); // same entries, same order
  expect(list.body.mirror_url).toBe(MIRROR);
  const full = actual.get('list-full');
  expect(Object.keys(full.body.modpacks)).toEqual(expected.list.map(([slug]) => slug));
  for (const [slug] of expected.list) expect(full.body.modpacks[slug]).toEqual(expected.modpacks.get(slug)!.body);
  for (const [slug, want] of expected.modpacks)
    expect({ slug, ...actual.get(`modpack ${slug}`) }).toEqual({ slug, ...want });
  for (const [key, want] of expected.builds) {
    expect({ key, ...actual.get(`build ${key}`) }).toEqual({ key, ...want.anon });
    expect({ key, k: true, ...actual.get(`build ${key} k`) }).toEqual({ key, k: true, ...want.key });
    expect({ key, mods: true, ...actual.get(`build ${key} mods`) }).toEqual({ key, mods: true, ...want.mods });
  }
}

const depotCounts = () => countRows(stack, ['keys', 'clients', 'client_modpacks']);

// ---- the tests, in order ----

let firstResponses: Map<string, unknown>;

test('imports the Solder database; every launcher response matches what Solder serves', async () => {
  const { summary, run } = await runImport();
  expect(summary).toMatchObject({
    mods: { inserted: 2003, updated: 0, unchanged: 0 },
    versions: { inserted: 6003, updated: 0, unchanged: 0 },
    modpacks: { inserted: 7, updated: 0, unchanged: 0 },
    builds: { inserted: 54, updated: 0, unchanged: 0 },
    assignments: { inserted: 7506, updated: 0, unchanged: 0, removed: 0 },
    keys: { inserted: 2, updated: 0, unchanged: 0 },
    clients: { inserted: 1, updated: 0, unchanged: 0 },
    client_links: { inserted: 2, removed: 0, unchanged: 0 },
  });
  expect(summary.warnings).toEqual([
    // This Solder predates users in the import: nothing to say about them.
    'the source has no "users" table; nothing imported from it',
    'the source has no "user_permissions" table; nothing imported from it',
    'the source has no "personal_access_tokens" table; nothing imported from it',
    'assignments of a missing mod version, skipped (1): members m1: modversion id 99999',
  ]);
  expect(run.stderr).toMatch(/warning: assignments of a missing mod version/);
  expect(summary.source).not.toMatch(/:[^:@/]+@/); // no password in the output

  const expected = await expectedFromSolder();
  expect(expected.builds.size).toBe(54);
  firstResponses = await launcherResponses(expected);
  compare(firstResponses as Map<string, any>, expected);

  // Spot checks of the comparison itself, on values written by hand.
  const b = (firstResponses.get('build pack1/B') as any).body;
  expect(b).toMatchObject({ minecraft: '1.20.1', java: '17', memory: 4096, forge: null });
  expect(b.mods).toHaveLength(150);
  const hidden = (firstResponses.get('build hidden-pack/h1') as any).body;
  expect(hidden.mods.map((m: any) => m.name)).toEqual(['Alpha9', 'alpha10', 'mod-0001', 'Zeta_Mod']);
  expect(hidden.mods[3]).toMatchObject({
    md5: md5('zeta'),
    filesize: null,
    url: `${MIRROR}mods/Zeta_Mod/Zeta_Mod-1.0%2Bbuild.7.zip`,
  });
  expect((firstResponses.get('modpack hidden-pack') as any).body).toMatchObject({
    icon: 'https://cdn.example.test/icon.png',
    icon_md5: md5('icon'),
    builds: ['h1'],
  });
});

test('the platform key verifies and the launcher client reads its linked private pack', async () => {
  const verify = await get(`/api/verify/${KEY_1}`);
  expect(verify).toEqual({
    status: 200,
    body: { valid: 'Key validated.', name: 'platform', created_at: expect.any(String) },
  });
  expect((await get('/api/verify/not-a-key')).status).toBe(403);

  const res = await fetch(`${stack.gatewayUrl}/api/client`, { headers: { authorization: `Bearer ${adminToken}` } });
  const { clients } = (await res.json()) as { clients: unknown[] };
  const ids = await depotIds();
  expect(clients).toEqual([
    expect.objectContaining({
      name: 'laptop',
      uuid: CLIENT,
      modpacks: [ids.modpack.get('pack1'), ids.modpack.get('members')].sort((a, b) => a! - b!),
    }),
  ]);
  expect((await get('/api/modpack/members')).status).toBe(404);
  expect(await get(`/api/modpack/members?cid=${CLIENT}`)).toMatchObject({
    status: 200,
    body: { name: 'members', builds: ['m1'] },
  });
  expect(Object.keys((await get(`/api/modpack?cid=${CLIENT}`)).body.modpacks)).toContain('members');
});

test('a second import changes nothing: no duplicates, the same responses', async () => {
  const before = await depotCounts();
  const { summary } = await runImport();
  const unchanged = (n: number) => ({ inserted: 0, updated: 0, unchanged: n });
  expect(summary).toMatchObject({
    mods: unchanged(2003),
    versions: unchanged(6003),
    modpacks: unchanged(7),
    builds: unchanged(54),
    assignments: { ...unchanged(7506), removed: 0 },
    keys: unchanged(2),
    clients: unchanged(1),
    client_links: { inserted: 0, removed: 0, unchanged: 2 },
  });
  expect(await depotCounts()).toEqual(before);
  expect(before).toEqual({
    mods: 2003,
    mod_versions: 6003,
    modpacks: 7,
    builds: 54,
    build_mods: 7506,
    keys: 2,
    clients: 1,
    client_modpacks: 2,
  });
  const expected = await expectedFromSolder();
  const again = await launcherResponses(expected);
  expect(again).toEqual(firstResponses);
});

test('changes at the source since the last import are carried over, and only those', async () => {
  // A changed md5, build settings, a modpack's display name, a swapped and a removed assignment,
  // a new build with mods, a renamed key, a client link removed in Solder.
  const [{ id: swapId, modversion_id: swapFrom }] = (
    await solderDb.query('select id, modversion_id from build_modversion where build_id = 3 order by id limit 1')
  ).rows;
  const swapTo = swapFrom % 3 === 0 ? swapFrom - 1 : swapFrom + 1; // another version of the same mod
  await solderDb.query(`
    UPDATE modversions SET md5 = md5('changed') WHERE id = (SELECT modversion_id FROM build_modversion WHERE build_id = 2 ORDER BY id LIMIT 1);
    UPDATE builds SET min_memory = 8192, forge = '47.2.0' WHERE id = 2;
    UPDATE modpacks SET name = 'Pack One', recommended = 'C' WHERE id = 1;
    UPDATE build_modversion SET modversion_id = ${swapTo} WHERE id = ${swapId};
    DELETE FROM build_modversion WHERE id = (SELECT max(id) FROM build_modversion WHERE build_id = 4);
    INSERT INTO builds (id, modpack_id, version, minecraft, is_published, private, min_java, min_memory, created_at, updated_at)
      VALUES (55, 1, 'K', '1.20.4', true, false, '21', 6144, now(), now());
    INSERT INTO build_modversion (modversion_id, build_id) VALUES (6001, 55), (6002, 55);
    UPDATE keys SET name = 'platform-2' WHERE api_key = '${KEY_1}';
    DELETE FROM client_modpack WHERE modpack_id = 7;
  `);
  const { summary } = await runImport();
  expect(summary).toMatchObject({
    versions: { inserted: 0, updated: 1 },
    modpacks: { inserted: 0, updated: 1 },
    builds: { inserted: 1, updated: 1 },
    assignments: { inserted: 2, updated: 1, removed: 1 },
    keys: { inserted: 0, updated: 1 },
    client_links: { inserted: 0, removed: 1 },
  });
  const expected = await expectedFromSolder();
  // Read-after-write through the gateway (its cache, if any, hears the import's events).
  await eventually(
    async () => {
      compare(await launcherResponses(expected), expected);
      return true;
    },
    15_000,
    500,
  );
  const pack1 = (await get('/api/modpack/pack1')).body;
  expect(pack1).toMatchObject({ display_name: 'Pack One', recommended: 'C', builds: [...'ABCDEFGHIJ', 'K'] });
  expect((await get(`/api/verify/${KEY_1}`)).body.name).toBe('platform-2');
  expect((await get(`/api/modpack/members?cid=${CLIENT}`)).status).toBe(404);
});
