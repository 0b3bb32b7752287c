// Port helpers: the launcher picks its own free ports so that two stacks can run side by side.
import net from 'node:net';

/**
 * Where ports are picked: below the kernel's ephemeral range (Linux: 32768-60999), from which every
 * outgoing connection takes its local port. A port asked of the kernel (listen on 0) comes from that
 * range too, so between being picked and being listened on by the service it was picked for, a
 * connection elsewhere (to PostgreSQL, NATS, another test's stack) could take it: EADDRINUSE at
 * start. A random port below the range is only ever taken by a listener.
 */
const PICK_FROM = 20_000;
const PICK_TO = 32_767;

/** Holds 127.0.0.1:port open; false when something has it already. */
function hold(port: number): Promise<net.Server | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** `count` distinct free ports on 127.0.0.1, all held open until every one is known. */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    for (let tries = 0; servers.length < count && tries < count * 50; tries++) {
      const port = PICK_FROM + Math.floor(Math.random() * (PICK_TO - PICK_FROM + 1));
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
