// The pack doctor's diagnosis, cause by cause: each test starts from a healthy pack, breaks one
// thing and expects exactly that finding (code, severity, message, fix), or none.
import { diagnosePack, fileNameCollisions } from '../src/domain/pack-doctor/diagnose';
import {
  FINDING_CODES,
  type DoctorBuild,
  type DoctorInput,
  type ExportLeftOutFinding,
} from '../src/domain/pack-doctor/report';

const MD5 = 'd41d8cd98f00b204e9800998ecf8427e';
const mod = (name: string, version: string, md5 = MD5) => ({ name, version, md5 });
const build = (version: string, flags: Partial<DoctorBuild> = {}): DoctorBuild => ({
  version,
  published: true,
  private: false,
  mods: [mod('jei', '15.2'), mod('waystones', '14.1')],
  loader: 'forge',
  ...flags,
});

/** A public pack with two published builds, recommended and latest set, the API root answering. */
function healthy(): DoctorInput {
  return {
    modpack: { slug: 'tekkit', name: 'Tekkit', hidden: false, private: false, recommended: '1.0', latest: '1.1' },
    builds: [build('1.0'), build('1.1')],
    linkedClients: 0,
    apiRoot: {
      url: 'https://depot.example.com/api/',
      source: 'PUBLIC_URL',
      reachable: true,
      detail: 'answered in 5 ms',
    },
  };
}

function findings(change: (input: DoctorInput) => void) {
  const input = healthy();
  change(input);
  return diagnosePack(input).findings;
}

describe('a healthy pack', () => {
  it('has no findings, and says what each reader sees and installs', () => {
    expect(diagnosePack(healthy())).toEqual({
      modpack: { slug: 'tekkit', name: 'Tekkit' },
      api_root: {
        url: 'https://depot.example.com/api/',
        source: 'PUBLIC_URL',
        reachable: true,
        detail: 'answered in 5 ms',
      },
      linked_clients: 0,
      launchers: {
        anonymous: { listed: true, shown: true, builds: ['1.0', '1.1'], installs: { version: '1.0', mods: 2 } },
        linked_client: { listed: true, shown: true, builds: ['1.0', '1.1'], installs: { version: '1.0', mods: 2 } },
        platform: { listed: true, shown: true, builds: ['1.0', '1.1'], installs: { version: '1.0', mods: 2 } },
      },
      findings: [],
    });
  });

  it('a hidden pack is shown by slug but not listed to anonymous launchers, which the doctor says', () => {
    const input = healthy();
    input.modpack.hidden = true;
    const diagnosis = diagnosePack(input);
    expect(diagnosis.launchers.anonymous).toMatchObject({ listed: false, shown: true });
    expect(diagnosis.launchers.platform).toMatchObject({ listed: true, shown: true });
    expect(diagnosis.findings).toEqual([
      {
        code: 'modpack-hidden',
        severity: 'warning',
        message:
          'Modpack tekkit is hidden: launchers and Technic Platform do not list it (GET /api/modpack); a player reaches it only by its slug.',
        fix: 'Show it in the list (PUT /api/modpack/tekkit with {"hidden": false}) once it is ready for everyone.',
      },
    ]);
  });

  it('a private pack that is also hidden: only private-without-client (privacy already keeps it from the list)', () => {
    const found = findings((i) => {
      i.modpack.hidden = true;
      i.modpack.private = true;
    });
    expect(found.map((f) => f.code)).toEqual(['private-without-client']);
  });
});

