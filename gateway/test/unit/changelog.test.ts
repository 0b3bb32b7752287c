import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { buildsV1, catalogV1 } from '@depot/proto';
import { changelogMarkdown, changelogOf, escapeMarkdown } from '../../src/api/changelogs/changelog';
import { atomFeed } from '../../src/api/changelogs/feed';
import { markdownToHtml } from '../../src/api/changelogs/render';

const T = '2026-01-02T03:04:05.000000Z';
const build = (version: string, extra: Partial<buildsV1.Build__Output> = {}): buildsV1.Build__Output => ({
  id: 1,
  modpack_id: 1,
  version,
  minecraft: '1.20.1',
  forge: '47.2.0',
  is_published: true,
  private: false,
  min_java: '17',
  min_memory: 4096,
  created_at: T,
  updated_at: T,
  ...extra,
});
const version = (id: number, modId: number, v: string, side?: string): catalogV1.VersionWithMod__Output =>
  ({
    version: { id, mod_id: modId, version: v, md5: '', created_at: T, updated_at: T, ...(side ? { side } : {}) },
    mod_name: `mod${modId}`,
    mod_pretty_name: `Mod ${modId}`,
  }) as catalogV1.VersionWithMod__Output;
const change = (modId: number, from: number, to: number, sides: { from?: string; to?: string } = {}) => ({
  mod_id: modId,
  from_version_id: from,
  to_version_id: to,
  from_side: sides.from,
  to_side: sides.to,
});
const pack = { slug: 'tekkit', name: 'Tekkit' };

describe('changelogOf', () => {
  const versions = [
    version(11, 1, '1.0'),
    version(12, 1, '1.1'),
    version(21, 2, '2.0'),
    version(31, 3, '3.0', 'client'),
    version(41, 4, '4.0'),
    version(42, 4, '4.1', 'server'),
    version(51, 5, '5.0'),
  ];

  it('says what is added, removed, updated, where mods run now, and which settings changed', () => {
    const log = changelogOf(
      pack,
      {
        build: build('1.1.0', { minecraft: '1.20.4', forge: undefined, loader: 'neoforge', loader_version: '20.4.1' }),
        from: build('1.0.0'),
        from_missing: false,
        notes: '**Big** update <script>alert(1)</script>',
        changes: [
          change(1, 11, 12),
          change(2, 21, 0),
          change(3, 0, 31),
          change(4, 41, 42),
          change(5, 51, 51, { to: 'client' }),
        ],
        unchanged: 7,
      },
      versions,
    );
    const mod = (n: number) => ({ name: `mod${n}`, pretty_name: `Mod ${n}` });
    expect(log).toEqual({
      modpack: pack,
      build: { version: '1.1.0', minecraft: '1.20.4', is_published: true, created_at: T, updated_at: T },
      from: { version: '1.0.0', minecraft: '1.20.1', is_published: true, created_at: T, updated_at: T },
      summary: { added: 1, removed: 1, updated: 2, sides: 2, settings: 3, unchanged: 7 },
      added: [{ mod: mod(3), version: '3.0', side: 'client' }],
      removed: [{ mod: mod(2), version: '2.0' }],
      updated: [
        { mod: mod(1), from: '1.0', to: '1.1' },
        { mod: mod(4), from: '4.0', to: '4.1' },
      ],
      sides: [
        { mod: mod(4), from: 'both', to: 'server' },
        { mod: mod(5), from: 'both', to: 'client' },
      ],
      settings: [
        { setting: 'minecraft', from: '1.20.1', to: '1.20.4' },
        { setting: 'loader', from: 'forge', to: 'neoforge' },
        { setting: 'loader_version', from: '47.2.0', to: '20.4.1' },
      ],
      notes: '**Big** update <script>alert(1)</script>',
      notes_html: '<p><strong>Big</strong> update &lt;script&gt;alert(1)&lt;/script&gt;</p>',
    });
    expect(changelogMarkdown(log)).toBe(
      [
        '# Tekkit 1.1.0',
        '',
        'Changes since 1.0.0: added 1, removed 1, updated 2, 2 sides changed, 3 settings changed.',
        '',
        '**Big** update <script>alert(1)</script>',
        '',
        '## Added',
        '',
        '- **Mod 3** (mod3) 3.0',
        '',
        '## Removed',
        '',
        '- **Mod 2** (mod2) 2.0',
        '',
        '## Updated',
        '',
        '- **Mod 1** (mod1): 1.0 → 1.1',
        '- **Mod 4** (mod4): 4.0 → 4.1',
        '',
        '## Sides',
        '',
        '- **Mod 4** (mod4): both → server',
        '- **Mod 5** (mod5): both → client',
        '',
        '## Settings',
        '',
        '- Minecraft: 1.20.1 → 1.20.4',
        '- Loader: forge → neoforge',
        '- Loader version: 47.2.0 → 20.4.1',
        '',
      ].join('\n'),
    );
  });

  it('lists every mod as added for the first build, and leaves out versions the catalog no longer has', () => {
    const log = changelogOf(
      pack,
      {
        build: build('1.0.0'),
        from_missing: false,
        changes: [change(1, 0, 11), change(9, 0, 99)],
        unchanged: 0,
      },
      versions,
    );
    expect(log.from).toBeNull();
    expect(log.added).toEqual([{ mod: { name: 'mod1', pretty_name: 'Mod 1' }, version: '1.0', side: 'both' }]);
    expect(log.settings).toEqual([]);
    expect(log.notes_html).toBeNull();
    expect(changelogMarkdown(log)).toBe(
      '# Tekkit 1.0.0\n\nThe first build: 1 mod.\n\n## Added\n\n- **Mod 1** (mod1) 1.0\n',
    );
  });

  it('escapes names that Markdown would read as markup', () => {
    expect(escapeMarkdown('[x](javascript:1) *a* <b>')).toBe('\\[x\\]\\(javascript:1\\) \\*a\\* \\<b\\>');
    expect(markdownToHtml(`- ${escapeMarkdown('<img src=x onerror=alert(1)>')}`)).toBe(
      '<ul>\n<li>&lt;img src=x onerror=alert(1)&gt;</li>\n</ul>',
    );
  });
});

