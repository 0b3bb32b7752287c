// The zip check of an upload (docs/archives.md#checks) on zips written byte by byte, read from an
// object in memory through the same ranged reads as from the store: what is refused, in which
// words, and how many reads of the store it takes. The same refusals through gRPC, stored nothing:
// test/archives/zip-checks.test.ts.
import { Readable } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import yazl from 'yazl';
import { DepotError } from '@depot/common';
import type { StagedObject } from '@depot/common/archive-store';
import { checkArchive, packageJar, uploadKind } from '../../src/archives/packaging';
import { makeZip } from './client';
import { SYMLINK, tinyEntries, unicodePathField, zipBytes, type RawEntry } from './zip-bytes';

const LIMITS = { maxEntries: 100_000 };

/** A staged object of these bytes, counting the store's ranged reads and the bytes they fetch. */
function staged(bytes: Buffer) {
  const object = {
    reads: 0,
    fetched: 0,
    digests: { size: bytes.length },
    read: async (start: number, end: number) => {
      object.reads += 1;
      object.fetched += end - start + 1;
      return Readable.from([bytes.subarray(start, end + 1)]);
    },
  };
  return object as typeof object & StagedObject;
}

const check = async (zip: Buffer) => (await checkArchive(staged(zip), 'zip', LIMITS)).warnings;

/** The refusal a client sees: reason, message and field errors. */
async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (!(err instanceof DepotError)) throw err;
    return { reason: err.reason, message: err.message, ...(err.details.fields ? { fields: err.details.fields } : {}) };
  }
  throw new Error('expected a refusal');
}
const refused = (message: string) => ({ reason: 'ARCHIVE_NOT_ZIP', message });
const entry = (name: string | Buffer, over: Partial<RawEntry> = {}): RawEntry => ({ name, data: 'x', ...over });

