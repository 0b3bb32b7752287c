// `npm start` run as a system service: systemd (KillMode=mixed, README "Run on one server") sends
// SIGTERM to npm alone. The launcher must get it (the script execs it: a shell in between would
// keep it) and stop every process in order, as after Ctrl-C.
import fs from 'node:fs';
import { uniqueName } from '@depot/common/testing';
import { expectStopped, startStack, type StartedStack } from '../support/npm-start';

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
