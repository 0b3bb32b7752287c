// No import cycle in the sources, type-only imports included. ESLint's import-x/no-cycle (npm run
// lint) skips `import type` by design and has no option to count it; a cycle through types still
// ties two files together, so this test walks every relative import TypeScript sees.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const REPO = path.resolve(__dirname, '../..');
const ROOTS = [
  'gateway/src',
  ...readdirSync(path.join(REPO, 'services'))
    .map((s) => `services/${s}/src`)
    .filter((d) => existsSync(path.join(REPO, d))),
];

function sources(dir: string): string[] {
  return readdirSync(path.join(REPO, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(REPO, rel)).isDirectory()) return name === 'generated' ? [] : sources(rel);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** The files a file imports by relative path (types, re-exports and dynamic imports too). */
function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(path.join(REPO, file), 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.posix.normalize(`${path.posix.dirname(file)}/${spec}`))
    .map((base) => [`${base}.ts`, `${base}/index.ts`, base].find((c) => known.has(c)))
    .filter((f): f is string => f !== undefined);
}

/** Each cycle once, as the files along it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

test('no import cycle in gateway/src and services/*/src, type-only imports included', () => {
  const files = ROOTS.flatMap(sources);
  expect(files.length).toBeGreaterThan(100);
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
  expect(cycles(graph).map((c) => c.join(' → '))).toEqual([]);
});

test('the walk finds a cycle made of type-only imports', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['a.ts']],
    ['c.ts', ['a.ts']],
  ]);
  expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  const typeOnly = ts.preProcessFile("import type { X } from './b';\nexport type { Y } from './c';", true, true);
  expect(typeOnly.importedFiles.map((f) => f.fileName)).toEqual(['./b', './c']);
});
