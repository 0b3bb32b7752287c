/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Fault injection (issue 6): the stack keeps its promises when a dependency fails under it.
//   (a) NATS down while mods are deleted: deletes answer 200, events wait in the outbox, and once
//       NATS is back every detach happens, each event stored and handled exactly once;
//   (b) builds killed (SIGKILL) in the middle of a burst of 100 mod.deleted events: after its
//       restart every assignment of every deleted mod is gone, and no other;
//   (c) catalog's PostgreSQL restarted under load: catalog answers 503 fast (never 500, never a
//       hang), builds keeps serving, and catalog recovers by itself, no process restarted;
//   (d) builds stopped (SIGTERM): its routes, and a catalog route that asks builds, answer 503
//       within the gateway's deadline, with no side effect, and recover after its restart.
// Covered elsewhere, not repeated here: one delete while builds is down (SIGTERM and SIGKILL) in
// consistency.test.ts; builds killed with a short deadline, /readyz and catalog serving meanwhile
// in health.test.ts; the response cache without NATS in cache-nats.test.ts.
//
// One stack for all four, on a NATS and (for catalog) a PostgreSQL of this file's own, so that
// stopping them disturbs nothing else on the machine. The gateway's response cache is off so that
// every read really reaches the service under test. The back-end services have a shorter gRPC
// deadline than the gateway (an outer budget covering the inner hop), so that a service that
// cannot reach its peer answers before the gateway gives up on it.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { jetstreamManager, type ConsumerInfo } from '@nats-io/jetstream';
import { Pool } from 'pg';
import { eventSubject, streamName, type EventType } from '@depot/common';
import { connectBus, type Bus } from '@depot/common/bus';
import { createDatabaseIfMissing } from '@depot/common/runtime';
import { silentLogger, testDependency } from '@depot/common/testing';
import { describeExit, freePort } from '@depot/local';
import { Api, TestStack, eventually, md5Of, startTestStack, must } from '../support';
import { natsServer, PrivateNats } from '../support/private-nats';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Deadline of the gateway's calls (its default) and of the services' calls to each other. */
const GATEWAY_DEADLINE_MS = 5000;
const SERVICE_DEADLINE_MS = 3000;
/** No answer may take longer than this, whatever is down. */
const ANSWER_BOUND_MS = GATEWAY_DEADLINE_MS + 3000;
const UNAVAILABLE = { error: 'Service unavailable.' };
const DETACH_DURABLE = 'builds-detach';

// ---------------------------------------------------------------------------------------------
// Private servers

/** PostgreSQL's programs: npm test finds the machine's, or those of the embedded PostgreSQL. */
const pgBin = testDependency('TEST_PG_BIN', '/usr/lib/postgresql/15/bin');
// Without them (npm test says how to get them) this file's tests are skipped, and fail under CI.
const test = natsServer.skip || pgBin.skip ? globalThis.test.skip : globalThis.test;

/**
 * A PostgreSQL cluster in a temporary directory (initdb, pg_ctl), trust auth on 127.0.0.1 only.
 * As root, its programs run as the `postgres` user (initdb refuses root).
 */
class PrivatePostgres {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-faults-pg-'));
  readonly bin = pgBin.require();
  port = 0;
  private owner?: { uid: number; gid: number };

  get data() {
    return path.join(this.dir, 'data');
  }

