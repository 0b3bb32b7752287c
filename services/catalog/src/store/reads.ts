// A version's hosted archive read back by range, for downloads (docs/archives.md#reading). The
// metadata comes from the version's record (one indexed query, no call to the store), so a HEAD
// or a range that cannot be satisfied costs the store nothing.
import type { Readable } from 'node:stream';
import { DepotError, formatTimestamp } from '@depot/common';
import type { Catalog } from '../mods';
import type { ArchiveStore } from '@depot/common/archive-store';

export interface ArchiveRange {
  headOnly: boolean;
  offset: number;
  /** 0: to the end. */
  length: number;
  /** > 0: the last bytes (overrides offset and length). */
  suffixLength: number;
}

export interface ArchiveRead {
  size: number;
  md5: string;
  sha256: string;
  lastModified: string;
  /** Inclusive; start > end: no bytes. */
  start: number;
  end: number;
  satisfiable: boolean;
  /** The bytes of the range (none for a HEAD or a range past the end). */
  body?: () => Promise<Readable>;
}

/** The bytes a range names within `size` bytes; unsatisfiable when it starts past the end. */
export function resolveRange(
  size: number,
  r: Omit<ArchiveRange, 'headOnly'>,
): { start: number; end: number; satisfiable: boolean } {
  if (r.suffixLength > 0) {
    if (size === 0) return { start: 0, end: -1, satisfiable: false };
    return { start: Math.max(0, size - r.suffixLength), end: size - 1, satisfiable: true };
  }
  const start = Math.max(0, r.offset);
  if (start >= size) return { start, end: start - 1, satisfiable: size === 0 && start === 0 };
  const end = r.length > 0 ? Math.min(size - 1, start + r.length - 1) : size - 1;
  return { start, end, satisfiable: true };
}

export class ArchiveReads {
  constructor(
    private readonly catalog: Catalog,
    private readonly store: ArchiveStore,
  ) {}

  async read(slug: string, version: string, range: ArchiveRange): Promise<ArchiveRead> {
    const row = await this.catalog.getVersion(slug, version);
    if (!row.hosted || row.filesize === null || !row.hostedAt) throw new DepotError('ARCHIVE_NOT_HOSTED');
    const sha256 = row.hosted;
    const size = Number(row.filesize);
    const { start, end, satisfiable } = resolveRange(size, range);
    return {
      size,
      md5: row.md5,
      sha256,
      lastModified: formatTimestamp(new Date(row.hostedAt)),
      start,
      end,
      satisfiable,
      body: range.headOnly || !satisfiable || end < start ? undefined : () => this.store.read(sha256, start, end),
    };
  }
}
