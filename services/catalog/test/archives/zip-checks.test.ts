// The zip check through the catalog's gRPC, on a real catalog (PostgreSQL, NATS) with each store:
// hostile zips (names that disagree or climb out, symlinks) refused with nothing stored or
// recorded, ARCHIVE_MAX_ENTRIES at its default, and the catalog answering its other calls while it
// checks a zip of 100,000 entries (from S3: in blocks, not a GET per entry). Every refusal's
// words: zip-judge.test.ts.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as grpc from '@grpc/grpc-js';
import { createClient } from '@depot/common/grpc';
import { sleep } from '@depot/common/bus';
import { queryDatabase } from '@depot/common/testing';
import { CatalogService, type CatalogServiceClient } from '@depot/proto';
import { catalogWithStore, failure, objects } from './service-suite';
import { makeJar, rawCatalogClient, upload } from './client';
import { SYMLINK, tinyEntries, unicodePathField, zipBytes } from './zip-bytes';

const MB = 1024 * 1024;
describe.each(['fs', 's3'] as const)('the zip check, %s store', (backend) => {
  const h = catalogWithStore(backend);
  /** A catalog taking uploads of 32 MB (a zip of 120,000 entries is 13 MB), ARCHIVE_MAX_ENTRIES left as it is. */
  let raw: CatalogServiceClient;
  let client: ReturnType<typeof createClient<typeof CatalogService.service>>;

  beforeAll(async () => {
    const app = await h.another({ ARCHIVE_MAX_BYTES: String(32 * MB) });
    raw = rawCatalogClient(`127.0.0.1:${app.port}`);
    client = createClient(CatalogService, `127.0.0.1:${app.port}`, { deadlineMs: 20_000 });
    await client.CreateMod({ name: 'jei', pretty_name: 'Just Enough Items' });
  });
  afterAll(() => {
    raw?.close();
    client?.close();
  });

  afterEach(async () => {
    // Nothing staged is left, and every object is named by a version.
    const state = await objects(h.app);
    expect(state.staged).toBe(0);
    const named = await queryDatabase<{ hosted: string }>(
      h.db.url,
      'select hosted from mod_versions where hosted is not null',
    );
    expect(state.objects).toEqual(named.map((r) => r.hosted).sort());
  });

  const header = (version: string, file_name = `jei-${version}.zip`) => ({
    slug: 'jei',
    version,
    create_version: true,
    replace: false,
    file_name,
  });

  async function refusedUpload(version: string, bytes: Buffer, fileName?: string) {
    const { code, error } = await failure(upload(raw, header(version, fileName), bytes, { deadlineMs: 60_000 }));
    const notFound = await failure(client.GetVersion({ slug: 'jei', version }));
    expect(notFound.error?.reason).toBe('VERSION_NOT_FOUND');
    return { code, reason: error?.reason, message: error?.message, fields: error?.details.fields };
  }
  const refusal = (message: string) => ({
    code: grpc.status.INVALID_ARGUMENT,
    reason: 'ARCHIVE_NOT_ZIP',
    message,
    fields: undefined,
  });

  test("the probe's zips are refused, naming the entry: a Unicode path field, a local header, a symbolic link", async () => {
    const unicodePath = zipBytes([
      { name: '../../evil.txt', data: 'x', extra: unicodePathField('../../evil.txt', 'mods/ok____.txt') },
    ]);
    expect(await refusedUpload('6a', unicodePath)).toEqual(
      refusal(`The zip's entry "../../evil.txt" would be extracted outside the modpack's folder.`),
    );
    const localHeader = zipBytes([{ name: 'mods/ok.txt', localName: '../../e.txt', data: 'x' }]);
    expect(await refusedUpload('6b', localHeader)).toEqual(
      refusal(`The zip's entry "../../e.txt" would be extracted outside the modpack's folder.`),
    );
    const symlinks = zipBytes([
      { name: 'mods', data: '/tmp', ...SYMLINK },
      { name: 'mods/x.jar', data: 'x' },
    ]);
    expect(await refusedUpload('6c', symlinks)).toEqual(
      refusal(`The zip's entry "mods" is a symbolic link: the launcher does not extract links.`),
    );
  });

  test('a file name Windows would not accept is refused before its bytes are stored', async () => {
    expect(await refusedUpload('12a', await makeJar(), 'C:evil.jar')).toEqual({
      code: grpc.status.INVALID_ARGUMENT,
      reason: 'VALIDATION',
      message: 'The given data was invalid.',
      fields: { file_name: ['The file name may not contain : (Windows does not allow it in a file name).'] },
    });
  });

  test('a zip of 120,000 entries is refused with the limit (ARCHIVE_MAX_ENTRIES, default 100,000)', async () => {
    expect(await refusedUpload('7.0', zipBytes(tinyEntries(120_000)))).toEqual(
      refusal('The zip has 120,000 entries, more than the 100,000 allowed (ARCHIVE_MAX_ENTRIES).'),
    );
  });

  test('while a zip of 100,000 entries is checked, the catalog answers other calls at once', async () => {
    const zip = zipBytes(tinyEntries(100_000));
    const delay = monitorEventLoopDelay({ resolution: 5 });
    const answers: number[] = [];
    let done = false;
    const reads = (async () => {
      while (!done) {
        const started = performance.now();
        await client.GetMod({ slug: 'jei' });
        answers.push(performance.now() - started);
        await sleep(20);
      }
    })();
    delay.enable();
    const started = performance.now();
    const res = await upload(raw, header('7.1'), zip, { deadlineMs: 60_000 });
    const seconds = (performance.now() - started) / 1000;
    delay.disable();
    done = true;
    await reads;
    // Checked whole; too many entries to walk a second time for metadata (archives/metadata).
    expect(res).toMatchObject({
      created_version: true,
      stored: true,
      warnings: ['Metadata: 100,000 entries, more than the 20,000 walked for metadata: not read.'],
    });
    const ms = (ns: number) => Math.round(ns / 1e6);
    const sorted = [...answers].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)];
    console.log(
      `100,000 entries uploaded and checked in ${seconds.toFixed(2)} s; event loop delay max ${ms(delay.max)} ms, ` +
        `p99 ${ms(delay.percentile(99))} ms; ${answers.length} GetMod, p95 ${Math.round(p95)} ms, slowest ${Math.round(sorted.at(-1)!)} ms`,
    );
    // Before: the loop was held for 0.2 to 1.5 s at a time (p99 0.45 s), and the calls waited as
    // long. The loop's delay during the check alone is held to 200 ms in test/store/zip-judge.test.ts;
    // here the staging, gRPC, PostgreSQL and this process's garbage collection share the machine
    // with whatever else runs on it, so a rare pause of theirs is let through, not a held loop.
    expect(ms(delay.percentile(99))).toBeLessThan(100);
    expect(ms(delay.max)).toBeLessThan(500);
    expect(p95).toBeLessThan(200);
    expect(answers.length).toBeGreaterThan(seconds * 10);
  });
});
