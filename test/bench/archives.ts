// Hosted archives (docs/performance.md#hosted-archives): a 50 MB archive downloaded through the
// gateway (read from the store directly) against nginx serving the same file from disk, side by
// side; 100 concurrent downloads and the gateway's RSS; a 200 MB upload through the gateway into
// the catalog's store, its time against `cp` of the same bytes and the RSS of both. Printed, never
// asserted. Sizes: BENCH_ARCHIVE_MB (50), BENCH_UPLOAD_MB (200); nginx: BENCH_NGINX.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { TestStack } from '../support';
import { userWithToken } from '../support';
import { DURATION, f0, f1, memory, printTable } from './measure';
import { NGINX, startNginx } from './nginx';

const MB = 1024 * 1024;
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback) || fallback;
const DOWNLOAD_MB = num('BENCH_ARCHIVE_MB', 50);
const UPLOAD_MB = num('BENCH_UPLOAD_MB', 200);
const CONCURRENT = 100;
const UPLOAD_ROUNDS = num('BENCH_UPLOAD_ROUNDS', 3);
/** BENCH_ARCHIVES=upload: only the upload (npm run bench:upload). */
const onlyUpload = () => process.env.BENCH_ARCHIVES === 'upload';

/** A stored (not deflated) zip of `mb` MiB of random bytes, written to `file` as it is made. */
async function writeZip(file: string, mb: number): Promise<void> {
  const zip = new yazl.ZipFile();
  const chunks = (function* () {
    for (let i = 0; i < mb; i++) yield randomBytes(MB);
  })();
  zip.addReadStream(Readable.from(chunks), 'mods/bench.jar', { compress: false, mtime: new Date(0) });
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(file));
}

/** Downloads `url` once, dropping the bytes; their count. */
function download(url: string): Promise<number> {
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

/** MB/s of back-to-back downloads of `url` for `seconds` (at least 3). */
async function throughput(url: string, seconds: number): Promise<number> {
  const start = process.hrtime.bigint();
  let bytes = 0;
  let n = 0;
  while (n < 3 || Number(process.hrtime.bigint() - start) / 1e9 < seconds) {
    bytes += await download(url);
    n++;
  }
  return bytes / MB / (Number(process.hrtime.bigint() - start) / 1e9);
}

/** Runs `work` while sampling the RSS of `pids`; the work's seconds and each one's growth (peak - before), MiB. */
async function sampled(pids: number[], work: () => Promise<void>): Promise<{ seconds: number; growth: number[] }> {
  const before = pids.map((pid) => memory(pid)?.rss ?? NaN);
  const peak = [...before];
  const timer = setInterval(() => {
    pids.forEach((pid, i) => (peak[i] = Math.max(peak[i], memory(pid)?.rss ?? NaN)));
  }, 20);
  const start = process.hrtime.bigint();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  pids.forEach((pid, i) => (peak[i] = Math.max(peak[i], memory(pid)?.rss ?? NaN)));
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, growth: peak.map((p, i) => p - before[i]) };
}

