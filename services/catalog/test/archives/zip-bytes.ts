// Zips written byte by byte, for what no zip library writes on purpose: a local header naming
// another file than the central directory, a Unicode path field naming a third, symbolic links,
// encrypted flags, duplicates, a lying entry count, and hundreds of thousands of tiny entries.
// Entries are stored (method 0) unless told; the zip64 end records are added past 65,535 entries.
import { crc32 } from 'node:zlib';

export interface RawEntry {
  /** The name in the central directory. */
  name: string | Buffer;
  /** The name in the local header, when it differs. */
  localName?: string | Buffer;
  data?: string | Buffer;
  /** General purpose bits, in both headers (bit 0: encrypted, bit 11: UTF-8 names), and the local one's when they differ. */
  flags?: number;
  localFlags?: number;
  /** Compression method (default 0, stored; the data is written as given). */
  method?: number;
  /** The sizes the central directory states, when they are not the data's. */
  centralSize?: number;
  /** Version made by: its high byte is the host system (3: Unix). */
  madeBy?: number;
  externalAttributes?: number;
  /** Extra fields, in both headers, and the local header's when they differ. */
  extra?: Buffer;
  localExtra?: Buffer;
  /** Bytes written before the local header, which the central directory does not describe. */
  before?: Buffer;
}

export interface ZipLayout {
  /** The entry count the end records state (default: the true count). */
  count?: number;
  /** Bytes written between the last entry and the central directory. */
  beforeDirectory?: Buffer;
  /**
   * The zip64 end records, written past 65,535 entries or when asked; `unannounced`: the end
   * record's own fields hold the true values (Java then ignores the zip64 ones, yauzl does not).
   */
  zip64?: 'announced' | 'unannounced';
  /** The central directory lists the entries last first (the local headers keep their order). */
  reversed?: boolean;
}

/** A symbolic link's mode (0120777) in the external attributes of an entry made on Unix. */
export const SYMLINK = { madeBy: 0x031e, externalAttributes: 0o120777 * 0x10000 };

/** The Info-ZIP Unicode Path extra field (0x7075) naming `name` for the raw name `raw`. */
export function unicodePathField(raw: string, name: string): Buffer {
  const utf8 = Buffer.from(name);
  const field = Buffer.alloc(9 + utf8.length);
  field.writeUInt16LE(0x7075, 0);
  field.writeUInt16LE(5 + utf8.length, 2);
  field.writeUInt8(1, 4);
  field.writeUInt32LE(crc32(Buffer.from(raw)), 5);
  utf8.copy(field, 9);
  return field;
}

/** Bytes appended to one growing buffer: a zip of 100,000 entries leaves no 300,000 small ones behind. */
class Writer {
  private buffer = Buffer.alloc(64 * 1024);
  length = 0;
  private room(n: number): number {
    if (this.length + n > this.buffer.length) {
      const grown = Buffer.alloc(Math.max(this.buffer.length * 2, this.length + n));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    const at = this.length;
    this.length += n;
    return at;
  }
  // (room() first: it may replace the buffer.)
  u16(v: number) {
    const at = this.room(2);
    this.buffer.writeUInt16LE(v, at);
  }
  u32(v: number) {
    const at = this.room(4);
    this.buffer.writeUInt32LE(v >>> 0, at);
  }
  u64(v: number) {
    const at = this.room(8);
    this.buffer.writeBigUInt64LE(BigInt(v), at);
  }
  bytes(b: string | Buffer) {
    const at = this.room(typeof b === 'string' ? Buffer.byteLength(b) : b.length);
    if (typeof b === 'string') this.buffer.write(b, at);
    else b.copy(this.buffer, at);
  }
  get written(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

const size = (b: string | Buffer | undefined) =>
  b === undefined ? 0 : typeof b === 'string' ? Buffer.byteLength(b) : b.length;

export function zipBytes(entries: Iterable<RawEntry>, layout: ZipLayout = {}): Buffer {
  const out = new Writer();
  let directory = new Writer();
  const records: Writer[] = [];
  let count = 0;
  for (const e of entries) {
    if (layout.reversed) records.unshift((directory = new Writer()));
    const localName = e.localName ?? e.name;
    const data = e.data ?? '';
    const extra = e.extra ?? Buffer.alloc(0);
    const localExtra = e.localExtra ?? extra;
    const crc = crc32(data);
    if (e.before) out.bytes(e.before);
    const at = out.length;
    out.u32(0x04034b50);
    out.u16(20);
    out.u16(e.localFlags ?? e.flags ?? 0);
    out.u16(e.method ?? 0);
    out.u32(0); // DOS time and date
    out.u32(crc);
    out.u32(size(data));
    out.u32(size(data));
    out.u16(size(localName));
    out.u16(localExtra.length);
    out.bytes(localName);
    out.bytes(localExtra);
    out.bytes(data);
    directory.u32(0x02014b50);
    directory.u16(e.madeBy ?? 20);
    directory.u16(20);
    directory.u16(e.flags ?? 0);
    directory.u16(e.method ?? 0);
    directory.u32(0);
    directory.u32(crc);
    directory.u32(e.centralSize ?? size(data));
    directory.u32(e.centralSize ?? size(data));
    directory.u16(size(e.name));
    directory.u16(extra.length);
    directory.u16(0); // comment
    directory.u16(0); // disk
    directory.u16(0); // internal attributes
    directory.u32(e.externalAttributes ?? 0);
    directory.u32(at);
    directory.bytes(e.name);
    directory.bytes(extra);
    count += 1;
  }
  if (layout.beforeDirectory) out.bytes(layout.beforeDirectory);
  const stated = layout.count ?? count;
  const cdStart = out.length;
  for (const record of layout.reversed ? records : [directory]) out.bytes(record.written);
  const cdSize = out.length - cdStart;
  const zip64 = layout.zip64 ?? (stated > 0xffff ? 'announced' : undefined);
  if (zip64) {
    const recordAt = out.length;
    out.u32(0x06064b50);
    out.u64(44);
    out.u16(45);
    out.u16(45);
    out.u32(0);
    out.u32(0);
    out.u64(stated);
    out.u64(stated);
    out.u64(cdSize);
    out.u64(cdStart);
    out.u32(0x07064b50); // the locator
    out.u32(0);
    out.u64(recordAt);
    out.u32(1);
  }
  out.u32(0x06054b50);
  out.u16(0);
  out.u16(0);
  const endCount = zip64 === 'announced' ? 0xffff : stated;
  out.u16(endCount);
  out.u16(endCount);
  out.u32(cdSize);
  out.u32(cdStart);
  out.u16(0);
  return out.written;
}

/** `count` tiny entries under mods/ (`mods/e000001.txt`...), each holding one byte. */
export function* tinyEntries(count: number): Generator<RawEntry> {
  for (let i = 0; i < count; i++) yield { name: `mods/e${String(i).padStart(6, '0')}.txt`, data: 'x' };
}
