// The web console the gateway serves at /console/ is built from gateway/console: built here when
// missing or older than its sources (a no-op otherwise), so `npm start` needs no build command.
// A failed build does not stop the stack: the API works, and /console/ says it is not built.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './data-dir';

export function ensureConsoleBuilt(log: (line: string) => void): Promise<void> {
  const script = path.join(REPO_ROOT, 'gateway', 'console', 'scripts', 'ensure-built.ts');
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script], { cwd: REPO_ROOT }, (err, stdout, stderr) => {
      if (stdout.trim()) log(stdout.trim());
      if (err) log(`The web console could not be built; /console/ will say so.\n${stderr.trim() || err.message}`);
      resolve();
    });
  });
}