describe('no published build', () => {
  it('names the unpublished builds and which to publish', () => {
    expect(
      findings((i) => {
        i.builds = [build('1.0', { published: false }), build('1.1', { published: false })];
      })[0],
    ).toEqual({
      code: 'no-published-build',
      severity: 'error',
      message:
        'Modpack tekkit has no published build, so launchers show it offline. Its builds 1.0 and 1.1 are unpublished.',
      fix: 'Publish a build: PUT /api/modpack/tekkit/1.1 with {"is_published": true}.',
    });
  });

  it('says when there is no build at all, with every other consequence after it', () => {
    const found = findings((i) => {
      i.builds = [];
      i.modpack.recommended = null;
      i.modpack.latest = null;
    });
    expect(found.map((f) => f.code)).toEqual(['no-published-build', 'recommended-unset', 'latest-unset']);
    expect(found[0].message).toBe(
      'Modpack tekkit has no published build, so launchers show it offline. It has no builds at all.',
    );
    expect(found[0].fix).toBe(
      'Create a build with its mods (POST /api/modpack/tekkit/build, then POST /api/modpack/tekkit/{build}/mod for each mod) and publish it.',
    );
    expect(found[1].fix).toBe(
      'Publish a build, then set recommended to it (PUT /api/modpack/tekkit with {"recommended": "<build version>"}).',
    );
  });
});

describe('recommended and latest', () => {
  it('unset', () => {
    expect(findings((i) => (i.modpack.recommended = null))).toEqual([
      {
        code: 'recommended-unset',
        severity: 'error',
        message:
          'No recommended build is set (the build launchers install by default), so launchers show the pack offline.',
        fix: 'Set recommended to a published build, e.g. PUT /api/modpack/tekkit with {"recommended": "1.1"}.',
      },
    ]);
    expect(findings((i) => (i.modpack.latest = null))).toEqual([
      {
        code: 'latest-unset',
        severity: 'error',
        message: 'No latest build is set (the newest build players may pick), so launchers show the pack offline.',
        fix: 'Set latest to a published build, e.g. PUT /api/modpack/tekkit with {"latest": "1.1"}.',
      },
    ]);
  });

  it('naming no build (versions match exactly)', () => {
    expect(findings((i) => (i.modpack.recommended = '1.0.0'))).toEqual([
      {
        code: 'recommended-missing',
        severity: 'error',
        message:
          'The recommended build is "1.0.0", but modpack tekkit has no build with that version (versions match exactly, case included), so launchers show the pack offline.',
        fix: 'Set recommended to a published build, e.g. PUT /api/modpack/tekkit with {"recommended": "1.1"}.',
      },
    ]);
    expect(findings((i) => (i.modpack.latest = 'V1.1')).map((f) => f.code)).toEqual(['latest-missing']);
  });

  it('naming an unpublished build', () => {
    expect(findings((i) => i.builds.push(build('2.0 beta', { published: false }), build('2.0')))).toEqual([]);
    const found = findings((i) => {
      i.builds.push(build('2.0 beta', { published: false }));
      i.modpack.latest = '2.0 beta';
    });
    expect(found).toEqual([
      {
        code: 'latest-unpublished',
        severity: 'error',
        message: 'The latest build 2.0 beta is not published: launchers do not see it and show the pack offline.',
        fix: 'Publish it (PUT /api/modpack/tekkit/2.0%20beta with {"is_published": true}), or set latest to a published build, e.g. PUT /api/modpack/tekkit with {"latest": "1.1"}.',
      },
    ]);
  });

  it('naming a private build of a public pack: a warning; of a private pack: nothing', () => {
    const privateBuild = (i: DoctorInput) => {
      i.builds.push(build('2.0', { private: true }));
      i.modpack.recommended = '2.0';
    };
    const input = healthy();
    privateBuild(input);
    const diagnosis = diagnosePack(input);
    expect(diagnosis.findings).toEqual([
      {
        code: 'recommended-private',
        severity: 'warning',
        message:
          "The recommended build 2.0 is private: only launchers with a linked client (and Technic Platform) see it; every other player's launcher shows the pack offline.",
        fix: 'Make it public (PUT /api/modpack/tekkit/2.0 with {"private": false}) if every player should get it.',
      },
    ]);
    expect(diagnosis.launchers.anonymous).toEqual({
      listed: true,
      shown: true,
      builds: ['1.0', '1.1'],
      installs: null,
    });
    expect(diagnosis.launchers.linked_client.installs).toEqual({ version: '2.0', mods: 2 });
    expect(
      findings((i) => {
        privateBuild(i);
        i.modpack.private = true;
        i.linkedClients = 1;
      }),
    ).toEqual([]);
  });

  it('suggests the newest build every reader sees', () => {
    const found = findings((i) => {
      i.builds.push(build('1.2', { private: true }), build('1.3', { published: false }));
      i.modpack.recommended = null;
    });
    expect(found[0].fix).toBe(
      'Set recommended to a published build, e.g. PUT /api/modpack/tekkit with {"recommended": "1.1"}.',
    );
  });
});

