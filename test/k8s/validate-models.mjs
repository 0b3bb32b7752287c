// Validates Kubernetes objects against the API schemas of the `kubernetes-models` package, twice:
//   1. `new Model(object).validate()`: types, required fields, enums, formats (JSON schema);
//   2. unknown fields: the schema check lets any extra property through, while the API server
//      (and `kubectl apply`, strict by default) rejects a misspelt field. Each object is
//      type-checked as an object literal of the package's TypeScript interface for its kind, so
//      an excess property is an error.
// Reads a JSON array of objects on stdin; writes a JSON array of results on stdout:
//   { kind, name, model: boolean, errors: string[] }
// A separate ESM process because kubernetes-models is ESM-only, which the CommonJS jest runtime
// of this repository cannot load.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const input = JSON.parse(readFileSync(0, 'utf8'));
const modules = new Map();

async function modelClass(apiVersion, kind) {
  // "v1" → kubernetes-models/v1, "apps/v1" → kubernetes-models/apps/v1, and so on.
  const specifier = `kubernetes-models/${apiVersion}`;
  if (!modules.has(specifier)) modules.set(specifier, await import(specifier).catch(() => null));
  const mod = modules.get(specifier);
  return mod && typeof mod[kind] === 'function' ? mod[kind] : null;
}

const results = [];
for (const object of input) {
  const { apiVersion, kind } = object;
  const name = object.metadata?.name ?? '';
  const Model = typeof apiVersion === 'string' && typeof kind === 'string' ? await modelClass(apiVersion, kind) : null;
  if (!Model) {
    results.push({ kind, name, model: false, errors: [`no kubernetes-models class for ${apiVersion} ${kind}`] });
    continue;
  }
  const errors = [];
  try {
    new Model(object).validate();
  } catch (err) {
    errors.push(String(err?.message ?? err));
  }
  results.push({ kind, name, model: true, errors });
}

// 2. Unknown fields, with the TypeScript compiler on a virtual module beside this file (so that
// `kubernetes-models` resolves from here): one line per object.
const ts = createRequire(import.meta.url)('typescript');
const file = path.join(here, '__k8s_objects__.mts');
const checked = input.map((o, i) => ({ o, i })).filter(({ i }) => results[i].model);
const lines = [
  ...checked.map(
    ({ o, i }) => `import type { I${o.kind} as T${i} } from 'kubernetes-models/${o.apiVersion}/${o.kind}';`,
  ),
  ...checked.map(({ o, i }) => `export const o${i}: T${i} = ${JSON.stringify(o)};`),
];
const source = lines.join('\n') + '\n';
const options = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
};
const host = ts.createCompilerHost(options);
const { getSourceFile, fileExists, readFile } = host;
host.getSourceFile = (f, language, ...rest) =>
  f === file ? ts.createSourceFile(f, source, language) : getSourceFile.call(host, f, language, ...rest);
host.fileExists = (f) => f === file || fileExists.call(host, f);
host.readFile = (f) => (f === file ? source : readFile.call(host, f));
const program = ts.createProgram([file], options, host);
for (const d of ts.getPreEmitDiagnostics(program)) {
  const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
  if (d.file?.fileName !== file || d.start === undefined) {
    throw new Error(`type check of the manifests failed outside them: ${message}`);
  }
  const line = d.file.getLineAndCharacterOfPosition(d.start).line;
  const match = /^export const o(\d+):/.exec(lines[line] ?? '');
  if (!match) throw new Error(`type check of the manifests failed: ${message}`);
  results[Number(match[1])].errors.push(message);
}

process.stdout.write(JSON.stringify(results));
