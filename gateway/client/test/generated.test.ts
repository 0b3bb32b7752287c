// The committed client is the one the gateway's routes generate: change a route, then run
// `npm run gen -w @depot/api-client`, and the compiler shows every use the change breaks.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

it('is generated from the routes as they are', () => {
  const run = spawnSync(
    process.execPath,
    ['--conditions=depot-source', '--import', 'tsx', path.join(__dirname, '..', 'scripts', 'generate.ts'), '--check'],
    { cwd: path.join(__dirname, '..'), encoding: 'utf8' },
  );
  expect({ status: run.status, stderr: run.stderr.trim() }).toEqual({ status: 0, stderr: '' });
});