describe('a private pack', () => {
  it('without a linked client: nobody but Platform sees it', () => {
    const input = healthy();
    input.modpack.private = true;
    const diagnosis = diagnosePack(input);
    expect(diagnosis.findings).toEqual([
      {
        code: 'private-without-client',
        severity: 'error',
        message:
          'Modpack tekkit is private and no launcher client is linked to it: every launcher gets "Modpack does not exist" and shows it offline (Technic Platform still sees it with its key).',
        fix: 'Link your players\' launcher clients to it (PUT /api/client/{uuid} with its id in "modpacks", or npm run admin -- client link <uuid> tekkit), or make it public (PUT /api/modpack/tekkit with {"private": false}).',
      },
    ]);
    expect(diagnosis.launchers.anonymous).toEqual({ listed: false, shown: false, builds: [], installs: null });
    expect(diagnosis.launchers.platform).toEqual({
      listed: true,
      shown: true,
      builds: ['1.0', '1.1'],
      installs: { version: '1.0', mods: 2 },
    });
  });

  it('with a linked client: no finding', () => {
    const input = healthy();
    input.modpack.private = true;
    input.linkedClients = 2;
    expect(diagnosePack(input)).toMatchObject({ linked_clients: 2, findings: [] });
  });
});

describe('builds without mods', () => {
  it('a published build: error; an unpublished one: nothing', () => {
    expect(
      findings((i) => {
        i.builds[1].mods = [];
        i.builds.push(build('2.0', { published: false, mods: [] }));
      }),
    ).toEqual([
      {
        code: 'build-without-mods',
        severity: 'error',
        message: 'Published build 1.1 has no mods: a launcher that installs it gets no mod files.',
        fix: 'Add its mods (POST /api/modpack/tekkit/1.1/mod with {"mod_slug": "<mod>", "mod_version": "<version>"}), or unpublish it (PUT /api/modpack/tekkit/1.1 with {"is_published": false}).',
      },
    ]);
  });

  it('the recommended build without mods installs nothing', () => {
    const input = healthy();
    input.builds[0].mods = [];
    expect(diagnosePack(input).launchers.anonymous.installs).toEqual({ version: '1.0', mods: 0 });
  });
});

describe('version strings that break the rule (stored before it applied)', () => {
  it('each is an error naming the file the launcher caches, once for every published build holding it', () => {
    const found = findings((i) => {
      i.builds[0].mods = [mod('jei', 'a\\..\\b'), mod('waystones', '14.1')];
      i.builds[1].mods = [mod('jei', 'a\\..\\b'), mod('waystones', '14.1\u202e')];
    });
    expect(found).toEqual([
      {
        code: 'version-breaks-rule',
        severity: 'error',
        message:
          'Mod jei version "a\\\\..\\\\b" breaks the rules of version strings (stored before they applied), used by published builds 1.0 and 1.1: the launcher caches it as "jei-a-..-b.zip" and may fail to install it.',
        fix: 'Add a version with a plain name (POST /api/mod/jei/version, or upload its archive), then put it in those builds instead (PUT /api/modpack/tekkit/1.0/mod/jei).',
      },
      {
        code: 'version-breaks-rule',
        severity: 'error',
        message:
          'Mod waystones version "14.1\\u202e" breaks the rules of version strings (stored before they applied), used by published build 1.1: the launcher caches it as "waystones-14.1\\u202e.zip" and may fail to install it.',
        fix: 'Add a version with a plain name (POST /api/mod/waystones/version, or upload its archive), then put it in that build instead (PUT /api/modpack/tekkit/1.1/mod/waystones).',
      },
    ]);
  });
});

