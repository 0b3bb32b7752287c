// Memory stays flat: a 256 MB archive uploaded through the RPC (generated as it is sent) to a
// catalog process of its own, with the fs store, grows that process's RSS by less than 64 MB.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChildCatalog, type ChildCatalog } from './child-catalog';
import { generatedZip, rawCatalogClient, upload } from './client';

const SIZE = 256 * 1024 * 1024;
const MB = 1024 * 1024;

let dir: string;
let catalog: ChildCatalog;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-archives-memory-'));
  catalog = await startChildCatalog(
    { ARCHIVE_STORE: 'fs', ARCHIVE_STORE_DIR: dir, ARCHIVE_MAX_BYTES: String(SIZE + MB) },
    ['big'],
  );
}, 60_000);

afterAll(async () => {
  await catalog?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a 256 MB upload grows the catalog process by less than 64 MB of RSS', async () => {
  const client = rawCatalogClient(catalog.address);
  const header = (version: string, file_name: string) => ({
    slug: 'big',
    version,
    create_version: true,
    replace: false,
    file_name,
  });
  try {
    // Warm up (connections, code paths) before the baseline.
    await upload(client, header('warm', 'w.zip'), generatedZip(8 * MB));
    const baseline = catalog.rss();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, catalog.rss())), 20);
    const started = performance.now();
    const res = await upload(client, header('1', 'big.zip'), generatedZip(SIZE), { deadlineMs: 300_000 });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const growth = (peak - baseline) / MB;
    console.log(
      `upload of ${(res.version!.filesize! / MB).toFixed(0)} MB through UploadVersionArchive: ${seconds.toFixed(1)} s ` +
        `(${(res.version!.filesize! / MB / seconds).toFixed(0)} MB/s); catalog RSS ${(baseline / MB).toFixed(0)} MB, ` +
        `peak ${(peak / MB).toFixed(0)} MB (+${growth.toFixed(1)} MB)`,
    );
    expect(res.version!.filesize).toBeGreaterThan(SIZE);
    expect(growth).toBeLessThan(64);
  } finally {
    client.close();
  }
}, 300_000);
