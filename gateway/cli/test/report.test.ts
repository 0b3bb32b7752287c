// What `depot publish` prints: the lines made from Depot's answers (pure), and plain mode's
// guarantee for CI logs (no carriage returns, no escape codes).
import { DepotApiError, DepotUnreachableError, type HoldAnswer, type ReleaseAnswer } from '../src/api';
import { UsageError } from '../src/options';
import {
  errorLines,
  failureLines,
  formatBytes,
  hashedLine,
  outputMode,
  plainReporter,
  releaseLines,
  retryLine,
  sentLine,
} from '../src/report';

const answer: ReleaseAnswer = {
  build: {
    id: 7,
    modpack_id: 3,
    version: '1.2.0',
    minecraft: '1.20.1',
    forge: null,
    is_published: true,
    private: false,
    min_java: null,
    min_memory: null,
    created_at: '2024-01-02T03:04:05.000000Z',
    updated_at: '2024-01-02T03:04:05.000000Z',
  },
  changed: true,
  created: true,
  dry_run: false,
  from: '1.1.0',
  added: [{ mod: 'sodium', version: '0.5.8' }],
  removed: [{ mod: 'optifine', version: 'HD_U_I6' }],
  updated: [{ mod: 'jei', from: '15.2.0.27', to: '15.3.0.4' }],
  unchanged: 197,
  versions_created: [
    { mod: 'jei', version: '15.3.0.4' },
    { mod: 'sodium', version: '0.5.8' },
  ],
  latest: true,
  recommended: false,
};
const ctx = { pack: 'mypack', build: '1.2.0', publish: true, color: false };
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[/;

test('a release that made the build: the diff, the versions created, the summary', () => {
  expect(releaseLines(answer, ctx)).toEqual([
    'Compared with mypack 1.1.0:',
    '+ sodium 0.5.8',
    '- optifine HD_U_I6',
    '~ jei 15.2.0.27 → 15.3.0.4',
    '= 197 unchanged',
    'Versions created: jei 15.3.0.4, sodium 0.5.8.',
    'mypack 1.2.0: created, published, latest.',
  ]);
});

test('a build from nothing, not published, recommended', () => {
  const lines = releaseLines(
    {
      ...answer,
      build: { ...answer.build!, is_published: false },
      from: null,
      removed: [],
      updated: [],
      unchanged: 0,
      versions_created: [],
      latest: false,
      recommended: true,
    },
    ctx,
  );
  expect(lines).toEqual([
    '+ sodium 0.5.8',
    '= 0 unchanged',
    'mypack 1.2.0: created, not published (launchers do not see it), recommended.',
  ]);
});

test('a build already as asked', () => {
  const same = { ...answer, changed: false, added: [], removed: [], updated: [], versions_created: [] };
  expect(releaseLines(same, ctx)).toEqual([
    'Compared with mypack 1.1.0:',
    '= 197 unchanged',
    'mypack 1.2.0: already as asked, nothing changed.',
  ]);
});

test('a dry run says what would change, and that nothing did', () => {
  const { build: _build, ...rest } = answer;
  expect(releaseLines({ ...rest, dry_run: true }, ctx).slice(-3)).toEqual([
    'Versions to create: jei 15.3.0.4, sodium 0.5.8.',
    'mypack 1.2.0: would be created, published, latest.',
    'Dry run: nothing changed.',
  ]);
  expect(releaseLines({ ...rest, dry_run: true, latest: false }, { ...ctx, publish: false }).at(-2)).toBe(
    'mypack 1.2.0: would be created, not published (launchers do not see it).',
  );
  expect(releaseLines({ ...answer, dry_run: true, changed: false }, ctx).slice(-2)).toEqual([
    'mypack 1.2.0: already as asked.',
    'Dry run: nothing changed.',
  ]);
});

test('colours only when asked', () => {
  const colored = releaseLines(answer, { ...ctx, color: true });
  expect(colored[1]).toBe('\x1b[32m+ sodium 0.5.8\x1b[0m');
  expect(colored[2]).toBe('\x1b[31m- optifine HD_U_I6\x1b[0m');
  expect(colored[3]).toBe('\x1b[33m~ jei 15.2.0.27 → 15.3.0.4\x1b[0m');
  expect(releaseLines(answer, ctx).some((line) => ANSI.test(line))).toBe(false);
});

test('sizes and counts', () => {
  expect(formatBytes(0)).toBe('0 B');
  expect(formatBytes(999)).toBe('999 B');
  expect(formatBytes(1000)).toBe('1 kB');
  expect(formatBytes(1_234_567)).toBe('1.2 MB');
  expect(formatBytes(12_450_000)).toBe('12.4 MB');
  expect(formatBytes(310_000_000)).toBe('310 MB');
  expect(formatBytes(2_500_000_000)).toBe('2.5 GB');
  expect(sentLine({ files: 200, sent: 3, bytesSent: 1_200_000, bytesTotal: 310_000_000 })).toBe(
    'Sent 3 of 200 files (1.2 MB of 310 MB); 197 already held.',
  );
  expect(sentLine({ files: 1, sent: 0, bytesSent: 0, bytesTotal: 20_210 })).toBe(
    'Sent 0 of 1 file (0 B of 20.2 kB); 1 already held.',
  );
  expect(hashedLine(200, 310_000_000)).toBe('Hashed 200 files (310 MB).');
});

test("Depot's errors: a message, or each field and message on its own line", () => {
  expect(errorLines({ error: 'Modpack not found.' })).toEqual(['Modpack not found.']);
  expect(
    errorLines(
      {
        error: {
          'mods.1.file': ['Depot does not hold jei-1.0.jar with this sha256: send it first.'],
          'mods.1.version': ['a', 'b'],
          from: ['The selected from is invalid.'],
          'mods.9.mod': ['No mod "x": create it first, or give the mod.'],
        },
      },
      ['sodium.jar', 'jei-1.0.jar'],
    ),
  ).toEqual([
    'mods.1.file (jei-1.0.jar): Depot does not hold jei-1.0.jar with this sha256: send it first.',
    'mods.1.version (jei-1.0.jar): a',
    'mods.1.version (jei-1.0.jar): b',
    'from: The selected from is invalid.',
    'mods.9.mod: No mod "x": create it first, or give the mod.',
  ]);
  expect(errorLines('<html>\n  <h1>Bad gateway</h1>\n</html>')).toEqual(['<html> <h1>Bad gateway</h1> </html>']);
  expect(errorLines('')).toEqual([]);
  expect(errorLines(null)).toEqual([]);
});

test('failures: what is printed on stderr', () => {
  expect(
    failureLines(new DepotApiError(409, { error: 'Build 1.2.0 exists with other contents.' }, 'the release')),
  ).toEqual(['depot: Depot refused the release (409): Build 1.2.0 exists with other contents.']);
  const refused = new DepotApiError(
    422,
    { error: { 'mods.0.mod': ['No mod "sodium": create it first, or give the mod.'] } },
    'the release',
  );
  refused.entryNames = ['sodium-0.5.8.jar'];
  expect(failureLines(refused)).toEqual([
    'depot: Depot refused the release (422):',
    'depot:   mods.0.mod (sodium-0.5.8.jar): No mod "sodium": create it first, or give the mod.',
  ]);
  expect(failureLines(new DepotApiError(401, { error: 'Unauthenticated.' }, 'the lookup'))).toEqual([
    'depot: Depot refused the lookup (401): Unauthenticated.',
    'depot: Check the token (DEPOT_TOKEN or --token): Depot does not know it.',
  ]);
  expect(failureLines(new DepotApiError(503, { error: 'Service unavailable.' }, 'jei.jar'))).toEqual([
    'depot: Depot failed on jei.jar (503): Service unavailable.',
  ]);
  expect(failureLines(new DepotApiError(500, '', 'the release'))).toEqual(['depot: Depot failed on the release (500)']);
  expect(failureLines(new UsageError('--pack is required'))).toEqual(['depot: --pack is required']);
  const cause = Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
  });
  expect(failureLines(new DepotUnreachableError('http://127.0.0.1:1', cause))).toEqual([
    'depot: cannot reach Depot at http://127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1',
  ]);
});

