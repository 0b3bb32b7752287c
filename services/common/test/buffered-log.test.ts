// A buffered standard output (createLogger(..., 'buffered'), the gateway's) writes its lines in
// batches, yet none is lost on the exits a process goes through: a stop by signal through runMain,
// an uncaught exception; and a quiet process's lines still appear without waiting for more.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const cwd = path.resolve(__dirname, '..');
const nodeArgs = ['--conditions=depot-source', '--import', 'tsx', '-e'];

/** Runs `script` (CommonJS, in services/common) to its end: its exit code and JSON lines. */
function run(script: string): { status: number | null; lines: { msg: string; i?: number }[] } {
  const r = spawnSync(process.execPath, [...nodeArgs, script], { cwd, encoding: 'utf8', timeout: 30_000 });
  const lines = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; i?: number });
  return { status: r.status, lines };
}

// 500 lines of about 100 bytes: several batches, the last one still waiting when the process ends.
const LOG_MANY =
  "const log = createLogger('buffered-test', 'info', 'buffered'); for (let i = 0; i < 500; i++) log.info({ i }, 'line');";

test('a stop by SIGTERM through runMain writes every line, the last ones included', () => {
  const { status, lines } = run(
    `const { createLogger, runMain } = require('./src/process');
     runMain('buffered-test', async () => {
       ${LOG_MANY}
       // Something to serve, as a real process has: without it the process may end, its work
       // done, before the signal is handled.
       const serving = setInterval(() => undefined, 1000);
       setTimeout(() => process.kill(process.pid, 'SIGTERM'), 0);
       return { stop: async () => { clearInterval(serving); log.info('stopped'); } };
     });`,
  );
  expect(status).toBe(0);
  expect(lines.filter((l) => l.msg === 'line').map((l) => l.i)).toEqual([...Array(500).keys()]);
  expect(lines.at(-1)?.msg).toBe('stopped');
});

test('an uncaught exception writes every line logged before it', () => {
  const { status, lines } = run(
    `const { createLogger } = require('./src/process/logger');
     ${LOG_MANY}
     log.error('failing');
     setTimeout(() => { throw new Error('boom'); }, 0);`,
  );
  expect(status).toBe(1);
  expect(lines).toHaveLength(501);
  expect(lines.at(-1)?.msg).toBe('failing');
});

test('a line of a process that logs nothing more appears within a fraction of a second', async () => {
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      "require('./src/process/logger').createLogger('buffered-test', 'info', 'buffered').info('alone'); setTimeout(() => {}, 20_000);",
    ],
    { cwd, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const line = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(String(d))));
    const { msg, time } = JSON.parse(line) as { msg: string; time: number };
    expect(msg).toBe('alone');
    // `time`: when it was logged (pino's epoch ms); the periodic flush is every 100 ms.
    expect(Date.now() - time).toBeLessThan(1000);
  } finally {
    child.kill('SIGKILL');
  }
});
