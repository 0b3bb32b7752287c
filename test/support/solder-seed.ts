// Technic Solder's test seed (its TestSeeder: one modpack with one published build holding one mod
// version, a second mod without versions, a launcher client, a platform key) made in Depot through
// the API, for the parity tests in test/e2e/solder-parity/. Solder refreshes its database before
// each test; these tests share one stack per file, so each test seeds its own copy, named apart by
// a number, and never sees another test's records.
import { randomBytes, randomUUID } from 'node:crypto';
import { must, type Api } from './index';

/** The md5 and size of Solder's seeded `testmod` 1.0. */
export const TESTMOD_MD5 = 'bdbc6c6cc48c7b037e4aef64b58258a3';
export const TESTMOD_FILESIZE = 295;

export interface SolderSeed {
  /** `Modpack::first()`: hidden (Solder's default), not private. */
  modpack: { id: number; slug: string; name: string };
  /** `$modpack->builds->first()`: 1.0.0, published, holding testmod 1.0. */
  build: { id: number; version: string };
  /** `Mod::first()` and its only version. */
  mod: { id: number; name: string; pretty_name: string };
  modversion: { id: number; version: string; md5: string; filesize: number };
  /** A mod without versions (Solder's `backtools`). */
  backtools: { name: string };
  /** `Client::first()`: Depot takes only UUIDs (difference `client-uuid`), so a random one. */
  client: { name: string; uuid: string };
  /** `Key::first()`. */
  key: { id: number; name: string; api_key: string };
}

let seeds = 0;

/** A fresh copy of Solder's seed, made by `admin` (a solder_full token). */
export async function solderSeed(admin: Api): Promise<SolderSeed> {
  const n = `${process.pid}-${++seeds}`;
  const slug = `testmodpack-${n}`;
  const modpack = must(await admin.post('/api/modpack', { name: `TestModpack ${n}`, slug }), 201, 'seed modpack');
  const build = must(
    await admin.post(`/api/modpack/${slug}/build`, {
      version: '1.0.0',
      minecraft: '1.7.10',
      min_java: '1.7',
      min_memory: 1024,
      is_published: true,
    }),
    201,
    'seed build',
  );
  const modName = `testmod-${n}`;
  const mod = must(
    await admin.post('/api/mod', {
      name: modName,
      pretty_name: 'TestMod',
      description: 'This is a test mod for Solder',
      author: 'Technic',
      link: 'http://solder.io',
    }),
    201,
    'seed mod',
  );
  const modversion = must(
    await admin.post(`/api/mod/${modName}/version`, { version: '1.0', md5: TESTMOD_MD5, filesize: TESTMOD_FILESIZE }),
    201,
    'seed mod version',
  );
  must(
    await admin.post(`/api/modpack/${slug}/1.0.0/mod`, { mod_slug: modName, mod_version: '1.0' }),
    201,
    'seed assignment',
  );
  const backtools = `backtools-${n}`;
  must(
    await admin.post('/api/mod', { name: backtools, pretty_name: 'Backtools', link: 'http://ichun.us' }),
    201,
    'seed mod without versions',
  );
  const client = must(await admin.post('/api/client', { name: 'TestClient', uuid: randomUUID() }), 201, 'seed client');
  const key = must(
    await admin.post('/api/key', { name: `TestKey ${n}`, api_key: randomBytes(32).toString('base64url') }),
    201,
    'seed key',
  );
  return {
    modpack: { id: modpack.id, slug, name: modpack.name },
    build: { id: build.id, version: build.version },
    mod: { id: mod.id, name: modName, pretty_name: mod.pretty_name },
    modversion: {
      id: modversion.id,
      version: modversion.version,
      md5: modversion.md5,
      filesize: modversion.filesize,
    },
    backtools: { name: backtools },
    client: { name: client.name, uuid: client.uuid },
    key: { id: key.id, name: key.name, api_key: key.api_key },
  };
}

/** What Depot holds of a build (the management read): its record and its mods as `name@version`. */
export async function buildOf(admin: Api, slug: string, version: string) {
  const res = await admin.get(`/api/manage/modpacks/${encodeURIComponent(slug)}/builds/${encodeURIComponent(version)}`);
  if (res.status !== 200) return { status: res.status, body: res.body };
  return {
    build: res.body.build,
    mods: res.body.mods.map(
      (m: { mod: { name: string }; version: { version: string } }) => `${m.mod.name}@${m.version.version}`,
    ),
  };
}