test('retries are announced', () => {
  expect(retryLine('Depot answered 503', 2000, 2, 3)).toBe('Depot answered 503; trying again in 2 s (retry 2 of 3).');
  expect(retryLine('Depot answered 429', 1500, 1, 3)).toBe('Depot answered 429; trying again in 1.5 s (retry 1 of 3).');
});

test('bars and colours on a terminal only: not with --plain, in CI, or (colours) with NO_COLOR', () => {
  const tty = { plain: false, stdoutIsTTY: true, stderrIsTTY: true, env: {} };
  expect(outputMode(tty)).toEqual({ bars: true, colorStdout: true, colorStderr: true });
  expect(outputMode({ ...tty, plain: true })).toEqual({ bars: false, colorStdout: false, colorStderr: false });
  expect(outputMode({ ...tty, env: { CI: 'true' } })).toEqual({ bars: false, colorStdout: false, colorStderr: false });
  expect(outputMode({ ...tty, env: { CI: 'false' } })).toEqual({ bars: true, colorStdout: true, colorStderr: true });
  expect(outputMode({ ...tty, env: { NO_COLOR: '1' } })).toEqual({
    bars: true,
    colorStdout: false,
    colorStderr: false,
  });
  expect(outputMode({ ...tty, env: { NO_COLOR: '' } })).toEqual({ bars: true, colorStdout: true, colorStderr: true });
  expect(outputMode({ ...tty, stderrIsTTY: false })).toEqual({ bars: false, colorStdout: true, colorStderr: false });
  expect(outputMode({ ...tty, stdoutIsTTY: false })).toEqual({ bars: true, colorStdout: false, colorStderr: true });
});

test('plain mode: one line per file sent, no carriage return, no escape code', () => {
  let out = '';
  const reporter = plainReporter((text) => (out += text));
  const hashing = reporter.hashing(2);
  hashing.hashed({ path: 'a.jar', name: 'a.jar', size: 10 });
  hashing.done();
  reporter.note(hashedLine(2, 20));
  const sending = reporter.sending(2, 3_000_000);
  sending.bytes(1000);
  sending.sent({ path: 'mods/a.jar', name: 'a.jar', size: 1_000_000 }, {} as HoldAnswer);
  sending.bytes(3_000_000);
  sending.sent({ path: 'mods/b.jar', name: 'b.jar', size: 2_000_000 }, {} as HoldAnswer);
  sending.done();
  reporter.note(sentLine({ files: 2, sent: 2, bytesSent: 3_000_000, bytesTotal: 3_000_000 }));
  expect(out).toBe(
    [
      'Hashed 2 files (20 B).',
      'Sent a.jar (1 MB).',
      'Sent b.jar (2 MB).',
      'Sent 2 of 2 files (3 MB of 3 MB); 0 already held.',
      '',
    ].join('\n'),
  );
  expect(out).not.toMatch(/\r/);
  expect(out).not.toMatch(ANSI);
});
