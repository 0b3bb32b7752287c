// Changelogs (docs/releases.md#changelogs) against a real stack: an author releases 1.1.0 after
// 1.0.0 (2 mods added, 1 removed, 3 updated, a side and a setting changed, release notes) and reads
// what changed as JSON and Markdown, in the management view and publicly; any two builds compared
// either way; the default `from` the previous published build the caller may see; private,
// unpublished and missing ones refused as the launcher's build read refuses them, changing nothing;
// notes edited (sanitized when shown, bounded); a mod delete and a build change seen at once
// through the cache; the Atom feed parsed and checked; the launcher's build answer unchanged.
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are whatever each test asserts */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { eventually, md5Of, must, startTestStack, userWithToken, type Api, type TestStack } from '../support';

let t: TestStack;
let author: Api;
let key: string;

const MODS: [string, string][] = [
  ['alpha', 'Alpha Mod'],
  ['beta', 'Beta & Co'],
  ['gamma', 'Gamma [Core]'],
  ['delta', 'Delta'],
  ['epsilon', 'Epsilon'],
  ['zeta', 'Zeta'],
  ['eta', 'Eta'],
];
const mod = (name: string) => ({ name, pretty_name: MODS.find(([n]) => n === name)![1] });
const NOTES = '## Highlights\n\n- **Zeta** joins\n- <script>alert(1)</script> [home](https://example.com/)';
const NOTES_HTML =
  '<h2>Highlights</h2>\n<ul>\n<li><strong>Zeta</strong> joins</li>\n<li>&lt;script&gt;alert(1)&lt;/script&gt; ' +
  '<a href="https://example.com/" rel="nofollow noopener">home</a></li>\n</ul>';

const manage = (build: string, suffix = '', query = '') =>
  author.get(`/api/manage/modpacks/clpack/builds/${build}/changelog${suffix}${query}`);
const visible = (build: string, query = '', suffix = '') =>
  t.anon.get(`/changelogs/clpack/builds/${build}${suffix}${query}`);
/** A build as its changelog names it, read back from its management view. */
async function ref(version: string) {
  const b = must(await t.admin.get(`/api/manage/modpacks/clpack/builds/${version}`), 200, 'build').build;
  return {
    version: b.version,
    minecraft: b.minecraft,
    is_published: b.is_published,
    created_at: b.created_at,
    updated_at: b.updated_at,
  };
}

