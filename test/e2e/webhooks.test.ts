// Webhooks (docs/webhooks.md) against a real stack and real HTTP receivers: an author publishes
// 1.0.0 then 1.1.0 and a receiver gets each signed `build.published` within a second (checked as
// a receiver checks it), a Discord-shaped receiver a valid embed; a receiver down for a minute gets
// the event once it is back, with the same Depot-Delivery id; a 500 is retried, a 410 disables the
// endpoint, a hanging endpoint times out and holds back neither a publish nor other endpoints; a
// restart of the hooks service loses nothing; bad input is a 422 that changes nothing.
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are whatever each test asserts */
import { freePort } from '@depot/local';
import {
  eventually,
  md5Of,
  must,
  startTestStack,
  TIMESTAMP,
  userWithToken,
  type Api,
  type TestStack,
} from '../support';
import { makeJar, putFile } from '../support/archives';
import { signatureValid, startReceiver, type Receiver } from '../support/webhook-receiver';

jest.setTimeout(120_000);

let t: TestStack;
let author: Api;
const receivers: Receiver[] = [];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HOOKS = '/api/manage/modpacks/hookpack/hooks';

async function receiver(opts: Parameters<typeof startReceiver>[0] = {}) {
  const r = await startReceiver(opts);
  receivers.push(r);
  return r;
}

/** Releases `build` of `pack` (published), from `from` when given, with `mods` (name → version). */
async function release(pack: string, build: string, mods: Record<string, string>, extra: object = {}) {
  const started = performance.now();
  must(
    await author.post(`/api/manage/modpacks/${pack}/releases`, {
      build,
      minecraft: '1.20.1',
      mods: Object.entries(mods).map(([mod, version]) => ({ mod, version })),
      publish: true,
      set_latest: true,
      ...extra,
    }),
    201,
    `${pack} ${build}`,
  );
  return { started, answered: performance.now() };
}

/** Waits until `check` passes (an assertion that throws until then). */
const until = (check: () => unknown, ms = 5000) =>
  eventually(async () => {
    await check();
    return true;
  }, ms);

const deliveriesOf = async (id: number) => must(await author.get(`${HOOKS}/${id}/deliveries`), 200, 'log').deliveries;

