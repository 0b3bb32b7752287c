// Solder's ApiTest (tests/Unit/ApiTest.php, TechnicPack/TechnicSolder main): the launcher and mod
// reads with the mod API on, each test against its own copy of Solder's seed. The halves of its
// tests that switch the mod API off are in mod-api-disabled.test.ts (a stack of their own).
// Also CorsMiddlewareTest::test_wildcard_cors_sets_star_origin, which needs the default CORS_ORIGINS.
import { expectReply, startTestStack, type Api, type TestStack } from '../../support';
import { solderSeed, TESTMOD_FILESIZE, TESTMOD_MD5 } from '../../support/solder-seed';
import { describeDifferences, solderTitle } from '../../support/solder-parity';

/** Solder test → the deliberate difference (docs/decisions.md) its Depot test asserts instead. */
const DIFFERENCES: Record<string, string> = {
  'ApiTest::test_base': 'root-name',
};
const title = (test: string, part?: string) => solderTitle(DIFFERENCES, test, part);

let t: TestStack;
let admin: Api;
let anon: Api;

beforeAll(async () => {
  t = await startTestStack();
  admin = t.admin;
  anon = t.anon;
});
afterAll(async () => {
  await t?.stop();
});

describe('ApiTest', () => {
  describeDifferences(DIFFERENCES);

  it(title('ApiTest::test_base'), async () => {
    // Solder: {"api":"TechnicSolder","version":SOLDER_VERSION,"stream":SOLDER_STREAM}.
    const res = await anon.get('/api/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ api: 'Depot', version: expect.stringMatching(/^\d+\.\d+\.\d+/), stream: 'stable' });
  });

  it(title('ApiTest::test_modpack'), async () => {
    const s = await solderSeed(admin);
    const res = await anon.get('/api/modpack');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['modpacks', 'mirror_url']);
    expect(res.body.mirror_url).toBe(t.mirrorUrl);
    // The seeded pack is hidden (Solder's default), so it is not listed to an anonymous caller.
    expect(res.body.modpacks[s.modpack.slug]).toBeUndefined();
  });

  it(title('ApiTest::test_mod', 'mod API on'), async () => {
    const s = await solderSeed(admin);
    const res = await anon.get('/api/mod');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['mods']);
    expect(res.body.mods[s.mod.name]).toBe('TestMod');
  });

  it(title('ApiTest::test_invalid_modpack'), async () => {
    expectReply(await anon.get('/api/modpack/bob'), 404, { error: 'Modpack does not exist' });
  });

  it(title('ApiTest::test_modpack_slug'), async () => {
    const s = await solderSeed(admin);
    const res = await anon.get(`/api/modpack/${s.modpack.slug}`);
    expectReply(res, 200, {
      id: s.modpack.id,
      name: s.modpack.slug,
      display_name: s.modpack.name,
      url: null,
      icon: null,
      icon_md5: null,
      logo: null,
      logo_md5: null,
      background: null,
      background_md5: null,
      recommended: null,
      latest: null,
      builds: ['1.0.0'],
    });
  });

  it(title('ApiTest::test_invalid_mod', 'mod API on'), async () => {
    expectReply(await anon.get('/api/mod/bob'), 404, { error: 'Mod does not exist' });
  });

  it(title('ApiTest::test_mod_slug', 'mod API on'), async () => {
    const s = await solderSeed(admin);
    expectReply(await anon.get(`/api/mod/${s.mod.name}`), 200, {
      id: s.mod.id,
      name: s.mod.name,
      pretty_name: 'TestMod',
      author: 'Technic',
      description: 'This is a test mod for Solder',
      link: 'http://solder.io',
      versions: ['1.0'],
    });
  });

  it(title('ApiTest::test_modpack_build'), async () => {
    const s = await solderSeed(admin);
    expectReply(await anon.get(`/api/modpack/${s.modpack.slug}/1.0.0`), 200, {
      id: s.build.id,
      minecraft: '1.7.10',
      java: '1.7',
      memory: 1024,
      forge: null,
      mods: [
        {
          id: s.modversion.id,
          name: s.mod.name,
          version: '1.0',
          md5: TESTMOD_MD5,
          filesize: TESTMOD_FILESIZE,
          url: `${t.mirrorUrl}mods/${s.mod.name}/${s.mod.name}-1.0.zip`,
        },
      ],
    });
  });

  it(title('ApiTest::test_mod_version', 'mod API on'), async () => {
    const s = await solderSeed(admin);
    expectReply(await anon.get(`/api/mod/${s.mod.name}/1.0`), 200, {
      id: s.modversion.id,
      md5: TESTMOD_MD5,
      filesize: TESTMOD_FILESIZE,
      url: `${t.mirrorUrl}mods/${s.mod.name}/${s.mod.name}-1.0.zip`,
    });
  });

  it(title('ApiTest::test_modversion_with_invalid_mod', 'mod API on'), async () => {
    expectReply(await anon.get('/api/mod/foo/bar'), 404, { error: 'Mod does not exist' });
  });

  it(title('ApiTest::test_invalid_modversion', 'mod API on'), async () => {
    const s = await solderSeed(admin);
    expectReply(await anon.get(`/api/mod/${s.mod.name}/invalid`), 404, { error: 'Mod version does not exist' });
  });
});

describe('CorsMiddlewareTest', () => {
  it('CorsMiddlewareTest::test_wildcard_cors_sets_star_origin', async () => {
    const res = await anon.get('/api/', { headers: { origin: 'https://evil.com' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('vary')).toBeNull();
  });
});
