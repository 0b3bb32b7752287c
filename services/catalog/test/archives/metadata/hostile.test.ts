// Archives made to hurt the reader: each is answered with a warning (never a throw) after a bounded
// read, and what else the archive carries is still read. Only the store's own failures are thrown.
import { Readable } from 'node:stream';
import { readModMetadata, type RangeSource } from '../../../src/archives/metadata';
import { fileOf, ranges, removeFiles, repeated, zipOf } from './jars';

afterAll(removeFiles);

const MiB = 1024 * 1024;
const FABRIC = JSON.stringify({ schemaVersion: 1, id: 'kept', version: '1.0.0' });
const kept = { format: 'fabric', id: 'kept', version: '1.0.0', authors: [], loader: { name: 'fabric' } };

test('a 100 MB mods.toml is skipped from the size its entry states, without being read', async () => {
  const jar = await zipOf({ 'fabric.mod.json': FABRIC, 'META-INF/mods.toml': repeated('#', 100 * MiB) });
  const source = ranges(jar);
  expect(await readModMetadata(source)).toEqual({
    mods: [kept],
    warnings: ['META-INF/mods.toml: larger than 1,048,576 bytes: skipped'],
  });
  // The directory and the small entry only: the large one's compressed bytes are not even fetched.
  expect(source.served).toBeLessThan(MiB);
});

test('an entry whose directory states a small size is stopped where its data runs past it', async () => {
  const jar = await zipOf({ 'META-INF/mods.toml': repeated('#', 2 * MiB), 'fabric.mod.json': FABRIC });
  statedSize(jar, 'META-INF/mods.toml', 100);
  const read = await readModMetadata(ranges(jar));
  expect(read.mods).toEqual([kept]);
  expect(read.warnings).toEqual([
    expect.stringMatching(/^META-INF\/mods\.toml: unreadable \(too many bytes in the stream.*\): skipped$/),
  ]);
});

test('invalid TOML, TOML nested too deep', async () => {
  const bad = await zipOf({ 'META-INF/mods.toml': '[[mods]]\nmodId = "x\nversion = 1', 'fabric.mod.json': FABRIC });
  const deep = await zipOf({ 'META-INF/neoforge.mods.toml': `x = ${'['.repeat(5000)}${']'.repeat(5000)}\n` });
  const badRead = await readModMetadata(ranges(bad));
  expect(badRead.mods).toEqual([kept]);
  expect(badRead.warnings).toEqual([expect.stringMatching(/^META-INF\/mods\.toml: not valid TOML \(.+\): skipped$/)]);
  const deepRead = await readModMetadata(ranges(deep));
  expect(deepRead.mods).toEqual([]);
  expect(deepRead.warnings).toEqual([
    expect.stringMatching(/^META-INF\/neoforge\.mods\.toml: not valid TOML \(.+\): skipped$/),
  ]);
});

test('a mods.toml that declares no mod, a mod without an id, keys naming Object.prototype', async () => {
  const toml = [
    '[[mods]]\nmodId = "constructor"',
    '[[mods]]\ndisplayName = "no id"',
    '[[dependencies.__proto__]]\nmodId = "minecraft"\nversionRange = "[1.0,)"',
  ].join('\n');
  const jar = await zipOf({ 'META-INF/mods.toml': toml });
  const read = await readModMetadata(ranges(jar));
  // `dependencies.constructor` is not Object's constructor, and the __proto__ table is dropped.
  expect(read.mods).toEqual([{ format: 'forge', id: 'constructor', authors: [], loader: { name: 'forge' } }]);
  expect(read.warnings).toEqual(['META-INF/mods.toml: mods[1] has no modId: skipped']);
  expect(({} as Record<string, unknown>).modId).toBeUndefined();
  const empty = await readModMetadata(ranges(await zipOf({ 'META-INF/mods.toml': 'modLoader = "javafml"' })));
  expect(empty).toEqual({ mods: [], warnings: ['META-INF/mods.toml: no [[mods]]: skipped'] });
});

