/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// The pack doctor (docs/api.md#pack-doctor) against a real stack: a modpack showing each cause a
// launcher would show it offline or fail to install it, with the exact findings the route
// answers; what each reader sees; the API root as configured and checked; who may ask; and the
// admin CLI's `doctor`, which answers the same over gRPC.
import { execFile } from 'node:child_process';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { Api, md5Of, must, startTestStack, userWithToken, type TestStack } from '../support';

const REPO = path.resolve(__dirname, '../..');

let t: TestStack;
let admin: Api;
let mirror: http.Server;

beforeAll(async () => {
  // The mirror: every archive as recorded (the body "<mod>-<version>", whose md5 each version records).
  mirror = http.createServer((req, res) => {
    const m = /^\/repo\/mods\/([^/]+)\/([^/]+)\.zip$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end();
    res.writeHead(200).end(decodeURIComponent(m[2]));
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  const mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/repo/`;
  t = await startTestStack({ mirrorUrl, env: { ARCHIVE_ALLOW_PRIVATE: 'true' } });
  admin = t.admin;
  for (const [name, vs] of [
    ['jei', ['15.2']],
    ['foo', ['bar-1']],
    ['foo-bar', ['1']],
    ['lib', ['A-1']],
    ['lib-a', ['1']],
    ['legacy', ['1.0']],
  ] as const) {
    must(await admin.post('/api/mod', { name, pretty_name: name }), 201, `mod ${name}`);
    for (const v of vs) {
      must(await admin.post(`/api/mod/${name}/version`, { version: v, md5: md5Of(`${name}-${v}`) }), 201, 'version');
    }
  }
  // A version imported from Solder without an md5 (the API never stores one like that).
  const catalog = new Client({ connectionString: t.stack.databases.catalog });
  await catalog.connect();
  try {
    await catalog.query(
      `update mod_versions set md5 = '' where version = '1.0' and mod_id = (select id from mods where name = 'legacy')`,
    );
  } finally {
    await catalog.end();
  }
});

afterAll(async () => {
  await t?.stop();
  mirror?.close();
});

/** A modpack with builds (each `[version, flags, mods]`) and then its modpack fields. */
async function pack(
  slug: string,
  builds: [string, Record<string, unknown>, string[]][],
  fields: Record<string, unknown> = {},
): Promise<any> {
  must(await admin.post('/api/modpack', { name: `Pack ${slug}`, slug, hidden: false }), 201, slug);
  for (const [version, flags, mods] of builds) {
    // (with the loader Solder's builds name, as a Forge pack's)
    must(
      await admin.post(`/api/modpack/${slug}/build`, { version, minecraft: '1.20.1', forge: '47.2.0', ...flags }),
      201,
      version,
    );
    for (const key of mods) {
      const [mod_slug, mod_version] = key.split('@');
      must(
        await admin.post(`/api/modpack/${slug}/${encodeURIComponent(version)}/mod`, { mod_slug, mod_version }),
        201,
        `${key} in ${slug} ${version}`,
      );
    }
  }
  if (Object.keys(fields).length) must(await admin.put(`/api/modpack/${slug}`, fields), 200, `update ${slug}`);
  return must(await admin.get(`/api/manage/modpacks/${slug}`), 200, slug).modpack;
}

async function doctor(slug: string, api: Api = admin): Promise<any> {
  return must(await api.get(`/api/manage/modpacks/${slug}/doctor`), 200, `doctor ${slug}`);
}

const PUBLISHED = { is_published: true };
const codes = (d: any) => d.findings.map((f: any) => f.code);

describe('a healthy pack', () => {
  it('has no findings; says what each reader sees and installs, and the API root of this request', async () => {
    await pack('healthy', [['1.0', PUBLISHED, ['jei@15.2', 'foo@bar-1']]], { recommended: '1.0', latest: '1.0' });
    expect(await doctor('healthy')).toEqual({
      modpack: { slug: 'healthy', name: 'Pack healthy' },
      api_root: {
        url: `${t.url}/api/`,
        source: 'request',
        reachable: null,
        detail:
          'Not checked: PUBLIC_URL is not set, so this is the address this request reached Depot at. Set PUBLIC_URL to the address launchers use.',
      },
      linked_clients: 0,
      launchers: {
        anonymous: { listed: true, shown: true, builds: ['1.0'], installs: { version: '1.0', mods: 2 } },
        linked_client: { listed: true, shown: true, builds: ['1.0'], installs: { version: '1.0', mods: 2 } },
        platform: { listed: true, shown: true, builds: ['1.0'], installs: { version: '1.0', mods: 2 } },
      },
      findings: [],
    });
  });
});

describe('each cause', () => {
  it('no build at all: no published build, recommended and latest unset', async () => {
    await pack('empty', []);
    const d = await doctor('empty');
    expect(d.findings).toEqual([
      {
        code: 'no-published-build',
        severity: 'error',
        message: 'Modpack empty has no published build, so launchers show it offline. It has no builds at all.',
        fix: 'Create a build with its mods (POST /api/modpack/empty/build, then POST /api/modpack/empty/{build}/mod for each mod) and publish it.',
      },
      {
        code: 'recommended-unset',
        severity: 'error',
        message:
          'No recommended build is set (the build launchers install by default), so launchers show the pack offline.',
        fix: 'Publish a build, then set recommended to it (PUT /api/modpack/empty with {"recommended": "<build version>"}).',
      },
      {
        code: 'latest-unset',
        severity: 'error',
        message: 'No latest build is set (the newest build players may pick), so launchers show the pack offline.',
        fix: 'Publish a build, then set latest to it (PUT /api/modpack/empty with {"latest": "<build version>"}).',
      },
    ]);
    expect(d.launchers.anonymous).toEqual({ listed: true, shown: true, builds: [], installs: null });
  });

  it('only unpublished builds; recommended unpublished; latest naming no build', async () => {
    await pack('drafts', [['1.0', {}, ['jei@15.2']]], { recommended: '1.0', latest: '2.0' });
    expect(await doctor('drafts')).toMatchObject({
      findings: [
        {
          code: 'no-published-build',
          severity: 'error',
          message: 'Modpack drafts has no published build, so launchers show it offline. Its build 1.0 is unpublished.',
          fix: 'Publish a build: PUT /api/modpack/drafts/1.0 with {"is_published": true}.',
        },
        {
          code: 'recommended-unpublished',
          severity: 'error',
          message: 'The recommended build 1.0 is not published: launchers do not see it and show the pack offline.',
          fix: 'Publish it (PUT /api/modpack/drafts/1.0 with {"is_published": true}), or publish a build, then set recommended to it (PUT /api/modpack/drafts with {"recommended": "<build version>"}).',
        },
        {
          code: 'latest-missing',
          severity: 'error',
          message:
            'The latest build is "2.0", but modpack drafts has no build with that version (versions match exactly, case included), so launchers show the pack offline.',
          fix: 'Publish a build, then set latest to it (PUT /api/modpack/drafts with {"latest": "<build version>"}).',
        },
      ],
    });
    // Publishing the build leaves only the latest problem, whose fix now names it.
    must(await admin.put('/api/modpack/drafts/1.0', PUBLISHED), 200, 'publish');
    const after = await doctor('drafts');
    expect(after.findings).toEqual([
      expect.objectContaining({
        code: 'latest-missing',
        fix: 'Set latest to a published build, e.g. PUT /api/modpack/drafts with {"latest": "1.0"}.',
      }),
    ]);
  });

  it('a private pack with no linked client, until one is linked', async () => {
    const modpack = await pack('secret', [['1.0', PUBLISHED, ['jei@15.2']]], {
      recommended: '1.0',
      latest: '1.0',
      private: true,
    });
    const before = await doctor('secret');
    expect(before.findings).toEqual([
      {
        code: 'private-without-client',
        severity: 'error',
        message:
          'Modpack secret is private and no launcher client is linked to it: every launcher gets "Modpack does not exist" and shows it offline (Technic Platform still sees it with its key).',
        fix: 'Link your players\' launcher clients to it (PUT /api/client/{uuid} with its id in "modpacks", or npm run admin -- client link <uuid> secret), or make it public (PUT /api/modpack/secret with {"private": false}).',
      },
    ]);
    expect(before.launchers).toEqual({
      anonymous: { listed: false, shown: false, builds: [], installs: null },
      linked_client: { listed: true, shown: true, builds: ['1.0'], installs: { version: '1.0', mods: 1 } },
      platform: { listed: true, shown: true, builds: ['1.0'], installs: { version: '1.0', mods: 1 } },
    });
    const uuid = '0b7a1c52-5c1e-4d7e-9a53-8d1c0a4f2e11';
    must(await admin.post('/api/client', { name: 'player', uuid }), 201, 'client');
    must(await admin.put(`/api/client/${uuid}`, { modpacks: [modpack.id] }), 200, 'link');
    expect(await doctor('secret')).toMatchObject({ linked_clients: 1, findings: [] });
    // What the doctor says a linked launcher sees is what it sees.
    expect(must(await t.anon.get(`/api/modpack/secret?cid=${uuid}`), 200, 'linked read').builds).toEqual(['1.0']);
  });

  it('a published build with no mods', async () => {
    await pack('hollow', [['1.0', PUBLISHED, []]], { recommended: '1.0', latest: '1.0' });
    const d = await doctor('hollow');
    expect(d.findings).toEqual([
      {
        code: 'build-without-mods',
        severity: 'error',
        message: 'Published build 1.0 has no mods: a launcher that installs it gets no mod files.',
        fix: 'Add its mods (POST /api/modpack/hollow/1.0/mod with {"mod_slug": "<mod>", "mod_version": "<version>"}), or unpublish it (PUT /api/modpack/hollow/1.0 with {"is_published": false}).',
      },
    ]);
    expect(d.launchers.anonymous.installs).toEqual({ version: '1.0', mods: 0 });
  });

  it('two mods whose archives share a file name, also without regard to case', async () => {
    await pack(
      'clash',
      [
        ['1.0', PUBLISHED, ['foo@bar-1', 'foo-bar@1', 'jei@15.2']],
        ['1.1', PUBLISHED, ['foo@bar-1', 'foo-bar@1', 'lib@A-1', 'lib-a@1']],
        ['2.0', {}, ['lib@A-1', 'lib-a@1']],
      ],
      { recommended: '1.0', latest: '1.1' },
    );
    expect((await doctor('clash')).findings).toEqual([
      {
        code: 'file-name-collision',
        severity: 'error',
        message:
          "Mods foo (version bar-1) and foo-bar (version 1) are both saved as foo-bar-1.zip in the launcher's cache (file names compare without case, as on Windows): the launcher refuses the overlapping files in published builds 1.0 and 1.1.",
        fix: 'Keep only one of them in those builds (DELETE /api/modpack/clash/1.0/mod/{mod_slug}), or use versions whose file names differ.',
      },
      {
        code: 'file-name-collision',
        severity: 'error',
        message:
          "Mods lib (version A-1) and lib-a (version 1) are both saved as lib-A-1.zip and lib-a-1.zip in the launcher's cache (file names compare without case, as on Windows): the launcher refuses the overlapping files in published build 1.1.",
        fix: 'Keep only one of them in that build (DELETE /api/modpack/clash/1.1/mod/{mod_slug}), or use versions whose file names differ.',
      },
    ]);
  });

  it('a version without md5', async () => {
    await pack('unsummed', [['1.0', PUBLISHED, ['legacy@1.0', 'jei@15.2']]], { recommended: '1.0', latest: '1.0' });
    expect((await doctor('unsummed')).findings).toEqual([
      {
        code: 'version-without-md5',
        severity: 'error',
        message:
          'Mod legacy version 1.0 has no md5 (imported without one), used by published build 1.0: the launcher cannot check the download and fails to install it.',
        fix: 'Set the md5 of the archive on the mirror: PUT /api/mod/legacy/1.0 with {"md5": "<md5 of the zip>"}.',
      },
    ]);
    // The management read shows the empty md5 as it is stored.
    const build = must(await admin.get('/api/manage/modpacks/unsummed/builds/1.0'), 200, 'build');
    expect(build.mods.map((m: any) => [m.mod.name, m.version.md5])).toEqual([
      ['jei', md5Of('jei-15.2')],
      ['legacy', ''],
    ]);
  });

  it('recommended pointing at a private build of a public pack: a warning', async () => {
    await pack(
      'insiders',
      [
        ['1.0', PUBLISHED, ['jei@15.2']],
        ['2.0', { ...PUBLISHED, private: true }, ['jei@15.2']],
      ],
      { recommended: '2.0', latest: '2.0' },
    );
    const d = await doctor('insiders');
    expect(codes(d)).toEqual(['recommended-private', 'latest-private']);
    expect(d.findings[0]).toEqual({
      code: 'recommended-private',
      severity: 'warning',
      message:
        "The recommended build 2.0 is private: only launchers with a linked client (and Technic Platform) see it; every other player's launcher shows the pack offline.",
      fix: 'Make it public (PUT /api/modpack/insiders/2.0 with {"private": false}) if every player should get it.',
    });
    expect(d.launchers.anonymous).toEqual({ listed: true, shown: true, builds: ['1.0'], installs: null });
    expect(d.launchers.platform.installs).toEqual({ version: '2.0', mods: 1 });
  });
});

describe('the API root', () => {
  /** A port nothing listens on. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  it('with PUBLIC_URL: reachable when it answers as Depot, a warning when it does not', async () => {
    const good = await t.stack.addGateway({ PUBLIC_URL: `${t.url}/` });
    const port = await closedPort();
    const bad = await t.stack.addGateway({ PUBLIC_URL: `http://127.0.0.1:${port}` });
    try {
      const viaGood = must(await admin.get('/api/manage/modpacks/healthy/doctor'), 200, 'default');
      expect(viaGood.api_root.source).toBe('request');
      const answered = must(
        await new Api(good.url, t.adminToken).get('/api/manage/modpacks/healthy/doctor'),
        200,
        'good',
      );
      expect(answered.api_root).toEqual({
        url: `${t.url}/api/`,
        source: 'PUBLIC_URL',
        reachable: true,
        detail: expect.stringMatching(/^answered in \d+ ms$/),
      });
      expect(answered.findings).toEqual([]);
      const refused = must(await new Api(bad.url, t.adminToken).get('/api/manage/modpacks/healthy/doctor'), 200, 'bad');
      expect(refused.api_root).toEqual({
        url: `http://127.0.0.1:${port}/api/`,
        source: 'PUBLIC_URL',
        reachable: false,
        detail: 'no answer: ECONNREFUSED',
      });
      expect(refused.findings).toEqual([
        {
          code: 'api-root-unreachable',
          severity: 'warning',
          message: `The API root http://127.0.0.1:${port}/api/ did not answer as Depot when Depot itself asked (no answer: ECONNREFUSED). Launchers and Technic Platform given this address may show the pack offline; Depot checks from its own network, which may differ from theirs.`,
          fix: `Check PUBLIC_URL, DNS, TLS and the proxy in front of the gateway: GET http://127.0.0.1:${port}/api/ must answer {"api": "Depot", …} without a redirect.`,
        },
      ]);
    } finally {
      await good.stop();
      await bad.stop();
    }
  });
});

