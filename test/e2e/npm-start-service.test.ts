// `npm start` run as a system service: systemd (KillMode=mixed, docs/operations.md, "Run on one server") sends
// SIGTERM to npm alone. The launcher must get it (the script execs it: a shell in between would
// keep it) and stop every process in order, as after Ctrl-C. And when the launcher gives up on a
// service that keeps crashing, npm exits non-zero: what the unit's `Restart=on-failure` acts on.
import fs from 'node:fs';
import path from 'node:path';
import { sleep } from '@depot/common/bus';
import { uniqueName } from '@depot/common/testing';
import { SERVICE_ENTRIES } from '@depot/local';
import { expectStopped, REPO, startStack, type StartedStack } from '../support/npm-start';

/** The pid of the launcher's child running `entry` (a service), if one runs. */
function childRunning(launcher: number, entry: string): number | undefined {
  const script = path.join(REPO, entry);
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // stat: `pid (comm) state ppid ...`; comm may hold spaces, so read after its last `)`
      const ppid = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid !== launcher) continue;
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(script)) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

let stack: StartedStack;

beforeAll(async () => {
  stack = await startStack('service', ['npm', 'start'], {
    ADMIN_TOKEN: `admin_${uniqueName('service')}`,
    LOG_LEVEL: 'warn',
  });
}, 120_000);

afterAll(() => stack?.cleanup());

test('SIGTERM to npm alone stops every process of the stack, and npm exits 0', async () => {
  const described = JSON.parse(fs.readFileSync(stack.stackFile, 'utf8'));
  expect((await fetch(`${described.gatewayUrl}/api`)).status).toBe(200);
  expect(described.pid).not.toBe(stack.proc.pid); // the launcher, npm's child

  stack.proc.kill('SIGTERM');
  await expectStopped(stack, described);
  // the launcher itself is gone (no orphan left to systemd's final SIGKILL)
  expect(() => process.kill(described.pid, 0)).toThrow();
}, 120_000);

test('a service that keeps crashing ends the run, and npm exits 1', async () => {
  const crashing = await startStack('crashloop', ['npm', 'start'], {
    ADMIN_TOKEN: `admin_${uniqueName('crashloop')}`,
    LOG_LEVEL: 'warn',
  });
  try {
    const launcher = JSON.parse(fs.readFileSync(crashing.stackFile, 'utf8')).pid as number;
    let ended = false;
    void crashing.exited.then(() => (ended = true));
    // Each catalog the launcher starts (again) is killed, until it gives up.
    const killed = new Set<number>();
    while (!ended) {
      const pid = childRunning(launcher, SERVICE_ENTRIES.catalog);
      if (pid !== undefined && !killed.has(pid)) {
        process.kill(pid, 'SIGKILL');
        killed.add(pid);
      }
      await sleep(50);
    }
    expect(await crashing.exited).toEqual({ code: 1, signal: null });
    expect(killed.size).toBe(5);
    const output = crashing.output();
    expect(output).toContain(
      'catalog exited unexpectedly 5 times within 60 s (last: killed by SIGKILL); not restarting it again.',
    );
    const lines = output.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toBe('Depot stopped.');
    expect(fs.existsSync(crashing.stackFile)).toBe(false);
  } finally {
    await crashing.cleanup();
  }
}, 120_000);
