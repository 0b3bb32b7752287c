// Builds the console when its build is missing or older than its sources (by content digest,
// scripts/source-hash.ts), and does nothing otherwise. Run by `npm install` (the root `prepare`
// script) and by the local launcher before it starts the gateway, so that `npm start` serves the
// console without a build command of its own. Several launchers may start at once (test files,
// `npm start`): one builds under a lock while the others wait, and the new build replaces the old
// in one rename, so a running gateway never serves a half-written folder.
//
//   node --import tsx gateway/console/scripts/ensure-built.ts [--force]
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { builtHash, CONSOLE_ROOT, DIST, sourceHash } from './source-hash.ts';

const LOCK = path.join(CONSOLE_ROOT, '.build-lock');
/** A lock older than this was left by a build that died. */
const STALE_LOCK_MS = 5 * 60_000;

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = Date.now() - (statSafe(LOCK)?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function statSafe(p: string) {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}

export async function ensureBuilt(force = false): Promise<'fresh' | 'built'> {
  if (!force && builtHash() === sourceHash()) return 'fresh';
  return withLock(async () => {
    // Another launcher may have built it while this one waited.
    if (!force && builtHash() === sourceHash()) return 'fresh';
    // Whatever the caller runs under (jest sets NODE_ENV=test), the console is built for
    // production: React's development build is larger and slower.
    process.env.NODE_ENV = 'production';
    const staging = `${DIST}.staging-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    // Vite is loaded only to build: every stack start runs the check (a test file's, npm start's),
    // and loading Vite took most of its 1.4 s of CPU.
    const { build } = await import('vite');
    await build({ root: CONSOLE_ROOT, mode: 'production', logLevel: 'warn', build: { outDir: staging } });
    const old = `${DIST}.old-${process.pid}`;
    if (statSafe(DIST)) renameSync(DIST, old);
    renameSync(staging, DIST);
    rmSync(old, { recursive: true, force: true });
    return 'built';
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(CONSOLE_ROOT, 'scripts', 'ensure-built.ts')) {
  const started = Date.now();
  ensureBuilt(process.argv.includes('--force')).then(
    (result) => {
      if (result === 'built') console.log(`Built the web console in ${Date.now() - started} ms (gateway/console/dist)`);
    },
    (err: unknown) => {
      console.error(`Could not build the web console: ${(err as Error)?.stack ?? String(err)}`);
      process.exit(1);
    },
  );
}
