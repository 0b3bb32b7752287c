// The release routes' wrapper: retries, errors, and the requests it makes. Depot itself is not
// imitated here (the end-to-end tests run the real one): fetch is replaced by a function that
// records what it was given, or meets a real closed port.
import { createServer } from 'node:net';
import {
  DepotApi,
  DepotApiError,
  DepotUnreachableError,
  fetchWithRetry,
  LOOKUP_BATCH,
  retryDelayMs,
  type RetryPolicy,
} from '../src/api';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function policy(): RetryPolicy & { waits: number[]; told: string[] } {
  const waits: number[] = [];
  const told: string[] = [];
  return {
    retries: 3,
    baseDelayMs: 1000,
    maxDelayMs: 60_000,
    sleep: async (ms) => void waits.push(ms),
    onRetry: (reason, delay, retry, of) => void told.push(`${reason} ${delay} ${retry}/${of}`),
    waits,
    told,
  };
}

test('the wait: doubling from 1 s, or Retry-After (seconds or a date), at most the cap', () => {
  const p = { baseDelayMs: 1000, maxDelayMs: 60_000 };
  expect([1, 2, 3].map((n) => retryDelayMs(n, null, p))).toEqual([1000, 2000, 4000]);
  expect(retryDelayMs(1, '7', p)).toBe(7000);
  expect(retryDelayMs(1, '0', p)).toBe(0);
  expect(retryDelayMs(1, '3600', p)).toBe(60_000);
  const now = Date.parse('2024-01-02T03:04:05Z');
  expect(retryDelayMs(1, 'Tue, 02 Jan 2024 03:04:15 GMT', p, now)).toBe(10_000);
  expect(retryDelayMs(1, 'Tue, 02 Jan 2024 03:04:00 GMT', p, now)).toBe(0);
  expect(retryDelayMs(2, 'soon', p)).toBe(2000);
});

test('429, 502, 503 and 504 are tried again, up to 3 times; the last answer is returned', async () => {
  const p = policy();
  const statuses = [503, 429, 502, 504];
  let calls = 0;
  const res = await fetchWithRetry(
    async () => json(statuses[calls++], { error: 'x' }, statuses[calls - 1] === 429 ? { 'retry-after': '5' } : {}),
    p,
  );
  expect(res.status).toBe(504);
  expect(calls).toBe(4);
  expect(p.waits).toEqual([1000, 5000, 4000]);
  expect(p.told).toEqual(['Depot answered 503 1000 1/3', 'Depot answered 429 5000 2/3', 'Depot answered 502 4000 3/3']);
});

test('other answers are not tried again', async () => {
  for (const status of [200, 201, 400, 409, 422, 500]) {
    let calls = 0;
    const res = await fetchWithRetry(async () => (calls++, json(status, {})), policy());
    expect([res.status, calls]).toEqual([status, 1]);
  }
});

test('a network error is tried again, then thrown; one the caller says not to retry is thrown at once', async () => {
  const p = policy();
  let calls = 0;
  const failing = async (): Promise<Response> => {
    calls++;
    throw new TypeError('fetch failed');
  };
  await expect(fetchWithRetry(failing, p)).rejects.toThrow('fetch failed');
  expect(calls).toBe(4);
  calls = 0;
  await expect(fetchWithRetry(failing, policy(), () => false)).rejects.toThrow('fetch failed');
  expect(calls).toBe(1);
  calls = 0;
  const flaky = async () => (++calls < 3 ? failing() : json(200, { ok: true }));
  expect((await fetchWithRetry(flaky, policy())).status).toBe(200);
});

test('Depot unreachable (a closed port): DepotUnreachableError after the retries', async () => {
  // A port that was just free: nothing listens on it.
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  const p = policy();
  const api = new DepotApi(`http://127.0.0.1:${port}`, 'depot_x', { retry: p });
  const err = await api.lookup([{ name: 'a.jar', sha256: 'a'.repeat(64) }]).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DepotUnreachableError);
  expect((err as Error).message).toMatch(new RegExp(`^cannot reach Depot at http://127.0.0.1:${port}: .*ECONNREFUSED`));
  expect(p.waits).toHaveLength(3);
});

