// The ceiling server (ceiling.ts) in its own process, like the gateway: `serve(answer)` switches
// what it answers (`answerOf`: the gateway's answer to a read); `stop()` lets it close and exit (so that a CPU profile it was asked for is written).
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** An answer to copy: its body and headers. */
export interface Answer {
  body: Buffer;
  headers: Record<string, string>;
}

// Written by Node for every answer, the ceiling's too.
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The gateway's answer to a GET (200 required), with the headers the ceiling must send too. */
export async function answerOf(url: string): Promise<Answer> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) headers[name] = value;
  });
  return { body: Buffer.from(await res.arrayBuffer()), headers };
}

export interface Ceiling {
  url: string;
  pid: number;
  serve(answer: Answer): Promise<void>;
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
    async serve({ body, headers }) {
      const ok = next();
      child.send({ body: body.toString(), headers });
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
