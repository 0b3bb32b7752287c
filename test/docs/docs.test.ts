// The documentation stays true to the code: the configuration reference is the one the settings'
// schemas generate, every variable a process reads is documented, and every relative link of the
// Markdown pages (README, docs/, the folders' READMEs) reaches a file and, with `#`, a heading.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONFIGURATION_MD, renderConfiguration } from './configuration';

const REPO = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');

/** Files under `dir` (repository-relative) whose name matches, outside node_modules and dist. */
function filesUnder(dir: string, name: RegExp): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(REPO, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', '.data', '.artifacts'].includes(entry.name)) out.push(...filesUnder(rel, name));
    } else if (name.test(entry.name)) out.push(rel);
  }
  return out;
}

const PAGES = [
  'README.md',
  'SECURITY.md',
  ...filesUnder('docs', /\.md$/),
  ...['deploy', 'services', 'gateway', 'proto'].flatMap((d) => filesUnder(d, /^README\.md$/)),
];

/** Markdown without fenced code blocks and code spans, where a link is no link. */
const prose = (markdown: string) =>
  markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchors of a page's headings (its slug rule, with -1, -2 for repeated headings). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, text] of markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .matchAll(/^#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    const slug = text
      .toLowerCase()
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

describe('docs/configuration.md', () => {
  it('is what the settings’ schemas generate (run `npm run docs:config` after changing one)', () => {
    expect(readFileSync(CONFIGURATION_MD, 'utf8')).toBe(renderConfiguration());
  });

  it('documents every environment variable the code reads by name', () => {
    const sources = [
      ...['gateway/src', 'deploy/local/src'].flatMap((d) => filesUnder(d, /\.ts$/)),
      // Each service's own sources; a stray folder beside them (a run's data, say) is not a service.
      ...readdirSync(path.join(REPO, 'services'), { withFileTypes: true })
        .filter((s) => s.isDirectory() && existsSync(path.join(REPO, 'services', s.name, 'src')))
        .flatMap((s) => filesUnder(`services/${s.name}/src`, /\.ts$/)),
      'deploy/entrypoint.js',
    ];
    const names = new Set<string>();
    for (const file of sources) {
      const code = read(file);
      for (const m of code.matchAll(/\benv(?:\.|\[')([A-Z][A-Z0-9_]+)\b|\.env\('([A-Z][A-Z0-9_]+)'\)/g)) {
        names.add(m[1] ?? m[2]);
      }
    }
    expect(names.size).toBeGreaterThan(20);
    const configuration = read('docs/configuration.md');
    const testing = read('docs/testing.md');
    const undocumented = [...names].filter((name) => {
      const page = name.startsWith('TEST_') || name === 'CI' ? testing : configuration;
      return name !== 'PATH' && !new RegExp(`\`${name}[\`=]`).test(page);
    });
    expect(undocumented).toEqual([]);
  });
});

describe.each(PAGES)('%s', (page) => {
  it('has relative links that reach a file, and a heading when they name one', () => {
    const broken: string[] = [];
    for (const [, target] of prose(read(page)).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [file, anchor] = target.split('#');
      const resolved = file ? path.join(path.dirname(page), decodeURI(file)) : page;
      if (!existsSync(path.join(REPO, resolved))) {
        broken.push(`${target}: no ${resolved}`);
      } else if (anchor && statSync(path.join(REPO, resolved)).isFile() && resolved.endsWith('.md')) {
        if (!anchors(read(resolved)).has(anchor)) broken.push(`${target}: no heading #${anchor} in ${resolved}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