interface Call {
  url: string;
  init: RequestInit;
}
function recording(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  const doFetch = (async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return answer(call);
  }) as unknown as typeof fetch;
  return { calls, doFetch };
}

test('the lookup: 1,000 files a request, answers joined in order', async () => {
  const { calls, doFetch } = recording(({ init }) => {
    const { files } = JSON.parse(String(init.body)) as { files: { name: string }[] };
    return json(200, { files: files.map((f) => ({ ...f, held: false, versions: [] })) });
  });
  const api = new DepotApi('https://depot.example.com', 'depot_x', { fetch: doFetch, userAgent: 'depot-cli/0' });
  const files = Array.from({ length: 2 * LOOKUP_BATCH + 1 }, (_, i) => ({ name: `f${i}.jar`, sha256: 'a'.repeat(64) }));
  const entries = await api.lookup(files);
  expect(entries.map((e) => e.name)).toEqual(files.map((f) => f.name));
  expect(calls.map((c) => JSON.parse(String(c.init.body)).files.length)).toEqual([1000, 1000, 1]);
  expect(calls[0].url).toBe('https://depot.example.com/api/manage/archives/lookup');
  expect(calls[0].init).toMatchObject({
    method: 'POST',
    redirect: 'manual',
    headers: {
      authorization: 'Bearer depot_x',
      'content-type': 'application/json',
      'user-agent': 'depot-cli/0',
    },
  });
});

test('a lookup answering another number of files is an error', async () => {
  const { doFetch } = recording(() => json(200, { files: [] }));
  const api = new DepotApi('https://d', 't', { fetch: doFetch });
  await expect(api.lookup([{ name: 'a.jar', sha256: 'a'.repeat(64) }])).rejects.toThrow(
    "Depot's lookup answered 0 files for 1",
  );
});

test('a hold streams the file, its name encoded in the query, its length given', async () => {
  const { calls, doFetch } = recording(() => json(201, { name: 'é t.jar', held: true }));
  const api = new DepotApi('https://d', 't', { fetch: doFetch });
  const stream = new Response('abc').body!;
  await api.hold('é t.jar', 3, () => stream);
  expect(calls[0].url).toBe('https://d/api/manage/archives?file_name=%C3%A9%20t.jar');
  expect(calls[0].init).toMatchObject({
    method: 'PUT',
    duplex: 'half',
    body: stream,
    headers: { 'content-type': 'application/octet-stream', 'content-length': '3' },
  });
});

test("a refusal is a DepotApiError with the status and Depot's body", async () => {
  const body = { error: 'Build 1.2.0 exists with other contents.' };
  const { calls, doFetch } = recording(() => json(409, body));
  const api = new DepotApi('https://d', 't', { fetch: doFetch });
  const err = await api.release('my.pack', { build: '1.2.0', mods: [] }).catch((e: unknown) => e);
  expect(calls[0].url).toBe('https://d/api/manage/modpacks/my.pack/releases');
  expect(err).toBeInstanceOf(DepotApiError);
  expect(err).toMatchObject({ status: 409, body, what: 'the release' });
});

test('a redirect is not followed: the --url is the wrong one', async () => {
  const { doFetch } = recording(() => new Response('', { status: 301, headers: { location: 'https://new/api/x' } }));
  const api = new DepotApi('http://d', 't', { fetch: doFetch });
  await expect(api.release('p', { build: '1', mods: [] })).rejects.toThrow(
    "Depot answered 301, a redirect to https://new/api/x: give Depot's address as --url",
  );
});

test('a body that is not JSON is kept as text', async () => {
  const { doFetch } = recording(() => new Response('<h1>Bad gateway</h1>', { status: 500 }));
  const api = new DepotApi('http://d', 't', { fetch: doFetch });
  await expect(api.release('p', { build: '1', mods: [] })).rejects.toMatchObject({
    status: 500,
    body: '<h1>Bad gateway</h1>',
  });
});
