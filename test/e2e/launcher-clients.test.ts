/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// The two real clients, emulated: the Technic Launcher (LauncherV3's HttpSolderApi /
// HttpSolderPackApi, parsing with Gson into SolderPackInfo / Modpack / Mod and failing on any
// `error` key) and Technic Platform's Solder client (verify, then k-authenticated reads), against a
// realistic pack of 30 mods.
import { randomUUID } from 'node:crypto';
import { Api, Reply, TIMESTAMP, TestStack, md5Of, startTestStack, must } from '../support';

const MIRROR = 'https://mirror.example.test/repo/';
const LAUNCHER_UA = 'Mozilla/5.0 (Macintosh; U; Intel Mac OS X 10.4; en-US; rv:1.9.2.2) Gecko/20100316 Firefox/3.6.2';

let t: TestStack;
let admin: Api;
let root: string; // the Solder API root as users paste it into the launcher / platform: ends with '/'
let cid: string;
let platformKey: string;

// 30 mods as a real 1.12.2 pack has them (no punctuation, so natural order is unambiguous)
const MOD_NAMES = [
  'appliedenergistics2',
  'buildcraft',
  'chisel',
  'computercraft',
  'enderio',
  'EnderCore',
  'extrautils2',
  'forestry',
  'ic2',
  'immersiveengineering',
  'ironchest',
  'jei',
  'journeymap',
  'mantle',
  'mekanism',
  'MekanismGenerators',
  'opencomputers',
  'railcraft',
  'redstoneflux',
  'storagedrawers',
  'tconstruct',
  'thermalexpansion',
  'thermalfoundation',
  'cofhcore',
  'waila',
  'biomesoplenty',
  'baubles',
  'chiselsandbits',
  'codechickenlib',
  'forge',
];
const OLD = (i: number) => `1.12.2-${i}.0.${i * 3}`;
const NEW = (i: number) => (i % 5 === 0 ? `1.12.2-${i}.1.0+build ${i}` : `1.12.2-${i}.1.0`);

/** Natural, case-insensitive order for names made of letters and digits. */
function natural(a: string, b: string): number {
  const split = (s: string) => s.toLowerCase().match(/\d+|\D+/g) ?? [];
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i];
    const q = y[i];
    if (/^\d/.test(p) && /^\d/.test(q)) {
      if (Number(p) !== Number(q)) return Number(p) - Number(q);
    } else if (p !== q) return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

