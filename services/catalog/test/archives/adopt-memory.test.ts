// Memory stays flat when adopting: a 256 MB archive served by an old mirror (this test, over HTTP,
// generated as it is sent) copied into the fs store of a catalog process of its own grows that
// process's RSS by less than 64 MB: the bytes stream from the socket into the staged object.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@depot/common/grpc';
import { CatalogService } from '@depot/proto';
import { startChildCatalog, type ChildCatalog } from './child-catalog';
import { generatedZip } from './client';

const SIZE = 256 * 1024 * 1024;
const MB = 1024 * 1024;

let dir: string;
let catalog: ChildCatalog;
let mirror: http.Server;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-adopt-memory-'));
  mirror = http.createServer(async (req, res) => {
    const size = req.url === '/old/mods/big/big-warm.zip' ? 8 * MB : req.url === '/old/mods/big/big-1.zip' ? SIZE : 0;
    if (!size) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/zip' });
    for await (const chunk of generatedZip(size)) if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
    res.end();
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  catalog = await startChildCatalog(
    {
      ARCHIVE_STORE: 'fs',
      ARCHIVE_STORE_DIR: dir,
      ARCHIVE_MAX_BYTES: String(SIZE + MB),
      ARCHIVE_ALLOW_PRIVATE: 'true',
      ARCHIVE_TRANSFER_TIMEOUT_MS: '300000',
    },
    ['big'],
  );
}, 60_000);

afterAll(async () => {
  await catalog?.stop();
  await new Promise((resolve) => mirror?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function md5Of(bytes: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of bytes) hash.update(chunk);
  return hash.digest('hex');
}

test('adopting a 256 MB archive grows the catalog process by less than 64 MB of RSS', async () => {
  const client = createClient(CatalogService, catalog.address, { deadlineMs: 300_000 });
  const upstream = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/old/`;
  try {
    await client.CreateVersion({ slug: 'big', version: 'warm', md5: await md5Of(generatedZip(8 * MB)) });
    // Warm up (connections, code paths) before the baseline.
    const warm = await client.AdoptVersionArchives({ upstream_url: upstream });
    expect(warm.archives.map((a) => a.outcome)).toEqual(['adopted']);
    await client.CreateVersion({ slug: 'big', version: '1', md5: await md5Of(generatedZip(SIZE)) });
    const baseline = catalog.rss();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, catalog.rss())), 20);
    const started = performance.now();
    const page = await client.AdoptVersionArchives({ upstream_url: upstream });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const growth = (peak - baseline) / MB;
    const [adopted] = page.archives;
    console.log(
      `adopting ${(adopted.size! / MB).toFixed(0)} MB through AdoptVersionArchives: ${seconds.toFixed(1)} s ` +
        `(${(adopted.size! / MB / seconds).toFixed(0)} MB/s); catalog RSS ${(baseline / MB).toFixed(0)} MB, ` +
        `peak ${(peak / MB).toFixed(0)} MB (+${growth.toFixed(1)} MB)`,
    );
    expect(adopted).toMatchObject({ version: '1', outcome: 'adopted' });
    expect(adopted.size).toBeGreaterThan(SIZE);
    expect(growth).toBeLessThan(64);
  } finally {
    client.close();
  }
}, 300_000);
