// No import cycle in the sources, type-only imports included. ESLint's import-x/no-cycle (npm run
// lint) skips `import type` by design and has no option to count it; a cycle through types still
// ties two files together, so this test walks every relative import TypeScript sees.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const REPO = path.resolve(__dirname, '../..');
/** Every workspace of the repository (its package.json), each folder of theirs walked whole. */
const WORKSPACES: string[] = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).workspaces;
/** Not sources: dependencies, build output, generated code, the console's static files. */
const SKIPPED = new Set(['node_modules', 'dist', 'generated', 'public']);

function sources(dir: string): string[] {
  return readdirSync(path.join(REPO, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(REPO, rel)).isDirectory()) return SKIPPED.has(name) ? [] : sources(rel);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** The files a file imports by relative path (types, re-exports and dynamic imports too). */
function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(path.join(REPO, file), 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.posix.normalize(`${path.posix.dirname(file)}/${spec}`))
    .map((base) =>
      [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base].find((c) => known.has(c)),
    )
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

test('no import cycle in any workspace, type-only imports included', () => {
  // A workspace inside another (gateway/client in gateway) is walked once.
  const files = [...new Set(WORKSPACES.flatMap(sources))];
  expect(files.length).toBeGreaterThan(100);
  for (const workspace of WORKSPACES) expect(files.some((f) => f.startsWith(`${workspace}/`))).toBe(true);
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
