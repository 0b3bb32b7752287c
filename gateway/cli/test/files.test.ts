// The local files: checked, hashed as Depot hashes them, streamed with their bytes counted.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkFiles, fileBody, hashFiles, sha256File } from '../src/files';
import { UsageError } from '../src/options';

let dir: string;
beforeAll(() => {
  // A directory of its own for each run, removed afterwards.
  dir = mkdtempSync(path.join(os.tmpdir(), 'depot-cli-files-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test("a file's sha256 is that of its bytes, read in many chunks", async () => {
  // Over the stream's 64 KiB chunks, so the hash is built piece by piece.
  const bytes = randomBytes(1_000_003);
  const file = path.join(dir, 'big.jar');
  writeFileSync(file, bytes);
  expect(await sha256File(file)).toBe(sha256(bytes));
});

test('every file hashed, in order, each reported once', async () => {
  const contents = Array.from({ length: 9 }, (_, i) => randomBytes(1000 + i));
  const files = contents.map((bytes, i) => {
    const file = path.join(dir, `f${i}.jar`);
    writeFileSync(file, bytes);
    return { path: file, name: `f${i}.jar`, size: bytes.length };
  });
  const seen: string[] = [];
  expect(await hashFiles(files, (f) => seen.push(f.name))).toEqual(contents.map(sha256));
  expect(seen.sort()).toEqual(files.map((f) => f.name).sort());
  expect(await sha256File(path.join(dir, 'f0.jar'))).toBe(sha256(contents[0]));
});

test('an empty file hashes as empty', async () => {
  const file = path.join(dir, 'empty.zip');
  writeFileSync(file, '');
  expect(await sha256File(file)).toBe(sha256(Buffer.alloc(0)));
});

test('files are checked before anything is sent: existing, regular, readable', async () => {
  const file = path.join(dir, 'ok.jar');
  writeFileSync(file, 'abc');
  expect(await checkFiles([file])).toEqual([{ path: file, name: 'ok.jar', size: 3 }]);
  await expect(checkFiles([path.join(dir, 'missing.jar')])).rejects.toThrow(UsageError);
  await expect(checkFiles([path.join(dir, 'missing.jar')])).rejects.toThrow('missing.jar: cannot be read (ENOENT)');
  mkdirSync(path.join(dir, 'folder.jar'));
  await expect(checkFiles([path.join(dir, 'folder.jar')])).rejects.toThrow('folder.jar: not a file');
});

test("a file's body streams every byte and counts them", async () => {
  const bytes = randomBytes(700_001);
  const file = path.join(dir, 'stream.jar');
  writeFileSync(file, bytes);
  let counted = 0;
  const body = fileBody(file, (n) => (counted += n));
  const read = Buffer.from(await new Response(body.stream).arrayBuffer());
  body.close();
  expect(read.equals(bytes)).toBe(true);
  expect(counted).toBe(bytes.length);
  expect(body.error).toBeUndefined();
});

test('a file that cannot be read makes the stream fail, and says why', async () => {
  const body = fileBody(path.join(dir, 'gone.jar'), () => {});
  await expect(new Response(body.stream).arrayBuffer()).rejects.toThrow();
  expect((body.error as NodeJS.ErrnoException).code).toBe('ENOENT');
});