beforeAll(async () => {
  t = await startTestStack({ mirrorUrl: 'https://mirror.example.test/depot' });
  must(await t.admin.post('/api/modpack', { name: 'Tekkit <Legends>', slug: 'clpack' }), 201, 'modpack');
  author = t.admin.as(await userWithToken(t.admin, 'cl-author', ['mods_manage', 'modpacks_manage'], ['clpack']));
  key = must(await t.admin.post('/api/key', { name: 'changelog platform' }), 201, 'key').api_key;
  for (const [name, pretty_name] of MODS) {
    must(await t.admin.post('/api/mod', { name, pretty_name }), 201, name);
    for (const version of ['1.0', '1.1']) {
      must(await t.admin.post(`/api/mod/${name}/version`, { version, md5: md5Of(`${name}-${version}`) }), 201, name);
    }
  }
  // 1.0.0 by hand, as a Solder author would; 1.1.0 released from it with the changes and notes.
  must(
    await author.post('/api/modpack/clpack/build', {
      version: '1.0.0',
      minecraft: '1.20.1',
      forge: '47.2.0',
      min_java: '17',
      min_memory: 4096,
      is_published: true,
    }),
    201,
    '1.0.0',
  );
  for (const name of ['alpha', 'beta', 'gamma', 'delta', 'epsilon']) {
    must(await author.post('/api/modpack/clpack/1.0.0/mod', { mod_slug: name, mod_version: '1.0' }), 201, name);
  }
  must(
    await author.post('/api/manage/modpacks/clpack/releases', {
      build: '1.1.0',
      from: '1.0.0',
      minecraft: '1.20.4',
      mods: [
        { mod: 'zeta', version: '1.0' },
        { mod: 'eta', version: '1.1' },
        { mod: 'alpha', version: '1.1' },
        { mod: 'beta', version: '1.1' },
        { mod: 'gamma', version: '1.1' },
      ],
      remove: ['epsilon'],
      notes: NOTES,
      publish: true,
      set_latest: true,
    }),
    201,
    '1.1.0',
  );
  must(await author.put('/api/manage/modpacks/clpack/builds/1.1.0/mods/delta/side', { side: 'client' }), 200, 'side');
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

/** 1.1.0 against 1.0.0, as both the management view and the public read answer it. */
async function expected110() {
  return {
    modpack: { slug: 'clpack', name: 'Tekkit <Legends>' },
    build: await ref('1.1.0'),
    from: await ref('1.0.0'),
    summary: { added: 2, removed: 1, updated: 3, sides: 1, settings: 1, unchanged: 0 },
    added: [
      { mod: mod('eta'), version: '1.1', side: 'both' },
      { mod: mod('zeta'), version: '1.0', side: 'both' },
    ],
    removed: [{ mod: mod('epsilon'), version: '1.0' }],
    updated: [
      { mod: mod('alpha'), from: '1.0', to: '1.1' },
      { mod: mod('beta'), from: '1.0', to: '1.1' },
      { mod: mod('gamma'), from: '1.0', to: '1.1' },
    ],
    sides: [{ mod: mod('delta'), from: 'both', to: 'client' }],
    settings: [{ setting: 'minecraft', from: '1.20.1', to: '1.20.4' }],
    notes: NOTES,
    notes_html: NOTES_HTML,
  };
}

const MARKDOWN_110 = [
  '# Tekkit \\<Legends\\> 1.1.0',
  '',
  'Changes since 1.0.0: added 2, removed 1, updated 3, 1 side changed, 1 setting changed.',
  '',
  NOTES,
  '',
  '## Added',
  '',
  '- **Eta** (eta) 1.1',
  '- **Zeta** (zeta) 1.0',
  '',
  '## Removed',
  '',
  '- **Epsilon** (epsilon) 1.0',
  '',
  '## Updated',
  '',
  '- **Alpha Mod** (alpha): 1.0 → 1.1',
  '- **Beta \\& Co** (beta): 1.0 → 1.1',
  '- **Gamma \\[Core\\]** (gamma): 1.0 → 1.1',
  '',
  '## Sides',
  '',
  '- **Delta** (delta): both → client',
  '',
  '## Settings',
  '',
  '- Minecraft: 1.20.1 → 1.20.4',
  '',
].join('\n');

describe('a build against the previous published one', () => {
  test('the management view: added 2, removed 1, updated 3, the side and the setting, the notes', async () => {
    const r = await manage('1.1.0');
    expect([r.status, r.body]).toEqual([200, await expected110()]);
  });

  test('as Markdown, names escaped', async () => {
    const r = await manage('1.1.0', '.md');
    expect([r.status, r.headers.get('content-type'), r.text]).toEqual([
      200,
      'text/markdown; charset=utf-8',
      MARKDOWN_110,
    ]);
  });

  test('publicly, the same answers, with an ETag and 304', async () => {
    const json = await visible('1.1.0');
    expect([json.status, json.body]).toEqual([200, await expected110()]);
    const etag = json.headers.get('etag')!;
    expect((await t.anon.get('/changelogs/clpack/builds/1.1.0', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    const md = await visible('1.1.0', '', '/changelog.md');
    expect([md.status, md.headers.get('content-type'), md.text]).toEqual([
      200,
      'text/markdown; charset=utf-8',
      MARKDOWN_110,
    ]);
    const mdTag = md.headers.get('etag')!;
    const again = await t.anon.get('/changelogs/clpack/builds/1.1.0/changelog.md', {
      headers: { 'if-none-match': mdTag },
    });
    expect([again.status, again.text]).toEqual([304, '']);
  });

  test('the first build adds every mod', async () => {
    const r = await visible('1.0.0');
    expect(r.body).toEqual({
      modpack: { slug: 'clpack', name: 'Tekkit <Legends>' },
      build: await ref('1.0.0'),
      from: null,
      summary: { added: 5, removed: 0, updated: 0, sides: 0, settings: 0, unchanged: 0 },
      added: ['alpha', 'beta', 'delta', 'epsilon', 'gamma'].map((n) => ({ mod: mod(n), version: '1.0', side: 'both' })),
      removed: [],
      updated: [],
      sides: [],
      settings: [],
      notes: null,
      notes_html: null,
    });
  });
});

describe('any two builds, either way', () => {
  test('1.0.0 from 1.1.0: the changes reversed', async () => {
    const r = await manage('1.0.0', '', '?from=1.1.0');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      from: await ref('1.1.0'),
      summary: { added: 1, removed: 2, updated: 3, sides: 1, settings: 1, unchanged: 0 },
      added: [{ mod: mod('epsilon'), version: '1.0', side: 'both' }],
      removed: [
        { mod: mod('eta'), version: '1.1' },
        { mod: mod('zeta'), version: '1.0' },
      ],
      updated: [
        { mod: mod('alpha'), from: '1.1', to: '1.0' },
        { mod: mod('beta'), from: '1.1', to: '1.0' },
        { mod: mod('gamma'), from: '1.1', to: '1.0' },
      ],
      sides: [{ mod: mod('delta'), from: 'client', to: 'both' }],
      settings: [{ setting: 'minecraft', from: '1.20.4', to: '1.20.1' }],
      notes: null,
    });
  });

  test('a build against itself: nothing changed', async () => {
    const r = await visible('1.1.0', '?from=1.1.0');
    expect(r.body.summary).toEqual({ added: 0, removed: 0, updated: 0, sides: 0, settings: 0, unchanged: 6 });
  });

  test('a from that names no build: 422, for the managers and publicly', async () => {
    const invalid = { error: { from: ['The selected from is invalid.'] } };
    for (const r of [await manage('1.1.0', '', '?from=9.9'), await visible('1.1.0', '?from=9.9')]) {
      expect([r.status, r.body]).toEqual([422, invalid]);
    }
  });
});

describe('visibility, as the launcher reads it', () => {
  // The settings of 1.1.0 (a build made from another takes its mods, not its settings).
  const settings = { minecraft: '1.20.4', forge: '47.2.0', min_java: '17', min_memory: 4096 };
  beforeAll(async () => {
    // Unpublished, made from 1.1.0; then a private release, then a public one.
    must(
      await author.post('/api/modpack/clpack/build', { version: '1.2.0', ...settings, clone_from: '1.1.0' }),
      201,
      '1.2.0',
    );
    for (const [build, extra] of [
      ['1.2.5', { private: true }],
      ['1.3.0', {}],
    ] as const) {
      must(
        await author.post('/api/modpack/clpack/build', {
          version: build,
          ...settings,
          clone_from: '1.1.0',
          is_published: true,
          ...extra,
        }),
        201,
        build,
      );
    }
    must(await author.delete('/api/modpack/clpack/1.2.5/mod/zeta'), 200, 'zeta out of 1.2.5');
  });

  test('an unpublished build: its managers see its changes before publishing; anyone else 404, with a key too', async () => {
    const r = await manage('1.2.0');
    expect([r.status, r.body.from, r.body.summary, r.body.build.is_published]).toEqual([
      200,
      await ref('1.1.0'),
      { added: 0, removed: 0, updated: 0, sides: 0, settings: 0, unchanged: 6 },
      false,
    ]);
    const launcher = await t.anon.get(`/api/modpack/clpack/1.2.0?k=${key}`);
    for (const refused of [await visible('1.2.0'), await visible('1.2.0', `?k=${key}`)]) {
      expect([refused.status, refused.body]).toEqual([launcher.status, launcher.body]);
      expect([refused.status, refused.body]).toEqual([404, { error: 'Build does not exist' }]);
    }
    expect((await ref('1.2.0')).is_published).toBe(false);
  });

  test('a private build: 404 without credentials, its changelog with a key; the next compares as each may see', async () => {
    expect([(await visible('1.2.5')).status, (await visible('1.2.5')).body]).toEqual([
      404,
      { error: 'Build does not exist' },
    ]);
    const keyed = await visible('1.2.5', `?k=${key}`);
    expect([keyed.status, keyed.body.from.version, keyed.body.removed]).toEqual([
      200,
      '1.1.0',
      [{ mod: mod('zeta'), version: '1.0' }],
    ]);
    // 1.3.0 for an outsider: against 1.1.0 (1.2.0 unpublished, 1.2.5 private); with the key, 1.2.5.
    const outsider = await visible('1.3.0');
    expect([outsider.body.from.version, outsider.body.summary.unchanged, outsider.body.added]).toEqual([
      '1.1.0',
      6,
      [],
    ]);
    const insider = await visible('1.3.0', `?k=${key}`);
    expect([insider.body.from.version, insider.body.added]).toEqual([
      '1.2.5',
      [{ mod: mod('zeta'), version: '1.0', side: 'both' }],
    ]);
    expect((await manage('1.3.0')).body.from.version).toBe('1.2.5');
    // A private from is one that names no build, for those who may not see it.
    expect([(await visible('1.3.0', '?from=1.2.5')).status, (await visible('1.3.0', '?from=1.2.5')).body]).toEqual([
      422,
      { error: { from: ['The selected from is invalid.'] } },
    ]);
  });

  test('a private modpack: 404 for anyone without access, its changelogs and feed with a key', async () => {
    must(await t.admin.post('/api/modpack', { name: 'Hush', slug: 'hush', private: true }), 201, 'hush');
    must(
      await t.admin.post('/api/modpack/hush/build', { version: '1', minecraft: '1.20', is_published: true }),
      201,
      '1',
    );
    const gone = { error: 'Modpack does not exist' };
    for (const path of [
      '/changelogs/hush/builds/1',
      '/changelogs/hush/builds/1/changelog.md',
      '/changelogs/hush/releases.atom',
    ]) {
      const r = await t.anon.get(path);
      expect([path, r.status, r.body]).toEqual([path, 404, gone]);
      expect([path, (await t.anon.get(`${path}?k=${key}`)).status]).toEqual([path, 200]);
    }
    const missing = await t.anon.get('/changelogs/clpack/builds/nope');
    expect([missing.status, missing.body]).toEqual([404, { error: 'Build does not exist' }]);
  });

  test("the modpack's managers only: 401 without a token, 403 without access to the modpack", async () => {
    const outsider = t.admin.as(await userWithToken(t.admin, 'cl-outsider', ['modpacks_manage']));
    expect((await t.anon.get('/api/manage/modpacks/clpack/builds/1.1.0/changelog')).status).toBe(401);
    const r = await outsider.get('/api/manage/modpacks/clpack/builds/1.1.0/changelog');
    expect([r.status, r.body]).toEqual([403, { error: 'This action is unauthorized.' }]);
  });
});

describe('the releases feed', () => {
  const parse = (xml: string) =>
    new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'entry' }).parse(xml)
      .feed;

  test('valid Atom 1.0: published builds newest first, private ones only with a key, each with its changelog', async () => {
    const r = await t.anon.get('/changelogs/clpack/releases.atom');
    expect([r.status, r.headers.get('content-type')]).toEqual([200, 'application/atom+xml; charset=utf-8']);
    expect(XMLValidator.validate(r.text)).toBe(true);
    const feed = parse(r.text);
    const root = `${t.url}/changelogs/clpack`;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.title).toBe('Tekkit <Legends> releases');
    expect(feed.id).toBe(`${root}/releases.atom`);
    expect(feed.author).toEqual({ name: 'Tekkit <Legends>' });
    const b130 = await ref('1.3.0');
    expect(feed.updated).toBe(new Date(b130.updated_at).toISOString());
    expect(feed.entry.map((e: any) => e.id)).toEqual(['1.3.0', '1.1.0', '1.0.0'].map((v) => `${root}/builds/${v}`));
    const [, e110] = feed.entry;
    expect(e110.title).toEqual({ '@type': 'html', '#text': 'Tekkit &lt;Legends&gt; 1.1.0' });
    expect(e110.link).toEqual({ '@href': `${root}/builds/1.1.0/changelog.md` });
    expect(e110.summary['#text']).toBe(
      'added 2, removed 1, updated 3, 1 side changed, 1 setting changed (since 1.0.0)',
    );
    expect(e110.content['@type']).toBe('html');
    expect(e110.content['#text']).toBe(
      [
        '<p>Changes since 1.0.0: added 2, removed 1, updated 3, 1 side changed, 1 setting changed.</p>',
        NOTES_HTML,
        '<h2>Added</h2>',
        '<ul>\n<li><strong>Eta</strong> (eta) 1.1</li>\n<li><strong>Zeta</strong> (zeta) 1.0</li>\n</ul>',
        '<h2>Removed</h2>',
        '<ul>\n<li><strong>Epsilon</strong> (epsilon) 1.0</li>\n</ul>',
        '<h2>Updated</h2>',
        '<ul>\n<li><strong>Alpha Mod</strong> (alpha): 1.0 → 1.1</li>\n<li><strong>Beta &amp; Co</strong> (beta): 1.0 → 1.1</li>\n' +
          '<li><strong>Gamma [Core]</strong> (gamma): 1.0 → 1.1</li>\n</ul>',
        '<h2>Sides</h2>',
        '<ul>\n<li><strong>Delta</strong> (delta): both → client</li>\n</ul>',
        '<h2>Settings</h2>',
        '<ul>\n<li>Minecraft: 1.20.1 → 1.20.4</li>\n</ul>',
      ].join('\n'),
    );
    const keyed = parse((await t.anon.get(`/changelogs/clpack/releases.atom?k=${key}`)).text);
    expect(keyed.entry.map((e: any) => e.id)).toEqual(
      ['1.3.0', '1.2.5', '1.1.0', '1.0.0'].map((v) => `${root}/builds/${v}`),
    );
  });
});

