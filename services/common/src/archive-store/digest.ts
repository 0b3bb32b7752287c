// The digests of an archive, computed in one pass while its bytes stream through on their way to
// the store: md5 (what launchers check), sha1, sha256 (the object's name), sha512 and the size.
// The body is never held: each chunk is hashed and passed on. Past `maxBytes` the stream fails at
// once, so that an oversized upload is cut off instead of being read to its end.
import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

export interface ArchiveDigests {
  md5: string;
  sha1: string;
  sha256: string;
  sha512: string;
  size: number;
}

/** Why an object could not be written or read; the upload and read paths answer each in their way. */
export type StoreProblem =
  /** Larger than ARCHIVE_MAX_BYTES. */
  | 'too_large'
  /** The sender stopped before the end (cancelled, failed, or fewer bytes than announced). */
  | 'incomplete'
  /** No such object. */
  | 'missing'
  /** The store cannot be reached or fails: an outage. */
  | 'unavailable';

export class StoreError extends Error {
  constructor(
    readonly problem: StoreProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreError';
  }
}

export const isStoreError = (err: unknown, problem?: StoreProblem): err is StoreError =>
  err instanceof StoreError && (problem === undefined || err.problem === problem);

export class DigestStream extends Transform {
  private readonly hashes: Record<'md5' | 'sha1' | 'sha256' | 'sha512', Hash> = {
    md5: createHash('md5'),
    sha1: createHash('sha1'),
    sha256: createHash('sha256'),
    sha512: createHash('sha512'),
  };
  // (Not `size`: @aws-sdk/lib-storage takes a body's `size` property for its length.)
  private bytesSeen = 0;
  private result?: ArchiveDigests;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytesSeen += chunk.length;
    if (this.bytesSeen > this.maxBytes) {
      callback(new StoreError('too_large', `larger than ${this.maxBytes} bytes (ARCHIVE_MAX_BYTES)`));
      return;
    }
    for (const hash of Object.values(this.hashes)) hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.result = {
      md5: this.hashes.md5.digest('hex'),
      sha1: this.hashes.sha1.digest('hex'),
      sha256: this.hashes.sha256.digest('hex'),
      sha512: this.hashes.sha512.digest('hex'),
      size: this.bytesSeen,
    };
    callback();
  }

  /** The digests, once the stream has ended. */
  digests(): ArchiveDigests {
    if (!this.result) throw new Error('the digests are known once the stream has ended');
    return this.result;
  }
}