test('bad UTF-8', async () => {
  const bytes = Buffer.concat([Buffer.from('{"id": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
  const jar = await zipOf({ 'fabric.mod.json': bytes });
  expect(await readModMetadata(ranges(jar))).toEqual({
    mods: [],
    warnings: ['fabric.mod.json: not valid UTF-8: skipped'],
  });
});

test('deeply nested JSON', async () => {
  const nested = `{"id": "deep", "custom": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
  const jar = await zipOf({
    'quilt.mod.json': nested,
    'mcmod.info': `[{"modid": "x", "a": ${'{"a":'.repeat(40)}1${'}'.repeat(40)}}]`,
  });
  expect(await readModMetadata(ranges(jar))).toEqual({
    mods: [],
    warnings: [
      'quilt.mod.json: nested deeper than 32 levels: skipped',
      'mcmod.info: nested deeper than 32 levels: skipped',
    ],
  });
});

test('malformed JSON, and JSON of another shape', async () => {
  const jar = await zipOf({ 'fabric.mod.json': '{"id": "x",, }', 'mcmod.info': '"just a string"' });
  const read = await readModMetadata(ranges(jar));
  expect(read.mods).toEqual([]);
  expect(read.warnings).toEqual([
    expect.stringMatching(/^fabric\.mod\.json: not valid JSON \(.+\): skipped$/),
    'mcmod.info: neither a list of mods nor an object with a modList: skipped',
  ]);
});

test('a jar that is not a zip', async () => {
  const read = await readModMetadata(await fileOf(Buffer.from('this is not a zip at all'.repeat(100))));
  expect(read.mods).toEqual([]);
  expect(read.warnings).toEqual([expect.stringMatching(/^not a readable zip or jar \(.+\)$/)]);
  expect(await readModMetadata(ranges(Buffer.alloc(0)))).toMatchObject({ mods: [], warnings: [expect.any(String)] });
});

test('a Technic zip: a bomb-like jar skipped from its stated size, a jar whose own entry is huge, a fake jar', async () => {
  const inner = await zipOf({ 'META-INF/mods.toml': repeated('#', 20 * MiB), 'fabric.mod.json': FABRIC });
  const zip = await zipOf({
    'mods/bomb.jar': repeated('\0', 80 * MiB),
    'mods/inner.jar': inner,
    'mods/fake.jar': 'not a zip',
  });
  const read = await readModMetadata(ranges(zip));
  expect(read.mods).toEqual([{ ...kept, file: 'mods/inner.jar' }]);
  expect(read.warnings).toEqual([
    'mods/bomb.jar: larger than 67,108,864 bytes: not read',
    'mods/inner.jar: META-INF/mods.toml: larger than 1,048,576 bytes: skipped',
    expect.stringMatching(/^mods\/fake\.jar: not a readable jar \(.+\): skipped$/),
  ]);
});

test('the jars under mods/ read are bounded in number', async () => {
  const jar = await zipOf({ 'fabric.mod.json': FABRIC });
  const zip = await zipOf({ 'mods/a.jar': jar, 'mods/b.jar': jar, 'mods/c.jar': jar });
  const read = await readModMetadata(ranges(zip), { maxNestedJars: 2 });
  expect(read.mods.map((m) => m.file)).toEqual(['mods/a.jar', 'mods/b.jar']);
  expect(read.warnings).toEqual(['3 jars under mods/: only the first 2 are read']);
});

test('a store that does not answer: a warning once the time is up', async () => {
  const stalled: RangeSource = { size: 1000, read: () => new Promise(() => {}) };
  expect(await readModMetadata(stalled, { timeoutMs: 100 })).toEqual({
    mods: [],
    warnings: ['not read within 100 ms: what was read by then is kept'],
  });
});

test("the store's own errors are thrown: a missing file, a failed read, a stream cut short", async () => {
  await expect(readModMetadata('/nonexistent/depot/mod.jar')).rejects.toMatchObject({ code: 'ENOENT' });
  const jar = await zipOf({ 'fabric.mod.json': FABRIC });
  const down = new Error('store unavailable');
  await expect(readModMetadata({ size: jar.length, read: () => Promise.reject(down) })).rejects.toBe(down);
  const cut = new Error('connection reset');
  const cutShort: RangeSource = {
    size: jar.length,
    read: () =>
      Promise.resolve(
        new Readable({
          read() {
            this.destroy(cut);
          },
        }),
      ),
  };
  await expect(readModMetadata(cutShort)).rejects.toBe(cut);
});

/** Rewrites the uncompressed size the central directory states for `name`. */
function statedSize(zip: Buffer, name: string, size: number): void {
  for (
    let at = zip.lastIndexOf(Buffer.from('PK\x01\x02', 'latin1'));
    at >= 0;
    at = zip.lastIndexOf(Buffer.from('PK\x01\x02', 'latin1'), at - 1)
  ) {
    const length = zip.readUInt16LE(at + 28);
    if (zip.toString('latin1', at + 46, at + 46 + length) === name) {
      zip.writeUInt32LE(size, at + 24);
      return;
    }
  }
  throw new Error(`${name} is not in the zip`);
}

test('an archive with more entries than are walked for metadata: not read, with a warning', async () => {
  const files: Record<string, string> = { 'fabric.mod.json': FABRIC };
  for (let i = 0; i < 30; i++) files[`config/f${i}.txt`] = 'x';
  const zip = await zipOf(files);
  expect(await readModMetadata(ranges(zip), { maxEntries: 20 })).toEqual({
    mods: [],
    warnings: ['31 entries, more than the 20 walked for metadata: not read'],
  });
  // Within the bound, read as usual.
  expect((await readModMetadata(ranges(zip), { maxEntries: 31 })).mods).toEqual([kept]);
});
