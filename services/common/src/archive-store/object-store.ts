// The archive store: one interface, two backends (fs-store.ts, s3-store.ts). Objects are named by
// the sha256 of their bytes (`sha256/ab/cd/<hex>`), so the same bytes are kept once. An object is
// written in two steps: staged under a temporary name while its bytes stream in and are digested
// (stage), then moved to its content address (commit), which a version may name only afterwards;
// a staged object that fails a check is discarded and nothing is stored.
import type { Readable } from 'node:stream';
import type { ArchiveDigests } from './digest';

export interface ObjectInfo {
  size: number;
  lastModified: Date;
}

/** What the store holds, for the sweep: stored objects and staged leftovers. */
export interface StoreEntry {
  kind: 'object' | 'staged';
  /** The sha256 of an object; the temporary name of a staged one. */
  name: string;
  lastModified: Date;
}

export interface StagedObject {
  readonly digests: ArchiveDigests;
  /** Bytes start..end (inclusive) of the staged bytes: the zip check reads them from the store. */
  read(start: number, end: number): Promise<Readable>;
  /**
   * Moves it to its content address; `existed`: the same bytes were stored already (kept once).
   * The object's time is renewed either way, so that the sweep's grace period counts from now.
   */
  commit(): Promise<{ existed: boolean }>;
  /** Removes it, as if it had never been sent. Never throws (the sweep removes what it leaves). */
  discard(): Promise<void>;
}

export interface ArchiveStore {
  readonly kind: 'fs' | 's3';
  /**
   * Streams `body` to a staged object, digesting it. Fails with StoreError too_large past
   * `maxBytes`, with the body's own error when it fails (StoreError incomplete: cut short), or
   * unavailable; it leaves nothing behind then.
   */
  stage(body: Readable, maxBytes: number): Promise<StagedObject>;
  /** Undefined when there is no such object. */
  head(sha256: string): Promise<ObjectInfo | undefined>;
  /** Bytes start..end (inclusive) of an object; StoreError missing when there is none. */
  read(sha256: string, start: number, end: number): Promise<Readable>;
  /** Removes an object (none: nothing happens). */
  delete(sha256: string): Promise<void>;
  /** Every object and staged leftover, in no particular order. */
  list(): AsyncIterable<StoreEntry>;
  /** Removes a staged leftover found by list(). */
  removeStaged(name: string): Promise<void>;
  close(): Promise<void>;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** `sha256/ab/cd/<hex>`: two levels of 256 folders keep each one small on a filesystem. */
export function objectKey(sha256: string): string {
  if (!SHA256_HEX.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return `sha256/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

export const STAGED_FOLDER = 'incoming';
