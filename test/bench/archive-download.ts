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

/** MB/s of back-to-back downloads of `url` by the Node client for `seconds` (at least 3). */
async function nodeThroughput(url: string, seconds: number): Promise<number> {
  const start = process.hrtime.bigint();
  let bytes = 0;
  let n = 0;
  while (n < 3 || Number(process.hrtime.bigint() - start) / 1e9 < seconds) {
    bytes += await download(url);
    n++;
  }
  return bytes / MB / (Number(process.hrtime.bigint() - start) / 1e9);
}

/**
 * MB/s of back-to-back downloads of `url` by curl for `seconds` (batches of 5 on one connection,
 * timed by curl itself, so that starting it is not counted).
 */
async function curlThroughput(url: string, seconds: number): Promise<number> {
  const args = ['-s', '-f', '-w', '%{size_download} %{time_total}\\n'];
  for (let i = 0; i < 5; i++) args.push('-o', '/dev/null', url);
  let bytes = 0;
  let time = 0;
  while (time < seconds) {
    const { stdout } = await run('curl', args);
    for (const line of stdout.trim().split('\n')) {
      const [size, total] = line.split(' ').map(Number);
      bytes += size;
      time += total;
    }
  }
  return bytes / MB / time;
}

type Client = (url: string, seconds: number) => Promise<number>;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Alternated, twice each, so that neither server gets the quieter moment of a shared machine. */
async function sideBySide(client: Client, ours: string, nginx: string | undefined, seconds: number) {
  const gw: number[] = [];
  const ng: number[] = [];
  for (let round = 0; round < 2; round++) {
    gw.push(await client(ours, seconds));
    if (nginx) ng.push(await client(nginx, seconds));
  }
  return { gateway: mean(gw), nginx: nginx ? mean(ng) : NaN };
}

/** `ours`: the gateway's URL of the archive, stored as `object` in the fs store. */
export async function benchDownload(t: TestStack, ours: string, object: string, sizeMb: number): Promise<void> {
  // nginx serves the very object the gateway reads.
  const nginx = await startNginx(object);
  try {
    const seconds = Math.max(2, DURATION / 2);
    const clients: [string, Client][] = [
      ['Node client', nodeThroughput],
      ['curl -o /dev/null', curlThroughput],
    ];
    const rows: string[][] = [];
    for (const [name, client] of clients) {
      const r = await sideBySide(client, ours, nginx?.url, seconds);
      const ratio = nginx ? `${f0((100 * r.gateway) / r.nginx)} % (goal ≥ 80 %)` : '';
      rows.push([`download ${sizeMb} MB, ${name}`, f0(r.gateway), nginx ? f0(r.nginx) : '', ratio]);
    }
    printTable('Archive download, one at a time', ['case', 'gateway MB/s', 'nginx MB/s', 'ratio'], rows);
    if (!nginx) {
      const note = `nginx is not installed (${NGINX}): no baseline`;
      if (process.env.CI === 'true') throw new Error(note);
      console.log(note);
    }
  } finally {
    await nginx?.stop();
  }

  const gatewayPid = t.stack.pid('gateway')!;
  const many = await sampled([gatewayPid], async () => {
    await Promise.all(Array.from({ length: CONCURRENT }, () => download(ours)));
  });
  console.log(
    `\n${CONCURRENT} concurrent downloads of ${sizeMb} MB: ${f1(many.seconds)} s, ` +
      `${f0((CONCURRENT * sizeMb) / many.seconds)} MB/s in all, gateway RSS +${f1(many.growth[0])} MB (goal < 64 MB)`,
  );
}
