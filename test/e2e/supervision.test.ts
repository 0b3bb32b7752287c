// Supervision (deploy/local/src/supervisor.ts): the launcher restarts a process that exits on its
// own, with backoff, while the others keep serving, and gives up with a message only after
// repeated crashes in a short time. Under load through two gateway replicas (a client retries a
// read that could not reach one replica on the other, as a load balancer would), catalog, builds,
// auth and the first gateway are killed with SIGKILL in turn. Counted: no failed read of a
// published build whose response was cached, every write that answered 2xx still there.
import { describeExit, type GatewayReplica, type ServiceName } from '@depot/local';
import { Api, eventually, md5Of, startTestStack, type Reply, type TestStack } from '../support';
import { seedPublishedBuilds, type Published } from '../support/published';

const POLICY = { maxCrashes: 3, windowMs: 120_000, firstDelayMs: 200, maxDelayMs: 1000 };

let t: TestStack;
let second: GatewayReplica;
const lines: string[] = [];
const exits: string[] = [];
const gaveUp: string[] = [];

beforeAll(async () => {
  t = await startTestStack({
    supervise: POLICY,
    log: (line) => lines.push(line),
    onUnexpectedExit: (name, exit) => exits.push(`${name}: ${describeExit(exit)}`),
    onGiveUp: (_name, message) => gaveUp.push(message),
  });
  second = await t.stack.addGateway();
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const restartsOf = (name: string) => lines.filter((l) => l.startsWith(`${name} restarted, healthy after `)).length;

/** Sends SIGKILL to a process of the stack and waits until the launcher has it healthy again. */
async function crash(name: ServiceName) {
  const pid = t.stack.pid(name)!;
  const before = restartsOf(name);
  process.kill(pid, 'SIGKILL');
  await eventually(async () => restartsOf(name) > before, 60_000, 100);
  expect(t.stack.pid(name)).not.toBe(pid);
}

test('each process killed in turn under load: restarted, no cached read fails, no 2xx write lost', async () => {
  const gateways = [t.anon, new Api(second.url)];
  const admins = [t.admin, new Api(second.url, t.adminToken)];
  const { published } = await seedPublishedBuilds(t.admin, 'sup');
  // Both replicas have every build response cached before anything is killed.
  for (const api of gateways) {
    for (const p of published) expect(await api.get(p.path)).toMatchObject({ status: 200, body: p.body });
  }

  let running = true;
  let reads = 0;
  const failedReads: string[] = [];
  const promised: { what: string; check: () => Promise<boolean> }[] = [];
  let writes2xx = 0;
  let writesRefused = 0;

  /** A read through one replica; a connection it cannot make or keep goes to the other one. */
  const readWithFailover = async (p: Published, first: number): Promise<Reply | string> => {
    try {
      return await gateways[first].get(p.path);
    } catch {
      try {
        return await gateways[1 - first].get(p.path);
      } catch (err) {
        return String(err);
      }
    }
  };
  const reader = async (r: number) => {
    for (let n = 0; running; n++) {
      const p = published[(r + n) % published.length];
      const res = await readWithFailover(p, n % 2);
      reads++;
      if (typeof res === 'string' || res.status !== 200 || JSON.stringify(res.body) !== JSON.stringify(p.body)) {
        failedReads.push(`${p.path}: ${typeof res === 'string' ? res : `${res.status} ${res.text.slice(0, 120)}`}`);
      }
    }
  };
  const writer = async (w: number) => {
    for (let n = 0; running; n++) {
      const name = `sup-w${w}-${n}`;
      const md5 = md5Of(name);
      const api = admins[n % 2];
      const mod = await api.post('/api/mod', { name, pretty_name: `W ${n}` }).catch(() => undefined);
      if (mod?.status !== 201) {
        writesRefused++;
        await sleep(50);
        continue;
      }
      writes2xx++;
      promised.push({ what: `mod ${name}`, check: async () => (await t.anon.get(`/api/mod/${name}`)).status === 200 });
      const version = await api.post(`/api/mod/${name}/version`, { version: '1', md5 }).catch(() => undefined);
      if (version?.status === 201) {
        writes2xx++;
        promised.push({
          what: `version ${name}/1`,
          check: async () => (await t.anon.get(`/api/mod/${name}/1`)).body?.md5 === md5,
        });
      } else writesRefused++;
    }
  };
  const load = Promise.all([0, 1, 2, 3].map(reader).concat([0, 1].map(writer)));

  try {
    for (const name of ['catalog', 'builds', 'auth', 'gateway'] as const) {
      await sleep(1000);
      await crash(name);
    }
    await sleep(1000);
  } finally {
    running = false;
    await load;
  }

  expect(failedReads).toEqual([]);
  expect(reads).toBeGreaterThan(100);
  expect(exits).toEqual([
    'catalog: killed by SIGKILL',
    'builds: killed by SIGKILL',
    'auth: killed by SIGKILL',
    'gateway: killed by SIGKILL',
  ]);
  for (const name of ['catalog', 'builds', 'auth', 'gateway']) {
    expect(lines).toContain(
      `${name} exited unexpectedly (killed by SIGKILL); restarting it in 0.2 s (crash 1 within 120 s; at 3 the launcher gives up)`,
    );
  }
  // Writes were served before and after the crashes; each that answered 2xx is there.
  expect(writes2xx).toBeGreaterThan(10);
  const lost: string[] = [];
  for (const p of promised) if (!(await p.check())) lost.push(p.what);
  expect(lost).toEqual([]);
  expect(gaveUp).toEqual([]);
  console.info(
    `supervision: ${reads} reads, ${writes2xx} writes answered 2xx, ${writesRefused} refused while a service was down`,
  );
}, 240_000);

test('a process that keeps crashing is given up on, with a message; the others keep serving', async () => {
  const p = (await seedPublishedBuilds(t.admin, 'gu')).published[0];
  expect((await t.anon.get(p.path)).status).toBe(200);
  await crash('auth');
  // the third crash within the window (the first was in the test above)
  process.kill(t.stack.pid('auth')!, 'SIGKILL');
  await eventually(async () => gaveUp.length === 1, 10_000, 50);
  expect(gaveUp[0]).toMatch(
    /^auth exited unexpectedly 3 times within 120 s \(last: killed by SIGKILL\); not restarting it again\. Its last output:\n/,
  );
  await sleep(POLICY.maxDelayMs + 500);
  expect(t.stack.pid('auth')).toBeUndefined();
  // what does not need auth is still served; what does answers 503
  expect(await t.anon.get(p.path)).toMatchObject({ status: 200, body: p.body });
  expect(await t.admin.get('/api/key')).toMatchObject({ status: 503, body: { error: 'Service unavailable.' } });
}, 120_000);
