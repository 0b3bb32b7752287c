// Where a process's CPU goes, by stage of a request: a V8 CPU profile (`--cpu-prof`) cut to a time
// window, each sample given to the innermost frame that names a stage (a hook, the handler, the
// metrics, the access log, the socket write...), else to the innermost frame of the framework or
// of Node's HTTP server that holds it. Samples are stacks: time spent in Fastify's reply.header
// called by the CORS hook is the CORS hook's; the socket write inside reply.send is the write's.
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  /** µs, on the machine's monotonic clock (CLOCK_MONOTONIC on Linux, as process.hrtime). */
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

type Rule = [stage: string, test: (f: CallFrame) => boolean];

const inUrl =
  (...parts: string[]) =>
  (f: CallFrame) =>
    parts.some((p) => f.url.includes(p));
const named =
  (...names: string[]) =>
  (f: CallFrame) =>
    names.includes(f.functionName);

/** Stages a frame names, the innermost frame that names one wins. */
const STAGES: Rule[] = [
  ['GC', named('(garbage collector)')],
  ['metrics (prom-client)', inUrl('/prom-client/')],
  ['access log (pino)', inUrl('/pino/', '/sonic-boom/', '/fast-redact/', '/pino-std-serializers/')],
  // By name: reading a request goes through the same modules (onStreamRead).
  [
    'socket write',
    (f) =>
      /write/i.test(f.functionName) &&
      inUrl('node:net', 'node:internal/stream_base_commons', 'node:internal/streams/writable')(f),
  ],
  ['HTTP write (headers, end)', inUrl('node:_http_outgoing')],
  ['CORS', inUrl('/@fastify/cors/', 'gateway/src/plugins/cors')],
  ['rate limit', inUrl('/@fastify/rate-limit/', 'gateway/src/plugins/rate-limits', 'toad-cache')],
  ['answer headers + request id', inUrl('gateway/src/plugins/headers')],
  ['hot path (merged hooks)', inUrl('gateway/src/plugins/hot-path')],
  ['observability hook', inUrl('gateway/src/plugins/observability', 'services/common/src/process/metrics')],
  ['HTTP checks', inUrl('gateway/src/plugins/http-server')],
  ['checks (preHandler)', inUrl('gateway/src/pipeline/checks', 'gateway/src/pipeline/auth')],
  [
    'send (ETag, 304, reply.send)',
    (f) => f.url.includes('gateway/src/cache/cache') && /send|notModified/i.test(f.functionName),
  ],
  [
    'read: cache lookup, visibility',
    inUrl('gateway/src/cache/', 'gateway/src/api/', 'services/common/src/domain/visibility', '/lru-cache/'),
  ],
  ['handler glue', inUrl('gateway/src/pipeline/')],
  ['ceiling handler', inUrl('test/bench/ceiling')],
];

/** Holders of the rest, the innermost wins. */
const FRAMEWORK: Rule[] = [
  ['Fastify: routing', inUrl('/find-my-way/')],
  ['Fastify: query string', inUrl('/fast-querystring/')],
  ['Fastify: request, hooks, reply', inUrl('/fastify/', '/avvio/')],
  [
    'Node: socket read, HTTP parse',
    inUrl('node:_http_server', 'node:_http_common', 'node:_http_incoming', 'node:internal/stream_base_commons'),
  ],
];

const IDLE = '(idle)';

export interface StageTable {
  /** Stage → µs of CPU per request (the profiled thread). */
  perRequest: Map<string, number>;
  /** µs per request, every stage. */
  total: number;
  /** Share of the window the thread was busy. */
  busy: number;
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}

/** The profile's samples from `fromUs` to `toUs` (monotonic µs), by stage, per request. */
export function stagesOf(profile: CpuProfile, fromUs: number, toUs: number, requests: number): StageTable {
  if (fromUs < profile.startTime || toUs > profile.endTime) {
    throw new Error(`window ${fromUs}..${toUs} outside the profile (${profile.startTime}..${profile.endTime})`);
  }
  const stageOf = classify(profile);
  const totals = new Map<string, number>();
  let t = profile.startTime;
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    // A sample stands for the time until the next one.
    const span = profile.timeDeltas[i + 1] ?? 0;
    if (t < fromUs || t >= toUs) continue;
    const stage = stageOf.get(profile.samples[i])!;
    if (stage === IDLE) continue;
    busy += span;
    totals.set(stage, (totals.get(stage) ?? 0) + span);
  }
  const perRequest = new Map([...totals].map(([k, v]) => [k, v / requests] as const).sort((a, b) => b[1] - a[1]));
  return { perRequest, total: busy / requests, busy: busy / (toUs - fromUs) };
}

/** Each node's stage, from its stack. */
function classify(profile: CpuProfile): Map<number, string> {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const out = new Map<number, string>();
  for (const node of profile.nodes) {
    const stack: CallFrame[] = [];
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id))
      stack.push(byId.get(id)!.callFrame);
    out.set(node.id, stageOfStack(stack));
  }
  return out;
}

/** `stack`: innermost frame first. */
function stageOfStack(stack: CallFrame[]): string {
  const leaf = stack[0];
  if (leaf.functionName === '(idle)') return IDLE;
  if (leaf.functionName === '(program)') return 'V8/native (program)';
  for (const rules of [STAGES, FRAMEWORK]) {
    for (const frame of stack) {
      const rule = rules.find(([, test]) => test(frame));
      if (rule) return rule[0];
    }
  }
  return `other: ${leaf.url.replace(/^.*node_modules\//, '') || leaf.functionName || '(native)'}`;
}
