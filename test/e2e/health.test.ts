// Liveness, readiness, and a service that is down: the gateway answers 503 JSON within its
// deadline, other services keep serving, and everything recovers when the service is back.
import { eventually, startTestStack, type TestStack } from '../support';

let s: TestStack;

beforeAll(async () => {
  s = await startTestStack({ env: { GRPC_DEADLINE_MS: '2000' } });
});

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