describe('markdownToHtml', () => {
  it('keeps formatting and http links, drops scripts, raw HTML and javascript: links', () => {
    expect(markdownToHtml('# Hi\n\n[site](https://example.com) [bad](javascript:alert(1)) <b onclick="x">b</b>')).toBe(
      '<h1>Hi</h1>\n<p><a href="https://example.com" rel="nofollow noopener">site</a> [bad](javascript:alert(1)) ' +
        '&lt;b onclick="x"&gt;b&lt;/b&gt;</p>',
    );
  });
});

describe('atomFeed', () => {
  it('is well-formed Atom 1.0 with every name escaped, newest entry first', () => {
    const hostile = { slug: 'tek', name: 'A & B <x> ]]> ]]>', updatedAt: T };
    const log = changelogOf(
      hostile,
      {
        build: build('2.0'),
        from: build('1.0'),
        from_missing: false,
        notes: 'x ]]> y ]]> <z>',
        changes: [],
        unchanged: 1,
      },
      [],
    );
    const xml = atomFeed(hostile, [log], 'https://depot.example/');
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml).feed;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.title).toBe('A & B <x> ]]> ]]> releases');
    expect(feed.id).toBe('https://depot.example/changelogs/tek/releases.atom');
    expect(feed.updated).toBe('2026-01-02T03:04:05.000Z');
    expect(feed.entry.id).toBe('https://depot.example/changelogs/tek/builds/2.0');
    expect(feed.entry.title['#text']).toBe('A &amp; B &lt;x&gt; ]]&gt; ]]&gt; 2.0');
    expect(feed.entry.content['#text']).toBe(
      '<p>Changes since 1.0: added 0, removed 0, updated 0.</p>\n<p>x ]]&gt; y ]]&gt; &lt;z&gt;</p>',
    );
  });
});
