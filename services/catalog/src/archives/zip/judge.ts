// A zip judged as the Technic Launcher will read it (docs/archives.md#checks), from the staged
// object, bounded in memory and time whatever it holds. Java reads a zip two ways: ZipFile reads
// the central directory where the end record puts it, ZipInputStream the local headers one after
// another from the first byte. So every entry is judged on both: its central record while yauzl
// walks the directory (name, Unicode path field, symbolic link, encryption, duplicates), then its
// local header, in the order of the file (the same name; no bytes left between the records, where
// a stream reader would find entries the directory does not list).
import { hash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import yauzl from 'yauzl';
import { DepotError } from '@depot/common';
import { isStoreError } from '@depot/common/archive-store';
import { entryNameProblem, extractedPath, inLauncherFolder, javaName, shown } from './entry-names';
import { EntryTable } from './entry-table';
import { readAt, StagedReader } from './staged-reader';
import { javaDirectory, type Directory } from './directory';

export interface ZipLimits {
  /** ARCHIVE_MAX_ENTRIES: more is refused from the end record, before the directory is read. */
  maxEntries: number;
}

export const notZip = (why: string) =>
  new DepotError('ARCHIVE_NOT_ZIP', {}, `The file is not a zip or jar archive: ${why}.`);
/** A zip refused for what it holds: the same answer as one that is none, in the problem's words. */
const refused = (message: string) => new DepotError('ARCHIVE_NOT_ZIP', {}, message);

const UNICODE_PATH = 0x7075;
/** A data descriptor after an entry's data: crc and sizes (4 or 8 bytes each), with or without its signature. */
const DESCRIPTOR_LENGTHS = [12, 16, 20, 24];
/** Room for a local header's name and extra field, fetched past the last header of a block. */
const HEADER_ROOM = 1024;
/** Work done between two turns of the event loop. */
const SLICE_MS = 10;

const isSymlink = (e: yauzl.Entry) => ((e.externalFileAttributes >>> 16) & 0o170000) === 0o120000;
/** 128 bits of the name's sha256: enough that no name can be made to pass for another. */
const nameDigest = (raw: Buffer) => hash('sha256', raw, 'buffer').subarray(0, 16);
const cursor = (zip: yauzl.ZipFile) => (zip as unknown as { readEntryCursor: number }).readEntryCursor;

/**
 * Gives the event loop a turn every SLICE_MS. yauzl's reads of a cached block complete as promise
 * and nextTick callbacks, which Node runs to the last before any I/O or timer: without this, a
 * directory of 100,000 records holds every other call of the catalog until it is read.
 */
export class Slices {
  private since = performance.now();
  async next(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await nextTurn();
    this.since = performance.now();
  }
}

/**
 * Opens the zip; refuses it when its end record counts more than the limit, before reading on.
 * `rawNames`: the names as bytes, judged here; else as yauzl decodes and validates them.
 */
async function open(
  reader: StagedReader,
  size: number,
  what: string,
  limits: ZipLimits,
  rawNames: boolean,
): Promise<yauzl.ZipFile> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(reader, size, { autoClose: false, decodeStrings: !rawNames });
  } catch (err) {
    if (isStoreError(err)) throw err;
    throw notZip(`${what} has no readable central directory (${(err as Error).message})`);
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    const count = zip.entryCount.toLocaleString('en');
    throw refused(
      `${what[0].toUpperCase()}${what.slice(1)} has ${count} entries, more than the ${limits.maxEntries.toLocaleString('en')} allowed (ARCHIVE_MAX_ENTRIES).`,
    );
  }
  return zip;
}

/**
 * Every record of the directory, with its offset, the event loop given its turns. yauzl reads as
 * many as the end record counts, never more: the count bounds the work.
 */
async function walk(zip: yauzl.ZipFile, what: string, visit: (e: yauzl.Entry, at: number) => void): Promise<void> {
  const slices = new Slices();
  try {
    for await (const entry of zip.eachEntry()) {
      visit(entry, cursor(zip) - 46 - entry.fileNameLength - entry.extraFieldLength - entry.fileCommentLength);
      await slices.next();
    }
  } catch (err) {
    if (err instanceof DepotError || isStoreError(err)) throw err;
    throw notZip(`${what} is broken (${(err as Error).message})`);
  }
}

/**
 * The jar inside a packaged upload: its directory must be readable, within the limit. The launcher
 * does not extract it (the game loads it as it is): its names need only be what yauzl accepts.
 */
export async function checkJar(reader: StagedReader, size: number, limits: ZipLimits): Promise<void> {
  const zip = await open(reader, size, 'the jar', limits, false);
  try {
    await walk(zip, 'the jar', () => undefined);
  } finally {
    zip.close();
  }
}

export interface Judged {
  /** Whether an entry lands in mods/, config/ or bin/. */
  launcherFolder: boolean;
  /** Where the data of the directory's first entry lies (a packaged jar). */
  first?: { start: number; size: number };
}

