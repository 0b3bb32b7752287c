// What the zip judge (judge.ts) keeps of each entry between its walk of the central directory
// and its reading of the local headers: numbers and a digest in typed arrays, never the names, so
// that 100,000 entries cost 4 MB whatever their names' lengths.
import type yauzl from 'yauzl';

/** What the walk keeps of each entry for its local header: 40 bytes, whatever its name's length. */
export class EntryTable {
  private readonly local: Float64Array;
  private readonly record: Float64Array;
  private readonly size: Float64Array;
  private readonly digests: Buffer;
  length = 0;
  constructor(capacity: number) {
    [this.local, this.record, this.size] = [0, 1, 2].map(() => new Float64Array(capacity));
    this.digests = Buffer.alloc(capacity * 16);
  }
  add(entry: yauzl.Entry, record: number, digest: Buffer): void {
    const i = this.length++;
    this.local[i] = entry.relativeOffsetOfLocalHeader;
    this.record[i] = record;
    this.size[i] = entry.compressedSize;
    digest.copy(this.digests, i * 16);
  }
  at(i: number) {
    const digest = this.digests.subarray(i * 16, i * 16 + 16);
    return { offset: this.local[i], record: this.record[i], size: this.size[i], digest };
  }
  offset(i: number): number {
    return this.local[i];
  }
  /** The entries in the order of their local headers in the file: the directory's own, as a rule. */
  order(): Uint32Array {
    const order = Uint32Array.from({ length: this.length }, (_, i) => i);
    const sorted = order.every((i) => i === 0 || this.local[i - 1] <= this.local[i]);
    return sorted ? order : order.sort((a, b) => this.local[a] - this.local[b]);
  }
}
