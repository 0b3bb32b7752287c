// The chunk sizes of fs store reads (archive-store/read-budget.ts): 1 MiB while few downloads run,
// Node's 64 KiB once the budget is spent, and the budget back when a read ends or is given up.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FsArchiveStore, objectKey, ReadBudget } from '../src/archive-store';

const KiB = 1024;
const MiB = 1024 * KiB;

describe('ReadBudget', () => {
  test('reads get 1 MiB chunks until the budget is spent, then halves, then 64 KiB', () => {
    const budget = new ReadBudget(4 * MiB);
    const sizes = Array.from({ length: 6 }, () => budget.take(50 * MiB).size);
    expect(sizes).toEqual([MiB, MiB, MiB, MiB, 64 * KiB, 64 * KiB]);
    const partly = new ReadBudget(MiB + 300 * KiB);
    expect([partly.take(50 * MiB).size, partly.take(50 * MiB).size]).toEqual([MiB, 256 * KiB]);
  });

  test('a read no larger than a chunk takes only its own length', () => {
    const budget = new ReadBudget(4 * MiB);
    expect(budget.take(22).size).toBe(22);
    expect(budget.take(0).size).toBe(1);
    expect(budget.inUse).toBe(23);
  });

  test('released chunks go back to the budget, once', () => {
    const budget = new ReadBudget(2 * MiB);
    const a = budget.take(50 * MiB);
    budget.take(50 * MiB);
    expect(budget.take(50 * MiB).size).toBe(64 * KiB);
    a.release();
    a.release();
    expect(budget.inUse).toBe(MiB + 64 * KiB);
    expect(budget.take(50 * MiB).size).toBe(512 * KiB);
  });
});

describe('fs store reads', () => {
  let dir: string;
  let store: FsArchiveStore;
  const bytes = randomBytes(3 * MiB + 5);
  const sha = 'ab'.repeat(32);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-read-budget-'));
    const file = path.join(dir, ...objectKey(sha).split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    store = new FsArchiveStore(dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const chunkSizes = async (stream: Readable) => {
    const sizes: number[] = [];
    for await (const chunk of stream) sizes.push((chunk as Buffer).length);
    return sizes;
  };

  test('a download alone reads 1 MiB chunks, and the bytes asked for', async () => {
    expect(await chunkSizes(await store.read(sha, 0, bytes.length - 1))).toEqual([MiB, MiB, MiB, 5]);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.read(sha, 10, 2 * MiB)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes.subarray(10, 2 * MiB + 1))).toBe(true);
  });

  test('beside four open reads a fifth reads 64 KiB chunks; once they are given up, 1 MiB again', async () => {
    const open = await Promise.all(Array.from({ length: 4 }, () => store.read(sha, 0, bytes.length - 1)));
    const fifth = await chunkSizes(await store.read(sha, 0, MiB - 1));
    expect(fifth).toEqual(Array.from({ length: 16 }, () => 64 * KiB));
    // Destroyed, as Fastify does when the client goes away: their chunks are given back on 'close'.
    await Promise.all(open.map((s) => new Promise((resolve) => s.once('close', resolve).destroy())));
    expect(await chunkSizes(await store.read(sha, 0, bytes.length - 1))).toEqual([MiB, MiB, MiB, 5]);
  });
});
