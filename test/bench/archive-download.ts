// The download half of the hosted archives' bench (archives.ts): a 50 MB archive through the
// gateway against nginx serving the same file, one at a time, read by two clients (a Node client
// dropping the bytes, and curl writing to /dev/null: should the Node client be what caps both, curl
// says how fast each server really is); then 100 concurrent downloads and the gateway's RSS.
import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import type { TestStack } from '../support';
import { DURATION, f0, f1, printTable, sampled } from './measure';
import { NGINX, startNginx } from './nginx';

const MB = 1024 * 1024;
const CONCURRENT = 100;
const run = promisify(execFile);

/** Downloads `url` once, dropping the bytes; their count. */
export function download(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: ${res.statusCode}`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Bytes and seconds of one batch of downloads of `url`. */
export type Batch = (url: string) => Promise<{ bytes: number; seconds: number }>;

/** The Node client: 3 downloads one after the other. */
export const nodeBatch: Batch = async (url) => {
  const start = process.hrtime.bigint();
  let bytes = 0;
  for (let i = 0; i < 3; i++) bytes += await download(url);
  return { bytes, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
};

/** curl: 5 downloads on one connection, timed by curl itself (starting it is not counted). */
export const curlBatch: Batch = async (url) => {
  const args = ['-s', '-f', '-w', '%{size_download} %{time_total}\\n'];
  for (let i = 0; i < 5; i++) args.push('-o', '/dev/null', url);
  let bytes = 0;
  let seconds = 0;
  for (const line of (await run('curl', args)).stdout.trim().split('\n')) {
    const [size, total] = line.split(' ').map(Number);
    bytes += size;
    seconds += total;
  }
  return { bytes, seconds };
};

/**
 * MB/s of each server, their batches alternated for `seconds` in all: short turns, so that on a
 * shared machine a burst of other work weighs on both alike.
 */
export async function sideBySide(batch: Batch, ours: string, nginx: string | undefined, seconds: number) {
  const gw = { bytes: 0, seconds: 0 };
  const ng = { bytes: 0, seconds: 0 };
  const add = (to: typeof gw, b: typeof gw) => ((to.bytes += b.bytes), (to.seconds += b.seconds));
  const start = process.hrtime.bigint();
  for (let round = 0; round < 2 || Number(process.hrtime.bigint() - start) / 1e9 < seconds; round++) {
    add(gw, await batch(ours));
    if (nginx) add(ng, await batch(nginx));
  }
  const rate = (r: typeof gw) => r.bytes / MB / r.seconds;
  return { gateway: rate(gw), nginx: nginx ? rate(ng) : NaN };
}

/**
 * `ours`: the gateway's URL of the archive, stored as `object` in the fs store. `concurrent`: then
 * 100 downloads at once (for a 50 MB archive; a server pack's 1 GB would take minutes).
 */
export async function benchDownload(
  t: TestStack,
  ours: string,
  object: string,
  sizeMb: number,
  concurrent = true,
  title = 'Archive download, one at a time',
): Promise<void> {
  // nginx serves the very object the gateway reads.
  const nginx = await startNginx(object);
  try {
    const seconds = Math.max(4, DURATION);
    const clients: [string, Batch][] = [
      ['Node client', nodeBatch],
      ['curl -o /dev/null', curlBatch],
    ];
    const rows: string[][] = [];
    for (const [name, client] of clients) {
      const r = await sideBySide(client, ours, nginx?.url, seconds);
      const ratio = nginx ? `${f0((100 * r.gateway) / r.nginx)} % (goal ≥ 80 %)` : '';
      rows.push([`download ${sizeMb} MB, ${name}`, f0(r.gateway), nginx ? f0(r.nginx) : '', ratio]);
    }
    printTable(title, ['case', 'gateway MB/s', 'nginx MB/s', 'ratio'], rows);
    if (!nginx) {
      const note = `nginx is not installed (${NGINX}): no baseline`;
      if (process.env.CI === 'true') throw new Error(note);
      console.log(note);
    }
  } finally {
    await nginx?.stop();
  }

  if (!concurrent) return;
  const gatewayPid = t.stack.pid('gateway')!;
  const many = await sampled([gatewayPid], async () => {
    await Promise.all(Array.from({ length: CONCURRENT }, () => download(ours)));
  });
  console.log(
    `\n${CONCURRENT} concurrent downloads of ${sizeMb} MB: ${f1(many.seconds)} s, ` +
      `${f0((CONCURRENT * sizeMb) / many.seconds)} MB/s in all, gateway RSS +${f1(many.growth[0])} MB (goal < 64 MB)`,
  );
}