function zipOf(add: (zip: yazl.ZipFile) => void): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  add(zip);
  zip.end();
  return collect(zip.outputStream);
}
async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the zip check', () => {
  test('zips as tools write them are accepted: stored, deflated with data descriptors, UTF-8 names', async () => {
    expect(await check(await makeZip({ 'mods/a.jar': 'jar', 'config/a.cfg': 'x=1', 'mods/é.txt': 'é' }))).toEqual([]);
    const streamed = await zipOf((zip) => {
      zip.addReadStream(Readable.from([Buffer.alloc(50_000, 1)]), 'mods/a.jar', { compress: true });
      zip.addReadStream(Readable.from([Buffer.from('x')]), 'config/b.cfg', { compress: false });
      zip.addEmptyDirectory('bin/');
    });
    expect(await check(streamed)).toEqual([]);
    // A Unicode path field naming what the name names is no ambiguity.
    expect(
      await check(zipBytes([entry('mods/ok.txt', { extra: unicodePathField('mods/ok.txt', 'mods/ok.txt') })])),
    ).toEqual([]);
    // A directory listing the entries in another order than the file holds them.
    expect(
      await check(zipBytes([entry('mods/a.txt'), entry('mods/b.txt'), entry('config/c')], { reversed: true })),
    ).toEqual([]);
    const flat = zipBytes([entry('a.txt'), entry('..a/..b...', { data: '' })]);
    expect(await check(flat)).toEqual([
      "The zip has none of mods/, config/, bin/ at its top level: the launcher extracts it into the modpack's folder as it is.",
    ]);
  });

  test('a name that would leave the modpack folder, as the launcher reads it, on any system', async () => {
    for (const name of [
      '../../evil.txt',
      'mods/../../evil.txt',
      'mods\\..\\..\\evil.txt',
      'mods/.../evil.txt',
      'mods/.. /evil.txt',
      '/etc/evil',
      '\\evil',
      '//server/share/evil',
      '\\\\server\\share\\evil',
      'C:evil.txt',
      'C:\\evil.txt',
      'c:/evil.txt',
      'mods\\D:\\evil.txt',
    ]) {
      expect(await refusal(check(zipBytes([entry('mods/ok.txt'), entry(name)])))).toEqual(
        refused(`The zip's entry ${JSON.stringify(name)} would be extracted outside the modpack's folder.`),
      );
    }
  });

  test('a Unicode path field naming a safe file does not hide the raw name Java reads; nor one naming another', async () => {
    const raw = '../../evil.txt';
    const hidden = zipBytes([entry(raw, { extra: unicodePathField(raw, 'mods/ok____.txt') })]);
    expect(await refusal(check(hidden))).toEqual(
      refused(`The zip's entry "../../evil.txt" would be extracted outside the modpack's folder.`),
    );
    const other = zipBytes([entry('mods/a.txt', { extra: unicodePathField('mods/a.txt', 'mods/b.txt') })]);
    expect(await refusal(check(other))).toEqual(
      refused(
        `The zip's entry "mods/a.txt" is named "mods/b.txt" in its Unicode path field: a launcher could extract either.`,
      ),
    );
    const local = zipBytes([entry('mods/a.txt', { localExtra: unicodePathField('mods/a.txt', '../a.txt') })]);
    expect(await refusal(check(local))).toEqual(
      refused(
        `The zip's entry "mods/a.txt" is named "../a.txt" in its Unicode path field: a launcher could extract either.`,
      ),
    );
  });

  test('a local header naming another file than the central directory', async () => {
    expect(await refusal(check(zipBytes([entry('mods/ok.txt', { localName: '../../e.txt' })])))).toEqual(
      refused(`The zip's entry "../../e.txt" would be extracted outside the modpack's folder.`),
    );
    expect(
      await refusal(check(zipBytes([entry('mods/a.txt'), entry('mods/ok.txt', { localName: 'mods/ko.txt' })]))),
    ).toEqual(
      refused(
        `The zip's entry "mods/ok.txt" is named "mods/ko.txt" in its local header: a launcher could extract either.`,
      ),
    );
  });

  test('names Java cannot read, control characters, no name', async () => {
    const latin1 = Buffer.from('mods/caf\u00e9.txt', 'latin1');
    expect(await refusal(check(zipBytes([entry(latin1)])))).toEqual(
      refused(`The zip's entry "mods/caf\ufffd.txt" has a name that is not UTF-8, which the launcher cannot read.`),
    );
    expect(await refusal(check(zipBytes([entry('mods/a\u0000.jar')])))).toEqual(
      refused(`The zip's entry "mods/a\\u0000.jar" has a control character in its name.`),
    );
    expect(await refusal(check(zipBytes([entry('mods/a\n.jar')])))).toEqual(
      refused(`The zip's entry "mods/a\\n.jar" has a control character in its name.`),
    );
    expect(await refusal(check(zipBytes([entry('')])))).toEqual(refused('The zip has an entry without a name.'));
  });

  test('symbolic links, encrypted entries, two entries for one file', async () => {
    const link = zipBytes([entry('mods', { ...SYMLINK, data: '/tmp' }), entry('mods/x.txt')]);
    expect(await refusal(check(link))).toEqual(
      refused(`The zip's entry "mods" is a symbolic link: the launcher does not extract links.`),
    );
    // Deflated (the sizes of a stored one would count the encryption header).
    for (const over of [{ flags: 1 }, { localFlags: 1 }].map((o) => ({ ...o, method: 8 }))) {
      expect(await refusal(check(zipBytes([entry('mods/a.jar', over)])))).toEqual(
        refused(`The zip's entry "mods/a.jar" is encrypted: the launcher cannot extract it.`),
      );
    }
    for (const twin of ['mods/a.jar', 'mods\\a.jar', 'mods/./a.jar', 'mods//a.jar']) {
      expect(await refusal(check(zipBytes([entry('mods/a.jar'), entry('config/x'), entry(twin)])))).toEqual(
        refused(`The zip has two entries for "mods/a.jar": a launcher could extract either.`),
      );
    }
  });

  test('what the central directory does not list: a stream reader would find it', async () => {
    const hidden = zipBytes([entry('../../evil.txt')]).subarray(0, 45);
    expect(await refusal(check(zipBytes([entry('mods/a.txt', { before: hidden })])))).toEqual(
      refused(
        `The zip holds bytes its central directory does not list, before its entry "mods/a.txt": the launcher could read entries from them that were not checked.`,
      ),
    );
    expect(await refusal(check(zipBytes([entry('mods/a.txt')], { beforeDirectory: hidden })))).toEqual(
      refused(
        'The zip holds bytes its central directory does not list, before the directory: the launcher could read entries from them that were not checked.',
      ),
    );
    expect(await refusal(check(zipBytes([entry('mods/a.txt', { centralSize: 40 }), entry('mods/b.txt')])))).toEqual(
      refused(`The zip's entry "mods/b.txt" overlaps the entry before it.`),
    );
    // An end record counting fewer entries than its directory holds: Java reads them all. A zip64
    // record that the end record does not call for: Java reads the directory the end record places.
    const otherDirectory = refused(
      "The file is not a zip or jar archive: the zip's end record does not describe its central directory.",
    );
    expect(await refusal(check(zipBytes([entry('mods/a.txt'), entry('../evil.txt')], { count: 1 })))).toEqual(
      otherDirectory,
    );
    expect(await refusal(check(zipBytes([entry('mods/a.txt')], { zip64: 'unannounced' })))).toEqual(otherDirectory);
    expect(await check(zipBytes([entry('mods/a.txt')], { zip64: 'announced' }))).toEqual([]);
  });

  test('more entries than ARCHIVE_MAX_ENTRIES: refused from the end record, before the directory is read', async () => {
    const zip = zipBytes(tinyEntries(120_000));
    const object = staged(zip);
    expect(await refusal(checkArchive(object, 'zip', LIMITS))).toEqual(
      refused('The zip has 120,000 entries, more than the 100,000 allowed (ARCHIVE_MAX_ENTRIES).'),
    );
    // The end records only: the last 64 KiB, then the zip64 record.
    expect(object.reads).toBeLessThanOrEqual(2);
    // The jar inside a packaged upload too.
    const jar = await collect(packageJar(Readable.from([zipBytes(tinyEntries(1_500))]), 'mods/big.jar'));
    expect(await refusal(checkArchive(staged(jar), 'jar', { maxEntries: 1_000 }))).toEqual(
      refused('The jar has 1,500 entries, more than the 1,000 allowed (ARCHIVE_MAX_ENTRIES).'),
    );
    expect((await checkArchive(staged(jar), 'jar', { maxEntries: 1_500 })).warnings).toEqual([]);
  });

  test('a zip of large entries: their local headers are read, not the data between them', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 7);
    const zip = zipBytes([entry('mods/a.jar', { data: big }), entry('mods/b.jar', { data: big }), entry('config/c')]);
    const object = staged(zip);
    expect((await checkArchive(object, 'zip', LIMITS)).warnings).toEqual([]);
    // The last 64 KiB (end record, directory), then a KiB or so per local header.
    expect(object.fetched).toBeLessThan(80 * 1024);
  });

  test('100,000 entries are checked in blocks of the store, the event loop turning all along', async () => {
    const zip = zipBytes(tinyEntries(100_000));
    const object = staged(zip);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    delay.enable();
    const started = performance.now();
    expect((await checkArchive(object, 'zip', LIMITS)).warnings).toEqual([]);
    const seconds = (performance.now() - started) / 1000;
    delay.disable();
    clearInterval(timer);
    // 256 KiB blocks: the directory once, the local headers once (10.9 MB in all), not a read per entry.
    expect(object.reads).toBeLessThanOrEqual(Math.ceil(zip.length / (256 * 1024)) + 4);
    // Slices of 10 ms; what is left is the machine's own scheduling (before: 0.5 to 1.5 s).
    expect(delay.max / 1e6).toBeLessThan(200);
    // A 10 ms timer kept firing (before: not once while a block of the directory was read).
    expect(ticks).toBeGreaterThan((seconds * 1000) / 10 / 3);
  });
});

