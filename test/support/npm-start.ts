// `npm start` as a user or a service manager runs it, from this checkout, on databases and an
// events namespace of the test's own (and a stack file of its own, so that a developer's running
// stack is left alone), until it says it is ready; and what must hold once it has stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase } from '@depot/common/runtime';
import { createTestNamespace, eventually, TEST_NATS_URL, testDatabaseUrl, uniqueName } from '@depot/common/testing';
import { tcpAnswers } from '@depot/local';

export const REPO = path.resolve(__dirname, '..', '..');

export interface StartedStack {
  proc: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The launcher's description of the stack, for the admin CLI (DEPOT_LOCAL_STACK_FILE). */
  stackFile: string;
  /** Base of the database names: `<base>_catalog`, `<base>_builds`, `<base>_auth`. */
  base: string;
  namespace: string;
  /** Stops it if still running (SIGKILL), drops its databases and namespace. */
  cleanup(): Promise<void>;
}

/** `command` (`npm start`, or the launcher it execs) with `env` over the test's own settings. */
export async function startStack(name: string, command: string[], env: Record<string, string>): Promise<StartedStack> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `depot-${name}-`));
  const stackFile = path.join(dir, 'stack.json');
  const ns = createTestNamespace(name);
  const base = uniqueName(`depot_${name.replace(/\W/g, '_')}`);
  const proc = spawn(command[0], command.slice(1), {
    cwd: REPO,
    env: {
      ...process.env,
      DATABASE_URL: testDatabaseUrl(base),
      NATS_URL: TEST_NATS_URL,
      EVENTS_NAMESPACE: ns.namespace,
      GATEWAY_PORT: '0',
      REDIS_URL: '',
      DEPOT_LOCAL_STACK_FILE: stackFile,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const started: StartedStack = {
    proc,
    output: () => output,
    exited,
    stackFile,
    base,
    namespace: ns.namespace,
    async cleanup() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGKILL');
        await exited;
      }
      for (const service of ['catalog', 'builds', 'auth']) {
        await dropDatabase(testDatabaseUrl(`${base}_${service}`)).catch(() => undefined);
      }
      await ns.drop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await eventually(async () => output.includes('Press Ctrl-C to stop.'), 90_000, 200).catch(() => {
    throw new Error(`${command.join(' ')} did not get ready:\n${output}`);
  });
  return started;
}

/** After a stop: exit 0, `Depot stopped.` last, no stack file, no port of the stack answering. */
export async function expectStopped(
  stack: StartedStack,
  described: { gatewayUrl: string; grpc: Record<string, string> },
): Promise<void> {
  expect(await stack.exited).toEqual({ code: 0, signal: null });
  const lines = stack.output().trimEnd().split('\n');
  expect(lines[lines.length - 1]).toBe('Depot stopped.');
  expect(stack.output()).toContain('Stopping Depot...');
  expect(fs.existsSync(stack.stackFile)).toBe(false);
  expect(await tcpAnswers('127.0.0.1', Number(new URL(described.gatewayUrl).port))).toBe(false);
  for (const address of Object.values(described.grpc)) {
    expect(await tcpAnswers('127.0.0.1', Number(address.split(':')[1]))).toBe(false);
  }
}