describe('file name collisions', () => {
  it('as the launcher names its cache files: \\ / : * ? " < > | become -', () => {
    const found = findings((i) => (i.builds[1].mods = [mod('foo', '1:2'), mod('foo-1', '2')]));
    expect(found.map((f) => f.code)).toEqual(['file-name-collision']);
    expect(found[0].message).toMatch(
      /^Mods foo \(version 1:2\) and foo-1 \(version 2\) are both saved as foo-1-2\.zip /,
    );
  });

  it('foo bar-1 and foo-bar 1 are both foo-bar-1.zip, reported once for every build they meet in', () => {
    const clash = [mod('foo', 'bar-1'), mod('foo-bar', '1'), mod('jei', '15.2')];
    const found = findings((i) => {
      i.builds[0].mods = clash;
      i.builds[1].mods = clash;
      i.builds.push(build('2.0', { published: false, mods: clash }));
    });
    expect(found).toEqual([
      {
        code: 'file-name-collision',
        severity: 'error',
        message:
          "Mods foo (version bar-1) and foo-bar (version 1) are both saved as foo-bar-1.zip in the launcher's cache (file names compare without case, as on Windows): the launcher refuses the overlapping files in published builds 1.0 and 1.1.",
        fix: 'Keep only one of them in those builds (DELETE /api/modpack/tekkit/1.0/mod/{mod_slug}), or use versions whose file names differ.',
      },
    ]);
  });

  it('compares without case', () => {
    const found = findings((i) => (i.builds[1].mods = [mod('Foo', '1.0'), mod('foo', '1.0')]));
    expect(found.map((f) => f.code)).toEqual(['file-name-collision']);
    expect(found[0].message).toBe(
      "Mods Foo (version 1.0) and foo (version 1.0) are both saved as Foo-1.0.zip and foo-1.0.zip in the launcher's cache (file names compare without case, as on Windows): the launcher refuses the overlapping files in published build 1.1.",
    );
    expect(found[0].fix).toBe(
      'Keep only one of them in that build (DELETE /api/modpack/tekkit/1.1/mod/{mod_slug}), or use versions whose file names differ.',
    );
  });

  it('three mods of one name', () => {
    const found = findings((i) => (i.builds[0].mods = [mod('a', 'b-c-1'), mod('a-b', 'c-1'), mod('a-b-c', '1')]));
    expect(found[0].message).toBe(
      "Mods a (version b-c-1), a-b (version c-1) and a-b-c (version 1) are all saved as a-b-c-1.zip in the launcher's cache (file names compare without case, as on Windows): the launcher refuses the overlapping files in published build 1.0.",
    );
  });

  it('finds each group of a build once, whatever the order of the mods', () => {
    const a = [mod('x-y', 'z'), mod('x', 'y-z'), mod('q', '1'), mod('q-1', '2'), mod('Q', '1')];
    expect(
      fileNameCollisions([build('1', { mods: a }), build('2', { mods: [...a].reverse() })]).map((g) => [
        g.mods.map((m) => m.name),
        g.builds,
      ]),
    ).toEqual([
      [
        ['x', 'x-y'],
        ['1', '2'],
      ],
      [
        ['Q', 'q'],
        ['1', '2'],
      ],
    ]);
  });
});

