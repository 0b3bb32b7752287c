// Re-publishing a pack (docs/performance.md#releases): 200 mods released with `depot publish` (the
// @depot/cli library, as the command runs it), then the next build with 3 of the jars changed. The
// goal: the second release sends only the 3 jars' bytes, and takes at most twice as long as
// sending those 3 jars alone (measured in the same run: the ceiling), however many jars the pack
// has. Printed, never asserted. Sizes: BENCH_RELEASE_MODS (200), BENCH_RELEASE_JAR_KB (512).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { depotClient } from '@depot/api-client';
import { DepotApi, publish, type PublishOptions, type Reporter } from '@depot/cli';
import type { TestStack } from '../support';
import { must, userWithToken } from '../support';
import { f1, printTable } from './measure';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback) || fallback;
const MODS = num('BENCH_RELEASE_MODS', 200);
const JAR_KB = num('BENCH_RELEASE_JAR_KB', 512);
const CHANGED = 3;
const ROUNDS = num('BENCH_RELEASE_ROUNDS', 3);

/** A jar of mod `i` at `version`: its fabric.mod.json, and a class of incompressible bytes. */
function writeJar(file: string, i: number, version: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const id = `benchmod${String(i).padStart(3, '0')}`;
  zip.addBuffer(Buffer.from(JSON.stringify({ schemaVersion: 1, id, version, name: id })), 'fabric.mod.json');
  zip.addBuffer(randomBytes(JAR_KB * 1024), `${id}/Mod.class`, { compress: false });
  zip.end();
  return new Promise((resolve, reject) =>
    zip.outputStream.pipe(fs.createWriteStream(file)).on('finish', resolve).on('error', reject),
  );
}

/** A reporter that keeps the bytes sent (the CLI's own count of what went over the wire). */
function countingReporter(): Reporter & { bytesSent: number; filesSent: number } {
  const r = {
    bytesSent: 0,
    filesSent: 0,
    note: () => {},
    hashing: () => ({ hashed: () => {}, done: () => {} }),
    sending: () => ({
      bytes: (n: number) => (r.bytesSent = n),
      sent: () => (r.filesSent += 1),
      done: () => {},
    }),
  };
  return r;
}

interface Run {
  seconds: number;
  bytesSent: number;
  filesSent: number;
}

export async function benchRelease(t: TestStack): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-release-'));
  try {
    must(await t.admin.post('/api/modpack', { name: 'Release Bench', slug: 'relbench' }), 201, 'modpack');
    const token = await userWithToken(
      t.admin,
      'relbench',
      ['mods_manage', 'mods_create', 'modpacks_manage'],
      ['relbench'],
    );
    const files = Array.from({ length: MODS }, (_, i) => path.join(dir, `benchmod${i}.jar`));
    for (const [i, file] of files.entries()) await writeJar(file, i, '1.0');
    const totalBytes = files.reduce((sum, f) => sum + fs.statSync(f).size, 0);
    // The API as the command uses it, each call timed: where a re-release's seconds go.
    const phases = { lookup: 0, hold: 0, release: 0 };
    class TimedApi extends DepotApi {
      override async lookup(...args: Parameters<DepotApi['lookup']>) {
        const started = performance.now();
        try {
          return await super.lookup(...args);
        } finally {
          phases.lookup += performance.now() - started;
        }
      }
      override async release(...args: Parameters<DepotApi['release']>) {
        const started = performance.now();
        try {
          return await super.release(...args);
        } finally {
          phases.release += performance.now() - started;
        }
      }
    }
    const api = new TimedApi(t.url, token);
    const client = depotClient(t.url, { token });
    const options = (build: string, from?: string): PublishOptions => ({
      url: t.url,
      token,
      pack: 'relbench',
      build,
      files,
      ...(from ? { from } : { minecraft: '1.20.1' }),
      remove: [],
      publish: true,
      setLatest: true,
      setRecommended: false,
      dryRun: false,
      overrides: new Map(),
      createMods: true,
      plain: true,
      json: false,
    });
    const run = async (opts: PublishOptions): Promise<Run> => {
      const reporter = countingReporter();
      Object.assign(phases, { lookup: 0, hold: 0, release: 0 });
      const started = performance.now();
      await publish(opts, { api, client, reporter });
      return {
        seconds: (performance.now() - started) / 1000,
        bytesSent: reporter.bytesSent,
        filesSent: reporter.filesSent,
      };
    };

    console.log(
      `\nreleases: ${MODS} mods of ${JAR_KB} KB (${f1(totalBytes / 1e6)} MB), ${CHANGED} changed per release`,
    );
    const first = await run(options('1.0'));
    const rows: string[][] = [
      [
        'first release (every jar sent)',
        f1(first.seconds),
        String(first.filesSent),
        f1(first.bytesSent / 1e6),
        '',
        '',
        `${Math.round(phases.lookup)} / ${Math.round(phases.release)}`,
      ],
    ];
    for (let round = 1; round <= ROUNDS; round++) {
      // 3 jars changed: a new version of each.
      const changed = files.slice((round - 1) * CHANGED, round * CHANGED);
      for (const [k, file] of changed.entries()) await writeJar(file, (round - 1) * CHANGED + k, `1.${round}`);
      const changedBytes = changed.reduce((sum, f) => sum + fs.statSync(f).size, 0);
      const again = await run(options(`1.${round}`, 'latest'));
      const { lookup, release } = phases;
      // The ceiling: the same number of new jars of the same size, sent alone.
      const alone = changed.map((_, k) => path.join(dir, `alone-${round}-${k}.jar`));
      for (const [k, file] of alone.entries()) await writeJar(file, 900 + round * CHANGED + k, '9.9');
      const started = performance.now();
      await Promise.all(
        alone.map((file) =>
          api.hold(
            path.basename(file),
            fs.statSync(file).size,
            () => ReadableStream.from(fs.createReadStream(file)) as ReadableStream<Uint8Array>,
          ),
        ),
      );
      const ceiling = (performance.now() - started) / 1000;
      rows.push([
        `re-release ${round} (${CHANGED} changed)`,
        f1(again.seconds),
        String(again.filesSent),
        f1(again.bytesSent / 1e6),
        `${f1(changedBytes / 1e6)} (${again.bytesSent === changedBytes ? 'only those' : 'MORE'})`,
        `${Math.round(ceiling * 1000)} ms, ${f1(again.seconds / ceiling)}×`,
        `${Math.round(lookup)} / ${Math.round(release)}`,
      ]);
    }
    printTable(
      `Re-publishing a ${MODS}-mod pack (goal: only the changed jars' bytes; within 2× of sending them alone)`,
      ['case', 'seconds', 'files sent', 'MB sent', "changed jars' MB", `${CHANGED} jars alone`, 'lookup / release ms'],
      rows,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
