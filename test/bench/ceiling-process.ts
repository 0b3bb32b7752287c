// The ceiling server (ceiling.ts) in its own process, like the gateway: `serve(body)` switches the
// body it answers; `stop()` lets it close and exit (so that a CPU profile it was asked for is written).
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface Ceiling {
  url: string;
  pid: number;
  serve(body: Buffer): Promise<void>;
  stop(): Promise<void>;
}

/** `execArgv`: more Node options (e.g. --cpu-prof). */
export async function startCeiling(execArgv: string[] = []): Promise<Ceiling> {
  const child: ChildProcess = fork(path.join(__dirname, 'ceiling.ts'), [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<Record<string, unknown>>((resolve) =>
      child.once('message', (m) => resolve(m as Record<string, unknown>)),
    );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { port } = (await next()) as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async serve(body) {
      const ok = next();
      child.send({ body: body.toString() });
      await ok;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // It closes and exits when the channel closes; killed if it does not within 5 s.
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
