// The upload route's time limits (docs/api.md#limits) against a real stack with a low
// REQUEST_TIMEOUT_MS: an archive that trickles in for longer than it, but never stops, is stored;
// one whose sender stalls is refused with 408 and nothing stored or recorded; any other route's
// body still gets REQUEST_TIMEOUT_MS (slowloris protection).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually, must, startTestStack, userWithToken, type TestStack } from '../support';
import { makeJar, rawPut, sha256Hex, storeContents } from '../support/archives';

const REQUEST_TIMEOUT_MS = 1_000;
const IDLE_MS = 1_500;
let t: TestStack;
let dir: string;
let modder: string;

const archiveUrl = (version: string, name: string) =>
  `${t.url}/api/mod/tmo/${version}/archive?file_name=${name}&create=true`;
const state = async () => ({ mod: (await t.admin.get('/api/manage/mods/tmo')).body, store: storeContents(dir) });
/** `buf` in `n` pieces. */
const pieces = (buf: Buffer, n: number) =>
  Array.from({ length: n }, (_, i) =>
    buf.subarray(Math.floor((i * buf.length) / n), Math.floor(((i + 1) * buf.length) / n)),
  );

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-upload-timeout-'));
  t = await startTestStack({
    env: {
      ARCHIVE_STORE_DIR: dir,
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      ARCHIVE_UPLOAD_IDLE_MS: String(IDLE_MS),
    },
  });
  modder = await userWithToken(t.admin, 'tmo-uploader', ['mods_manage']);
  must(await t.admin.post('/api/mod', { name: 'tmo', pretty_name: 'Timeouts' }), 201, 'mod');
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const headers = (length: number) => ({
  authorization: `Bearer ${modder}`,
  'content-type': 'application/java-archive',
  'content-length': String(length),
});

test('an upload that keeps sending for longer than REQUEST_TIMEOUT_MS is stored (201)', async () => {
  const jar = await makeJar(60_000);
  // 10 pieces 300 ms apart: 2.7 s in all, each gap well within ARCHIVE_UPLOAD_IDLE_MS.
  const res = await rawPut(archiveUrl('1.0', 'slow.jar'), {
    headers: headers(jar.length),
    chunks: pieces(jar, 10),
    pauseMs: 300,
  });
  expect(res).toMatchObject({ status: 201, sent: jar.length });
  const body = (res as { body: { version: { version: string; sha256: string }; stored: boolean } }).body;
  expect(body).toMatchObject({ version: { version: '1.0' }, stored: true, packaged: true });
  const read = await t.admin.get('/api/mod/tmo/1.0');
  expect(read.status).toBe(200);
  // The packaged zip, and the jar taken out of it as its own file (docs/exports.md#jars).
  expect(storeContents(dir)).toEqual({ objects: [sha256Hex(jar), body.version.sha256].sort(), staged: 0 });
}, 30_000);

test('an upload whose sender stalls is refused with 408, nothing stored or recorded', async () => {
  const before = await state();
  const jar = await makeJar(60_000);
  const res = await rawPut(archiveUrl('2.0', 'stall.jar'), {
    headers: headers(jar.length),
    chunks: pieces(jar, 4),
    stallAfter: jar.length / 2,
  });
  expect(res).toEqual({
    status: 408,
    body: {
      error:
        'Upload timeout: no byte arrived for ARCHIVE_UPLOAD_IDLE_MS, or the body took longer than ARCHIVE_UPLOAD_TIMEOUT_MS.',
    },
    sent: expect.any(Number),
  });
  expect((res as { sent: number }).sent).toBeLessThan(jar.length);
  // The catalog removes the staged bytes once it sees the call cancelled.
  await eventually(async () => JSON.stringify(await state()) === JSON.stringify(before), 5_000);
  expect((await t.admin.get('/api/mod/tmo/2.0')).status).toBe(404);
}, 30_000);

test('any other route still has REQUEST_TIMEOUT_MS for its body: 408, the connection closed', async () => {
  const url = new URL(t.url);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST /api/mod HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${modder}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
      );
      // A byte every 300 ms: never idle, but the whole body never arrives in time.
      const drip = setInterval(() => socket.writable && socket.write(' '), 300);
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString()));
      socket.on('close', () => {
        clearInterval(drip);
        resolve(text);
      });
      socket.on('error', () => undefined);
    });
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
  });
  expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'Request timeout.' });
}, 30_000);
