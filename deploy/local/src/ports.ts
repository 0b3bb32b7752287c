// Port helpers: the launcher picks its own free ports so that two stacks can run side by side.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Where ports are picked: below the kernel's ephemeral range (Linux: 32768-60999), from which every
 * outgoing connection takes its local port. A port asked of the kernel (listen on 0) comes from that
 * range too, so between being picked and being listened on by the service it was picked for, a
 * connection elsewhere (to PostgreSQL, NATS, another test's stack) could take it: EADDRINUSE at
 * start. A random port below the range is only ever taken by a listener.
 */
const PICK_FROM = 20_000;
const PICK_TO = 32_767;

/**
 * Ports picked but maybe not listened on yet, machine-wide: a file per port, created exclusively.
 * A port free when picked stays free until its service listens, seconds later (a service's start,
 * a Varnish that waits for its gateway); another process picking meanwhile (a test file's stack
 * beside another's) would find it free too, and one of the two would fail at start with
 * EADDRINUSE (seen about once in four runs of four files through Varnish on a loaded machine).
 * A reservation lasts longer than any start (startTimeoutMs: 60 s); afterwards the listener
 * itself keeps the port.
 */
const RESERVATIONS = path.join(os.tmpdir(), 'depot-port-reservations');
const RESERVED_MS = 3 * 60_000;
let registryReady = false;
let prunedAt = 0;

/** True when this process now holds the reservation of `port` (or no registry can be kept here). */
function reserve(port: number): boolean {
  const file = path.join(RESERVATIONS, String(port));
  try {
    if (!registryReady) {
      // (shared by every user's stacks, as the temporary folder itself is)
      if (fs.mkdirSync(RESERVATIONS, { recursive: true })) fs.chmodSync(RESERVATIONS, 0o1777);
      registryReady = true;
    }
    pruneStale();
    fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (err) {
    // (a read-only or foreign temporary folder: picking works as without a registry)
    return (err as NodeJS.ErrnoException).code !== 'EEXIST';
  }
}

/** Forgets reservations older than RESERVED_MS, at most once a minute per process. */
function pruneStale() {
  const now = Date.now();
  if (now - prunedAt < 60_000) return;
  prunedAt = now;
  for (const name of fs.readdirSync(RESERVATIONS)) {
    const file = path.join(RESERVATIONS, name);
    try {
      if (now - fs.statSync(file).mtimeMs > RESERVED_MS) fs.rmSync(file, { force: true });
    } catch {
      // (pruned by another process meanwhile)
    }
  }
}

/** Holds 127.0.0.1:port open; false when something has it already. */
function hold(port: number): Promise<net.Server | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * `count` distinct free ports on 127.0.0.1, all held open until every one is known, and reserved
 * against other processes' picks for a while.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    for (let tries = 0; servers.length < count && tries < count * 50; tries++) {
      const port = PICK_FROM + Math.floor(Math.random() * (PICK_TO - PICK_FROM + 1));
      if (!reserve(port)) continue;
      const server = await hold(port);
      if (server) servers.push(server);
    }
    // (a crowded range: the kernel's choice, as before)
    while (servers.length < count) {
      const server = await hold(0);
      if (!server) throw new Error('no free port on 127.0.0.1');
      servers.push(server);
    }
    return servers.map((s) => (s.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0];
}

/** True when something accepts a TCP connection on host:port. */
export function tcpAnswers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** True when nothing listens on 127.0.0.1:port yet. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
