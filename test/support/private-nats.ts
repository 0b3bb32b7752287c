// A nats-server of a test's own (JetStream, data in a temporary directory), for tests that stop
// and start NATS on purpose without disturbing anything else on the machine. The tests that use
// it are skipped without nats-server (npm test says how to get it), and fail under CI.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findExecutable, freePort, tcpAnswers } from '@depot/local';
import { eventually, testDependency } from '@depot/common/testing';

export const natsServer = testDependency('TEST_NATS_SERVER', findExecutable('nats-server') ?? 'nats-server');

export class PrivateNats {
  private proc?: ChildProcess;
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-private-nats-'));
  port = 0;

  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** Starts the server, on the same port as before after a stop. */
  async start() {
    if (!this.port) this.port = await freePort();
    this.proc = spawn(natsServer.require(), ['-js', '-sd', this.dir, '-a', '127.0.0.1', '-p', String(this.port)], {
      stdio: 'ignore',
    });
    await eventually(() => tcpAnswers('127.0.0.1', this.port), 15_000, 50);
  }

  async stop(signal: NodeJS.Signals = 'SIGKILL') {
    const proc = this.proc;
    if (!proc) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill(signal);
    await exited;
    this.proc = undefined;
  }

  async dispose() {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
