// Readiness checks: the standard gRPC health service for the services, HTTP /healthz for the
// gateway, and a wait loop that gives up early when the process exits.
import * as grpc from '@grpc/grpc-js';
import { describeExit, type ManagedChild } from './child';

const SERVING = 1;

/**
 * A raw call to grpc.health.v1.Health/Check for the whole server (service ""). The request is
 * empty on the wire and the response is field 1 (status, varint): no proto files needed.
 */
export function grpcHealthProbe(address: string): { check(): Promise<boolean>; close(): void } {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  return {
    check: () =>
      new Promise((resolve) => {
        client.makeUnaryRequest(
          '/grpc.health.v1.Health/Check',
          () => Buffer.alloc(0),
          (bytes: Buffer) => bytes,
          {},
          new grpc.Metadata(),
          { deadline: Date.now() + 1000 },
          (err, response) => resolve(!err && response?.[0] === 0x08 && response[1] === SERVING),
        );
      }),
    close: () => client.close(),
  };
}

export async function httpOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** Polls `check` until true; fails when `child` exits, time runs out, or `signal` aborts. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  opts: { child: ManagedChild; timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  const { child, timeoutMs, signal } = opts;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    if (!child.running) {
      const exit = child.lastExit ? describeExit(child.lastExit) : 'no exit status';
      throw new StartupError(`${what} exited during start-up (${exit}). Last output:\n${child.recentOutput()}`);
    }
    if (await check()) return;
    if (Date.now() > deadline) {
      throw new StartupError(
        `${what} was not ready within ${Math.round(timeoutMs / 1000)} s. Last output:\n${child.recentOutput()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