describe('who may ask', () => {
  it('modpacks_manage with access to the modpack: 404 for a missing one, 403 without access', async () => {
    const manager = admin.as(await userWithToken(admin, 'doctor-manager', ['modpacks_manage'], ['healthy']));
    const librarian = admin.as(await userWithToken(admin, 'doctor-librarian', ['mods_manage', 'modpacks_create']));
    expect(codes(await doctor('healthy', manager))).toEqual([]);
    const cases: [Api, string, number, unknown][] = [
      [manager, 'clash', 403, { error: 'This action is unauthorized.' }],
      [manager, 'absent', 404, { error: 'Modpack not found.' }],
      [librarian, 'healthy', 403, { error: 'This action is unauthorized.' }],
      [t.anon, 'healthy', 401, { error: 'Unauthenticated.' }],
    ];
    for (const [api, slug, status, body] of cases) {
      const res = await api.get(`/api/manage/modpacks/${slug}/doctor`);
      expect({ slug, status: res.status, body: res.body }).toEqual({ slug, status, body });
    }
  });

  it('never under the launcher routes: /api/modpack/{slug}/doctor is the build "doctor"', async () => {
    const res = await t.anon.get('/api/modpack/healthy/doctor');
    expect([res.status, res.body]).toEqual([404, { error: 'Build does not exist' }]);
  });
});