beforeAll(async () => {
  t = await startTestStack({ mirrorUrl: MIRROR });
  admin = t.admin;
  root = `${t.url}/api/`;

  for (let i = 0; i < MOD_NAMES.length; i++) {
    const name = MOD_NAMES[i];
    must(
      await admin.post('/api/mod', {
        name,
        pretty_name: `${name[0].toUpperCase()}${name.slice(1)} Mod`,
        author: i % 3 === 0 ? `Author ${i}` : undefined,
        description: i % 2 === 0 ? `Description of ${name}` : undefined,
        link: i % 4 === 0 ? `https://example.test/${name}` : undefined,
      }),
      201,
      `mod ${name}`,
    );
    for (const v of [OLD(i), NEW(i)]) {
      must(
        await admin.post(`/api/mod/${name}/version`, { version: v, md5: md5Of(`${name}-${v}`), filesize: 1000 + i }),
        201,
        `version ${name} ${v}`,
      );
    }
  }

  // a public pack, as hidden: false; builds 1.0.0 (old versions), 1.1.0 (new versions), and an unpublished 1.2.0
  must(
    await admin.post('/api/modpack', {
      name: 'Tekxit Lite',
      slug: 'tekxit-lite',
      hidden: false,
      url: 'https://example.test/tekxit',
    }),
    201,
    'pack',
  );
  must(
    await admin.post('/api/modpack/tekxit-lite/build', {
      version: '1.0.0',
      minecraft: '1.12.2',
      forge: '14.23.5.2847',
      is_published: true,
      min_java: '8',
      min_memory: 3072,
    }),
    201,
    'build',
  );
  for (let i = 0; i < MOD_NAMES.length; i++) {
    must(
      await admin.post('/api/modpack/tekxit-lite/1.0.0/mod', { mod_slug: MOD_NAMES[i], mod_version: OLD(i) }),
      201,
      'assign',
    );
  }
  must(
    await admin.post('/api/modpack/tekxit-lite/build', {
      version: '1.1.0',
      minecraft: '1.12.2',
      forge: '14.23.5.2860',
      is_published: true,
      min_java: '8',
      min_memory: 4096,
      clone_from: '1.0.0',
    }),
    201,
    'build',
  );
  for (let i = 0; i < MOD_NAMES.length; i++) {
    must(await admin.put(`/api/modpack/tekxit-lite/1.1.0/mod/${MOD_NAMES[i]}`, { mod_version: NEW(i) }), 200, 'update');
  }
  must(
    await admin.post('/api/modpack/tekxit-lite/build', { version: '1.2.0', minecraft: '1.12.2', clone_from: '1.1.0' }),
    201,
    'build',
  );
  must(await admin.put('/api/modpack/tekxit-lite', { recommended: '1.0.0', latest: '1.1.0' }), 200, 'recommended');

  // a private pack for a linked launcher, and a hidden one
  must(
    await admin.post('/api/modpack', { name: 'Friends Only', slug: 'friends-only', hidden: false, private: true }),
    201,
    'pack',
  );
  must(
    await admin.post('/api/modpack/friends-only/build', { version: '3', minecraft: '1.12.2', is_published: true }),
    201,
    'build',
  );
  for (let i = 0; i < 10; i++) {
    must(
      await admin.post('/api/modpack/friends-only/3/mod', { mod_slug: MOD_NAMES[i], mod_version: NEW(i) }),
      201,
      'assign',
    );
  }
  must(
    await admin.post('/api/modpack/friends-only/build', {
      version: '3-beta',
      minecraft: '1.12.2',
      is_published: true,
      private: true,
    }),
    201,
    'build',
  );
  must(await admin.put('/api/modpack/friends-only', { recommended: '3', latest: '3-beta' }), 200, 'rec');
  must(await admin.post('/api/modpack', { name: 'Staging', slug: 'staging' }), 201, 'pack');
  must(
    await admin.post('/api/modpack/staging/build', { version: '0.1', minecraft: '1.16.5', is_published: true }),
    201,
    'build',
  );

  const packs = must(await admin.get('/api/modpack?include=full'), 200, 'list').modpacks;
  cid = randomUUID();
  must(await admin.post('/api/client', { name: "Steve's PC", uuid: cid }), 201, 'client');
  must(await admin.put(`/api/client/${cid}`, { modpacks: [packs['friends-only'].id] }), 200, 'link');

  platformKey = must(await admin.post('/api/key', { name: 'Technic Platform' }), 201, 'key').api_key;
});

afterAll(async () => {
  await t?.stop();
});

// ---------------------------------------------------------------------------------------------
// Technic Launcher emulation

class RestfulAPIException extends Error {}

