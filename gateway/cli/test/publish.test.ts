// The release's body, made from the options and the files (pure parts of publish.ts).
import type { ModFacts } from '../src/api';
import { parsePublishOptions } from '../src/options';
import { modEntry, principalMod, releaseRequest } from '../src/publish';

const options = (raw: Parameters<typeof parsePublishOptions>[0]) =>
  parsePublishOptions({ url: 'https://d', token: 't', pack: 'mypack', build: '1.2.0', ...raw }, ['jei-1.0.jar'], {});
const file = { name: 'jei-1.0.jar', sha256: 'a'.repeat(64) };
const facts = (f: Partial<ModFacts>): ModFacts => ({ format: 'forge', id: 'x', authors: [], ...f });

test('only the options given are in the body', () => {
  expect(releaseRequest(options({ from: 'recommended' }), [{ file }], undefined)).toEqual({
    build: '1.2.0',
    from: 'recommended',
    mods: [{ file }],
  });
});

test('every option in the body', () => {
  const opts = options({
    from: '1.1.0',
    minecraft: '1.20.1',
    loader: '47.2.0',
    java: '17',
    memory: '4096',
    remove: ['optifine'],
    publish: true,
    set: ['latest,recommended'],
    dryRun: true,
  });
  expect(releaseRequest(opts, [{ file }], 'Notes')).toEqual({
    build: '1.2.0',
    from: '1.1.0',
    minecraft: '1.20.1',
    forge: '47.2.0',
    min_java: '17',
    min_memory: 4096,
    mods: [{ file }],
    remove: ['optifine'],
    notes: 'Notes',
    publish: true,
    set_latest: true,
    set_recommended: true,
    dry_run: true,
  });
});

test('empty --loader, --java and --memory are sent as null', () => {
  const body = releaseRequest(options({ minecraft: '1.20.1', loader: '', java: '', memory: '' }), [], undefined);
  expect(body).toEqual({
    build: '1.2.0',
    minecraft: '1.20.1',
    forge: null,
    min_java: null,
    min_memory: null,
    mods: [],
  });
});

test("a file's entry: --mod's mod and version, else a created mod, else the metadata's (left out)", () => {
  expect(modEntry(file, undefined)).toEqual({ file });
  expect(modEntry(file, { mod: 'jei', version: '1.0' }, 'other')).toEqual({ file, mod: 'jei', version: '1.0' });
  expect(modEntry(file, { version: '1.0' }, 'jei')).toEqual({ file, mod: 'jei', version: '1.0' });
  expect(modEntry(file, undefined, 'jei')).toEqual({ file, mod: 'jei' });
});

test("a file's principal mod: its own metadata's, else its first inner jar's", () => {
  expect(principalMod(undefined)).toBeUndefined();
  expect(principalMod({ mods: [] })).toBeUndefined();
  const inner = facts({ id: 'inner', file: 'mods/inner.jar' });
  const own = facts({ id: 'own', name: 'Own' });
  expect(principalMod({ mods: [inner, own] })).toBe(own);
  expect(principalMod({ mods: [inner, facts({ id: 'second', file: 'mods/b.jar' })] })).toBe(inner);
});