describe('checksums', () => {
  it('a version without md5, once per version, naming the published builds that use it', () => {
    const found = findings((i) => {
      for (const b of i.builds) b.mods[0] = mod('jei', '15.2', '');
      i.builds.push(build('2.0', { published: false, mods: [mod('jei', '15.2', '')] }));
    });
    expect(found).toEqual([
      {
        code: 'version-without-md5',
        severity: 'error',
        message:
          'Mod jei version 15.2 has no md5 (imported without one), used by published builds 1.0 and 1.1: the launcher cannot check the download and fails to install it.',
        fix: 'Set the md5 of the archive on the mirror: PUT /api/mod/jei/15.2 with {"md5": "<md5 of the zip>"}.',
      },
    ]);
  });

  it('a blank md5 is none; one that is not 32 hex digits is invalid', () => {
    expect(findings((i) => (i.builds[0].mods[0] = mod('jei', '15.2', '   '))).map((f) => f.code)).toEqual([
      'version-without-md5',
    ]);
    expect(findings((i) => (i.builds[0].mods[1] = mod('waystones', '14.1', 'abc123')))).toEqual([
      {
        code: 'version-md5-invalid',
        severity: 'error',
        message:
          'Mod waystones version 14.1 has md5 "abc123", which is not 32 hexadecimal digits, used by published build 1.0: the launcher\'s check of the download always fails.',
        fix: 'Set the md5 of the archive on the mirror: PUT /api/mod/waystones/14.1 with {"md5": "<md5 of the zip>"}.',
      },
    ]);
    expect(findings((i) => (i.builds[0].mods[1] = mod('waystones', '14.1', MD5.toUpperCase())))).toEqual([]);
  });
});

describe('the API root', () => {
  it('unreachable: a warning with what the check saw', () => {
    expect(findings((i) => (i.apiRoot = { ...i.apiRoot, reachable: false, detail: 'no answer within 3 s' }))).toEqual([
      {
        code: 'api-root-unreachable',
        severity: 'warning',
        message:
          'The API root https://depot.example.com/api/ did not answer as Depot when Depot itself asked (no answer within 3 s). Launchers and Technic Platform given this address may show the pack offline; Depot checks from its own network, which may differ from theirs.',
        fix: 'Check PUBLIC_URL, DNS, TLS and the proxy in front of the gateway: GET https://depot.example.com/api/ must answer {"api": "Depot", …} without a redirect.',
      },
    ]);
  });

  it('not checked: no finding', () => {
    expect(
      findings(
        (i) =>
          (i.apiRoot = {
            url: 'http://localhost:8080/api/',
            source: 'request',
            reachable: null,
            detail: 'Not checked',
          }),
      ),
    ).toEqual([]);
  });
});

