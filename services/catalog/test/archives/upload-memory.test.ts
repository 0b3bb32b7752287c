// Memory stays flat: a 256 MB archive uploaded through the RPC (generated as it is sent) to a
// catalog process of its own, with the fs store, grows that process's RSS by less than 64 MB.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { createClient } from '@depot/common';
import { createTestDatabase, createTestNamespace, eventually, TEST_NATS_URL } from '@depot/common/testing';
import { CatalogService } from '@depot/proto';
import { rawCatalogClient, upload } from './client';

const SIZE = 256 * 1024 * 1024;
const MB = 1024 * 1024;
const CATALOG = path.join(__dirname, '..', '..', 'src', 'main.ts');

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ns: ReturnType<typeof createTestNamespace>;
let dir: string;
let child: ChildProcess;
let address: string;

const rss = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

beforeAll(async () => {
  db = await createTestDatabase('catalog_memory');
  ns = createTestNamespace('catalog_memory');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-archives-memory-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  address = `127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--conditions=depot-source', '--import', 'tsx', CATALOG], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      EVENTS_NAMESPACE: ns.namespace,
      CATALOG_GRPC_LISTEN: address,
      LOG_LEVEL: 'warn',
      ARCHIVE_STORE: 'fs',
      ARCHIVE_STORE_DIR: dir,
      ARCHIVE_MAX_BYTES: String(SIZE + MB),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const client = createClient(CatalogService, address, { deadlineMs: 2000 });
  try {
    await eventually(() => client.CreateMod({ name: 'big', pretty_name: 'Big' }).then(() => true), 30_000, 200);
  } finally {
    client.close();
  }
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  await ns?.drop();
  await db?.drop();
});

/** A valid zip holding `mods/big.jar` of `size` bytes, produced in 64 KB blocks as it is read. */
function generatedZip(size: number): AsyncIterable<Buffer> {
  let sent = 0;
  const content = new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const block = Buffer.alloc(64 * 1024, sent & 0xff);
      sent += block.length;
      this.push(block);
    },
  });
  const zip = new yazl.ZipFile();
  zip.addReadStream(content, 'mods/big.jar', { compress: false, mtime: new Date(0) });
  zip.end();
  return zip.outputStream as unknown as AsyncIterable<Buffer>;
}

test('a 256 MB upload grows the catalog process by less than 64 MB of RSS', async () => {
  const client = rawCatalogClient(address);
  const header = (version: string, file_name: string) => ({ slug: 'big', version, create_version: true, replace: false, file_name });
  try {
    // Warm up (connections, code paths) before the baseline.
    await upload(client, header('warm', 'w.zip'), generatedZip(8 * MB));
    const baseline = rss(child.pid!);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(child.pid!))), 20);
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
