// A real Varnish of a test's own in front of a stack's gateway: Debian's varnishd with the shipped
// deploy/varnish/default.vcl (its backend.vcl pointed at the gateway), on a free loopback port, with a
// work folder (`-n`) of its own, so that test files run in parallel. Skipped without varnishd
// (npm test says how to get it), failed under CI.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findExecutable, freePort, tcpAnswers } from '@depot/local';
import { eventually, prerequisite, testDependency } from '@depot/common/testing';

export const varnishd = testDependency('TEST_VARNISHD', findExecutable('varnishd') ?? 'varnishd');

/** Whether the tests through Varnish can run: false (SKIPPED) without varnishd; under CI they fail. */
export const varnishAvailable = () =>
  prerequisite(
    varnishd.value !== undefined && fs.existsSync(varnishd.value),
    varnishd.missing ??
      'varnishd is not installed: the tests through a shared cache need it. ' +
        'Install it with: sudo apt-get install varnish varnish-modules (or set TEST_VARNISHD)',
  );

/**
 * TEST_THROUGH_VARNISH=1: every test stack (startTestStack) behind a Varnish of its own with the
 * shipped VCL, its clients (`url`, `admin`, `anon`) talking to Varnish: the public contract's
 * suites, run that way (npm run test:through-varnish -w @depot/e2e), prove it holds through a cache.
 */
export const throughVarnish = () => process.env.TEST_THROUGH_VARNISH === '1';

export const SHIPPED_VCL = path.resolve(__dirname, '../../deploy/varnish/default.vcl');
const SHIPPED_BACKEND = path.resolve(__dirname, '../../deploy/varnish/backend.vcl');

export class Varnish {
  private proc?: ChildProcess;
  private output = '';
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-varnish-'));
  port = 0;
  /** The gateway's `http://127.0.0.1:<port>`, set before start(). */
  backend = '';

  constructor() {
    // varnishd's workers run as its own user, which must reach the work folder inside.
    fs.chmodSync(this.dir, 0o755);
  }

  /** Its port, chosen before it starts (the gateway is told where to purge). */
  async reservePort(): Promise<string> {
    if (!this.port) this.port = await freePort();
    return this.url;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The shipped backend.vcl, pointed at the gateway (default.vcl includes it). */
  backendVcl(): string {
    const { hostname, port } = new URL(this.backend);
    const shipped = fs.readFileSync(SHIPPED_BACKEND, 'utf8');
    const vcl = shipped
      .replace('.host = "127.0.0.1";', `.host = "${hostname}";`)
      .replace('.port = "8080";', `.port = "${port}";`);
    if (vcl === shipped) throw new Error('the shipped backend.vcl no longer names its backend as this test expects');
    return vcl;
  }

  /**
   * `storage`: its malloc storage (a test's answers fit in the default; a bench's 50 MB archive
   * needs more); `threads`: the worker threads kept ready (a bench's 50 connections need more).
   */
  async start(env: Record<string, string> = {}, { storage = '64m', threads = 5 } = {}) {
    await this.reservePort();
    const file = path.join(this.dir, 'default.vcl');
    fs.copyFileSync(SHIPPED_VCL, file);
    fs.writeFileSync(path.join(this.dir, 'backend.vcl'), this.backendVcl());
    fs.copyFileSync(path.join(path.dirname(SHIPPED_VCL), 'purgers.vcl'), path.join(this.dir, 'purgers.vcl'));
    this.proc = spawn(
      varnishd.require(),
      [
        '-F',
        '-n',
        path.join(this.dir, 'work'),
        '-a',
        `127.0.0.1:${this.port}`,
        '-f',
        file,
        '-s',
        `malloc,${storage}`,
        // No management port: nothing but this test talks to it.
        '-T',
        'none',
        '-p',
        'thread_pools=1',
        '-p',
        `thread_pool_min=${threads}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
    );
    const keep = (d: Buffer) => (this.output = (this.output + d.toString()).slice(-8000));
    this.proc.stdout!.on('data', keep);
    this.proc.stderr!.on('data', keep);
    try {
      await eventually(() => tcpAnswers('127.0.0.1', this.port), 20_000, 50);
    } catch {
      throw new Error(`varnishd did not start on port ${this.port}:\n${this.output}`);
    }
  }

  logs(): string {
    return this.output;
  }

  async stop() {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (proc.exitCode === null) proc.kill('SIGKILL');
    this.proc = undefined;
  }

  async dispose() {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