describe('where mods run, and what servers get', () => {
  it('a mod whose metadata says client only but that goes to the server: a warning, once for every build', () => {
    const found = findings((i) => {
      // The author said both for the version; build 1.1 leaves it as it is.
      i.builds[0].mods.push({ ...mod('xaeros', '24.1'), side: 'both', metadataSide: 'client' });
      i.builds[1].mods.push({ ...mod('xaeros', '24.1'), metadataSide: 'client' });
      // Where it is client only (its version's side or the build's), nothing.
      i.builds.push(build('1.2', { mods: [{ ...mod('xaeros', '24.1'), side: 'client', metadataSide: 'client' }] }));
    });
    expect(found).toEqual([
      {
        code: 'client-mod-on-server',
        severity: 'warning',
        message:
          'Mod xaeros version 24.1 says in its metadata that it runs on the client only, but goes to the server too in published builds 1.0 and 1.1: it is in their server pack, and a dedicated server may crash loading it.',
        fix: 'Set where it runs to client only: for every build, PUT /api/manage/mods/xaeros/versions/24.1/side with {"side": "client"}; for one build, PUT /api/manage/modpacks/tekkit/builds/1.0/mods/xaeros/side with {"side": "client"} (a build\'s own setting wins over the version\'s).',
      },
    ]);
  });

  it('a mod whose metadata says server only that launchers would install: a warning', () => {
    const found = findings((i) =>
      i.builds[1].mods.push({ ...mod('spark', '1.10'), side: 'both', metadataSide: 'server' }),
    );
    expect(found).toEqual([
      {
        code: 'server-mod-on-client',
        severity: 'warning',
        message:
          'Mod spark version 1.10 says in its metadata that it runs on the server only, but launchers install it with published build 1.1, where it may keep the game from starting.',
        fix: 'Set where it runs to server only: for every build, PUT /api/manage/mods/spark/versions/1.10/side with {"side": "server"}; for one build, PUT /api/manage/modpacks/tekkit/builds/1.1/mods/spark/side with {"side": "server"} (a build\'s own setting wins over the version\'s).',
      },
    ]);
  });

  it('a server-only mod is not what launchers install: a build of server-only mods has none for them', () => {
    const input = healthy();
    input.builds[0].mods = [{ ...mod('spark', '1.10'), side: 'server', metadataSide: 'server' }];
    const diagnosis = diagnosePack(input);
    expect(diagnosis.findings.map((f) => f.code)).toEqual(['build-without-mods']);
    expect(diagnosis.launchers.anonymous.installs).toEqual({ version: '1.0', mods: 0 });
  });

  it('the loader of a build servers follow, not set: a warning naming the builds and what they are', () => {
    expect(findings((i) => (i.builds[0].loader = null))).toEqual([
      {
        code: 'loader-unset',
        severity: 'warning',
        message:
          'The loader of build 1.0 (recommended) is not set: its server pack names none and its .mrpack and packwiz pack name Minecraft alone, so whoever runs a server or imports the pack in another launcher must find out which loader and version to start it with.',
        fix: 'Set it: PUT /api/manage/modpacks/tekkit/builds/1.0/loader with {"name": "fabric", "version": "0.16.10"} (forge, neoforge, fabric, quilt, or none for vanilla).',
      },
    ]);
    const both = findings((i) => i.builds.forEach((b) => (b.loader = null)));
    expect(both.map((f) => f.message)).toEqual([
      'The loader of builds 1.0 and 1.1 (recommended and latest) is not set: their server pack names none and their .mrpack and packwiz pack name Minecraft alone, so whoever runs a server or imports the pack in another launcher must find out which loader and version to start it with.',
    ]);
    // A build no server follows: nothing.
    expect(findings((i) => i.builds.push(build('0.9', { loader: null })))).toEqual([]);
  });

  it('a server pack that cannot be made: an error saying which archive and why; a check that failed: a warning', () => {
    const detail =
      'No server pack for this build: config/a.toml is in the archives of both jei 15.2 and waystones 14.1.';
    expect(
      findings((i) => (i.serverPacks = { builds: 2, problems: [{ build: '1.1', detail }], exportsLeaveOut: [] })),
    ).toEqual([
      {
        code: 'server-pack-unavailable',
        severity: 'error',
        message:
          'The server pack of build 1.1 cannot be made: config/a.toml is in the archives of both jei 15.2 and waystones 14.1. Servers that follow it (GET /server-packs/tekkit/builds/1.1) get an error instead of the pack.',
        fix: 'Host every archive of the build on Depot (PUT /api/mod/{slug}/{version}/archive), keep only one of two mods that give the same file, or set mods the server does not need to client only (PUT /api/manage/modpacks/tekkit/builds/1.1/mods/{mod}/side with {"side": "client"}).',
      },
    ]);
    expect(
      findings(
        (i) => (i.serverPacks = { builds: 0, failed: 'not finished within 35 s', problems: [], exportsLeaveOut: [] }),
      ),
    ).toEqual([
      {
        code: 'server-packs-unchecked',
        severity: 'warning',
        message:
          'The server packs and exports of the recommended and latest builds could not be checked (not finished within 35 s): nothing is known of whether servers can download them, nor of what the exports leave out.',
        fix: 'Run the doctor again.',
      },
    ]);
  });
});

