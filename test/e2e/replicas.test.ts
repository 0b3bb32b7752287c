// Two replicas of every service (and two gateways) on one machine, as Kubernetes runs them
// (docs/replicas.md): each its own process and port, every caller balancing round_robin over the
// static list of every replica's address. Proven here:
// - both replicas of each service start at once on empty databases: one migrates, both serve;
// - the load is spread: each replica serves a share of the calls (its own /metrics);
// - with two outbox relays and two consumers per durable, every event is published once into the
//   stream and handled once, and every mod delete detaches its assignments once;
// - under a steady read and write load, one replica of each service is SIGKILLed in turn and
//   restarted by the launcher: no read fails, a write fails only if it was on its way to the dead
//   replica (503; it may have happened), nothing waits out a deadline, no acknowledged write is lost.
import { createDatabaseIfMissing, serviceDatabaseUrl } from '@depot/common/runtime';
import { queryDatabase, testDatabaseUrl, uniqueName } from '@depot/common/testing';
import { BACKENDS, type ServiceName } from '@depot/local';
import { Api, eventually, md5Of, must, startTestStack, type TestStack } from '../support';
import { describeKill, inFlightAt, killInTurn, tally, windowOf, type Kill } from '../support/replica-kills';
import { SteadyLoad, type Sample } from '../support/replica-load';
import {
  holdMigrationsLock,
  metricSum,
  outbox,
  PROVEN,
  scrapeReplicas,
  servedByReplica,
  settledStream,
  waitForWaiters,
} from '../support/replicas';