  url(database: string) {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async init() {
    this.port = await freePort();
    if (process.getuid?.() === 0) {
      const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
      const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
      this.owner = { uid, gid };
      fs.chownSync(this.dir, uid, gid);
    }
    await this.exec('initdb', ['-D', this.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '-N']);
    fs.appendFileSync(
      path.join(this.data, 'postgresql.conf'),
      [
        `port = ${this.port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = ''`,
        'fsync = off',
        'max_connections = 100',
        '',
      ].join('\n'),
    );
  }

  async start() {
    await this.exec('pg_ctl', ['-D', this.data, '-l', path.join(this.dir, 'log'), '-w', '-t', '60', 'start']);
  }

  /** `fast`: active sessions are terminated (clients see 57P01 or a closed socket). */
  async stop(mode: 'fast' | 'immediate' = 'fast') {
    await this.exec('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  log() {
    try {
      return fs.readFileSync(path.join(this.dir, 'log'), 'utf8');
    } catch {
      return '';
    }
  }

  async dispose() {
    await this.stop('immediate').catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private async exec(program: string, args: string[]) {
    await run(path.join(this.bin, program), args, { cwd: this.dir, ...this.owner, timeout: 90_000 });
  }
}

// ---------------------------------------------------------------------------------------------
// The stack and its observables

let nats: PrivateNats;
let pg: PrivatePostgres;
let t: TestStack;
let admin: Api;
let anon: Api;
let bus: Bus | undefined;
let catalogDb: Pool;
let buildsDb: Pool;
let metricsPort: number;
const unexpectedExits: string[] = [];

beforeAll(async () => {
  nats = new PrivateNats();
  pg = new PrivatePostgres();
  await Promise.all([nats.start(), pg.init().then(() => pg.start())]);
  const catalogUrl = pg.url('depot_faults_catalog');
  await createDatabaseIfMissing(catalogUrl);
  metricsPort = await freePort();
  t = await startTestStack({
    natsUrl: nats.url,
    env: { GRPC_DEADLINE_MS: String(SERVICE_DEADLINE_MS) },
    services: {
      catalog: { DATABASE_URL: catalogUrl },
      builds: { METRICS_PORT: String(metricsPort) },
      gateway: { GRPC_DEADLINE_MS: String(GATEWAY_DEADLINE_MS), CACHE_ENABLED: 'false' },
    },
    onUnexpectedExit: (name, exit) => unexpectedExits.push(`${name}: ${describeExit(exit)}`),
  });
  admin = t.admin;
  anon = t.anon;
  // Idle connections of these pools break when a server stops; the pool drops them.
  catalogDb = new Pool({ connectionString: catalogUrl, max: 2, connectionTimeoutMillis: 3000 });
  catalogDb.on('error', () => undefined);
  buildsDb = new Pool({ connectionString: t.stack.databases.builds, max: 2, connectionTimeoutMillis: 3000 });
  buildsDb.on('error', () => undefined);
  bus = await connectBus(nats.url, t.namespace, silentLogger());
}, 180_000);

afterAll(async () => {
  await bus?.close().catch(() => undefined);
  await catalogDb?.end().catch(() => undefined);
  await buildsDb?.end().catch(() => undefined);
  await t?.stop();
  await nats?.dispose();
  await pg?.dispose();
}, 120_000);

afterEach(() => {
  // Every exit of a service is one the test asked for.
  expect(unexpectedExits).toEqual([]);
});

/** Runs `fn` over `items`, at most `limit` at a time. */
async function inParallel<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/** Creates mods `<prefix>-<i>` with one version `1` each; returns their ids. */
async function makeMods(prefix: string, count: number): Promise<number[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  return inParallel(names, 6, async (name) => {
    const mod = must(await admin.post('/api/mod', { name, pretty_name: name }), 201, `mod ${name}`);
    must(await admin.post(`/api/mod/${name}/version`, { version: '1', md5: md5Of(name), filesize: 1 }), 201, 'v');
    return mod.id as number;
  });
}

async function makePack(slug: string, builds: string[]) {
  must(await admin.post('/api/modpack', { name: `Pack ${slug}`, slug, hidden: false }), 201, `pack ${slug}`);
  for (const version of builds) {
    must(
      await admin.post(`/api/modpack/${slug}/build`, { version, minecraft: '1.20.1', is_published: true }),
      201,
      `build ${slug}/${version}`,
    );
  }
}

/** Assigns version `1` of every mod to every build. */
async function assignAll(slug: string, builds: string[], mods: string[]) {
  const pairs = builds.flatMap((b) => mods.map((m) => [b, m] as const));
  await inParallel(pairs, 6, async ([b, m]) =>
    must(await admin.post(`/api/modpack/${slug}/${b}/mod`, { mod_slug: m, mod_version: '1' }), 201, `assign ${m}`),
  );
}

const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

/** Assignments (rows in builds' database) of these mods. */
async function assignments(modIds: number[]): Promise<number> {
  const { rows } = await buildsDb.query('select count(*)::int as n from build_mods where mod_id = any($1)', [modIds]);
  return rows[0].n;
}

/** Mods of these that some build still holds. */
async function modsStillAssigned(modIds: number[]): Promise<number> {
  const { rows } = await buildsDb.query(
    'select count(distinct mod_id)::int as n from build_mods where mod_id = any($1)',
    [modIds],
  );
  return rows[0].n;
}

/** Catalog's outbox rows of a type not yet published. */
async function outboxWaiting(type: EventType): Promise<number> {
  const { rows } = await catalogDb.query(
    'select count(*)::int as n from outbox where published_at is null and type = $1',
    [type],
  );
  return rows[0].n;
}

/** Messages of one event type held in the namespace's stream. */
async function streamCount(type: EventType): Promise<number> {
  const jsm = await jetstreamManager(bus!.nc, { timeout: 5000 });
  const subject = eventSubject(t.namespace, type);
  const info = await jsm.streams.info(streamName(t.namespace), { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
}

async function detachConsumer(): Promise<ConsumerInfo> {
  const jsm = await jetstreamManager(bus!.nc, { timeout: 5000 });
  return jsm.consumers.info(streamName(t.namespace), DETACH_DURABLE);
}

/** Caught up: nothing waits in catalog's outbox, nothing pending or unacked at the consumer. */
async function eventsSettled(timeoutMs: number) {
  await eventually(
    async () => {
      const c = await detachConsumer();
      return (
        (await catalogDb.query('select 1 from outbox where published_at is null limit 1')).rowCount === 0 &&
        c.num_pending === 0 &&
        c.num_ack_pending === 0
      );
    },
    timeoutMs,
    100,
  );
}

/** depot_events_processed_total of the detach consumer (this builds process, since its start). */
async function processed(type: EventType, result: 'ok' | 'error' | 'ignored'): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  for (const line of text.split('\n')) {
    const m = /^depot_events_processed_total\{([^}]*)\} (\S+)$/.exec(line);
    if (!m) continue;
    const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (labels.durable === DETACH_DURABLE && labels.type === type && labels.result === result) return Number(m[2]);
  }
  return 0;
}

async function modsOfBuild(slug: string, build: string): Promise<string[]> {
  const r = must(await admin.get(`/api/modpack/${slug}/${build}`), 200, `read ${slug}/${build}`);
  return r.mods.map((m: any) => m.name as string);
}

/** A request and how long its answer took. */
async function timed(api: Api, method: string, url: string, body?: unknown) {
  const started = Date.now();
  const r = await api.request(method, url, body);
  return { call: `${method} ${url}`, status: r.status, body: r.body, text: r.text, ms: Date.now() - started };
}

// ---------------------------------------------------------------------------------------------

test('(a) NATS down while mods are deleted: 200s, events wait in the outbox, then every detach exactly once', async () => {
  const N = 10;
  const mods = names('nf', N);
  const keeper = 'nf-keeper';
  const ids = await makeMods('nf', N);
  const [keeperId] = await makeMods(keeper, 1);
  await makePack('nf', ['1', '2']);
  await assignAll('nf', ['1', '2'], [...mods, `${keeper}-0`]);
  expect(await assignments(ids)).toBe(2 * N);
  await eventsSettled(30_000);
  const consumerBefore = await detachConsumer();
  const okBefore = await processed('mod.deleted', 'ok');
  expect(await streamCount('mod.deleted')).toBe(0);

  await nats.stop('SIGKILL');
  let natsDown = true;
  try {
    for (const name of mods) {
      const r = await timed(admin, 'DELETE', `/api/mod/${name}`);
      expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: { success: 'Mod deleted.' } });
      expect(r.ms).toBeLessThan(ANSWER_BOUND_MS);
    }
    expect((await anon.get(`/api/mod/${mods[0]}`)).status).toBe(404);
    // The relay keeps retrying meanwhile; the events wait, none is marked sent, nobody detached.
    await sleep(2000);
    expect(await outboxWaiting('mod.deleted')).toBe(N);
    expect(await assignments(ids)).toBe(2 * N);

    await nats.start();
    natsDown = false;
  } finally {
    if (natsDown) await nats.start();
  }

  await eventually(
    async () => (await assignments(ids)) === 0 && (await outboxWaiting('mod.deleted')) === 0,
    30_000,
    100,
  );
  await eventsSettled(15_000);
  // Published once per row: the stream holds exactly one message per delete (JetStream drops a
  // re-publish of a row whose first publish timed out, by its message id)...
  expect(await streamCount('mod.deleted')).toBe(N);
  // ...and each was delivered once (a redelivery takes a delivery sequence number too) and
  // handled once by builds.
  const consumerAfter = await detachConsumer();
  expect(consumerAfter.delivered.consumer_seq - consumerBefore.delivered.consumer_seq).toBe(N);
  expect(consumerAfter.ack_floor.consumer_seq).toBe(consumerAfter.delivered.consumer_seq);
  expect((await processed('mod.deleted', 'ok')) - okBefore).toBe(N);
  expect(await processed('mod.deleted', 'error')).toBe(0);
  // The other mod is untouched.
  expect(await assignments([keeperId])).toBe(2);
  expect(await modsOfBuild('nf', '1')).toEqual([`${keeper}-0`]);
  expect(await modsOfBuild('nf', '2')).toEqual([`${keeper}-0`]);
}, 120_000);

test('(b) builds killed (SIGKILL) mid-way through a burst of 100 mod.deleted: after restart every detach is done, no other', async () => {
  const BURST = 100;
  const KEEPERS = 3;
  const burst = names('burst', BURST);
  const keepers = names('burst-keeper', KEEPERS);
  const ids = await makeMods('burst', BURST);
  const keeperIds = await makeMods('burst-keeper', KEEPERS);
  await makePack('burst', ['1', '2']);
  await assignAll('burst', ['1', '2'], [...burst, ...keepers]);
  expect(await assignments(ids)).toBe(2 * BURST);
  await eventsSettled(30_000);
  const streamBefore = await streamCount('mod.deleted');

  // Delete them all quickly; kill builds as soon as some (not all) are detached.
  let deletesDone = false;
  const deletes = inParallel(burst, 4, async (name) => (await admin.delete(`/api/mod/${name}`)).status).finally(
    () => (deletesDone = true),
  );
  let detachedAtKill = 0;
  await eventually(
    async () => {
      detachedAtKill = BURST - (await modsStillAssigned(ids));
      return detachedAtKill >= 10 || (deletesDone && detachedAtKill > 0);
    },
    60_000,
    10,
  );
  const killedPid = t.stack.pid('builds');
  await t.stack.stopService('builds', 'SIGKILL');
  let restarted = false;
  try {
    // The deletes never needed builds.
    expect((await deletes).filter((status) => status !== 200)).toEqual([]);
    const leftWhileDown = await modsStillAssigned(ids);
    if (leftWhileDown === 0) throw new Error('every detach was done before the kill: the test did not kill mid-way');
    expect(leftWhileDown).toBeLessThan(BURST);
    await eventually(async () => (await outboxWaiting('mod.deleted')) === 0, 15_000, 100);
    expect(await streamCount('mod.deleted')).toBe(streamBefore + BURST);

    const restartedAt = Date.now();
    await t.stack.startService('builds');
    restarted = true;
    expect(t.stack.pid('builds')).not.toBe(killedPid);
    // Events the killed process had received but not acked come back after the consumer's ack wait
    // (10 s): well within 30 s of the restart, even on a busy machine.
    await eventually(async () => (await assignments(ids)) === 0, 30_000, 200);
    console.info(
      `(b) builds killed after ${detachedAtKill}/${BURST} mods detached (${leftWhileDown} left while it was down); ` +
        `the rest done ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart`,
    );
  } finally {
    if (!restarted) await t.stack.startService('builds');
  }
  // Nothing else was touched, and the builds are whole.
  expect(await assignments(keeperIds)).toBe(2 * KEEPERS);
  expect(await modsOfBuild('burst', '1')).toEqual(keepers);
  expect(await modsOfBuild('burst', '2')).toEqual(keepers);
  await eventsSettled(60_000);
  expect(await processed('mod.deleted', 'error')).toBe(0);
}, 180_000);

test("(c) catalog's PostgreSQL restarted under load: 503 fast, builds unaffected, catalog recovers by itself", async () => {
  await makeMods('pgr', 1);
  await makePack('pgr', ['1']);
  const pids = Object.fromEntries((['catalog', 'builds', 'auth', 'gateway'] as const).map((n) => [n, t.stack.pid(n)]));

  type Sample = { route: string; status: number; body: unknown; ms: number; at: number };
  const samples: Sample[] = [];
  let running = true;
  let seq = 0;
  const createMod = () => timed(admin, 'POST', '/api/mod', { name: `pgr-new-${seq++}`, pretty_name: 'New' });
  const routes: [string, () => Promise<Omit<Sample, 'route' | 'at'> & { call: string }>][] = [
    ['catalog ListMods', () => timed(anon, 'GET', '/api/mod')],
    ['catalog GetMod', () => timed(anon, 'GET', '/api/mod/pgr-0')],
    // writes (transactions) caught by the shutdown at any step: BEGIN, a statement, COMMIT
    ['catalog CreateMod 1', createMod],
    ['catalog CreateMod 2', createMod],
    ['catalog CreateMod 3', createMod],
    ['builds ListModpackSources', () => timed(anon, 'GET', '/api/modpack')],
  ];
  const load = (async () => {
    while (running) {
      await Promise.all(
        routes.map(async ([route, call]) => {
          const at = Date.now();
          const r = await call();
          samples.push({ route, status: r.status, body: r.body, ms: r.ms, at });
        }),
      );
      await sleep(50);
    }
  })();
  const catalogSamples = (since = 0) => samples.filter((s) => s.route.startsWith('catalog') && s.at >= since);

  try {
    await sleep(1500);
    const stoppedAt = Date.now();
    await pg.stop('fast');
    try {
      await eventually(async () => catalogSamples(stoppedAt).some((s) => s.status === 503), 15_000, 50);
      await sleep(3000); // an outage, under load
    } finally {
      await pg.start();
    }
    const startedAt = Date.now();
    // Recovery: every catalog route answers normally again, with no process restarted.
    await eventually(
      async () => {
        const recent = catalogSamples(startedAt);
        return routes
          .filter(([route]) => route.startsWith('catalog'))
          .every(([route]) => recent.some((s) => s.route === route && s.status < 300));
      },
      30_000,
      100,
    );
    const recoveredAt = Date.now();
    await sleep(1000);
    running = false;
    await load;
    const tail = catalogSamples(recoveredAt + 500);
    expect(tail.length).toBeGreaterThan(0);
    expect(tail.filter((s) => s.status >= 300)).toEqual([]);
    console.info(
      `(c) catalog back ${((recoveredAt - startedAt) / 1000).toFixed(1)} s after PostgreSQL started; ` +
        `${catalogSamples().filter((s) => s.status === 503).length} catalog 503s, slowest answer ` +
        `${Math.max(...samples.map((s) => s.ms))} ms`,
    );
  } finally {
    running = false;
    await load;
  }

  // Catalog: only success or 503 with the JSON error, never 500, never slow.
  if (catalogSamples().some((s) => s.status === 500)) {
    // What the catalog made of it (its error lines: "unhandled error in gRPC handler").
    const errors = t.stack
      .logs('catalog')
      .split('\n')
      .filter((l) => l.includes('"level":50'))
      .map((l) => {
        const { method, err } = JSON.parse(l);
        return `${method}: ${err?.type} ${err?.message}`;
      });
    console.info(`catalog errors:\n${errors.join('\n')}`);
  }
  for (const s of catalogSamples()) {
    if (s.status >= 300)
      expect({ route: s.route, status: s.status, body: s.body }).toEqual({
        route: s.route,
        status: 503,
        body: UNAVAILABLE,
      });
    expect(s.ms).toBeLessThan(ANSWER_BOUND_MS);
  }
  // Builds, on its own database, never noticed.
  const builds = samples.filter((s) => s.route.startsWith('builds'));
  expect(builds.length).toBeGreaterThan(10);
  expect(builds.filter((s) => s.status !== 200)).toEqual([]);
  // No process was restarted.
  for (const [name, pid] of Object.entries(pids))
    expect({ name, pid: t.stack.pid(name as 'catalog') }).toEqual({ name, pid });

  // The catalog's outbox relay and health are back too: a delete's event reaches builds.
  await makeMods('pgr-after', 1);
  await admin.post('/api/modpack/pgr/1/mod', { mod_slug: 'pgr-after-0', mod_version: '1' });
  expect(await modsOfBuild('pgr', '1')).toEqual(['pgr-after-0']);
  must(await admin.delete('/api/mod/pgr-after-0'), 200, 'delete');
  await eventually(async () => (await modsOfBuild('pgr', '1')).length === 0, 15_000, 100);
  await eventually(async () => (await anon.get('/readyz')).status === 200, 15_000, 200);
}, 150_000);

test('(d) builds stopped: 503 JSON within the deadline, no side effect, recovery after its restart', async () => {
  await makeMods('down', 1);
  await makePack('down', ['1']);
  await assignAll('down', ['1'], ['down-0']);

  await t.stack.stopService('builds');
  let restarted = false;
  try {
    const calls = [
      timed(anon, 'GET', '/api/modpack'),
      timed(anon, 'GET', '/api/modpack/down'),
      timed(anon, 'GET', '/api/modpack/down/1'),
      timed(admin, 'POST', '/api/modpack', { name: 'Later', slug: 'later', hidden: false }),
      timed(admin, 'PUT', '/api/modpack/down/1', { is_published: false }),
      // catalog asks builds whether the version is in use before deleting it
      timed(admin, 'DELETE', '/api/mod/down-0/1'),
      // several at once: none hangs
      ...Array.from({ length: 5 }, () => timed(anon, 'GET', '/api/modpack')),
    ];
    const catalogOnly = await timed(anon, 'GET', '/api/mod/down-0');
    const answers = await Promise.all(calls);
    for (const r of answers) {
      expect({ call: r.call, status: r.status, body: r.body }).toEqual({
        call: r.call,
        status: 503,
        body: UNAVAILABLE,
      });
      expect(r.ms).toBeLessThan(ANSWER_BOUND_MS);
    }
    console.info(
      `(d) 503s with builds down after ${Math.min(...answers.map((r) => r.ms))}-${Math.max(...answers.map((r) => r.ms))} ms`,
    );
    // catalog alone still serves, and the refused delete did not happen
    expect(catalogOnly.status).toBe(200);
    expect((await anon.get('/api/mod/down-0/1')).status).toBe(200);

    await t.stack.startService('builds');
    restarted = true;
  } finally {
    if (!restarted) await t.stack.startService('builds');
  }

  await eventually(async () => (await anon.get('/api/modpack')).status === 200, 15_000, 200);
  expect(await modsOfBuild('down', '1')).toEqual(['down-0']);
  must(await admin.post('/api/modpack', { name: 'Later', slug: 'later', hidden: false }), 201, 'pack after');
  // the version is still in its build, so now the delete is refused for that reason
  await eventually(
    async () => {
      const r = await admin.delete('/api/mod/down-0/1');
      expect({ status: r.status, body: r.body }).toEqual({
        status: 409,
        body: { error: 'Mod version is in use by 1 build(s) and cannot be deleted.' },
      });
      return true;
    },
    10_000,
    200,
  );
}, 120_000);
