// Supervision of the stack's processes, as Kubernetes restarts a pod's container: a process that
// exits without being asked to is started again after a delay that doubles with each crash
// (CrashLoopBackOff), while the others keep serving. Unlike Kubernetes it gives up, with a message,
// when a process crashes too often in a short time: locally that is a bug to look at, not a
// transient fault to ride out.
import { describeExit, type ExitInfo } from './child';

export interface SupervisionPolicy {
  /** This many crashes within `windowMs` and the launcher gives up on the process. */
  maxCrashes: number;
  windowMs: number;
  /** Delay before the first restart; it doubles with each crash still within the window. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_SUPERVISION: SupervisionPolicy = {
  maxCrashes: 5,
  windowMs: 60_000,
  firstDelayMs: 500,
  maxDelayMs: 8_000,
};

export type CrashVerdict = { restartInMs: number; crashes: number } | { giveUp: true; crashes: number };

/** The crashes of one process, and what to do after the next. */
export class CrashLoop {
  private readonly crashes: number[] = [];

  constructor(private readonly policy: SupervisionPolicy) {}

  crashed(now = Date.now()): CrashVerdict {
    this.crashes.push(now);
    while (this.crashes.length && this.crashes[0] <= now - this.policy.windowMs) this.crashes.shift();
    const crashes = this.crashes.length;
    if (crashes >= this.policy.maxCrashes) return { giveUp: true, crashes };
    const restartInMs = Math.min(this.policy.firstDelayMs * 2 ** (crashes - 1), this.policy.maxDelayMs);
    return { restartInMs, crashes };
  }
}

export interface SupervisorHooks {
  log(line: string): void;
  /** The process crashed too often; `message` says so, with its last output. */
  giveUp(name: string, message: string): void;
}

export interface Supervised {
  /** Starts the process again and resolves once it is healthy; rejects if it is not. */
  restart(): Promise<void>;
  /** Its last lines of output, quoted when giving up. */
  recentOutput(): string;
  /** Whether it runs (a restart that is not healthy in time is stopped, and counts as a crash). */
  running(): boolean;
  /** Stops a process that started but did not become healthy, without asking it (a crash). */
  kill(): void;
}

export class Supervisor {
  private readonly loops = new Map<string, CrashLoop>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly policy: SupervisionPolicy,
    private readonly hooks: SupervisorHooks,
  ) {}

  /** `name` exited without being asked to: restart it after the backoff, or give up. */
  crashed(name: string, exit: ExitInfo, target: Supervised): void {
    if (this.stopped) return;
    let loop = this.loops.get(name);
    if (!loop) this.loops.set(name, (loop = new CrashLoop(this.policy)));
    const verdict = loop.crashed();
    const window = `${Math.round(this.policy.windowMs / 1000)} s`;
    if ('giveUp' in verdict) {
      this.hooks.giveUp(
        name,
        `${name} exited unexpectedly ${verdict.crashes} times within ${window} (last: ${describeExit(exit)}); ` +
          `not restarting it again. Its last output:\n${target.recentOutput()}`,
      );
      return;
    }
    const delay = verdict.restartInMs;
    this.hooks.log(
      `${name} exited unexpectedly (${describeExit(exit)}); restarting it in ${formatSeconds(delay)} ` +
        `(crash ${verdict.crashes} within ${window}; at ${this.policy.maxCrashes} the launcher gives up)`,
    );
    this.cancel(name);
    this.pending.set(
      name,
      setTimeout(() => {
        this.pending.delete(name);
        if (!this.stopped) void this.restart(name, target);
      }, delay),
    );
  }

  private async restart(name: string, target: Supervised): Promise<void> {
    const begun = Date.now();
    try {
      await target.restart();
      this.hooks.log(`${name} restarted, healthy after ${formatSeconds(Date.now() - begun)}`);
    } catch (err) {
      if (this.stopped) return;
      // Exited during start-up: its exit is a crash like any other, already being handled.
      // Still running but not healthy in time: stopped here, and that exit is the crash.
      this.hooks.log(`${name} did not come back: ${(err as Error)?.message?.split('\n')[0] ?? String(err)}`);
      if (target.running()) target.kill();
    }
  }

  /** Forgets a pending restart (the process is being stopped or started on purpose). */
  cancel(name: string): void {
    const timer = this.pending.get(name);
    if (timer) clearTimeout(timer);
    this.pending.delete(name);
  }

  /** No more restarts: the stack is stopping. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
