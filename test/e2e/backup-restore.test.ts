/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Backup and restore with the admin CLI (`backup <dir>`, `restore <dir>`), as an operator runs
// them: data of every kind is made through the API and every API view of it read; the backup is
// taken while the stack runs and writes keep coming; then the services are stopped, their
// databases dropped, the backup restored and the stack started again. Every view reads the same,
// tokens, keys and launcher clients still work, writes in flight during the backup are there
// exactly when they were acknowledged before it began (and wholly), and events flow again.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { dropDatabase } from '@depot/common/runtime';
import { Api, eventually, expectReply, md5Of, must, startTestStack, userWithToken, type TestStack } from '../support';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');
const enc = encodeURIComponent;

let t: TestStack;
let admin: Api;
let anon: Api;
const dirs: string[] = [];

beforeAll(async () => {
  t = await startTestStack();
  admin = t.admin;
  anon = t.anon;
});

afterAll(async () => {
  await t?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The admin CLI as an operator runs it, on the stack's databases. */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--conditions=depot-source', '--import', 'tsx', 'services/admin/src/cli.ts', ...args],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          CATALOG_DATABASE_URL: t.stack.databases.catalog,
          BUILDS_DATABASE_URL: t.stack.databases.builds,
          AUTH_DATABASE_URL: t.stack.databases.auth,
        },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    return { code: 0, stdout, stderr, ms: Date.now() - started };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '', ms: Date.now() - started };
  }
}

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-backup-'));
  dirs.push(dir);
  return dir;
};

// ---------------------------------------------------------------------------------------------
// The data, and every view of it

interface Seeded {
  mods: string[];
  packs: string[];
  users: { name: string; reader: string; spare: string }[];
  keys: string[];
  client: string;
}

async function seed(): Promise<Seeded> {
  const mods = ['jei', 'ae2', 'create', 'gone-later'];
  for (const [i, name] of mods.entries()) {
    must(
      await admin.post('/api/mod', {
        name,
        pretty_name: `Mod ${i}`,
        ...(i % 2 ? { author: 'someone', description: 'it does things', link: `https://example.test/${name}` } : {}),
      }),
      201,
      name,
    );
    for (const v of ['1.0', '1.1', '2.0 beta']) {
      must(
        await admin.post(`/api/mod/${name}/version`, {
          version: v,
          md5: md5Of(name + v),
          ...(v === '1.1' ? {} : { filesize: 1000 + i }),
        }),
        201,
        `${name}@${v}`,
      );
    }
  }
  const packs = ['public-pack', 'hidden-pack', 'private-pack'];
  for (const slug of packs) {
    must(
      await admin.post('/api/modpack', {
        name: slug.replace('-', ' '),
        slug,
        hidden: slug === 'hidden-pack',
        private: slug === 'private-pack',
        url: `https://example.test/${slug}`,
      }),
      201,
      slug,
    );
    for (const [bi, [b, flags]] of (
      [
        ['1.0', { is_published: true }],
        ['1.1', { is_published: true, private: true }],
        ['2.0', { is_published: false }],
      ] as const
    ).entries()) {
      must(
        await admin.post(`/api/modpack/${slug}/build`, { version: b, minecraft: '1.20.1', forge: '47.2', ...flags }),
        201,
        `${slug}/${b}`,
      );
      for (const [m, name] of mods.entries()) {
        if ((m + bi) % 4 === 0) continue;
        must(
          await admin.post(`/api/modpack/${slug}/${b}/mod`, {
            mod_slug: name,
            mod_version: m % 2 ? '1.0' : '2.0 beta',
          }),
          201,
          `${slug}/${b} ← ${name}`,
        );
      }
    }
    must(await admin.put(`/api/modpack/${slug}`, { recommended: '1.0', latest: '2.0' }), 200, `${slug} flags`);
  }
  // A version deleted, and a mod deleted with its assignments (tombstones, events).
  must(await admin.delete('/api/mod/jei/1.1'), 200, 'version delete');
  must(await admin.delete('/api/mod/gone-later'), 200, 'mod delete');
  await eventually(
    async () => !JSON.stringify((await admin.get('/api/modpack/public-pack/1.0')).body).includes('gone-later'),
    10_000,
    100,
  );

  const users = [];
  for (const [name, permissions, packsOf] of [
    ['editor', ['mods_create', 'mods_manage', 'modpacks_manage'], ['private-pack']],
    ['viewer', [], ['private-pack', 'hidden-pack']],
  ] as const) {
    const reader = await userWithToken(admin, name, [...permissions], [...packsOf]);
    const spare = must(await admin.post(`/api/user/${name}/token`, { name: 'spare' }), 201, 'spare token').token
      .plaintext;
    users.push({ name, reader, spare });
  }
  const keys = [
    must(await admin.post('/api/key', { name: 'Platform', api_key: 'platform-key-0123456789abcdef' }), 201, 'key')
      .api_key,
    must(await admin.post('/api/key', { name: 'Generated' }), 201, 'key').api_key,
  ];
  const client = '5f1c2f7e-1111-4a1a-9c1c-00000000abcd';
  must(await admin.post('/api/client', { name: 'laptop', uuid: client }), 201, 'client');
  const privateId = must(await admin.get('/api/modpack/private-pack'), 200, 'pack').id;
  must(await admin.put(`/api/client/${client}`, { modpacks: [privateId] }), 200, 'client link');
  return { mods: mods.filter((m) => m !== 'gone-later'), packs, users, keys, client };
}