describe('what the exports leave out', () => {
  const leftOut = (exportsLeaveOut: ExportLeftOutFinding[]) =>
    findings((i) => (i.serverPacks = { builds: 2, problems: [], exportsLeaveOut }));

  it('an archive with no jar: a warning naming the mod, the builds and what the exports carry', () => {
    expect(leftOut([{ cause: 'no-jar', mod: 'jei', version: '15.2', paths: [], builds: ['1.0', '1.1'] }])).toEqual([
      {
        code: 'export-without-jar',
        severity: 'warning',
        message:
          'The archive of mod jei version 15.2 holds no jar Depot can serve (none under mods/, or none it could take out): the .mrpack and packwiz pack of builds 1.0 and 1.1 carry its other files but no jar of it, so players of other launchers play without it.',
        fix: 'If it is a mod, upload its archive with the jar under mods/ (PUT /api/mod/jei/15.2/archive with the zip); if it holds only files such as configs, nothing is missing.',
      },
    ]);
  });

  it("a Technic bin/ loader archive: a warning saying the build's loader is named instead", () => {
    expect(leftOut([{ cause: 'loader-archive', mod: 'forge', version: '1.12.2', paths: [], builds: ['1.1'] }])).toEqual(
      [
        {
          code: 'export-loader-archive',
          severity: 'warning',
          message:
            "The archive of mod forge version 1.12.2 holds a bin/ folder (the Technic Launcher's modpack.jar loader): the .mrpack and packwiz pack of build 1.1 leave it out and name the build's loader instead, which other launchers install themselves.",
          fix: 'Make sure the build\'s loader is set: PUT /api/manage/modpacks/tekkit/builds/1.1/loader with {"name": "forge", "version": "14.23.5.2860"} (forge, neoforge, fabric, quilt, or none for vanilla).',
        },
      ],
    );
  });

  it('paths outside the instance: a warning naming a few of them', () => {
    const paths = ['../evil.txt', '/etc/x', 'C:/boot.ini', 'a/../../b'];
    expect(leftOut([{ cause: 'path-outside', mod: 'waystones', version: '14.1', paths, builds: ['1.0'] }])).toEqual([
      {
        code: 'export-path-outside',
        severity: 'warning',
        message:
          'The archive of mod waystones version 14.1 has files that would land outside the instance (../evil.txt, /etc/x, C:/boot.ini and 1 more): the .mrpack and packwiz pack of build 1.0 leave them out.',
        fix: "Upload the archive with those files under the instance's folders (mods/, config/, …): PUT /api/mod/waystones/14.1/archive with the zip.",
      },
    ]);
    const one = leftOut([{ cause: 'path-outside', mod: 'waystones', version: '14.1', paths: ['/x'], builds: ['1.0'] }]);
    expect(one.map((f) => f.message)).toEqual([
      'The archive of mod waystones version 14.1 has a file that would land outside the instance (/x): the .mrpack and packwiz pack of build 1.0 leave it out.',
    ]);
  });

  it('one finding per cause and mod version, warnings in code order', () => {
    const found = leftOut([
      { cause: 'path-outside', mod: 'waystones', version: '14.1', paths: ['/x'], builds: ['1.0'] },
      { cause: 'no-jar', mod: 'jei', version: '15.2', paths: [], builds: ['1.0'] },
      { cause: 'loader-archive', mod: 'jei', version: '15.2', paths: [], builds: ['1.0'] },
    ]);
    expect(found.map((f) => f.code)).toEqual(['export-without-jar', 'export-loader-archive', 'export-path-outside']);
  });
});

describe('the report', () => {
  it('lists errors before warnings, each in code order, and long lists shortened', () => {
    const found = findings((i) => {
      i.apiRoot = { ...i.apiRoot, reachable: false, detail: 'answered HTTP 502' };
      i.builds.push(build('2.0', { private: true, mods: [] }));
      i.modpack.latest = '2.0';
      i.modpack.recommended = null;
    });
    expect(found.map((f) => [f.severity, f.code])).toEqual([
      ['error', 'recommended-unset'],
      ['error', 'build-without-mods'],
      ['warning', 'latest-private'],
      ['warning', 'api-root-unreachable'],
    ]);
    const many = findings((i) => {
      i.builds = Array.from({ length: 8 }, (_, n) => build(`0.${n}`, { published: false }));
      i.modpack.recommended = '0.1';
    });
    expect(many[0].message).toBe(
      'Modpack tekkit has no published build, so launchers show it offline. Its builds 0.0, 0.1, 0.2, 0.3, 0.4 and 3 more are unpublished.',
    );
  });

  it('every code it can report is listed once', () => {
    expect(new Set(FINDING_CODES).size).toBe(FINDING_CODES.length);
  });
});
