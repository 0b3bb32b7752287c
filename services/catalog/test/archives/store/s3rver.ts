// A real S3-protocol server for the tests: the `s3rver` package run as a child process on a port
// of its own on loopback, storing in a folder of its own, with one bucket per test file. It can be
// stopped and started again on the same port and folder (the store going down and coming back).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@depot/common/testing';

const BIN = path.join(path.dirname(require.resolve('s3rver/package.json')), 'bin', 's3rver.js');

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The settings that point a catalog at it. */
  env: Record<string, string>;
  stop(): Promise<void>;
  /** Starts it again on the same port and folder, after stop(). */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export async function startS3Server(): Promise<S3Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-s3rver-'));
  // Bucket names must be valid DNS names.
  const bucket = `depot-test-${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';
  const start = async () => {
    child = spawn(
      process.execPath,
      [BIN, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '--configure-bucket', bucket],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
    child.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
    try {
      await eventually(() => accepts(port), 15_000, 50);
    } catch {
      throw new Error(`s3rver did not start on port ${port}:\n${output}`);
    }
  };
  const stop = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((resolve) => c.once('exit', resolve));
    c.kill('SIGTERM');
    await exited;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      ARCHIVE_STORE: 's3',
      ARCHIVE_S3_ENDPOINT: endpoint,
      ARCHIVE_S3_BUCKET: bucket,
      ARCHIVE_S3_FORCE_PATH_STYLE: 'true',
      ARCHIVE_S3_ACCESS_KEY_ID: 'S3RVER',
      ARCHIVE_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop,
    start,
    async remove() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