const DEADLINE_MS = 5000;
/** From a SIGKILL until every caller has seen the connection go: a request sent later must not fail. */
const NOTICE_MS = 1000;
const POLICY = { maxCrashes: 3, windowMs: 120_000, firstDelayMs: 200, maxDelayMs: 1000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestStack;
const launcher: string[] = [];
const waitersAtStart: Record<string, number> = {};
const report: string[] = [];

beforeAll(async () => {
  // Empty databases whose migrations lock this test holds: both replicas of each service start,
  // reach the lock and wait; released, they race for it.
  const base = uniqueName('depot_e2e');
  const urls = BACKENDS.map((name) => serviceDatabaseUrl(testDatabaseUrl(base), name));
  await Promise.all(urls.map((url) => createDatabaseIfMissing(url)));
  const locks = await Promise.all(urls.map((url) => holdMigrationsLock(url)));
  const starting = startTestStack({
    databaseBase: base,
    replicas: {
      catalog: PROVEN.replicas,
      builds: PROVEN.replicas,
      auth: PROVEN.replicas,
      hooks: PROVEN.replicas,
      gateway: PROVEN.replicas,
    },
    // Eight pools on the machine's one PostgreSQL; every read reaches the services.
    env: { DATABASE_POOL_MAX: '4', GRPC_DEADLINE_MS: String(DEADLINE_MS) },
    services: {
      gateway: { CACHE_ENABLED: 'false', ACCESS_LOG: 'false' },
      ...Object.fromEntries(BACKENDS.map((name) => [name, { LOG_LEVEL: 'info' }])),
    },
    supervise: POLICY,
    log: (line) => launcher.push(line),
  });
  let stalled: unknown;
  try {
    await waitForWaiters(locks, PROVEN.replicas, 150_000);
    for (const [i, name] of BACKENDS.entries()) waitersAtStart[name] = await locks[i].waiters();
  } catch (err) {
    stalled = err;
  } finally {
    await Promise.all(locks.map((l) => l.release()));
  }
  t = await starting;
  if (stalled) throw stalled;
}, 300_000);

afterAll(async () => {
  if (report.length) console.info(report.join('\n'));
  await t?.stop();
});

const gateways = () => t.stack.gatewayUrls;

test('both replicas of each service, started at once on empty databases: one migrates, both serve', async () => {
  for (const name of BACKENDS) {
    const replicas = t.stack.replicas(name);
    expect(replicas.map((r) => r.name)).toEqual([`${name}-1`, `${name}-2`]);
    // Both were waiting on the lock when it was released.
    expect([name, waitersAtStart[name]]).toEqual([name, PROVEN.replicas]);
    const applied = replicas.flatMap((r) =>
      r
        .logs()
        .split('\n')
        .filter((l) => l.includes('"migrations applied"'))
        .map((l) => ({ replica: r.name, migrations: JSON.parse(l).migrations as string[] })),
    );
    expect([name, applied.length]).toEqual([name, 1]);
    for (const r of replicas) expect([r.name, r.logs().includes('"database ready"')]).toEqual([r.name, true]);
    const rows = await queryDatabase<{ name: string }>(
      t.stack.databases[name],
      'select name from mikro_orm_migrations order by id',
    );
    expect(rows.map((r) => r.name)).toEqual(applied[0].migrations);
    report.push(`${name}: ${applied[0].migrations.length} migrations applied once, by ${applied[0].replica}`);
  }
  for (const url of gateways()) expect((await new Api(url).get('/readyz')).status).toBe(200);
});

test('the load is spread: each replica serves a share of its service’s calls', async () => {
  const load = new SteadyLoad(t, gateways(), 'spread');
  await load.seed();
  const before = await servedByReplica(t.stack);
  load.start(4, 2);
  await sleep(6000);
  await load.stop();
  const after = await servedByReplica(t.stack);
  expect(load.samples.filter((s) => s.outcome !== 200 && s.outcome !== 201)).toEqual([]);
  // (The load calls no webhook route: hooks serves none of it.)
  for (const name of [...BACKENDS.filter((n) => n !== 'hooks'), 'gateway'] as ServiceName[]) {
    const shares = t.stack.replicas(name).map((r) => after[r.name] - before[r.name]);
    const total = shares.reduce((a, b) => a + b, 0);
    report.push(`${name}: ${total} calls in 6 s, per replica ${shares.join(' / ')}`);
    expect(total).toBeGreaterThanOrEqual(40);
    for (const share of shares) expect([name, share >= total / 4]).toEqual([name, true]);
  }
});

test('two relays and two consumers: every event published once and handled once, every delete detaches once', async () => {
  const admin = t.admin;
  const N = 16;
  must(await admin.post('/api/modpack', { name: 'Rep events', slug: 'rep-ev', hidden: false }), 201, 'pack');
  const builds = ['1', '2', '3', '4'];
  for (const version of builds)
    must(await admin.post('/api/modpack/rep-ev/build', { version, minecraft: '1.20.1' }), 201, 'build');
  const ids: number[] = [];
  for (let i = 0; i < N; i++) {
    const name = `rep-ev-${i}`;
    ids.push(must(await admin.post('/api/mod', { name, pretty_name: name }), 201, 'mod').id);
    must(await admin.post(`/api/mod/${name}/version`, { version: '1', md5: md5Of(name) }), 201, 'version');
    must(
      await admin.post(`/api/modpack/rep-ev/${builds[i % 4]}/mod`, { mod_slug: name, mod_version: '1' }),
      201,
      'assign',
    );
  }
  const [{ last }] = await queryDatabase<{ last: string }>(
    t.stack.databases.builds,
    'select coalesce(max(id), 0) as last from outbox',
  );

  // Every delete at once, through both gateways: both catalog replicas commit, both relays publish.
  const apis = gateways().map((url) => new Api(url, t.adminToken));
  const deletes = await Promise.all(ids.map((_, i) => apis[i % 2].delete(`/api/mod/rep-ev-${i}`)));
  expect(deletes.map((r) => r.status)).toEqual(ids.map(() => 200));
  // Modpacks deleted too: builds' relays publish modpack.deleted, auth's two replicas consume it.
  for (let i = 0; i < 4; i++) {
    must(await admin.post('/api/modpack', { name: `Rep gone ${i}`, slug: `rep-gone-${i}` }), 201, 'pack');
    must(await apis[i % 2].delete(`/api/modpack/rep-gone-${i}`), 200, 'delete pack');
  }

  await eventually(async () => (await outbox(t.stack)).unsent === 0, 30_000, 250);
  const stream = await settledStream(t.stack.natsUrl, t.namespace);
  const { byType: rowsByType, rows } = await outbox(t.stack);

  // Published once: the stream holds each outbox row once, and the relays' counters add up to the rows.
  expect(stream.byType).toEqual(rowsByType);
  const metrics = await scrapeReplicas(t.stack, BACKENDS);
  const published = (name: string) =>
    t.stack.replicas(name as ServiceName).map((r) => metricSum(metrics[r.name], 'depot_outbox_published_total'));
  for (const service of ['catalog', 'builds'] as const) {
    expect([service, published(service).reduce((a, b) => a + b, 0)]).toEqual([service, rows[service]]);
  }
  // Handled once: each durable was delivered every message of its subjects once, and its two
  // replicas handled that many between them, none failed.
  const handled = (service: ServiceName, durable: string) =>
    t.stack.replicas(service).map((r) => metricSum(metrics[r.name], 'depot_events_processed_total', { durable }));
  const modEvents = Object.entries(rowsByType)
    .filter(([type]) => type.startsWith('mod.'))
    .reduce((n, [, c]) => n + c, 0);
  const cases = [
    { service: 'builds' as const, durable: 'builds-detach', expected: modEvents },
    { service: 'auth' as const, durable: 'auth-modpack-cleanup', expected: rowsByType['modpack.deleted'] },
  ];
  for (const c of cases) {
    const consumer = stream.consumers[c.durable];
    const perReplica = handled(c.service, c.durable);
    expect([c.durable, consumer.delivered, consumer.redelivered]).toEqual([c.durable, c.expected, 0]);
    expect([c.durable, perReplica.reduce((a, b) => a + b, 0)]).toEqual([c.durable, c.expected]);
    for (const r of t.stack.replicas(c.service)) {
      expect(metricSum(metrics[r.name], 'depot_events_processed_total', { durable: c.durable, result: 'error' })).toBe(
        0,
      );
    }
    report.push(`${c.durable}: ${c.expected} delivered once, handled ${perReplica.join(' + ')} by its replicas`);
  }
  report.push(
    `outbox: ${JSON.stringify(rowsByType)} in the stream once; relays published catalog ${published('catalog').join(' + ')}, builds ${published('builds').join(' + ')}`,
  );
  // Detached once: no assignment left, and one build.changed per deleted mod (each was in one build).
  const [{ left }] = await queryDatabase<{ left: number }>(
    t.stack.databases.builds,
    'select count(*)::int as left from build_mods where mod_id = any($1)',
    [ids],
  );
  expect(left).toBe(0);
  const changed = await queryDatabase<{ build_id: number }>(
    t.stack.databases.builds,
    `select (payload->>'build_id')::int as build_id from outbox o
      where o.id > $1 and o.type = 'build.changed'
        and (payload->>'modpack_id')::int = (select id from modpacks where slug = 'rep-ev')`,
    [last],
  );
  expect(changed).toHaveLength(N);
});

test('one replica of each service SIGKILLed in turn under load: no read fails, no acknowledged write is lost', async () => {
  const load = new SteadyLoad(t, gateways(), 'kill');
  await load.seed();
  load.start(4, 3);
  let kills: Kill[] = [];
  try {
    await sleep(2000);
    // A different replica each time: the first of catalog, the second of builds...
    const victims = (['catalog', 'builds', 'auth', 'gateway'] as const).map(
      (name, i) => t.stack.replicas(name)[i % PROVEN.replicas],
    );
    // After each restart, time for the callers to reconnect (their reconnect backoff is at most 1 s).
    kills = await killInTurn(t, launcher, victims, 1500);
  } finally {
    await load.stop();
  }
  for (const [i, kill] of kills.entries()) {
    const samples = windowOf(load, kills, i);
    report.push(describeKill(kill, samples));
    expect([kill.replica, tally(samples).answered > 0]).toEqual([kill.replica, true]);
  }

  // Reads never fail: a read that could not reach a replica was retried on another.
  const failedReads = load.samples.filter((s) => s.kind === 'read' && s.outcome !== 200);
  if (failedReads.length) {
    const at = (s: Sample) => kills.map((k) => `${Math.round(s.startedAt - k.at)} ms after killing ${k.replica}`);
    report.push(`failed reads: ${JSON.stringify(failedReads.map((s) => ({ ...s, at: at(s) })))}`);
    for (const r of t.stack.replicas('gateway'))
      report.push(
        r
          .logs()
          .split('\n')
          .filter((l) => /"level":[45]0/.test(l))
          .slice(-20)
          .join('\n'),
      );
  }
  expect(failedReads).toEqual([]);
  // A write fails only if it was on its way to the replica that died (it may have happened there):
  // 503 from the gateway, or the connection of the gateway that died.
  const unexplained = load.samples.filter(
    (s) =>
      s.kind === 'write' &&
      !(typeof s.outcome === 'number' && s.outcome < 300) &&
      !([503, 'connection lost'].includes(s.outcome) && kills.some((k) => inFlightAt(s, k, NOTICE_MS))),
  );
  expect(unexplained).toEqual([]);
  // Nothing waited out the deadline because a replica was gone.
  expect(Math.max(...load.samples.map((s) => s.ms))).toBeLessThan(DEADLINE_MS);
  // Every acknowledged write is there, and every acknowledged mod delete detached (builds' redelivery
  // of what the killed builds replica had not acknowledged takes up to its ack wait, 10 s).
  await eventually(async () => (await load.lostWrites(t.admin)).length === 0, 30_000, 1000).catch(() => undefined);
  expect(await load.lostWrites(t.admin)).toEqual([]);
  report.push(`acknowledged: ${JSON.stringify(load.counts())}; ${load.samples.length} requests in all`);
  // Every event handled in the end; the stream holds each outbox row once (relays killed mid-batch
  // publish again with the same message id, which JetStream drops).
  const settled = await settledStream(t.stack.natsUrl, t.namespace);
  const { rows } = await outbox(t.stack);
  expect(settled.messages).toBe(rows.catalog + rows.builds);
});