describe("an upload's file name", () => {
  test('a plain file name as Windows and Java accept it; a path is cut to its last part', () => {
    expect(uploadKind('C:\\Users\\me\\jei-1.0.jar')).toEqual({
      kind: 'jar',
      name: 'jei-1.0.jar',
      entry: 'mods/jei-1.0.jar',
    });
    expect(uploadKind('console.jar')).toEqual({ kind: 'jar', name: 'console.jar', entry: 'mods/console.jar' });
    expect(uploadKind('pack (1).zip')).toEqual({ kind: 'zip', name: 'pack (1).zip' });
    expect(uploadKind(`${'x'.repeat(251)}.jar`).kind).toBe('jar');
  });

  test('refused with a field error: what Windows forbids in a file name, or reserves, or finds too long', async () => {
    for (const [name, message] of [
      ['C:evil.jar', 'The file name may not contain : (Windows does not allow it in a file name).'],
      ['a<b.jar', 'The file name may not contain < (Windows does not allow it in a file name).'],
      ['a"b.zip', 'The file name may not contain " (Windows does not allow it in a file name).'],
      ['a|b.jar', 'The file name may not contain | (Windows does not allow it in a file name).'],
      ['a?.jar', 'The file name may not contain ? (Windows does not allow it in a file name).'],
      ['a*.jar', 'The file name may not contain * (Windows does not allow it in a file name).'],
      ['mod\u0007.jar', 'The file name may not contain control characters.'],
      ['mod.jar.', 'The file name may not end in a dot or a space.'],
      ['CON.jar', 'The file name may not be "CON.jar": Windows reserves that name for a device.'],
      ['nul.zip', 'The file name may not be "nul.zip": Windows reserves that name for a device.'],
      ['com1.tar.jar', 'The file name may not be "com1.tar.jar": Windows reserves that name for a device.'],
      ['LPT9.jar', 'The file name may not be "LPT9.jar": Windows reserves that name for a device.'],
      [`${'x'.repeat(252)}.jar`, 'The file name may not be longer than 255 bytes.'],
      [`${'é'.repeat(126)}.jar`, 'The file name may not be longer than 255 bytes.'],
    ]) {
      expect(await refusal(Promise.resolve().then(() => uploadKind(name)))).toEqual({
        reason: 'VALIDATION',
        message: 'The given data was invalid.',
        fields: { file_name: [message] },
      });
    }
  });
});