/** PUT of a file to the upload route; its answer's status. */
function upload(url: string, file: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'PUT',
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/zip',
        'content-length': String(fs.statSync(file).size),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    fs.createReadStream(file).pipe(req);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The 200 MB upload against `cp` and `cp` then `sync` of the copy (the store fsyncs what it
 * writes), all to the same filesystem (the bench's temporary folder, where the store is too),
 * alternated over BENCH_UPLOAD_ROUNDS rounds on a shared machine: medians, and the worst RSS growth.
 */
async function benchUpload(t: TestStack, work: string, token: string, gatewayPid: number): Promise<void> {
  const big = path.join(work, 'upload.zip');
  await writeZip(big, UPLOAD_MB);
  const copy = path.join(work, 'copy.zip');
  const catalogPid = t.stack.pid('catalog')!;
  const cp: number[] = [];
  const cpSync: number[] = [];
  const up: number[] = [];
  const growth = [0, 0];
  const answered: number[] = [];
  for (let round = 0; round < UPLOAD_ROUNDS; round++) {
    cp.push(
      (
        await sampled([], async () => {
          execFileSync('cp', [big, copy]);
        })
      ).seconds,
    );
    fs.rmSync(copy);
    const synced = await sampled([], async () => {
      execFileSync('cp', [big, copy]);
      execFileSync('sync', [copy]);
    });
    cpSync.push(synced.seconds);
    fs.rmSync(copy);
    // A version of its own each round: every upload stores its bytes anew.
    const r = await sampled([gatewayPid, catalogPid], async () => {
      answered.push(
        await upload(`${t.url}/api/mod/benchzip/up${round}/archive?file_name=big.zip&create=true`, big, token),
      );
    });
    up.push(r.seconds);
    r.growth.forEach((g, i) => (growth[i] = Math.max(growth[i], g)));
  }
  const [c, s, u] = [median(cp), median(cpSync), median(up)];
  printTable(
    `Archive upload, ${UPLOAD_MB} MB, median of ${UPLOAD_ROUNDS} (answered ${[...new Set(answered)].join(', ')})`,
    ['case', 'seconds', 'vs cp', 'gateway RSS +MB', 'catalog RSS +MB'],
    [
      ['cp of the same file', f1(c), '', '', ''],
      ['cp, then sync of the copy', f1(s), '', '', ''],
      [
        'upload through the gateway',
        f1(u),
        `${f1(u / c)}× cp, ${f1(u / s)}× cp+sync (goal ≤ 2×)`,
        f1(growth[0]),
        f1(growth[1]),
      ],
    ],
  );
  console.log(
    `rounds (s): cp ${cp.map(f1).join(' ')}; cp+sync ${cpSync.map(f1).join(' ')}; upload ${up.map(f1).join(' ')}`,
  );
}

export async function benchArchives(t: TestStack, storeDir: string): Promise<void> {
  console.log(`\nhosted archives: a ${DOWNLOAD_MB} MB download, ${CONCURRENT} concurrent, a ${UPLOAD_MB} MB upload`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-archives-'));
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  try {
    const token = await userWithToken(t.admin, 'bench-archives', ['mods_manage']);
    await t.admin.post('/api/mod', { name: 'benchzip', pretty_name: 'Bench zip' });
    const gatewayPid = t.stack.pid('gateway')!;
    if (onlyUpload()) {
      await benchUpload(t, work, token, gatewayPid);
      return;
    }
    const zip = path.join(work, 'download.zip');
    await writeZip(zip, DOWNLOAD_MB);
    const status = await upload(`${t.url}/api/mod/benchzip/1/archive?file_name=benchzip.zip&create=true`, zip, token);
    if (status !== 201) throw new Error(`uploading the download's archive: ${status}`);
    const sha = (await t.admin.get('/api/manage/mods/benchzip')).body.versions[0].version.sha256 as string;
    const ours = `${t.url}/mods/benchzip/benchzip-1.zip`;
    // nginx serves the very object the gateway reads.
    nginx = await startNginx(path.join(storeDir, 'sha256', sha.slice(0, 2), sha.slice(2, 4), sha));
    const seconds = Math.max(2, DURATION / 2);
    const rows: string[][] = [];
    // Alternated, twice each, so that neither gets the quieter moment of a shared machine.
    const gw: number[] = [];
    const ng: number[] = [];
    for (let round = 0; round < 2; round++) {
      gw.push(await throughput(ours, seconds));
      if (nginx) ng.push(await throughput(nginx.url, seconds));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = nginx ? `${f0((100 * mean(gw)) / mean(ng))} % (goal ≥ 80 %)` : '';
    rows.push([
      `download ${DOWNLOAD_MB} MB, gateway (store read directly)`,
      f0(mean(gw)),
      nginx ? f0(mean(ng)) : '',
      ratio,
    ]);
    printTable('Archive download, one at a time', ['case', 'gateway MB/s', 'nginx MB/s', 'ratio'], rows);
    if (!nginx) {
      const note = `nginx is not installed (${NGINX}): no baseline`;
      if (process.env.CI === 'true') throw new Error(note);
      console.log(note);
    }

    const many = await sampled([gatewayPid], async () => {
      await Promise.all(Array.from({ length: CONCURRENT }, () => download(ours)));
    });
    console.log(
      `\n${CONCURRENT} concurrent downloads of ${DOWNLOAD_MB} MB: ${f1(many.seconds)} s, ` +
        `${f0((CONCURRENT * DOWNLOAD_MB) / many.seconds)} MB/s in all, gateway RSS +${f1(many.growth[0])} MB (goal < 64 MB)`,
    );

    await benchUpload(t, work, token, gatewayPid);
    console.log('goals: RSS growth < 64 MB each');
  } finally {
    await nginx?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
