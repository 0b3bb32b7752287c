// Hosted archives (docs/performance.md#hosted-archives): a 50 MB archive downloaded through the
// gateway (read from the store directly) against nginx serving the same file from disk, side by
// side, and 100 concurrent downloads (archive-download.ts); a 200 MB upload through the gateway into
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
import { benchDownload } from './archive-download';
import { f1, printTable, sampled } from './measure';

const MB = 1024 * 1024;
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback) || fallback;
export const DOWNLOAD_MB = num('BENCH_ARCHIVE_MB', 50);
const UPLOAD_MB = num('BENCH_UPLOAD_MB', 200);
const UPLOAD_ROUNDS = num('BENCH_UPLOAD_ROUNDS', 3);

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

/**
 * Mod `slug`, version 1, with an archive of DOWNLOAD_MB hosted (`/mods/{slug}/{slug}-1.zip`): the
 * path of its object in the fs store under `storeDir`, which nginx serves as the baseline.
 */
export async function hostDownload(
  t: TestStack,
  slug: string,
  storeDir: string,
  work: string,
  token: string,
): Promise<string> {
  await t.admin.post('/api/mod', { name: slug, pretty_name: `Bench ${slug}` });
  const zip = path.join(work, `${slug}.zip`);
  await writeZip(zip, DOWNLOAD_MB);
  const status = await upload(`${t.url}/api/mod/${slug}/1/archive?file_name=${slug}.zip&create=true`, zip, token);
  if (status !== 201) throw new Error(`uploading the download's archive: ${status}`);
  fs.rmSync(zip);
  const sha = (await t.admin.get(`/api/manage/mods/${slug}`)).body.versions[0].version.sha256 as string;
  return path.join(storeDir, 'sha256', sha.slice(0, 2), sha.slice(2, 4), sha);
}

/** Which cases to run: both (npm run bench), or one (npm run bench:download, bench:upload). */
export type ArchiveCases = 'download' | 'upload';

export async function benchArchives(
  t: TestStack,
  storeDir: string,
  cases: ArchiveCases[] = ['download', 'upload'],
): Promise<void> {
  console.log(`\nhosted archives: ${cases.join(', ')}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-archives-'));
  try {
    const token = await userWithToken(t.admin, 'bench-archives', ['mods_manage']);
    if (cases.includes('download')) {
      const object = await hostDownload(t, 'benchzip', storeDir, work, token);
      await benchDownload(t, `${t.url}/mods/benchzip/benchzip-1.zip`, object, DOWNLOAD_MB);
    }
    if (cases.includes('upload')) await benchUpload(t, work, token, t.stack.pid('gateway')!);
    console.log('goals: RSS growth < 64 MB each');
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