/** RestObject.getRestObject: plain GET with the launcher's user agent, Gson, then hasError(). */
async function getRestObject(url: string): Promise<any> {
  const res = await fetch(url, { headers: { 'User-Agent': LAUNCHER_UA } });
  const text = await res.text();
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RestfulAPIException(`Error parsing response JSON at URL [${url}]: ${text}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new RestfulAPIException(`Unable to access URL [${url}]`);
  }
  if ('error' in parsed && parsed.error !== null) throw new RestfulAPIException(`Error in response: ${parsed.error}`);
  if (res.status !== 200) throw new RestfulAPIException(`HTTP ${res.status} without an error key at [${url}]: ${text}`);
  return parsed;
}

const isStr = (v: unknown) => typeof v === 'string';
const isStrOrNull = (v: unknown) => v === null || typeof v === 'string';

/** What Gson + SolderPackInfo would accept, strictly. */
function assertSolderPackInfo(info: any) {
  expect(isStr(info.name)).toBe(true);
  expect(isStr(info.display_name)).toBe(true);
  for (const k of [
    'url',
    'icon',
    'icon_md5',
    'logo',
    'logo_md5',
    'background',
    'background_md5',
    'recommended',
    'latest',
  ]) {
    expect([k, isStrOrNull(info[k])]).toEqual([k, true]);
  }
  expect(Array.isArray(info.builds)).toBe(true);
  for (const b of info.builds) expect(isStr(b)).toBe(true);
  expect(info).not.toHaveProperty('error');
}

/** What Gson + rest.io.Modpack / Mod would accept, strictly; and what the installer needs. */
function assertModpackBuild(build: any, mirror: string) {
  expect(isStr(build.minecraft)).toBe(true);
  expect(Array.isArray(build.mods)).toBe(true);
  expect(build).not.toHaveProperty('error');
  for (const m of build.mods) {
    expect(isStr(m.name)).toBe(true);
    expect(isStr(m.version)).toBe(true);
    expect(isStr(m.url)).toBe(true);
    expect(isStr(m.md5)).toBe(true);
    expect(m.md5).toMatch(/^[0-9a-f]{32}$/);
    expect(m.url.startsWith(mirror)).toBe(true);
    // the installer caches `{name}-{version}.zip` under mods/{name}/
    const rest = m.url.slice(mirror.length);
    expect(rest).toBe(
      `mods/${encodeURIComponent(m.name)}/${encodeURIComponent(m.name)}-${encodeURIComponent(m.version)}.zip`,
    );
    const segments = new URL(m.url).pathname.split('/').map(decodeURIComponent);
    expect(segments.slice(-3)).toEqual(['mods', m.name, `${m.name}-${m.version}.zip`]);
  }
}

/** HttpSolderApi / HttpSolderPackApi, as the launcher calls them. */
class Launcher {
  constructor(
    readonly solderRoot: string,
    readonly clientId: string,
    readonly user = 'Steve',
  ) {}

  async mirrorUrl(): Promise<string> {
    const solder = await getRestObject(`${this.solderRoot}modpack/`);
    if (solder.mirror_url === null || solder.mirror_url === undefined) {
      throw new RestfulAPIException(`A mirror URL could not be retrieved from '${this.solderRoot}modpack/'`);
    }
    return solder.mirror_url;
  }

  async publicPacks(): Promise<Record<string, any>> {
    const full = await getRestObject(`${this.solderRoot}modpack/?include=full&cid=${this.clientId}&u=${this.user}`);
    expect(full.modpacks !== null && typeof full.modpacks === 'object' && !Array.isArray(full.modpacks)).toBe(true);
    return full.modpacks;
  }

  async packInfo(slug: string): Promise<any> {
    return getRestObject(`${this.solderRoot}modpack/${slug}/?cid=${this.clientId}&u=${this.user}`);
  }

  async packBuild(slug: string, build: string): Promise<any> {
    return getRestObject(`${this.solderRoot}modpack/${slug}/${build}/?cid=${this.clientId}&u=${this.user}`);
  }
}

describe('Technic Launcher', () => {
  test('reads the mirror, the pack list, the pack and its builds, and could install every mod', async () => {
    const launcher = new Launcher(root, cid);
    const mirror = await launcher.mirrorUrl();
    expect(mirror).toBe(MIRROR);
    expect(mirror.endsWith('/')).toBe(true);

    const packs = await launcher.publicPacks();
    // public pack + the private one linked to this cid; the hidden 'staging' is not listed
    expect(Object.keys(packs)).toEqual(['tekxit-lite', 'friends-only']);
    for (const info of Object.values(packs)) assertSolderPackInfo(info);

    const info = await launcher.packInfo('tekxit-lite');
    assertSolderPackInfo(info);
    expect(info).toEqual(packs['tekxit-lite']);
    expect(info).toMatchObject({
      name: 'tekxit-lite',
      display_name: 'Tekxit Lite',
      url: 'https://example.test/tekxit',
      recommended: '1.0.0',
      latest: '1.1.0',
      builds: ['1.0.0', '1.1.0'],
    });
    expect(info.builds).toContain(info.recommended);
    expect(info.builds).toContain(info.latest);

    for (const [version, ver] of [
      [info.recommended, OLD],
      [info.latest, NEW],
    ] as const) {
      const build = await launcher.packBuild('tekxit-lite', version);
      assertModpackBuild(build, mirror);
      expect(build.minecraft).toBe('1.12.2');
      expect(build.mods).toHaveLength(30);
      expect(build.mods.map((m: any) => m.name)).toEqual([...MOD_NAMES].sort(natural));
      for (const m of build.mods) {
        const i = MOD_NAMES.indexOf(m.name);
        expect(m.version).toBe(ver(i));
        // "downloading" the archive gives this checksum
        expect(m.md5).toBe(md5Of(`${m.name}-${ver(i)}`));
        expect(m.filesize).toBe(1000 + i);
      }
    }
    const latest = await launcher.packBuild('tekxit-lite', '1.1.0');
    expect(latest).toMatchObject({ forge: '14.23.5.2860', java: '8', memory: 4096 });
    const encoded = latest.mods.find((m: any) => m.name === 'forge');
    expect(encoded.version).toBe('1.12.2-29.1.0');
    const withPlus = latest.mods.find((m: any) => m.name === MOD_NAMES[5]);
    expect(withPlus.url).toBe(`${MIRROR}mods/${MOD_NAMES[5]}/${MOD_NAMES[5]}-1.12.2-5.1.0%2Bbuild%205.zip`);
  });

  test('an unpublished build is an error response the launcher reports, not a crash', async () => {
    const launcher = new Launcher(root, cid);
    await expect(launcher.packBuild('tekxit-lite', '1.2.0')).rejects.toThrow('Error in response: Build does not exist');
    await expect(launcher.packBuild('tekxit-lite', '9.9.9')).rejects.toThrow('Error in response: Build does not exist');
    await expect(launcher.packInfo('no-such-pack')).rejects.toThrow('Error in response: Modpack does not exist');
  });

  test('a linked cid reads its private pack; private builds are included for it', async () => {
    const launcher = new Launcher(root, cid);
    const info = await launcher.packInfo('friends-only');
    assertSolderPackInfo(info);
    expect(info).toMatchObject({ name: 'friends-only', recommended: '3', latest: '3-beta', builds: ['3', '3-beta'] });
    const build = await launcher.packBuild('friends-only', '3');
    assertModpackBuild(build, MIRROR);
    expect(build.mods.map((m: any) => m.name)).toEqual(MOD_NAMES.slice(0, 10).sort(natural));
    const beta = await launcher.packBuild('friends-only', '3-beta');
    assertModpackBuild(beta, MIRROR);
    expect(beta.mods).toEqual([]);
  });

  test('an unlinked or made-up cid gets error responses for the private pack, and the public ones still work', async () => {
    for (const other of [randomUUID(), 'garbage']) {
      const launcher = new Launcher(root, other);
      expect(Object.keys(await launcher.publicPacks())).toEqual(['tekxit-lite']);
      await expect(launcher.packInfo('friends-only')).rejects.toThrow('Error in response: Modpack does not exist');
      await expect(launcher.packBuild('friends-only', '3')).rejects.toThrow(
        'Error in response: Modpack does not exist',
      );
      const info = await launcher.packInfo('tekxit-lite');
      expect(info.builds).toEqual(['1.0.0', '1.1.0']);
      assertModpackBuild(await launcher.packBuild('tekxit-lite', '1.0.0'), MIRROR);
    }
  });

  test('a hidden pack is not listed but the launcher can open it by slug', async () => {
    const launcher = new Launcher(root, randomUUID());
    const info = await launcher.packInfo('staging');
    assertSolderPackInfo(info);
    expect(info).toMatchObject({ name: 'staging', display_name: 'Staging', builds: ['0.1'] });
    const build = await launcher.packBuild('staging', '0.1');
    assertModpackBuild(build, MIRROR);
    expect(build).toEqual({
      id: expect.any(Number),
      minecraft: '1.16.5',
      java: null,
      memory: null,
      forge: null,
      mods: [],
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Technic Platform emulation

class Platform {
  constructor(
    readonly solderRoot: string,
    readonly key: string,
  ) {}

  private async get(path: string): Promise<Reply> {
    const res = await fetch(`${this.solderRoot}${path}`);
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text), headers: res.headers, text };
  }

  verify() {
    return this.get(`verify/${encodeURIComponent(this.key)}`);
  }
  list() {
    return this.get(`modpack?k=${encodeURIComponent(this.key)}`);
  }
  listFull() {
    return this.get(`modpack?include=full&k=${encodeURIComponent(this.key)}`);
  }
  pack(slug: string) {
    return this.get(`modpack/${slug}?k=${encodeURIComponent(this.key)}`);
  }
  build(slug: string, build: string) {
    return this.get(`modpack/${slug}/${encodeURIComponent(build)}?include=mods&k=${encodeURIComponent(this.key)}`);
  }
}

describe('Technic Platform', () => {
  test('links the instance: verify, list, full list, each pack, each build with mod details', async () => {
    const platform = new Platform(root, platformKey);
    const v = await platform.verify();
    expect(v.status).toBe(200);
    expect(v.body).toEqual({
      valid: 'Key validated.',
      name: 'Technic Platform',
      created_at: expect.stringMatching(TIMESTAMP),
    });

    const list = await platform.list();
    expect(list.status).toBe(200);
    // a valid key sees everything, in id order
    expect(list.body).toEqual({
      modpacks: { 'tekxit-lite': 'Tekxit Lite', 'friends-only': 'Friends Only', staging: 'Staging' },
      mirror_url: MIRROR,
    });

    const full = await platform.listFull();
    expect(full.status).toBe(200);
    expect(Object.keys(full.body.modpacks)).toEqual(['tekxit-lite', 'friends-only', 'staging']);
    expect(full.body.mirror_url).toBe(MIRROR);

    for (const slug of Object.keys(list.body.modpacks)) {
      const pack = await platform.pack(slug);
      expect(pack.status).toBe(200);
      expect(pack.body).toEqual(full.body.modpacks[slug]);
      assertSolderPackInfo(pack.body);
      expect(typeof pack.body.id).toBe('number');
      for (const b of pack.body.builds) {
        const build = await platform.build(slug, b);
        expect([slug, b, build.status]).toEqual([slug, b, 200]);
        expect(typeof build.body.id).toBe('number');
        expect(isStr(build.body.minecraft)).toBe(true);
        for (const m of build.body.mods) {
          expect(isStr(m.md5)).toBe(true);
          expect(m.md5).toMatch(/^[0-9a-f]{32}$/);
          expect(isStr(m.url)).toBe(true);
          expect(isStr(m.pretty_name)).toBe(true);
          expect(isStr(m.name)).toBe(true);
          expect(isStr(m.version)).toBe(true);
          expect(typeof m.id).toBe('number');
          for (const k of ['author', 'description', 'link']) expect([k, isStrOrNull(m[k])]).toEqual([k, true]);
        }
      }
    }
    expect((await platform.pack('friends-only')).body.builds).toEqual(['3', '3-beta']);
    expect((await platform.pack('staging')).body.builds).toEqual(['0.1']);
  });

  test('build with include=mods: every detail of every one of the 30 mods', async () => {
    const platform = new Platform(root, platformKey);
    const build = await platform.build('tekxit-lite', '1.1.0');
    expect(build.status).toBe(200);
    const sorted = [...MOD_NAMES].sort(natural);
    expect(build.body.mods.map((m: any) => m.name)).toEqual(sorted);
    for (const m of build.body.mods) {
      const i = MOD_NAMES.indexOf(m.name);
      expect(m).toEqual({
        id: expect.any(Number),
        name: m.name,
        version: NEW(i),
        md5: md5Of(`${m.name}-${NEW(i)}`),
        filesize: 1000 + i,
        url: `${MIRROR}mods/${m.name}/${m.name}-${encodeURIComponent(NEW(i))}.zip`,
        pretty_name: `${m.name[0].toUpperCase()}${m.name.slice(1)} Mod`,
        author: i % 3 === 0 ? `Author ${i}` : null,
        description: i % 2 === 0 ? `Description of ${m.name}` : null,
        link: i % 4 === 0 ? `https://example.test/${m.name}` : null,
      });
    }
  });

  test('unpublished builds stay hidden even from a valid key', async () => {
    const platform = new Platform(root, platformKey);
    expect((await platform.pack('tekxit-lite')).body.builds).toEqual(['1.0.0', '1.1.0']);
    const r = await platform.build('tekxit-lite', '1.2.0');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Build does not exist' });
  });

  test('an invalid key: verify says so, reads fall back to public visibility (never 401)', async () => {
    const platform = new Platform(root, 'this-is-not-a-key');
    const v = await platform.verify();
    expect(v.status).toBe(403);
    expect(v.body).toEqual({ error: 'Invalid key provided.' });
    const list = await platform.list();
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ modpacks: { 'tekxit-lite': 'Tekxit Lite' }, mirror_url: MIRROR });
    const priv = await platform.pack('friends-only');
    expect(priv.status).toBe(404);
    expect(priv.body).toEqual({ error: 'Modpack does not exist' });
  });

  test('a key given by the admin works the same, and stops working within 5 s of deletion', async () => {
    const created = await admin.post('/api/key', { name: 'Second platform', api_key: 'platform-key-0123456789abcdef' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Second platform',
      api_key: 'platform-key-0123456789abcdef',
      created_at: expect.stringMatching(TIMESTAMP),
    });
    const platform = new Platform(root, 'platform-key-0123456789abcdef');
    expect(Object.keys((await platform.list()).body.modpacks)).toEqual(['tekxit-lite', 'friends-only', 'staging']);

    const del = await admin.delete(`/api/key/${created.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: 'Key deleted.' });
    const deadline = Date.now() + 5000;
    let keys: string[] = [];
    do {
      keys = Object.keys((await platform.list()).body.modpacks);
      if (keys.length === 1) break;
      await new Promise((r) => setTimeout(r, 100));
    } while (Date.now() < deadline);
    expect(keys).toEqual(['tekxit-lite']);
    expect((await platform.pack('friends-only')).status).toBe(404);
  });
});
