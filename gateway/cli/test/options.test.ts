// The options of `depot publish`, parsed and checked before anything is read or sent (pure).
import { collect, parsePublishOptions, UsageError, type RawPublishOptions } from '../src/options';

const base: RawPublishOptions = {
  url: 'https://depot.example.com',
  token: 'depot_abc',
  pack: 'mypack',
  build: '1.2.0',
  from: 'recommended',
};
const parse = (raw: RawPublishOptions, files = ['mods/jei-1.0.jar'], env: Record<string, string | undefined> = {}) =>
  parsePublishOptions({ ...base, ...raw }, files, env);
const refused = (raw: RawPublishOptions, message: string | RegExp, files?: string[], env = {}) => {
  expect(() => parse(raw, files, env)).toThrow(UsageError);
  expect(() => parse(raw, files, env)).toThrow(message);
};

test('the minimal command line, with the defaults', () => {
  expect(parse({})).toEqual({
    url: 'https://depot.example.com',
    token: 'depot_abc',
    pack: 'mypack',
    build: '1.2.0',
    files: ['mods/jei-1.0.jar'],
    from: 'recommended',
    remove: [],
    publish: false,
    setLatest: false,
    setRecommended: false,
    dryRun: false,
    overrides: new Map(),
    createMods: false,
    plain: false,
    json: false,
  });
});

test('every option', () => {
  const opts = parse(
    {
      from: '1.1.0',
      minecraft: '1.20.1',
      loader: '47.2.0',
      java: '17',
      memory: '4096',
      remove: ['optifine', 'foo,bar', 'optifine'],
      notes: 'Fixes',
      publish: true,
      set: ['latest', 'recommended'],
      dryRun: true,
      mod: ['jei-1.0.jar=jei@15.3.0.4', 'mods/sodium.jar=sodium', 'x.zip=@2.0'],
      createMods: true,
      plain: true,
      json: true,
    },
    ['mods/jei-1.0.jar', 'mods/sodium.jar', 'x.zip'],
  );
  expect(opts).toMatchObject({
    from: '1.1.0',
    minecraft: '1.20.1',
    forge: '47.2.0',
    minJava: '17',
    minMemory: 4096,
    remove: ['optifine', 'foo', 'bar'],
    notes: 'Fixes',
    publish: true,
    setLatest: true,
    setRecommended: true,
    dryRun: true,
    createMods: true,
    plain: true,
    json: true,
  });
  expect(opts.overrides).toEqual(
    new Map([
      ['jei-1.0.jar', { mod: 'jei', version: '15.3.0.4' }],
      ['sodium.jar', { mod: 'sodium' }],
      ['x.zip', { version: '2.0' }],
    ]),
  );
});

test('--set takes a comma list, or one value at a time', () => {
  expect(parse({ set: ['latest,recommended'] })).toMatchObject({ setLatest: true, setRecommended: true });
  expect(parse({ set: ['latest'] })).toMatchObject({ setLatest: true, setRecommended: false });
  expect(parse({ set: ['recommended'] })).toMatchObject({ setLatest: false, setRecommended: true });
  refused({ set: ['latest,newest'] }, '--set: "newest" is neither latest nor recommended');
  refused({ set: [''] }, '--set: "" is neither latest nor recommended');
});

test('--from: recommended, latest or a build version; without it --minecraft is required', () => {
  expect(parse({ from: 'latest' }).from).toBe('latest');
  expect(parse({ from: 'v2 (beta)' }).from).toBe('v2 (beta)');
  expect(parse({ from: undefined, minecraft: '1.20.1' })).not.toHaveProperty('from');
  refused({ from: undefined }, '--minecraft is required without --from');
  refused({ from: '..' }, '--from: ".." is not a version');
  refused({ from: 'a/b' }, '--from: "a/b" is not a version');
  refused({ minecraft: '' }, '--minecraft: give a Minecraft version');
  refused({ minecraft: 'x'.repeat(256) }, '--minecraft: at most 255 characters');
});

test('an empty --loader, --java or --memory asks for none (null), instead of what --from has', () => {
  expect(parse({ loader: '', java: '', memory: '' })).toMatchObject({ forge: null, minJava: null, minMemory: null });
  expect(parse({})).not.toHaveProperty('forge');
});

test('--memory is a whole number of MB', () => {
  expect(parse({ memory: '0' }).minMemory).toBe(0);
  expect(parse({ memory: '2147483647' }).minMemory).toBe(2147483647);
  for (const memory of ['2147483648', '4G', '-1', '1.5', ' 12']) {
    refused({ memory }, `--memory: "${memory}" is not a whole number of MB`);
  }
});

