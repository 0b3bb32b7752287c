// Liveness, readiness, and a service that is down: the gateway answers 503 JSON within its
// deadline, other services keep serving, and everything recovers when the service is back. A
// service whose port refuses connections is answered for at once; only one that accepts and does
// not answer (here: its process stopped with SIGSTOP) takes the deadline.
import { eventually, expectReply, must, startTestStack, type Api, type TestStack } from '../support';

const DEADLINE_MS = 2000;
/** "Well under a second" for a refused connection, with room for a busy machine. */
const REFUSAL_BOUND_MS = 1000;
const UNAVAILABLE = { error: 'Service unavailable.' };

let s: TestStack;

beforeAll(async () => {
  s = await startTestStack({ env: { GRPC_DEADLINE_MS: String(DEADLINE_MS) } });
});

/** A request's reply and how long it took. */
async function timed(api: Api, method: string, url: string, body?: unknown) {
  const started = performance.now();
  const reply = await api.request(method, url, body);
  return { call: `${method} ${url}`, reply, ms: Math.round(performance.now() - started) };
}

afterAll(async () => {
  await s?.stop();
});

test('healthz and readyz answer while every service runs', async () => {
  expect(await s.anon.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  expect(await s.anon.get('/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
});

test('with builds down: 503 JSON for its routes, fast; catalog still serves; recovery after restart', async () => {
  expect((await s.admin.post('/api/modpack', { name: 'Pack', slug: 'pack', hidden: false })).status).toBe(201);
  expect((await s.admin.post('/api/mod', { name: 'jei', pretty_name: 'JEI' })).status).toBe(201);

  await s.stack.stopService('builds', 'SIGKILL');

  const started = Date.now();
  const list = await s.anon.get('/api/modpack');
  expect(Date.now() - started).toBeLessThan(5000);
  expect(list.status).toBe(503);
  expect(list.body).toEqual({ error: 'Service unavailable.' });

  const ready = await s.anon.get('/readyz');
  expect(ready.status).toBe(503);
  expect(ready.body).toEqual({ error: 'Service unavailable.', unready: ['builds'] });

  expect(await s.anon.get('/api/mod')).toMatchObject({ status: 200, body: { mods: { jei: 'JEI' } } });

  await s.stack.startService('builds');
  await eventually(async () => (await s.anon.get('/api/modpack')).status === 200, 15_000, 200);
  expect((await s.anon.get('/api/modpack')).body.modpacks).toEqual({ pack: 'Pack' });
  // Probes are periodic: readiness follows within a few seconds (reconnect backoff at most 2 s).
  await eventually(async () => (await s.anon.get('/readyz')).status === 200, 5_000, 200);
});

test('builds refusing connections: 503 in well under a second; builds hanging: 503 at the deadline', async () => {
  must(await s.admin.post('/api/mod', { name: 'fast', pretty_name: 'Fast' }), 201, 'mod');
  must(await s.admin.post('/api/mod/fast/version', { version: '1', md5: 'a'.repeat(32), filesize: 1 }), 201, 'v');
  must(await s.admin.post('/api/modpack', { name: 'Fast', slug: 'fast', hidden: false }), 201, 'pack');
  for (const build of ['1', '2', '3']) {
    must(
      await s.admin.post('/api/modpack/fast/build', { version: build, minecraft: '1.20.1', is_published: true }),
      201,
      `build ${build}`,
    );
  }
  // Builds 1 to 3 were never read: every build read below is a miss of the gateway's cache.
  const pid = s.stack.pid('builds')!;

  // Refused: the process is gone, its port refuses connections.
  await s.stack.stopService('builds', 'SIGKILL');
  let refused: Awaited<ReturnType<typeof timed>>[] = [];
  try {
    for (let round = 0; round < 3; round++) {
      refused.push(
        await timed(s.anon, 'GET', `/api/modpack/fast/${round + 1}`),
        await timed(s.anon, 'GET', '/api/modpack/fast'),
        await timed(s.admin, 'POST', '/api/modpack', { name: 'Later', slug: 'later', hidden: false }),
        // catalog asks builds whether the version is in use
        await timed(s.admin, 'DELETE', '/api/mod/fast/1'),
      );
    }
    refused = refused.concat(
      await Promise.all(Array.from({ length: 10 }, (_, i) => timed(s.anon, 'GET', `/api/modpack/fast/${(i % 3) + 1}`))),
    );
  } finally {
    await s.stack.startService('builds');
  }
  for (const r of refused) {
    expect({ call: r.call, status: r.reply.status, body: r.reply.body }).toEqual({
      call: r.call,
      status: 503,
      body: UNAVAILABLE,
    });
    expect({ call: r.call, fast: r.ms < REFUSAL_BOUND_MS }).toEqual({ call: r.call, fast: true });
  }
  const refusedMs = refused.map((r) => r.ms).sort((a, b) => a - b);
  console.info(
    `refused: ${refused.length} answers 503 after ${refusedMs[0]}-${refusedMs.at(-1)} ms ` +
      `(median ${refusedMs[refusedMs.length >> 1]} ms)`,
  );
  await eventually(async () => (await s.anon.get('/api/modpack/fast')).status === 200, 15_000, 100);
  // The refused writes did not happen.
  expectReply(await s.anon.get('/api/mod/fast/1'), 200, expect.objectContaining({ md5: 'a'.repeat(32) }));
  expect((await s.anon.get('/api/modpack')).body.modpacks).not.toHaveProperty('later');

  // Hanging: the new process stopped (SIGSTOP); the kernel still accepts on its port, nobody answers.
  const stopped = s.stack.pid('builds')!;
  expect(stopped).not.toBe(pid);
  process.kill(stopped, 'SIGSTOP');
  let hanging: Awaited<ReturnType<typeof timed>>[];
  try {
    hanging = await Promise.all([
      // (never answered with 200 so far: not in the gateway's cache)
      timed(s.anon, 'GET', '/api/modpack/fast/2'),
      timed(s.anon, 'GET', '/api/modpack/fast/3?include=mods'),
      timed(s.admin, 'PUT', '/api/modpack/fast/1', { is_published: false }),
    ]);
  } finally {
    process.kill(stopped, 'SIGCONT');
  }
  for (const r of hanging) {
    expect({ call: r.call, status: r.reply.status, body: r.reply.body }).toEqual({
      call: r.call,
      status: 503,
      body: UNAVAILABLE,
    });
    expect(r.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(r.ms).toBeLessThan(DEADLINE_MS + 2000);
  }
  console.info(`hanging: 503 after ${hanging.map((r) => r.ms).join(', ')} ms (deadline ${DEADLINE_MS} ms)`);
  await eventually(async () => (await s.anon.get('/api/modpack/fast/2')).status === 200, 15_000, 100);
});
