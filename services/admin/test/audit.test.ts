// The mirror audit against a mirror served here (some archives right, one missing, one altered,
// one with a wrong size, one on a host not allowed) and a catalog answering pages of versions.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { z, archiveEnv } from '@depot/common';
import type { catalogV1 } from '@depot/proto';
import { auditMirror, formatReport, progressTo } from '../src/audit';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const files = new Map<string, string>();
let server: http.Server;
let mirror: string;
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // A little latency, so that fetches overlap.
    setTimeout(() => {
      inFlight--;
      const body = files.get(req.url ?? '');
      if (body === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body);
    }, 20);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => server.close());

/** A catalog of `versions`, answering pages as the catalog service does, counting its calls. */
function catalogOf(versions: catalogV1.VersionArchive__Output[]) {
  const calls: { after_id: number; limit: number }[] = [];
  return {
    calls,
    async ListVersionArchives(req: { after_id?: number; limit?: number }) {
      const after = req.after_id ?? 0;
      const limit = req.limit ?? 500;
      calls.push({ after_id: after, limit });
      const page = versions.filter((v) => v.id > after).slice(0, limit);
      return { versions: page, mirror_url: mirror, ...(after === 0 ? { total: versions.length } : {}) };
    },
  };
}

const settings = z.object(archiveEnv).parse({ ARCHIVE_ALLOW_PRIVATE: 'true' });

test('reports missing archives, md5 and size mismatches, refusals; fetches a few at a time, a page per RPC', async () => {
  const versions: catalogV1.VersionArchive__Output[] = [];
  for (let i = 1; i <= 10; i++) {
    const body = `archive ${i}`;
    files.set(`/mods/m${i}/m${i}-1.0.zip`, body);
    versions.push({
      id: i * 2,
      mod: `m${i}`,
      version: '1.0',
      md5: md5(body),
      filesize: i % 2 ? Buffer.byteLength(body) : undefined,
      url: `${mirror}mods/m${i}/m${i}-1.0.zip`,
    } as catalogV1.VersionArchive__Output);
  }
  files.delete('/mods/m3/m3-1.0.zip'); // missing
  files.set('/mods/m5/m5-1.0.zip', 'archive 5, altered'); // md5 mismatch
  versions[6].filesize = 999; // m7: the size recorded is wrong
  versions[8].url = 'https://elsewhere.example/m9.zip'; // not an allowed host
  const catalog = catalogOf(versions);

  const report = await auditMirror(catalog, settings, { concurrency: 4, pageSize: 3 });
  expect(report).toMatchObject({
    mirror_url: mirror,
    checked: 10,
    ok: 6,
    counts: { missing: 1, md5_mismatch: 1, size_mismatch: 1, refused: 1, failed: 0 },
    concurrency: 4,
  });
  expect(report.problems).toEqual([
    {
      problem: 'missing',
      mod: 'm3',
      version: '1.0',
      url: `${mirror}mods/m3/m3-1.0.zip`,
      detail: `${mirror}mods/m3/m3-1.0.zip answered 404`,
    },
    {
      problem: 'md5_mismatch',
      mod: 'm5',
      version: '1.0',
      url: `${mirror}mods/m5/m5-1.0.zip`,
      detail: `the version records md5 ${md5('archive 5')}, the archive is ${md5('archive 5, altered')}`,
      recorded_md5: md5('archive 5'),
      archive_md5: md5('archive 5, altered'),
      recorded_filesize: 9,
      archive_filesize: 18,
    },
    {
      problem: 'size_mismatch',
      mod: 'm7',
      version: '1.0',
      url: `${mirror}mods/m7/m7-1.0.zip`,
      detail: 'the version records 999 bytes, the archive has 9',
      recorded_filesize: 999,
      archive_filesize: 9,
    },
    {
      problem: 'refused',
      mod: 'm9',
      version: '1.0',
      url: 'https://elsewhere.example/m9.zip',
      detail: 'the host elsewhere.example is not one archives may be fetched from (ARCHIVE_HOSTS)',
    },
  ]);
  // 10 versions in pages of 3: 4 pages, each asked once, after the last id of the one before.
  expect(catalog.calls).toEqual([
    { after_id: 0, limit: 3 },
    { after_id: 6, limit: 3 },
    { after_id: 12, limit: 3 },
    { after_id: 18, limit: 3 },
  ]);
  expect(maxInFlight).toBeGreaterThan(1);
  expect(maxInFlight).toBeLessThanOrEqual(4);

  const text = formatReport(report);
  expect(text).toContain(`Mirror audit of 10 version(s) on ${mirror}`);
  expect(text).toContain('  missing        1\n');
  expect(text).toContain(
    `Missing archives:\n  m3 1.0  ${mirror}mods/m3/m3-1.0.zip\n    ${mirror}mods/m3/m3-1.0.zip answered 404\n`,
  );
  expect(text).toContain(`md5 mismatches:\n  m5 1.0  ${mirror}mods/m5/m5-1.0.zip\n`);
});

test('an empty catalogue is a clean audit', async () => {
  const report = await auditMirror(catalogOf([]), settings, { concurrency: 8 });
  expect(report).toMatchObject({ checked: 0, ok: 0, problems: [] });
});

test('progress without a terminal: plain lines, the last at the end', async () => {
  let out = '';
  const stream = Object.assign(
    new Writable({
      write(chunk, _e, done) {
        out += String(chunk);
        done();
      },
    }),
    { isTTY: false },
  ) as unknown as NodeJS.WriteStream;
  const progress = progressTo(stream, 0);
  const counts = { missing: 1, md5_mismatch: 0, size_mismatch: 0, refused: 0, failed: 2 };
  progress.start(3);
  progress.update(1, counts);
  progress.stop();
  expect(out.split('\n')).toEqual([
    'audit-mirror: 3 version(s) to check',
    'audit-mirror: 1/3 checked, 1 missing, 0 md5 mismatch, 0 size mismatch, 0 refused, 2 failed',
    'audit-mirror: 1/3 checked, 1 missing, 0 md5 mismatch, 0 size mismatch, 0 refused, 2 failed',
    '',
  ]);
});
