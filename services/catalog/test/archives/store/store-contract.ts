// The contract every archive store backend keeps, run against each on real storage (a folder;
// s3rver over HTTP): what is written is read back byte for byte, named by its sha256, stored once,
// and a refused write leaves nothing behind.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { StoreError } from '@depot/common/archive-store';
import type { ArchiveStore, StoreEntry } from '@depot/common/archive-store';

export const digestsOf = (b: Buffer) => ({
  md5: createHash('md5').update(b).digest('hex'),
  sha1: createHash('sha1').update(b).digest('hex'),
  sha256: createHash('sha256').update(b).digest('hex'),
  sha512: createHash('sha512').update(b).digest('hex'),
  size: b.length,
});

/** The bytes in chunks of `size`, as a network would deliver them. */
export function chunked(bytes: Buffer, size = 64 * 1024): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks, { objectMode: false });
}

/** A sender that stops half-way with an error. */
export function cutShort(bytes: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield bytes.subarray(0, bytes.length >> 1);
      throw new StoreError('incomplete', 'the sender went away');
    })(),
    { objectMode: false },
  );
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function entries(store: ArchiveStore): Promise<StoreEntry[]> {
  const all: StoreEntry[] = [];
  for await (const e of store.list()) all.push(e);
  return all;
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: unknown) => err as StoreError,
  );

export function storeContract(open: () => Promise<{ store: ArchiveStore; close(): Promise<void> }>) {
  let store: ArchiveStore;
  let close: () => Promise<void>;
  const MAX = 32 * 1024 * 1024;

  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(async () => close?.());

  async function put(bytes: Buffer) {
    const staged = await store.stage(chunked(bytes), MAX);
    return { staged, ...(await staged.commit()) };
  }

  afterEach(async () => {
    // Whatever a test did, nothing staged is left behind.
    expect((await entries(store)).filter((e) => e.kind === 'staged')).toEqual([]);
  });

  test('an object is stored under its sha256 with the digests of its bytes, and read back whole', async () => {
    // Larger than two S3 parts: a multipart upload there.
    const bytes = randomBytes(17 * 1024 * 1024 + 17);
    const { staged, existed } = await put(bytes);
    expect(staged.digests).toEqual(digestsOf(bytes));
    expect(existed).toBe(false);
    expect((await store.head(digestsOf(bytes).sha256))?.size).toBe(bytes.length);
    expect((await readAll(await store.read(digestsOf(bytes).sha256, 0, bytes.length - 1))).equals(bytes)).toBe(true);
  });

  test('the same bytes twice are stored once', async () => {
    const bytes = randomBytes(100_000);
    expect((await put(bytes)).existed).toBe(false);
    expect((await put(bytes)).existed).toBe(true);
    const named = (await entries(store)).filter((e) => e.kind === 'object' && e.name === digestsOf(bytes).sha256);
    expect(named).toHaveLength(1);
  });

  test('ranges read exactly the bytes asked for', async () => {
    const bytes = randomBytes(200_000);
    const sha = (await put(bytes)).staged.digests.sha256;
    expect((await readAll(await store.read(sha, 10, 19))).equals(bytes.subarray(10, 20))).toBe(true);
    expect((await readAll(await store.read(sha, 199_999, 199_999))).equals(bytes.subarray(199_999))).toBe(true);
    expect((await readAll(await store.read(sha, 65_000, 140_000))).equals(bytes.subarray(65_000, 140_001))).toBe(true);
  });

  test('a deleted object is gone; deleting it again is no error', async () => {
    const bytes = randomBytes(5_000);
    const sha = (await put(bytes)).staged.digests.sha256;
    await store.delete(sha);
    expect(await store.head(sha)).toBeUndefined();
    expect((await rejection(store.read(sha, 0, 10))).problem).toBe('missing');
    await store.delete(sha);
  });

  test('a missing object: head answers undefined, read fails as missing', async () => {
    const sha = digestsOf(randomBytes(8)).sha256;
    expect(await store.head(sha)).toBeUndefined();
    expect((await rejection(store.read(sha, 0, 0))).problem).toBe('missing');
  });

  test('over the maximum: refused as too large, nothing stored', async () => {
    const bytes = randomBytes(300_000);
    const err = await rejection(store.stage(chunked(bytes), 200_000));
    expect(err).toBeInstanceOf(StoreError);
    expect(err.problem).toBe('too_large');
    expect(await store.head(digestsOf(bytes).sha256)).toBeUndefined();
    // Past the first parts of a multipart upload too.
    const large = randomBytes(20 * 1024 * 1024);
    expect((await rejection(store.stage(chunked(large), 12 * 1024 * 1024))).problem).toBe('too_large');
    expect(await store.head(digestsOf(large).sha256)).toBeUndefined();
  });

  test('an upload cut short is refused as incomplete, nothing stored', async () => {
    const bytes = randomBytes(300_000);
    const err = await rejection(store.stage(cutShort(bytes), MAX));
    expect(err.problem).toBe('incomplete');
    const half = digestsOf(bytes.subarray(0, bytes.length >> 1)).sha256;
    expect(await store.head(half)).toBeUndefined();
  });

  test('a staged object can be read by range before commit, and discarded', async () => {
    const bytes = randomBytes(50_000);
    const staged = await store.stage(chunked(bytes), MAX);
    expect((await readAll(await staged.read(100, 199))).equals(bytes.subarray(100, 200))).toBe(true);
    await staged.discard();
    expect(await store.head(staged.digests.sha256)).toBeUndefined();
  });

  test('concurrent writes, of the same bytes and of others, all land whole', async () => {
    const a = randomBytes(1_500_000);
    const b = randomBytes(1_200_000);
    const results = await Promise.all([put(a), put(a), put(b), put(a)]);
    expect(results.map((r) => r.staged.digests.sha256)).toEqual([a, a, b, a].map((x) => digestsOf(x).sha256));
    for (const bytes of [a, b]) {
      const sha = digestsOf(bytes).sha256;
      expect((await readAll(await store.read(sha, 0, bytes.length - 1))).equals(bytes)).toBe(true);
      expect((await entries(store)).filter((e) => e.name === sha)).toHaveLength(1);
    }
  });

  test('list names objects and staged leftovers with their times; a leftover can be removed', async () => {
    const bytes = randomBytes(1_000);
    const before = Date.now() - 2_000;
    const sha = (await put(bytes)).staged.digests.sha256;
    const staged = await store.stage(chunked(randomBytes(1_000)), MAX);
    const all = await entries(store);
    const object = all.find((e) => e.kind === 'object' && e.name === sha);
    expect(object?.lastModified.getTime()).toBeGreaterThan(before);
    const leftovers = all.filter((e) => e.kind === 'staged');
    expect(leftovers).toHaveLength(1);
    await store.removeStaged(leftovers[0].name);
    expect((await entries(store)).filter((e) => e.kind === 'staged')).toEqual([]);
    await staged.discard();
  });
}
