// What a download costs read through the catalog (ReadArchive, gRPC) against reading the object
// directly from the store (as a gateway with the store's credentials, or a CDN, would), for a
// 50 MB hosted archive, with each store: throughput, and CPU time of the reader and the catalog.
// Printed for docs/decisions.md ("Downloads read through the catalog"), never asserted.
//
//   npm run bench:archives -w @depot/catalog      (PostgreSQL and NATS found or started)
//   BENCH_ARCHIVE_MB=100 BENCH_ARCHIVE_READS=8 …  archive size and reads per path (default 50, 5)
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { catalogConfigSchema } from '../../src/config';
import { openArchiveStore } from '@depot/common/archive-store';
import { startChildCatalog } from '../archives/child-catalog';
import type { catalogV1, CatalogServiceClient } from '@depot/proto';
import { makeZip, rawCatalogClient, upload } from '../archives/client';
import { startS3Server } from '../store/s3rver';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_ARCHIVE_MB ?? 50) * MB;
const READS = Number(process.env.BENCH_ARCHIVE_READS ?? 5);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function drain(stream: Readable): Promise<number> {
  let n = 0;
  for await (const chunk of stream) n += (chunk as Buffer).length;
  return n;
}

async function measure(label: string, read: () => Promise<number>, catalogCpu: () => number) {
  const runs: { ms: number; cpu: number; catalog: number }[] = [];
  for (let i = 0; i < READS + 1; i++) {
    const [t, c, k] = [performance.now(), cpuMs(), catalogCpu()];
    const bytes = await read();
    if (bytes !== SIZE_READ) throw new Error(`${label}: read ${bytes} bytes, expected ${SIZE_READ}`);
    if (i > 0) runs.push({ ms: performance.now() - t, cpu: cpuMs() - c, catalog: catalogCpu() - k });
  }
  const ms = median(runs.map((r) => r.ms));
  const line = {
    path: label,
    'MB/s': Math.round(SIZE_READ / MB / (ms / 1000)),
    'reader CPU ms': Math.round(median(runs.map((r) => r.cpu))),
    'catalog CPU ms': Math.round(median(runs.map((r) => r.catalog))),
  };
  console.log(JSON.stringify(line));
  return line;
}

let SIZE_READ = 0;

/** The bytes of ReadArchive counted as they come (held no more than the direct path holds them). */
function readThroughCatalog(client: CatalogServiceClient): Promise<number> {
  return new Promise((resolve, reject) => {
    let n = 0;
    const call = client.ReadArchive({ slug: 'bench', version: '1' });
    call.on('data', (m: catalogV1.ArchiveChunk__Output) => (n += m.data?.length ?? 0));
    call.on('error', reject);
    call.on('end', () => resolve(n));
  });
}

async function main() {
  // Incompressible, as jars are.
  const content = randomBytes(SIZE);
  const zip = await makeZip({ 'mods/bench.jar': content });
  SIZE_READ = zip.length;
  const sha256 = createHash('sha256').update(zip).digest('hex');
  const results = [];
  for (const backend of ['fs', 's3'] as const) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-archives-'));
    const s3 = backend === 's3' ? await startS3Server() : undefined;
    const env = {
      ...(s3 ? s3.env : { ARCHIVE_STORE: 'fs', ARCHIVE_STORE_DIR: dir }),
      ARCHIVE_MAX_BYTES: String(2 * SIZE),
    };
    const catalog = await startChildCatalog(env, ['bench']);
    const client = rawCatalogClient(catalog.address);
    const store = openArchiveStore(catalogConfigSchema.parse({ DATABASE_URL: 'postgres://unused/unused', ...env }));
    try {
      await upload(
        client,
        { slug: 'bench', version: '1', create_version: true, replace: false, file_name: 'b.zip' },
        zip,
      );
      results.push(
        await measure(
          `${backend}: the store directly`,
          async () => drain(await store.read(sha256, 0, SIZE_READ - 1)),
          () => catalog.cpuMs(),
        ),
        await measure(
          `${backend}: through the catalog (ReadArchive)`,
          () => readThroughCatalog(client),
          () => catalog.cpuMs(),
        ),
      );
    } finally {
      client.close();
      await store.close();
      await catalog.stop();
      await s3?.remove();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `\n${(SIZE_READ / MB).toFixed(1)} MB archive, median of ${READS} reads, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
  console.table(results);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
