// What a build of the console is made from, as one digest: the launcher compares it with the one
// written beside the last build (dist/.source-hash) and rebuilds when they differ, so `npm start`
// never serves a console older than its sources.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONSOLE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(CONSOLE_ROOT, 'dist');
export const STAMP = '.source-hash';

/** Files and folders whose content goes into the bundle (the typed client is bundled too). */
const INPUTS = [
  'index.html',
  'vite.config.ts',
  'package.json',
  'src',
  'public',
  'scripts/source-hash.ts',
  '../client/src',
  '../client/package.json',
  '../../services/common/src/domain/permissions.ts',
];

function filesUnder(p: string): string[] {
  let stat;
  try {
    stat = statSync(p);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [p];
  return readdirSync(p)
    .sort()
    .flatMap((name) => filesUnder(path.join(p, name)));
}

/** A digest of the sources' paths and contents. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of filesUnder(path.join(CONSOLE_ROOT, input))) {
      hash.update(path.relative(CONSOLE_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

/** The digest the build in `dist` was made from, if any. */
export function builtHash(dist = DIST): string | undefined {
  try {
    return readFileSync(path.join(dist, STAMP), 'utf8').trim();
  } catch {
    return undefined;
  }
}
