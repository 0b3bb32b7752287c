// The deadline of the gRPC call being served, known to everything its handler does without being
// passed along: the database refuses to start or commit work once it has passed (db-deadline.ts),
// and calls to other services inherit it (grpc/client.ts). A caller that has given up has answered
// its own caller 503; work done for it after that would be a write nobody was told about
// (docs/api.md, "Writes answered 503").
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How early before the deadline the database may cut a statement short (db-deadline.ts keeps a
 * pooled connection's timeout while calls arrive with about the same time left, rounded down to
 * this step); a failure that close to the deadline is the deadline's, not an outage.
 */
export const DEADLINE_STEP_MS = 250;

/** Epoch milliseconds. */
const current = new AsyncLocalStorage<number>();

/** Runs `fn` with `deadline` (epoch ms; Infinity: none) as the deadline of everything it does. */
export function withCallDeadline<T>(deadline: number, fn: () => T): T {
  return current.run(deadline, fn);
}

/** The deadline of the call being served (epoch ms); undefined outside a call or without one. */
export function callDeadline(): number | undefined {
  const deadline = current.getStore();
  return deadline !== undefined && Number.isFinite(deadline) ? deadline : undefined;
}

/** True when the call being served has a deadline and it has passed. */
export function deadlinePassed(): boolean {
  const deadline = callDeadline();
  return deadline !== undefined && Date.now() >= deadline;
}

/** The caller's deadline passed before the work could start or commit; nothing was written. */
export class DeadlineExceeded extends Error {
  /** Own property: MikroORM re-wraps errors of the pool in a DriverException that copies these. */
  readonly deadlineExceeded = true;
  constructor(before: string) {
    super(`the caller's deadline passed before ${before}`);
    this.name = 'DeadlineExceeded';
  }
}

/** True for a DeadlineExceeded, also as re-wrapped by MikroORM. */
export function isDeadlineExceeded(err: unknown): boolean {
  return (err as { deadlineExceeded?: unknown } | undefined)?.deadlineExceeded === true;
}

/** Throws DeadlineExceeded when the call's deadline has passed. */
export function assertBeforeDeadline(before: string): void {
  if (deadlinePassed()) throw new DeadlineExceeded(before);
}
