// How large the chunks of an archive read from the fs store are. Node's read streams read 64 KiB
// at a time; 1 MiB chunks cost the gateway about half the CPU per byte (fewer reads, socket writes
// and Buffers to collect) and let one download keep up with nginx's sendfile. But a download holds
// about two chunks while its client reads (one read ahead, one in the socket), and 100 downloads of
// 1 MiB chunks held 240 MB. So the reads of a process share a budget of chunk bytes: a read gets
// the largest power of two from 64 KiB to 1 MiB that the budget has left (64 KiB, Node's default,
// when it has none) and gives it back when its stream closes (docs/performance.md#hosted-archives).

export const MIN_READ_CHUNK = 64 * 1024;
export const MAX_READ_CHUNK = 1024 * 1024;
/** Four downloads at a time read 1 MiB chunks; more share what is left, then read 64 KiB ones. */
export const READ_BUDGET_BYTES = 4 * MAX_READ_CHUNK;

export interface ReadChunk {
  /** The read stream's highWaterMark. */
  size: number;
  /** Gives the chunk's bytes back to the budget; once, whatever the number of calls. */
  release(): void;
}

export class ReadBudget {
  private taken = 0;

  constructor(private readonly bytes = READ_BUDGET_BYTES) {}

  /** Bytes taken by the reads not yet released. */
  get inUse(): number {
    return this.taken;
  }

  /** The chunk size of a read of `length` bytes (never larger than the read itself). */
  take(length: number): ReadChunk {
    const left = this.bytes - this.taken;
    let size = MAX_READ_CHUNK;
    while (size > MIN_READ_CHUNK && size > left) size /= 2;
    size = Math.max(1, Math.min(size, length));
    this.taken += size;
    let released = false;
    return {
      size,
      release: () => {
        if (released) return;
        released = true;
        this.taken -= size;
      },
    };
  }
}