test('--url and --token fall back to DEPOT_URL and DEPOT_TOKEN; the options win', () => {
  const env = { DEPOT_URL: 'https://env.example.com/', DEPOT_TOKEN: 'depot_env\n' };
  expect(parse({ url: undefined, token: undefined }, undefined, env)).toMatchObject({
    url: 'https://env.example.com',
    token: 'depot_env',
  });
  expect(parse({}, undefined, env)).toMatchObject({ url: 'https://depot.example.com', token: 'depot_abc' });
});

test('--url and --token are required', () => {
  refused({ url: undefined }, '--url (or DEPOT_URL) is required');
  refused({ token: undefined }, 'a token is required: set DEPOT_TOKEN');
  refused({ token: undefined }, 'a token is required', undefined, { DEPOT_TOKEN: '  ' });
  refused({ url: 'depot.example.com' }, '--url: "depot.example.com" is not a URL');
  refused({ url: 'ftp://depot.example.com' }, 'is not an http or https URL');
  refused({ url: 'https://depot.example.com/?x=1' }, 'without a query, fragment or credentials');
  refused({ url: 'https://me:pw@depot.example.com' }, 'without a query, fragment or credentials');
});

test('--url keeps a path prefix, without its trailing slashes', () => {
  expect(parse({ url: 'http://localhost:3000//' }).url).toBe('http://localhost:3000');
  expect(parse({ url: 'https://example.com/depot/' }).url).toBe('https://example.com/depot');
});

test('--pack is a slug, --build a version', () => {
  refused({ pack: undefined }, '--pack is required');
  refused({ build: undefined }, '--build is required');
  refused({ pack: 'my pack' }, '--pack: "my pack" is not a slug');
  refused({ pack: '-x' }, '--pack: "-x" is not a slug');
  refused({ build: '' }, '--build: "" is not a version');
  refused({ build: '.' }, '--build: "." is not a version');
  refused({ build: 'x'.repeat(256) }, 'is not a version');
  refused({ build: '1.0\u202e' }, 'is not a version');
  refused({ build: '1.0\n' }, 'is not a version');
  refused({ build: '1.0\ud800' }, 'is not a version');
  expect(parse({ build: '1.2.0+build.5 (test)' }).build).toBe('1.2.0+build.5 (test)');
});

test('--remove takes slugs', () => {
  refused({ remove: ['ok', 'not ok'] }, '--remove: "not ok" is not a slug');
});

test('--notes and --notes-file: one or the other', () => {
  expect(parse({ notesFile: 'CHANGELOG.md' })).toMatchObject({ notesFile: 'CHANGELOG.md' });
  expect(parse({ notes: '' })).toMatchObject({ notes: '' });
  refused({ notes: 'a', notesFile: 'b' }, 'give --notes or --notes-file, not both');
  refused({ notesFile: '' }, '--notes-file: give a path');
});

test('files: .jar or .zip, each path once, one file per name', () => {
  expect(parse({}, ['a.JAR', 'b.zip', './a.JAR', 'a.JAR']).files).toEqual(['a.JAR', 'b.zip']);
  refused({}, 'readme.txt: not a .jar or .zip file', ['a.jar', 'readme.txt']);
  refused({}, 'mods/: not a .jar or .zip file', ['mods/']);
  refused({}, 'two files are named a.jar (x/a.jar and y/a.jar)', ['x/a.jar', 'y/a.jar']);
  refused({}, 'no files given', []);
});

test('--mod names a file given, by its path or its name', () => {
  const files = ['mods/a=b@c.jar', 'mods/sodium.jar'];
  // The name may hold "=" and "@"; the version may too.
  expect(parse({ mod: ['a=b@c.jar=foo@1.0=x@y'] }, files).overrides.get('a=b@c.jar')).toEqual({
    mod: 'foo',
    version: '1.0=x@y',
  });
  expect(parse({ mod: ['./mods/sodium.jar=sodium'] }, files).overrides.get('sodium.jar')).toEqual({ mod: 'sodium' });
  refused({ mod: ['other.jar=x'] }, '--mod: other.jar is not one of the files given', files);
  refused({ mod: ['sodium.jar'] }, '--mod: "sodium.jar" is not <file>=<slug>', files);
  refused({ mod: ['sodium.jar='] }, '--mod: "sodium.jar=" is not <file>=<slug>', files);
  refused({ mod: ['sodium.jar=bad slug'] }, 'is not <file>=<slug>', files);
  refused({ mod: ['sodium.jar=s@'] }, '--mod: "" is not a version', files);
  refused({ mod: ['sodium.jar=s', 'mods/sodium.jar=t'] }, '--mod: sodium.jar is given twice', files);
});

test('collect appends repeated values in order', () => {
  expect(collect('b', collect('a', undefined))).toEqual(['a', 'b']);
});
