// Where `npm start` puts the gateways' access lines. With pretty logs (its default) one line per
// request through pino-pretty's worker and the launcher's forwarding halved a cached read's
// throughput (docs/performance.md#npm-starts-logs-2026-12), so they go as JSON to a file under
// .data/logs instead, and each gateway prints a summary every ACCESS_LOG_SUMMARY_SECONDS; every
// other line (start-up, warnings, errors) is shown on the terminal as it comes. ACCESS_LOG_FILE chooses
// another file, or none ('': on the terminal as before); LOG_PRETTY=false keeps them with the rest.
import fs from 'node:fs';
import path from 'node:path';
import { DATA_ROOT } from './data-dir';

export const ACCESS_LOG_DEFAULT = path.join(DATA_ROOT, 'logs', 'gateway-access.log');

/** Above this size at start, the file is renamed `<file>.1` (replacing an older one) and begun afresh. */
const KEEP_BYTES = 64 * 1024 * 1024;

/** npm start's ACCESS_LOG_FILE for its gateways: undefined leaves the environment's as it is. */
export function npmStartAccessLog(pretty: boolean, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!pretty || env.ACCESS_LOG_FILE !== undefined) return undefined;
  return ACCESS_LOG_DEFAULT;
}

/** A file left large by earlier runs moves aside, so that .data/logs does not grow without end. */
export function rotateAccessLog(file: string): void {
  try {
    if (fs.statSync(file).size > KEEP_BYTES) fs.renameSync(file, `${file}.1`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