describe('release notes and what makes a changelog stale', () => {
  test('notes edited: answered rendered, shown at once, cleared; the launcher answer unchanged', async () => {
    const launcher = (await t.anon.get('/api/modpack/clpack/1.1.0')).text;
    await visible('1.1.0'); // cached
    const set = await author.put('/api/manage/modpacks/clpack/builds/1.1.0/notes', { notes: 'Fixed *crashes*' });
    expect([set.status, set.body]).toEqual([
      200,
      { notes: 'Fixed *crashes*', notes_html: '<p>Fixed <em>crashes</em></p>' },
    ]);
    expect((await visible('1.1.0')).body).toMatchObject({
      notes: 'Fixed *crashes*',
      notes_html: '<p>Fixed <em>crashes</em></p>',
    });
    expect((await t.anon.get('/api/modpack/clpack/1.1.0')).text).toBe(launcher);
    const cleared = await author.put('/api/manage/modpacks/clpack/builds/1.1.0/notes', { notes: null });
    expect([cleared.status, cleared.body]).toEqual([200, { notes: null, notes_html: null }]);
    expect((await visible('1.1.0')).body).toMatchObject({ notes: null, notes_html: null });
    must(await author.put('/api/manage/modpacks/clpack/builds/1.1.0/notes', { notes: NOTES }), 200, 'notes back');
  });

  test('notes too long or not a string: 422, nothing changed', async () => {
    const before = (await manage('1.1.0')).body;
    const long = await author.put('/api/manage/modpacks/clpack/builds/1.1.0/notes', { notes: 'x'.repeat(65536) });
    expect([long.status, long.body]).toEqual([
      422,
      { error: { notes: ['The notes field must not be greater than 65535 characters.'] } },
    ]);
    const wrong = await author.put('/api/manage/modpacks/clpack/builds/1.1.0/notes', { notes: 5 });
    expect([wrong.status, wrong.body]).toEqual([422, { error: { notes: ['The notes field must be a string.'] } }]);
    expect((await manage('1.1.0')).body).toEqual(before);
  });

  test('a build published: its changelog is public at once; a mod deleted: gone from every changelog', async () => {
    expect((await visible('1.2.0')).status).toBe(404);
    must(await author.put('/api/modpack/clpack/1.2.0', { is_published: true }), 200, 'publish 1.2.0');
    expect((await visible('1.2.0')).status).toBe(200);
    expect((await visible('1.1.0')).body.added.map((a: any) => a.mod.name)).toEqual(['eta', 'zeta']);
    must(await t.admin.delete('/api/mod/eta'), 200, 'delete eta');
    await eventually(async () => {
      expect((await visible('1.1.0')).body.added.map((a: any) => a.mod.name)).toEqual(['zeta']);
      return true;
    });
    const feed = (await t.anon.get('/changelogs/clpack/releases.atom')).text;
    expect(feed).not.toContain('(eta)');
  });
});