/** Every API view of the seeded data, by path (and reader). `inflight-*` records are left out. */
async function views(s: Seeded): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const read = async (label: string, api: Api, url: string, opts?: { token?: string | null }) => {
    const r = await api.get(url, opts);
    out[label] = { status: r.status, body: withoutInflight(r.body) };
  };
  for (const [who, api] of [
    ['anon', anon],
    ['admin', admin],
  ] as const) {
    await read(`${who} /api/`, api, '/api/');
    await read(`${who} /api/mod`, api, '/api/mod');
    for (const slug of s.mods) {
      const mod = (await api.get(`/api/mod/${slug}`)).body;
      await read(`${who} /api/mod/${slug}`, api, `/api/mod/${slug}`);
      for (const v of mod.versions ?? []) await read(`${who} mod ${slug}@${v}`, api, `/api/mod/${slug}/${enc(v)}`);
    }
    for (const q of ['', '?include=full']) await read(`${who} /api/modpack${q}`, api, `/api/modpack${q}`);
    for (const slug of s.packs) {
      await read(`${who} /api/modpack/${slug}`, api, `/api/modpack/${slug}`);
      for (const b of ['1.0', '1.1', '2.0'])
        for (const q of ['', '?include=mods'])
          await read(`${who} /api/modpack/${slug}/${b}${q}`, api, `/api/modpack/${slug}/${b}${q}`);
    }
  }
  for (const key of s.keys) {
    await read(`verify ${key}`, anon, `/api/verify/${enc(key)}`);
    await read(`modpack?include=full&k=${key}`, anon, `/api/modpack?include=full&k=${enc(key)}`);
    await read(
      `private-pack/1.1?include=mods&k=${key}`,
      anon,
      `/api/modpack/private-pack/1.1?include=mods&k=${enc(key)}`,
    );
  }
  await read('modpack?cid', anon, `/api/modpack?cid=${s.client}`);
  await read('private-pack/1.0?cid', anon, `/api/modpack/private-pack/1.0?cid=${s.client}`);
  for (const path of ['/api/user', '/api/key', '/api/client']) await read(`admin ${path}`, admin, path);
  for (const u of s.users) {
    await read(`${u.name} /api/modpack`, anon, '/api/modpack', { token: u.reader });
    await read(`${u.name} private-pack/1.1`, anon, '/api/modpack/private-pack/1.1', { token: u.reader });
    const tokens = await anon.get('/api/token', { token: u.reader });
    // The token that reads is marked used (at most once a minute): its last_used_at may move on.
    out[`${u.name} /api/token`] = {
      status: tokens.status,
      body: tokens.body.tokens.map((tk: any) => (tk.name === 'test' ? { ...tk, last_used_at: 'used' } : tk)),
    };
  }
  // The admin's list holds the token all these reads are made with.
  const own = await admin.get('/api/token');
  out['admin /api/token'] = {
    status: own.status,
    body: own.body.tokens.map((tk: any) => ({ ...tk, last_used_at: 'used' })),
  };
  return out;
}

/** A body without the records the in-flight writers made (checked on their own). */
function withoutInflight(body: any): any {
  const inflight = (x: any) =>
    typeof x === 'string'
      ? x.startsWith('inflight-')
      : ['username', 'name', 'slug'].some((k) => String(x?.[k] ?? '').startsWith('inflight-'));
  if (Array.isArray(body)) return body.filter((x) => !inflight(x)).map(withoutInflight);
  if (body && typeof body === 'object') {
    return Object.fromEntries(
      Object.entries(body)
        .filter(([k]) => !k.startsWith('inflight-'))
        .map(([k, v]) => [k, withoutInflight(v)]),
    );
  }
  return body;
}

// ---------------------------------------------------------------------------------------------