/** Judges the zip's every entry (see the top of this file); a refusal names the entry. */
export async function judgeZip(reader: StagedReader, size: number, what: string, limits: ZipLimits): Promise<Judged> {
  const zip = await open(reader, size, what, limits, true);
  try {
    // Java's ZipFile reads the directory that the end record places: yauzl must read the same one.
    const directory = await javaDirectory(reader, size, zip.comment as unknown as Buffer);
    const mismatch = () => notZip(`${what}'s end record does not describe its central directory`);
    const { count, offset, length, end } = directory;
    if (zip.entryCount !== count || cursor(zip) !== offset || offset + length !== end) throw mismatch();
    const entries = new EntryTable(zip.entryCount);
    const seen = new Set<string>();
    let launcherFolder = false;
    await walk(zip, what, (entry, record) => {
      const raw = entry.fileNameRaw;
      const problem = entryNameProblem(raw);
      if (problem) throw refused(problem);
      const name = javaName(raw)!;
      for (const field of entry.extraFields) {
        if (field.id === UNICODE_PATH && !field.data.subarray(5).equals(raw)) throw otherName(name, field.data);
      }
      if (isSymlink(entry))
        throw refused(`The zip's entry ${shown(name)} is a symbolic link: the launcher does not extract links.`);
      if (entry.isEncrypted())
        throw refused(`The zip's entry ${shown(name)} is encrypted: the launcher cannot extract it.`);
      const digest = nameDigest(raw);
      // Java's ZipFile keeps one of two entries of one name, ZipInputStream extracts both.
      const path = extractedPath(name);
      const key = (path === name ? digest : nameDigest(Buffer.from(path))).toString('latin1', 0, 8);
      if (seen.has(key)) throw refused(`The zip has two entries for ${shown(path)}: a launcher could extract either.`);
      seen.add(key);
      launcherFolder ||= inLauncherFolder(name);
      entries.add(entry, record, digest);
    });
    // ...and nothing past the records it counts (entries hidden from a count that says fewer).
    if (cursor(zip) !== directory.end) throw mismatch();
    const first = await checkLocalHeaders(zip, reader, entries, directory);
    return { launcherFolder, first };
  } finally {
    zip.close();
  }
}

function otherName(name: string | Buffer, unicodePath: Buffer) {
  return refused(
    `The zip's entry ${shown(name)} is named ${shown(unicodePath.subarray(5))} in its Unicode path field: a launcher could extract either.`,
  );
}

/** Every local header against its central record, in the order of the file, and the bytes between. */
async function checkLocalHeaders(zip: yauzl.ZipFile, reader: StagedReader, entries: EntryTable, directory: Directory) {
  const slices = new Slices();
  const order = entries.order();
  let first: Judged['first'];
  // Where the next record must begin, and whether a data descriptor may come before it.
  let expected = 0;
  let descriptor = false;
  /** The record at `at`, named (an entry) or not (the directory), does not begin where it must. */
  const misplaced = (at: number, name?: Buffer) => {
    if (at < expected) {
      return refused(
        name
          ? `The zip's entry ${shown(name)} overlaps the entry before it.`
          : "The zip's central directory overlaps its last entry.",
      );
    }
    return refused(
      `The zip holds bytes its central directory does not list, before ${name ? `its entry ${shown(name)}` : 'the directory'}: the launcher could read entries from them that were not checked.`,
    );
  };
  const follows = (at: number) => at === expected || (descriptor && DESCRIPTOR_LENGTHS.includes(at - expected));
  let far = 0;
  for (let k = 0; k < order.length; k++) {
    const entry = entries.at(order[k]);
    // The block fetched for this header reaches the headers after it within a block, not the data beyond.
    far = Math.max(far, k);
    while (far + 1 < order.length && entries.offset(order[far + 1]) < entry.offset + StagedReader.BLOCK) far++;
    reader.fetchUpTo = entries.offset(order[far]) + HEADER_ROOM;
    let header: yauzl.LocalFileHeader;
    try {
      header = await zip.readLocalFileHeaderPromise(
        { relativeOffsetOfLocalHeader: entry.offset, compressedSize: entry.size } as yauzl.Entry,
        { minimal: false },
      );
    } catch (err) {
      if (isStoreError(err)) throw err;
      throw notZip(`the zip is broken (${(err as Error).message})`);
    }
    const name = header.fileName;
    if (!nameDigest(name).equals(entry.digest)) {
      const problem = entryNameProblem(name);
      if (problem) throw refused(problem);
      const listed = await readAt(reader, entry.record, 46).then((r) =>
        readAt(reader, entry.record + 46, r.readUInt16LE(28)),
      );
      throw refused(
        `The zip's entry ${shown(listed)} is named ${shown(name)} in its local header: a launcher could extract either.`,
      );
    }
    let extra: yauzl.ExtraField[];
    try {
      extra = yauzl.parseExtraFields(header.extraField);
    } catch (err) {
      throw notZip(`the zip is broken (${(err as Error).message})`);
    }
    for (const field of extra) {
      if (field.id === UNICODE_PATH && !field.data.subarray(5).equals(name)) throw otherName(name, field.data);
    }
    if (header.generalPurposeBitFlag & 1)
      throw refused(`The zip's entry ${shown(name)} is encrypted: the launcher cannot extract it.`);
    if (!follows(entry.offset)) throw misplaced(entry.offset, name);
    expected = header.fileDataStart + entry.size;
    descriptor = (header.generalPurposeBitFlag & 0x8) !== 0;
    if (order[k] === 0) first = { start: header.fileDataStart, size: entry.size };
    await slices.next();
  }
  reader.fetchUpTo = Infinity;
  if (!follows(directory.offset)) throw misplaced(directory.offset);
  return first;
}