beforeAll(async () => {
  t = await startTestStack({
    services: {
      hooks: {
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        HOOKS_RETRY_SCHEDULE: '1s',
        HOOKS_CONNECT_TIMEOUT_MS: '1000',
        HOOKS_TIMEOUT_MS: '1500',
      },
    },
  });
  for (const slug of ['hookpack', 'downpack']) {
    must(await t.admin.post('/api/modpack', { name: `Pack ${slug}`, slug }), 201, slug);
  }
  author = t.admin.as(
    await userWithToken(t.admin, 'hook-author', ['mods_manage', 'modpacks_manage'], ['hookpack', 'downpack']),
  );
  for (const name of ['m-a', 'm-b', 'm-c', 'm-d', 'm-e', 'm-f']) {
    must(await t.admin.post('/api/mod', { name, pretty_name: name }), 201, name);
    for (const version of ['1.0', '1.1']) {
      must(await t.admin.post(`/api/mod/${name}/version`, { version, md5: md5Of(`${name}-${version}`) }), 201, name);
    }
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t?.stop();
});

describe('a publish', () => {
  let plain: Receiver;
  let discord: Receiver;
  let endpoint: any;

  it('reaches a receiver within a second, signed, and a Discord receiver as an embed', async () => {
    plain = await receiver();
    discord = await receiver();
    const created = await author.post(HOOKS, { url: `${plain.url}/hook`, events: ['build.published'] });
    expect(created.status).toBe(201);
    endpoint = created.body;
    expect(endpoint).toEqual({
      id: expect.any(Number),
      modpack_id: expect.any(Number),
      url: `${plain.url}/hook`,
      events: ['build.published'],
      format: 'depot',
      description: '',
      enabled: true,
      disabled_reason: null,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    const ownSecret = 'a-receiver-chosen-secret-of-40-bytes-000';
    must(
      await author.post(HOOKS, {
        url: `${discord.url}/api/webhooks/1/token`,
        events: ['build.published', 'build.promoted'],
        format: 'discord',
        secret: ownSecret,
      }),
      201,
      'discord hook',
    );
    // The secret is never shown again.
    expect(must(await author.get(`${HOOKS}/${endpoint.id}`), 200, 'get')).not.toHaveProperty('secret');

    const first = await release('hookpack', '1.0.0', { 'm-a': '1.0', 'm-b': '1.0', 'm-c': '1.0', 'm-d': '1.0' });
    await until(async () => expect(plain.received).toHaveLength(1), 5000);
    const second = await release(
      'hookpack',
      '1.1.0',
      { 'm-a': '1.1', 'm-b': '1.1', 'm-c': '1.1', 'm-e': '1.0', 'm-f': '1.0' },
      { from: '1.0.0', remove: ['m-d'], notes: 'Faster **worlds**.' },
    );
    await until(async () => expect(plain.received).toHaveLength(2), 5000);
    expect(plain.received[0].at - first.answered).toBeLessThan(1000);
    expect(plain.received[1].at - second.answered).toBeLessThan(1000);

    const got = plain.received[1];
    expect(signatureValid(got, endpoint.secret)).toBe(true);
    expect(signatureValid(got, `${endpoint.secret}x`)).toBe(false);
    expect(got.path).toBe('/hook');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['depot-event']).toBe('build.published');
    expect(got.headers['depot-delivery']).toMatch(UUID);
    const body = JSON.parse(got.body);
    expect(body).toEqual({
      event: 'build.published',
      created_at: expect.any(String),
      data: {
        modpack: { id: endpoint.modpack_id, slug: 'hookpack', name: 'Pack hookpack' },
        build: {
          id: expect.any(Number),
          version: '1.1.0',
          minecraft: '1.20.1',
          loader: null,
          loader_version: null,
          java: null,
          memory: null,
        },
        changelog: { from: '1.0.0', added: 2, removed: 1, updated: 3, unchanged: 0 },
        notes: 'Faster **worlds**.',
        changelog_url: `${t.url}/changelogs/hookpack/builds/1.1.0`,
      },
    });
    expect(JSON.parse(plain.received[0].body).data.build.version).toBe('1.0.0');

    // Discord: both publishes and the promotions, as embeds within Discord's limits.
    await until(async () => expect(discord.received.length).toBeGreaterThanOrEqual(4), 5000);
    const embeds = discord.received.map((r) => JSON.parse(r.body));
    const released = embeds.find((m) => m.embeds[0].title === 'Pack hookpack 1.1.0 released');
    expect(released).toEqual({
      username: 'Depot',
      embeds: [
        {
          title: 'Pack hookpack 1.1.0 released',
          description: 'added 2, removed 1, updated 3 since 1.0.0\n\nFaster **worlds**.',
          url: `${t.url}/changelogs/hookpack/builds/1.1.0`,
          color: expect.any(Number),
          timestamp: expect.any(String),
        },
      ],
    });
    for (const m of embeds) {
      expect(m.embeds[0].title.length).toBeLessThanOrEqual(256);
      expect(m.embeds[0].description.length).toBeLessThanOrEqual(4096);
    }
    expect(embeds.map((m) => m.embeds[0].title)).toContain('hookpack: latest is now 1.1.0');
    expect(signatureValid(discord.received[0], ownSecret)).toBe(true);

    // The log: each delivery's state, status, latency, attempts and the answer's first bytes.
    const log = await deliveriesOf(endpoint.id);
    expect(log).toHaveLength(2);
    expect(log[0]).toEqual({
      id: got.headers['depot-delivery'],
      event: 'build.published',
      state: 'delivered',
      attempts: 1,
      status: 200,
      latency_ms: expect.any(Number),
      response: 'answered 200',
      created_at: expect.stringMatching(TIMESTAMP),
      next_attempt_at: null,
      delivered_at: expect.stringMatching(TIMESTAMP),
    });
  });

  it('is not held back by a hanging endpoint, which times out and is retried', async () => {
    const hanging = await receiver({ answer: () => 'hang' });
    const hung = must(await author.post(HOOKS, { url: hanging.url, events: ['build.published'] }), 201, 'hang');
    const { started, answered } = await release('hookpack', '1.2.0', { 'm-a': '1.1' });
    expect(answered - started).toBeLessThan(2000);
    await until(async () => expect(plain.received).toHaveLength(3), 5000);
    expect(plain.received[2].at - answered).toBeLessThan(1000);
    await until(
      async () =>
        expect((await deliveriesOf(hung.id))[0]).toMatchObject({
          state: 'pending',
          status: null,
          response: 'no answer within 1500 ms',
        }),
      8000,
    );
    must(await author.delete(`${HOOKS}/${hung.id}`), 200, 'delete hanging');
  });
});

describe('failures', () => {
  it('retries a 500 with the same Depot-Delivery id until it is answered', async () => {
    const flaky = await receiver({ answer: (n) => (n < 2 ? 500 : 204) });
    const hook = must(await author.post(HOOKS, { url: flaky.url, events: ['build.changed'] }), 201, 'flaky');
    const test = must(await author.post(`${HOOKS}/${hook.id}/test`), 200, 'test');
    expect(test).toMatchObject({ id: expect.stringMatching(UUID), event: 'ping', state: 'pending', attempts: 0 });
    await until(async () => expect(flaky.received).toHaveLength(3), 10_000);
    expect(new Set(flaky.received.map((r) => r.headers['depot-delivery']))).toEqual(new Set([test.id]));
    expect(flaky.received.map((r) => r.headers['depot-event'])).toEqual(['ping', 'ping', 'ping']);
    await until(
      async () =>
        expect((await deliveriesOf(hook.id))[0]).toMatchObject({
          id: test.id,
          state: 'delivered',
          attempts: 3,
          status: 204,
        }),
      5000,
    );
    // "Send again": the same id once more.
    must(await author.post(`${HOOKS}/${hook.id}/deliveries/${test.id}/redeliver`), 200, 'redeliver');
    await until(async () => expect(flaky.received).toHaveLength(4), 5000);
    expect(flaky.received[3].headers['depot-delivery']).toBe(test.id);
    const unknown = await author.post(`${HOOKS}/${hook.id}/deliveries/00000000-0000-0000-0000-000000000000/redeliver`);
    expect([unknown.status, unknown.body]).toEqual([404, { error: 'Delivery not found.' }]);
  });

  it('disables an endpoint that answers 410 Gone, and says so', async () => {
    const gone = await receiver({ answer: () => 410 });
    const hook = must(await author.post(HOOKS, { url: gone.url, events: ['build.published'] }), 201, 'gone');
    must(await author.post(`${HOOKS}/${hook.id}/test`), 200, 'test');
    await until(
      async () =>
        expect(must(await author.get(`${HOOKS}/${hook.id}`), 200, 'get')).toMatchObject({
          enabled: false,
          disabled_reason: expect.stringMatching(/^The endpoint answered 410 Gone at .+\.$/),
        }),
      5000,
    );
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ state: 'failed', status: 410, attempts: 1 });
    // A publish is not sent to it.
    await release('hookpack', '1.3.0', { 'm-b': '1.1' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(gone.received).toHaveLength(1);
  });

  it('delivers to a receiver that was down once it is back, with the same id', async () => {
    const port = await freePort();
    const hook = must(
      await author.post('/api/manage/modpacks/downpack/hooks', {
        url: `http://127.0.0.1:${port}/`,
        events: ['build.published'],
      }),
      201,
      'down hook',
    );
    await release('downpack', '1.0.0', { 'm-a': '1.0' });
    // Down for a minute, as a receiver being redeployed may be.
    await new Promise((r) => setTimeout(r, 60_000));
    const log = must(await author.get(`/api/manage/modpacks/downpack/hooks/${hook.id}/deliveries`), 200, 'log');
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ state: 'pending', status: null });
    expect(log.deliveries[0].attempts).toBeGreaterThan(5);
    const back = await receiver({ port });
    await until(async () => expect(back.received).toHaveLength(1), 5000);
    expect(back.received[0].headers['depot-delivery']).toBe(log.deliveries[0].id);
    expect(signatureValid(back.received[0], hook.secret)).toBe(true);
  });

  it('loses nothing when the hooks service restarts', async () => {
    const r = await receiver();
    must(
      await author.post('/api/manage/modpacks/downpack/hooks', { url: r.url, events: ['build.published'] }),
      201,
      'r',
    );
    await t.stack.stopService('hooks');
    await release('downpack', '2.0.0', { 'm-b': '1.0' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(r.received).toHaveLength(0);
    await t.stack.startService('hooks');
    await until(async () => expect(r.received).toHaveLength(1), 15_000);
    expect(JSON.parse(r.received[0].body).data.build.version).toBe('2.0.0');
    // The gateway's channel to hooks reconnects within its backoff (at most a second): until then
    // the webhook routes answer 503, as while hooks was down. The tests after this one need it back.
    await until(async () => expect((await author.get(HOOKS)).status).toBe(200), 15_000);
  });
});

describe('events', () => {
  it('tells a build published by an update, then a change to it, in order; nothing of a draft', async () => {
    const r = await receiver();
    const hook = must(
      await author.post('/api/manage/modpacks/downpack/hooks', {
        url: r.url,
        events: ['build.published', 'build.changed'],
      }),
      201,
      'hook',
    );
    must(await author.post('/api/modpack/downpack/build', { version: '3.0', minecraft: '1.20.1' }), 201, 'draft');
    must(await author.put('/api/modpack/downpack/3.0', { minecraft: '1.20.2' }), 200, 'draft edit');
    must(await author.put('/api/modpack/downpack/3.0', { is_published: true }), 200, 'publish');
    must(await author.put('/api/modpack/downpack/3.0', { minecraft: '1.20.4' }), 200, 'change');
    await until(() => expect(r.received).toHaveLength(2), 5000);
    expect(r.received.map((x) => x.headers['depot-event'])).toEqual(['build.published', 'build.changed']);
    const [published, changed] = r.received.map((x) => JSON.parse(x.body));
    expect(published.data.build).toMatchObject({ version: '3.0', minecraft: '1.20.2' });
    expect(changed.data).toEqual({
      modpack: { id: hook.modpack_id, slug: 'downpack' },
      build: { id: published.data.build.id },
    });
  });

  it('tells an operator of a version made by an upload, and of one made by the API', async () => {
    const r = await receiver();
    must(await t.admin.post('/api/mod', { name: 'm-up', pretty_name: 'Uploaded' }), 201, 'mod');
    must(await t.admin.post('/api/manage/hooks', { url: r.url, events: ['mod.version.added'] }), 201, 'hook');
    const uploaded = await putFile(
      `${t.url}/api/mod/m-up/2.0/archive?file_name=m-up-2.0.jar&create=true`,
      await makeJar(),
      {
        token: t.adminToken,
      },
    );
    expect(uploaded.status).toBe(201);
    must(await t.admin.post('/api/mod/m-up/version', { version: '2.1', md5: md5Of('2.1') }), 201, 'by the API');
    await until(() => expect(r.received).toHaveLength(2), 5000);
    const told = r.received.map((x) => JSON.parse(x.body).data);
    expect(told.map((d) => [d.mod.slug, d.version.version])).toEqual([
      ['m-up', '2.0'],
      ['m-up', '2.1'],
    ]);
  });
});

describe('bad input', () => {
  it('refuses a too-short secret, unknown events and too many endpoints, changing nothing', async () => {
    const before = must(await author.get(HOOKS), 200, 'list').webhooks.length;
    const short = await author.post(HOOKS, {
      url: 'https://example.com/h',
      events: ['build.published'],
      secret: 'short',
    });
    expect([short.status, short.body]).toEqual([
      422,
      { error: { secret: ['The secret must be between 32 and 256 bytes.'] } },
    ]);
    const modEvent = await author.post(HOOKS, { url: 'https://example.com/h', events: ['mod.version.added'] });
    expect([modEvent.status, modEvent.body]).toEqual([
      422,
      {
        error: {
          events: ['The events must be among: build.published, build.promoted, build.changed, modpack.deleted.'],
        },
      },
    ]);
    expect(must(await author.get(HOOKS), 200, 'list').webhooks).toHaveLength(before);
    for (let i = before; i < 20; i++) {
      must(await author.post(HOOKS, { url: `https://example.com/h${i}`, events: ['build.published'] }), 201, `#${i}`);
    }
    const over = await author.post(HOOKS, { url: 'https://example.com/over', events: ['build.published'] });
    expect([over.status, over.body]).toEqual([422, { error: 'A modpack has at most 20 webhooks.' }]);
    expect(must(await author.get(HOOKS), 200, 'list').webhooks).toHaveLength(20);
  });

  it('shows an operator every endpoint, and an author none of another modpack', async () => {
    const all = must(await t.admin.get('/api/manage/hooks'), 200, 'all').webhooks;
    expect(all.length).toBeGreaterThanOrEqual(22);
    const other = all.find((w: any) => w.url.startsWith('https://example.com/h'));
    const outsider = t.admin.as(await userWithToken(t.admin, 'hook-outsider', ['modpacks_manage'], ['downpack']));
    const foreign = await outsider.get(`/api/manage/modpacks/downpack/hooks/${other.id}`);
    expect([foreign.status, foreign.body]).toEqual([404, { error: 'Webhook not found.' }]);
    const denied = await outsider.get(HOOKS);
    expect(denied.status).toBe(403);
  });
});