test('backup while Depot runs and writes, databases dropped, restore: every read the same, credentials work', async () => {
  const s = await seed();
  const before = await views(s);

  // Writers in flight: each round a mod with a version (catalog), a modpack with a build (builds),
  // a user (auth). What a round was acknowledged with, and when.
  type Write = { what: string; path: string; acked: number; sent: number; id?: number };
  const writes: Write[] = [];
  const failures: string[] = [];
  let writing = true;
  const write = async (what: string, path: string, send: () => Promise<{ status: number; text: string }>) => {
    const sent = Date.now();
    const r = await send();
    if (r.status !== 201) failures.push(`${what}: ${r.status} ${r.text}`);
    else writes.push({ what, path, sent, acked: Date.now(), id: JSON.parse(r.text).id });
    return r.status === 201;
  };
  const writers = Array.from({ length: 2 }, async (_, w) => {
    for (let i = 0; writing; i++) {
      const n = `inflight-${w}-${i}`;
      if (await write(`mod ${n}`, `/api/mod/${n}`, () => admin.post('/api/mod', { name: n, pretty_name: n })))
        await write(`version ${n}@1`, `/api/mod/${n}/1`, () =>
          admin.post(`/api/mod/${n}/version`, { version: '1', md5: md5Of(n) }),
        );
      if (await write(`pack ${n}`, `/api/modpack/${n}`, () => admin.post('/api/modpack', { name: n, slug: n })))
        await write(`build ${n}/1`, `/api/modpack/${n}/1`, () =>
          admin.post(`/api/modpack/${n}/build`, { version: '1', minecraft: '1.20.1', is_published: true }),
        );
      await write(`user ${n}`, `user ${n}`, () =>
        admin.post('/api/user', { username: n, permissions: [], modpacks: [] }),
      );
    }
  });
  await new Promise((r) => setTimeout(r, 500));
  const dir = tempDir();
  const backupStarted = Date.now();
  const backup = await cli('backup', dir);
  const backupEnded = Date.now();
  await new Promise((r) => setTimeout(r, 300));
  writing = false;
  await Promise.all(writers);
  expect({ code: backup.code, stderr: backup.code ? backup.stderr : '' }).toEqual({ code: 0, stderr: '' });
  expect(failures).toEqual([]);
  const result = JSON.parse(backup.stdout);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  expect(result.services.catalog.rows.mods).toBeGreaterThanOrEqual(3);
  expect(Object.keys(manifest.services)).toEqual(['catalog', 'builds', 'auth']);
  console.info(
    `backup: ${backup.ms} ms (${result.seconds} s inside), ${result.bytes} bytes in ${fs.readdirSync(dir).length} entries; ` +
      `${writes.filter((w) => w.acked >= backupStarted && w.sent <= backupEnded).length} writes acknowledged while it ran`,
  );

  // A restore into databases that hold data is refused, and changes nothing.
  const refused = await cli('restore', dir);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(
    /catalog's database .* is not empty \(.*mods: \d+ rows.*\): restore into empty databases, or add --force/,
  );
  expect(await views(s)).toEqual(before);

  // Disaster: every service stopped, every database gone.
  for (const name of ['gateway', 'catalog', 'builds', 'auth'] as const) await t.stack.stopService(name);
  for (const url of Object.values(t.stack.databases)) await dropDatabase(url as string);
  const restore = await cli('restore', dir);
  expect({ code: restore.code, stderr: restore.code ? restore.stderr : '' }).toEqual({ code: 0, stderr: '' });
  const restored = JSON.parse(restore.stdout);
  console.info(
    `restore: ${restore.ms} ms (${restored.seconds} s inside), reconciled ${JSON.stringify(restored.reconciled)}`,
  );
  await Promise.all((['catalog', 'builds', 'auth'] as const).map((name) => t.stack.startService(name)));
  await t.stack.startService('gateway');

  // Every view reads as before.
  expect(await views(s)).toEqual(before);

  // Writes in flight: acknowledged before the backup began → restored; sent after it ended → not.
  const present = async (w: Write) =>
    w.path.startsWith('user ')
      ? (await admin.get('/api/user')).body.users.some((u: any) => u.username === w.path.slice(5))
      : (await admin.get(w.path)).status === 200;
  for (const w of writes) {
    if (w.acked < backupStarted)
      expect({ what: w.what, present: await present(w) }).toEqual({ what: w.what, present: true });
    if (w.sent > backupEnded)
      expect({ what: w.what, present: await present(w) }).toEqual({ what: w.what, present: false });
  }
  // Every restored in-flight record is whole: a build read of a restored pack works, a restored
  // mod lists its version when that is restored too.
  for (const w of writes.filter((x) => x.what.startsWith('build ')))
    if (await present(w)) must(await anon.get(w.path), 200, w.path);

  // Credentials: the users' tokens, the platform keys, the launcher client. New records take ids
  // no record of the backup had (the sequences were restored past them).
  const editor = s.users[0];
  const backedUpModIds = writes.filter((w) => w.what.startsWith('mod ') && w.acked < backupStarted).map((w) => w.id!);
  for (const token of [editor.reader, editor.spare]) {
    const name = `after-restore-${token === editor.reader ? 'a' : 'b'}`;
    const created = await anon.post('/api/mod', { name, pretty_name: name }, { token });
    expectReply(created, 201, expect.objectContaining({ name }));
    expect(created.body.id).toBeGreaterThan(Math.max(...backedUpModIds));
  }
  for (const key of s.keys) expect((await anon.get(`/api/verify/${enc(key)}`)).status).toBe(200);
  expect(Object.keys((await anon.get(`/api/modpack?cid=${s.client}`)).body.modpacks)).toContain('private-pack');
  expect((await anon.get('/api/token', { token: t.adminToken })).status).toBe(200);

  // Events flow again: a mod delete detaches it from every build within seconds.
  must(await admin.delete('/api/mod/ae2'), 200, 'delete after restore');
  await eventually(
    async () => !JSON.stringify((await admin.get('/api/modpack/public-pack/1.0')).body).includes('"ae2"'),
    10_000,
    100,
  );
});
