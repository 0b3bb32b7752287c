// A build's server pack (docs/performance.md#server-packs): a build of 200 mods whose archives make
// about 1 GB, released with `depot publish`; the time the catalog takes to make the pack (a HEAD
// asks for it without downloading it) and the catalog's RSS growth meanwhile (goal: under 64 MB,
// whatever the pack's size: it is streamed, never held); then the second download through the
// gateway against nginx serving the same file (goal: at least 80 %, as archives), with
// archive-download.ts. Printed, never asserted. Sizes: BENCH_PACK_MODS (200), BENCH_PACK_MB (1000).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { depotClient } from '@depot/api-client';
import { DepotApi, plainReporter, publish } from '@depot/cli';
import type { TestStack } from '../support';
import { must, userWithToken } from '../support';
import { benchDownload } from './archive-download';
import { benchMrpack } from './mrpack';
import { f1, printTable, sampled } from './measure';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback) || fallback;
const MODS = num('BENCH_PACK_MODS', 200);
const TOTAL_MB = num('BENCH_PACK_MB', 1000);
const MB = 1024 * 1024;

/** A pack is bounded by ARCHIVE_MAX_BYTES (512 MiB by default): the bench's stack allows its size. */
export const SERVER_PACK_ENV = { ARCHIVE_MAX_BYTES: String(Math.max(512 * MB, 2 * TOTAL_MB * MB)) };

/** A jar of `bytes` incompressible bytes (stored), with its fabric.mod.json. */
function writeJar(file: string, i: number, bytes: number): Promise<void> {
  const zip = new yazl.ZipFile();
  const id = `packmod${String(i).padStart(3, '0')}`;
  zip.addBuffer(Buffer.from(JSON.stringify({ schemaVersion: 1, id, version: '1.0', name: id })), 'fabric.mod.json');
  const chunks = (function* () {
    for (let left = bytes; left > 0; left -= MB) yield randomBytes(Math.min(MB, left));
  })();
  zip.addReadStream(Readable.from(chunks), `${id}/Data.class`, { compress: false });
  zip.end();
  return new Promise((resolve, reject) =>
    zip.outputStream.pipe(fs.createWriteStream(file)).on('finish', resolve).on('error', reject),
  );
}

export async function benchServerPack(t: TestStack, storeDir: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-pack-'));
  try {
    console.log(`\nserver pack: ${MODS} mods, ${TOTAL_MB} MB of archives`);
    must(await t.admin.post('/api/modpack', { name: 'Pack Bench', slug: 'packbench' }), 201, 'modpack');
    const token = await userWithToken(
      t.admin,
      'packbench',
      ['mods_manage', 'mods_create', 'modpacks_manage'],
      ['packbench'],
    );
    const files = Array.from({ length: MODS }, (_, i) => path.join(dir, `packmod${i}.jar`));
    for (const [i, file] of files.entries()) await writeJar(file, i, Math.floor((TOTAL_MB * MB) / MODS));
    const api = new DepotApi(t.url, token);
    await publish(
      {
        url: t.url,
        token,
        pack: 'packbench',
        build: '1.0',
        files,
        minecraft: '1.20.1',
        remove: [],
        publish: true,
        setLatest: true,
        setRecommended: true,
        dryRun: false,
        overrides: new Map(),
        createMods: true,
        plain: true,
        json: false,
      },
      { api, client: depotClient(t.url, { token }), reporter: plainReporter(() => {}) },
    );
    for (const file of files) fs.rmSync(file);

    const url = `${t.url}/server-packs/packbench/builds/1.0`;
    const catalogPid = t.stack.pid('catalog')!;
    let status = 0;
    const made = await sampled([catalogPid], async () => {
      status = (await fetch(url, { method: 'HEAD' })).status;
    });
    const again = await sampled([catalogPid], async () => {
      await fetch(url, { method: 'HEAD' });
    });
    const size = Number((await fetch(url, { method: 'HEAD' })).headers.get('content-length'));
    printTable(
      `Server pack of ${MODS} mods (${f1(size / 1e6)} MB; goal: catalog RSS growth < 64 MB)`,
      ['case', 'status', 'seconds', 'catalog RSS +MB'],
      [
        ['made (first request)', String(status), f1(made.seconds), f1(made.growth[0])],
        ['found (second request)', '', f1(again.seconds), f1(again.growth[0])],
      ],
    );
    // The object the gateway serves, for nginx to serve the same file.
    const digest = createHash('sha256');
    const body = await fetch(url);
    for await (const chunk of body.body as unknown as AsyncIterable<Uint8Array>) digest.update(chunk);
    const sha = digest.digest('hex');
    const object = path.join(storeDir, 'sha256', sha.slice(0, 2), sha.slice(2, 4), sha);
    await benchDownload(t, url, object, Math.round(size / MB), false);
    // The same build as a .mrpack, and one of its jars (mrpack.ts).
    await benchMrpack(t, storeDir, 'packbench', '1.0');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
