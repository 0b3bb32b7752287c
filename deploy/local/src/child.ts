// One process of the stack. Spawned in its own process group so that a terminal's Ctrl-C reaches
// only the launcher, which then stops the children in order (gateway first, databases last).
// Output always goes through a ring buffer: start-up errors quote it and tests read it.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

export type StdioMode = 'inherit' | 'pipe' | 'ignore';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export function describeExit(exit: ExitInfo): string {
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}

/** The last `capacity` lines. */
export class LineRing {
  private readonly lines: string[] = [];
  private next = 0;

  constructor(private readonly capacity: number) {}

  add(line: string): void {
    if (this.lines.length < this.capacity) this.lines.push(line);
    else {
      this.lines[this.next] = line;
      this.next = (this.next + 1) % this.capacity;
    }
  }

  /** The last `count` lines (all by default), oldest first. */
  tail(count = this.capacity): string[] {
    const ordered = [...this.lines.slice(this.next), ...this.lines.slice(0, this.next)];
    return ordered.slice(Math.max(0, ordered.length - count));
  }
}

export interface ChildSpec {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** 'inherit' copies each line to the launcher's stdout/stderr; output is buffered in every mode. */
  stdio: StdioMode;
  /** Put `name | ` before forwarded lines. */
  prefix?: boolean;
  /** Open an IPC channel: it closes when the launcher dies, even by SIGKILL, so the child can stop. */
  ipc?: boolean;
}

export class ManagedChild {
  readonly output = new LineRing(2000);
  /** Called on every exit; `requested` is true when stop() caused it. */
  onExit?: (exit: ExitInfo, requested: boolean) => void;
  private proc?: ChildProcess;
  private exitPromise?: Promise<ExitInfo>;
  private stopRequested = false;
  private last?: ExitInfo;

  constructor(readonly spec: ChildSpec) {}

  get name(): string {
    return this.spec.name;
  }

  get running(): boolean {
    return this.proc !== undefined;
  }

  /** Process id while running. */
  get pid(): number | undefined {
    return this.proc?.pid;
  }

  get lastExit(): ExitInfo | undefined {
    return this.last;
  }

  start(): ChildProcess {
    if (this.proc) throw new Error(`${this.name} is already running`);
    const { command, args, cwd, env, ipc } = this.spec;
    const proc = spawn(command, args, {
      cwd,
      env,
      detached: true,
      stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    });
    this.proc = proc;
    this.stopRequested = false;
    this.follow(proc.stdout!, process.stdout);
    this.follow(proc.stderr!, process.stderr);
    this.exitPromise = new Promise<ExitInfo>((resolve) => {
      let settled = false;
      const settle = (exit: ExitInfo) => {
        if (settled) return;
        settled = true;
        this.proc = undefined;
        this.last = exit;
        resolve(exit);
        this.onExit?.(exit, this.stopRequested);
      };
      proc.once('exit', (code, signal) => settle({ code, signal }));
      // Spawn failures (ENOENT...) may come without an 'exit' event.
      proc.once('error', (err) => {
        this.output.add(`${this.name}: ${err.message}`);
        if (proc.pid === undefined) settle({ code: null, signal: null });
      });
    });
    return proc;
  }

  /** Sends `signal`, waits for the exit, and sends SIGKILL after `graceMs`. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<ExitInfo | undefined> {
    const proc = this.proc;
    if (!proc) return this.last;
    this.stopRequested = true;
    proc.kill(signal);
    const force = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    try {
      return await this.exitPromise;
    } finally {
      clearTimeout(force);
    }
  }

  /** Sends `signal` as anyone else could: the exit that follows is not one that stop() asked for. */
  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    this.proc?.kill(signal);
  }

  /** The last `lines` lines of output, for error messages. */
  recentOutput(lines = 40): string {
    const text = this.output.tail(lines).join('\n');
    return text ? text : '(no output)';
  }

  /**
   * Keeps each line in the ring and, with 'inherit', copies the output on. Chunk by chunk, not line
   * by line: a gateway writes its lines in batches of about 4 KiB (its access log: one line per
   * request), and a write and a wake-up of the reader (a terminal, journald) per line in the
   * launcher took from the same cores what the batches had saved
   * (docs/performance.md#the-production-settings-hot-path-2026-12).
   * Without a prefix a chunk goes on as it came; with one, its whole lines go in one write.
   */
  private follow(stream: Readable, forwardTo: NodeJS.WriteStream): void {
    const prefix = this.spec.prefix ? `${this.name.padEnd(8)}| ` : '';
    const forward = this.spec.stdio === 'inherit';
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) this.output.add(withoutCr(line));
      if (!forward) return;
      if (!prefix) forwardTo.write(chunk);
      else if (lines.length > 0) forwardTo.write(lines.map((line) => `${prefix}${withoutCr(line)}\n`).join(''));
    });
    stream.on('end', () => {
      if (partial === '') return;
      this.output.add(withoutCr(partial));
      // (without a prefix it was copied on with its chunk)
      if (forward && prefix) forwardTo.write(`${prefix}${withoutCr(partial)}\n`);
      partial = '';
    });
  }
}

/** A line ended by CRLF, as readline's crlfDelay: Infinity read it. */
const withoutCr = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);