describe('npm run admin -- doctor', () => {
  /** The admin CLI as an operator runs it, against this stack's services. */
  function depotAdmin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const { PUBLIC_URL: _unset, ...env } = process.env;
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--conditions=depot-source', '--import', 'tsx', 'services/admin/src/cli.ts', ...args],
        {
          cwd: REPO,
          env: {
            ...env,
            CATALOG_GRPC_ADDR: `127.0.0.1:${t.stack.ports.catalog}`,
            BUILDS_GRPC_ADDR: `127.0.0.1:${t.stack.ports.builds}`,
            AUTH_GRPC_ADDR: `127.0.0.1:${t.stack.ports.auth}`,
          },
        },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  it('--json: the findings and views of the route; exit status 3 when it finds errors', async () => {
    const route = await doctor('clash');
    const cli = await depotAdmin('doctor', 'clash', '--json');
    expect({ code: cli.code, stderr: cli.stderr }).toEqual({
      code: 3,
      stderr: 'depot-admin: clash: 2 errors: launchers show the pack offline or fail to install it\n',
    });
    const printed = JSON.parse(cli.stdout);
    expect(printed).toEqual({
      ...route,
      api_root: {
        url: null,
        source: 'unset',
        reachable: null,
        detail:
          "Not checked: PUBLIC_URL is not set. Give launchers and Technic Platform the gateway's public address followed by /api/.",
      },
    });
  });

  it('plain text for a person; exit status 0 for a healthy pack; 1 and the reason for a missing one', async () => {
    const healthy = await depotAdmin('doctor', 'healthy');
    expect(healthy.code).toBe(0);
    expect(healthy.stdout).toBe(
      [
        'Modpack healthy (Pack healthy)',
        "API root: Not checked: PUBLIC_URL is not set. Give launchers and Technic Platform the gateway's public address followed by /api/.",
        'Linked launcher clients: 0',
        '',
        'What launchers see:',
        '  anonymous launcher:            listed; builds 1.0; installs 1.0 (2 mods)',
        '  launcher with a linked client: listed; builds 1.0; installs 1.0 (2 mods)',
        '  Technic Platform with a key:   listed; builds 1.0; installs 1.0 (2 mods)',
        '',
        'No problems found.',
        '',
      ].join('\n'),
    );
    const missing = await depotAdmin('doctor', 'absent');
    expect(missing).toEqual({ code: 1, stdout: '', stderr: 'depot-admin: Modpack not found.\n' });
  });
});
