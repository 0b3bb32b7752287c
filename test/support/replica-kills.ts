// Crashes under load: one replica at a time gets SIGKILL, the launcher restarts it, and each kill's
// window (until the next kill) is summed up: requests answered, failed by outcome, the longest wait,
// and what the events did meanwhile (published into the stream, delivered to and handled by the
// durable consumers, still awaiting acknowledgement: the dead replica's, until its ack wait ends).
import type { Replica } from '@depot/local';
import { eventually, type TestStack } from './index';
import type { Sample, SteadyLoad } from './replica-load';
import { streamState, type StreamState } from './replicas';

export interface Kill {
  replica: string;
  /** performance.now() of the SIGKILL. */
  at: number;
  /** How long until the launcher had it healthy again, in ms. */
  downMs: number;
  events: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * SIGKILLs each replica in turn, each time waiting until the launcher reports it restarted (a line
 * of `launcher`) and `settleMs` more for the callers to reconnect to it.
 */
export async function killInTurn(
  t: TestStack,
  launcher: string[],
  replicas: Replica[],
  settleMs: number,
): Promise<Kill[]> {
  const restarts = (name: string) => launcher.filter((l) => l.startsWith(`${name} restarted, healthy after `)).length;
  const kills: Kill[] = [];
  for (const replica of replicas) {
    const before = { restarts: restarts(replica.name), stream: await streamState(t.stack.natsUrl, t.namespace) };
    const at = performance.now();
    process.kill(replica.pid!, 'SIGKILL');
    await eventually(async () => restarts(replica.name) > before.restarts, 90_000, 100);
    const downMs = performance.now() - at;
    await sleep(settleMs);
    const events = eventsBetween(before.stream, await streamState(t.stack.natsUrl, t.namespace));
    kills.push({ replica: replica.name, at, downMs, events });
  }
  return kills;
}

function eventsBetween(before: StreamState, after: StreamState): string {
  const sum = (s: StreamState, of: (c: StreamState['consumers'][string]) => number) =>
    Object.values(s.consumers).reduce((n, c) => n + of(c), 0);
  const delta = (of: (c: StreamState['consumers'][string]) => number) => sum(after, of) - sum(before, of);
  // A delivery no longer waiting for its acknowledgement was handled (a failed one comes back as a
  // redelivery, counted as a delivery again).
  return (
    `events published ${after.messages - before.messages}, delivered ${delta((c) => c.delivered)} ` +
    `(${delta((c) => c.redelivered)} redelivered), handled ${delta((c) => c.delivered - c.ackPending)}, ` +
    `${sum(after, (c) => c.ackPending)} awaiting acknowledgement`
  );
}

/** The requests of each kill: answered from its SIGKILL on, until the next one. */
export function windowOf(load: SteadyLoad, kills: Kill[], i: number): Sample[] {
  const to = kills[i + 1]?.at ?? Infinity;
  return load.samples.filter((s) => s.startedAt + s.ms >= kills[i].at && s.startedAt + s.ms < to);
}

/** Requests answered (2xx), failed by outcome, and the longest wait. */
export function tally(samples: Sample[]): { answered: number; failed: Record<string, number>; longestMs: number } {
  const failed: Record<string, number> = {};
  for (const s of samples) {
    if (typeof s.outcome === 'number' && s.outcome < 300) continue;
    failed[String(s.outcome)] = (failed[String(s.outcome)] ?? 0) + 1;
  }
  const answered = samples.length - Object.values(failed).reduce((a, b) => a + b, 0);
  return { answered, failed, longestMs: Math.round(Math.max(0, ...samples.map((s) => s.ms))) };
}

/** One line per kill, for the test's report. */
export function describeKill(kill: Kill, samples: Sample[]): string {
  const reads = tally(samples.filter((s) => s.kind === 'read'));
  const writes = tally(samples.filter((s) => s.kind === 'write'));
  const part = (what: string, x: ReturnType<typeof tally>) =>
    `${what} ${x.answered} answered, failed ${JSON.stringify(x.failed)}, longest ${x.longestMs} ms`;
  return (
    `killed ${kill.replica} (healthy again after ${(kill.downMs / 1000).toFixed(1)} s): ` +
    `${part('reads', reads)}; ${part('writes', writes)}; ${kill.events}`
  );
}

/** Whether a request was on its way when `kill` happened (sent before every caller could know). */
export function inFlightAt(s: Sample, kill: Kill, noticeMs: number): boolean {
  return s.startedAt < kill.at + noticeMs && s.startedAt + s.ms >= kill.at;
}
