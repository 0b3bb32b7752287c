// The mirror audit's paging, classification and report, against a catalog answering pages of
// checks as the catalog service does (its fetching is tested there: catalog.service.test.ts).
import { Writable } from 'node:stream';
import type { catalogV1 } from '@depot/proto';
import { auditMirror, formatReport, progressTo } from '../src/audit';

const MIRROR = 'http://mirror.test/repo/';
const md5 = (n: number) => n.toString(16).padStart(32, '0');

/** A check as the catalog answers it: the archive as recorded unless `over` says otherwise. */
const check = (id: number, over: Partial<catalogV1.ArchiveCheck__Output> = {}): catalogV1.ArchiveCheck__Output =>
  ({
    id,
    mod: `m${id}`,
    version: '1.0',
    url: `${MIRROR}mods/m${id}/m${id}-1.0.zip`,
    recorded_md5: md5(id),
    recorded_filesize: 100,
    md5: md5(id),
    filesize: 100,
    ...over,
  }) as catalogV1.ArchiveCheck__Output;

/** A catalog of `checks`, answering pages, recording each call. */
function catalogOf(checks: catalogV1.ArchiveCheck__Output[]) {
  const calls: unknown[] = [];
  return {
    calls,
    async CheckVersionArchives(
      req: { after_id?: number; limit?: number; concurrency?: number },
      opts?: { deadlineMs?: number },
    ) {
      calls.push({ ...req, deadlineMs: opts?.deadlineMs });
      const after = req.after_id ?? 0;
      const page = checks.filter((c) => c.id > after).slice(0, req.limit);
      return { checks: page, mirror_url: MIRROR, ...(after === 0 ? { total: checks.length } : {}) };
    },
  };
}

test('pages through every version, a page per call, and reports what is wrong in id order', async () => {
  const checks = Array.from({ length: 10 }, (_, i) => check(i + 1));
  checks[2] = check(3, {
    md5: undefined,
    filesize: undefined,
    problem: 'missing',
    message: `${MIRROR}mods/m3/m3-1.0.zip answered 404`,
  });
  checks[4] = check(5, { md5: md5(999), filesize: 120 });
  checks[5] = check(6, { recorded_filesize: undefined, filesize: 7 }); // no size recorded: fine
  checks[6] = check(7, { recorded_filesize: 999 });
  checks[8] = check(9, {
    url: 'https://elsewhere.example/m9.zip',
    md5: undefined,
    filesize: undefined,
    problem: 'refused',
    message: 'the host elsewhere.example is not one archives may be fetched from (ARCHIVE_HOSTS)',
  });
  checks[9] = check(10, {
    md5: undefined,
    filesize: undefined,
    problem: 'timeout',
    message: 'no connection to mirror.test within 5 s',
  });
  const catalog = catalogOf(checks);

  const report = await auditMirror(catalog, {
    concurrency: 2,
    transferTimeoutMs: 30_000,
    deadlineMs: 5000,
    pageSize: 4,
  });
  expect(report).toMatchObject({
    mirror_url: MIRROR,
    checked: 10,
    ok: 5,
    counts: { missing: 1, md5_mismatch: 1, size_mismatch: 1, refused: 1, failed: 1 },
    concurrency: 2,
  });
  expect(report.problems).toEqual([
    {
      problem: 'missing',
      mod: 'm3',
      version: '1.0',
      url: `${MIRROR}mods/m3/m3-1.0.zip`,
      detail: `${MIRROR}mods/m3/m3-1.0.zip answered 404`,
    },
    {
      problem: 'md5_mismatch',
      mod: 'm5',
      version: '1.0',
      url: `${MIRROR}mods/m5/m5-1.0.zip`,
      detail: `the version records md5 ${md5(5)}, the archive is ${md5(999)}`,
      recorded_md5: md5(5),
      archive_md5: md5(999),
      recorded_filesize: 100,
      archive_filesize: 120,
    },
    {
      problem: 'size_mismatch',
      mod: 'm7',
      version: '1.0',
      url: `${MIRROR}mods/m7/m7-1.0.zip`,
      detail: 'the version records 999 bytes, the archive has 100',
      recorded_filesize: 999,
      archive_filesize: 100,
    },
    {
      problem: 'refused',
      mod: 'm9',
      version: '1.0',
      url: 'https://elsewhere.example/m9.zip',
      detail: 'the host elsewhere.example is not one archives may be fetched from (ARCHIVE_HOSTS)',
    },
    {
      problem: 'failed',
      mod: 'm10',
      version: '1.0',
      url: `${MIRROR}mods/m10/m10-1.0.zip`,
      detail: 'timeout: no connection to mirror.test within 5 s',
    },
  ]);
  // 10 versions in pages of 4: 3 calls, each after the last id of the one before, each given the
  // time of 2 fetches in a row (4 at 2 at a time) and the call's own.
  const call = (after_id: number) => ({ after_id, limit: 4, concurrency: 2, deadlineMs: 65_000 });
  expect(catalog.calls).toEqual([call(0), call(4), call(8)]);

  const text = formatReport(report);
  expect(text.split('\n').slice(0, 7)).toEqual([
    `Mirror audit of 10 version(s) on ${MIRROR} in ${report.seconds} s (concurrency 2)`,
    '  ok             5',
    '  missing        1',
    '  md5 mismatch   1',
    '  size mismatch  1',
    '  refused        1',
    '  failed         1',
  ]);
  expect(text).toContain(
    `\nMissing archives:\n  m3 1.0  ${MIRROR}mods/m3/m3-1.0.zip\n    ${MIRROR}mods/m3/m3-1.0.zip answered 404\n`,
  );
  expect(text).toContain(`\nmd5 mismatches:\n  m5 1.0  ${MIRROR}mods/m5/m5-1.0.zip\n`);
});

test('pages of 4 per fetch at a time by default; a full last page asks once more', async () => {
  const catalog = catalogOf(Array.from({ length: 16 }, (_, i) => check(i + 1)));
  const report = await auditMirror(catalog, { concurrency: 8, transferTimeoutMs: 1000, deadlineMs: 100 });
  expect(report).toMatchObject({ checked: 16, ok: 16, problems: [] });
  expect(catalog.calls).toEqual([{ after_id: 0, limit: 32, concurrency: 8, deadlineMs: 4100 }]);
  const exact = catalogOf(Array.from({ length: 32 }, (_, i) => check(i + 1)));
  await auditMirror(exact, { concurrency: 8, transferTimeoutMs: 1000, deadlineMs: 100 });
  expect(exact.calls).toHaveLength(2);
});

test('an empty catalogue is a clean audit', async () => {
  const report = await auditMirror(catalogOf([]), { concurrency: 8, transferTimeoutMs: 1000, deadlineMs: 100 });
  expect(report).toMatchObject({ mirror_url: MIRROR, checked: 0, ok: 0, problems: [] });
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
