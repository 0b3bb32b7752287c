/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Platform keys, key verification (and its rate limit), and launcher clients (docs/api.md#platform-keys,
// #verify-a-key, #launcher-clients, #rate-limits).
import { randomUUID } from 'node:crypto';
import {
  eventually,
  startTestStack,
  TIMESTAMP,
  userWithToken,
  type Api,
  type Reply,
  type TestStack,
  expectRefused,
  expectReply,
} from '../support';

const UNAUTHENTICATED = { error: 'Unauthenticated.' };
const FORBIDDEN = { error: 'This action is unauthorized.' };
const INVALID_KEY = { error: 'Invalid key provided.' };
const TOO_MANY = { error: 'Too many requests.' };
const CLIENT_NOT_FOUND = { error: 'Client not found.' };

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

async function keysState(admin: Api) {
  const res = await admin.get('/api/key');
  expect(res.status).toBe(200);
  return res.body;
}

async function clientsState(admin: Api) {
  const res = await admin.get('/api/client');
  expect(res.status).toBe(200);
  return {
    clients: [...res.body.clients]
      .map((c: any) => ({ ...c, modpacks: [...c.modpacks].sort((x: number, y: number) => x - y) }))
      .sort(byId),
  };
}

describe('platform keys, verify and launcher clients', () => {
  let t: TestStack;
  let admin: Api;
  let anon: Api;

  beforeAll(async () => {
    // Plenty of verify calls here; the limit itself is tested on stacks of its own below.
    t = await startTestStack({ env: { VERIFY_RATE_LIMIT_PER_MINUTE: '1000' } });
    admin = t.admin;
    anon = t.anon;
  });
  afterAll(async () => {
    await t?.stop();
  });

  const refusedKeys = (write: () => Promise<Reply>, status: number, body?: unknown) =>
    expectRefused(() => keysState(admin), write, status, body);

  const refusedClients = (write: () => Promise<Reply>, status: number, body?: unknown) =>
    expectRefused(() => clientsState(admin), write, status, body);

  describe('keys', () => {
    let generated: any;
    let given: any;

    it('GET /api/key on a fresh instance → {"keys":[]}', async () => {
      expectReply(await admin.get('/api/key'), 200, { keys: [] });
    });

    it('POST /api/key without api_key → 201 {id, name, api_key, created_at} with a generated key', async () => {
      const res = await admin.post('/api/key', { name: 'Technic Platform' });
      expectReply(res, 201, {
        id: expect.any(Number),
        name: 'Technic Platform',
        api_key: expect.any(String),
        created_at: expect.stringMatching(TIMESTAMP),
      });
      expect(Number.isInteger(res.body.id)).toBe(true);
      expect(res.body.api_key.length).toBeGreaterThanOrEqual(20);
      generated = res.body;
    });

    it('POST /api/key with api_key → 201 showing exactly that key', async () => {
      const res = await admin.post('/api/key', { name: 'Given Key', api_key: 'my-own-platform-key-0123456789' });
      expectReply(res, 201, {
        id: expect.any(Number),
        name: 'Given Key',
        api_key: 'my-own-platform-key-0123456789',
        created_at: expect.stringMatching(TIMESTAMP),
      });
      expect(res.body.id).not.toBe(generated.id);
      given = res.body;
    });

    it('an api_key already in use → 422 with the field named as sent, nothing added', async () => {
      await refusedKeys(
        () => admin.post('/api/key', { name: 'Copy', api_key: 'my-own-platform-key-0123456789' }),
        422,
        {
          error: { api_key: ['The api_key has already been taken.'] },
        },
      );
    });

    it('two generated keys differ', async () => {
      const res = await admin.post('/api/key', { name: 'Another' });
      expect(res.status).toBe(201);
      expect(res.body.api_key).not.toBe(generated.api_key);
      expectReply(await admin.delete(`/api/key/${res.body.id}`), 200, { success: 'Key deleted.' });
    });

    it('GET /api/key lists {id, name, created_at} and never the key value', async () => {
      const res = await admin.get('/api/key');
      expect(res.status).toBe(200);
      expect({ keys: [...res.body.keys].sort(byId) }).toEqual({
        keys: [
          { id: generated.id, name: 'Technic Platform', created_at: generated.created_at },
          { id: given.id, name: 'Given Key', created_at: given.created_at },
        ],
      });
      expect(res.text).not.toContain(generated.api_key);
      expect(res.text).not.toContain(given.api_key);
      expect(res.text).not.toContain('api_key');
    });

    it('a name is required', async () => {
      await refusedKeys(() => admin.post('/api/key', {}), 422, { error: { name: ['The name field is required.'] } });
      await refusedKeys(() => admin.post('/api/key', { api_key: 'orphan-key-without-a-name' }), 422, {
        error: { name: ['The name field is required.'] },
      });
      expectReply(await anon.get('/api/verify/orphan-key-without-a-name'), 403, INVALID_KEY);
    });

    it('a name or api_key of the wrong type → 422', async () => {
      const a = await refusedKeys(() => admin.post('/api/key', { name: 5 }), 422);
      expect(Object.keys(a.body.error)).toEqual(['name']);
      const b = await refusedKeys(() => admin.post('/api/key', { name: 'Typed', api_key: 12345 }), 422);
      expect(Object.keys(b.body.error)).toEqual(['api_key']);
    });

    it('key routes need solder_keys: 401 without a token, 403 without the permission, nothing changed', async () => {
      const other = await userWithToken(admin, 'nokeys', [
        'solder_clients',
        'solder_users',
        'mods_create',
        'modpacks_manage',
      ]);
      await refusedKeys(() => anon.get('/api/key'), 401, UNAUTHENTICATED);
      await refusedKeys(() => anon.get('/api/key', { token: other }), 403, FORBIDDEN);
      await refusedKeys(() => anon.post('/api/key', { name: 'Sneaky' }), 401, UNAUTHENTICATED);
      await refusedKeys(
        () => anon.post('/api/key', { name: 'Sneaky', api_key: 'sneaky-key-value' }, { token: other }),
        403,
        FORBIDDEN,
      );
      await refusedKeys(() => anon.delete(`/api/key/${given.id}`), 401, UNAUTHENTICATED);
      await refusedKeys(() => anon.delete(`/api/key/${given.id}`, { token: other }), 403, FORBIDDEN);
      await refusedKeys(() => anon.delete(`/api/key/${given.id}`, { token: 'unknown' }), 401, UNAUTHENTICATED);
      expectReply(await anon.get('/api/verify/sneaky-key-value'), 403, INVALID_KEY);
    });

    it('a solder_keys user may manage keys', async () => {
      const keeper = await userWithToken(admin, 'keeper', ['solder_keys']);
      expect((await anon.get('/api/key', { token: keeper })).status).toBe(200);
      const res = await anon.post('/api/key', { name: 'Keeper Key' }, { token: keeper });
      expect(res.status).toBe(201);
      expectReply(await anon.delete(`/api/key/${res.body.id}`, { token: keeper }), 200, { success: 'Key deleted.' });
    });

    describe('GET /api/verify/{key}', () => {
      it('a valid key → 200 {"valid":"Key validated.","name":…,"created_at":…}, no credentials needed', async () => {
        expectReply(await anon.get(`/api/verify/${encodeURIComponent(generated.api_key)}`), 200, {
          valid: 'Key validated.',
          name: 'Technic Platform',
          created_at: generated.created_at,
        });
        const res = await anon.get('/api/verify/my-own-platform-key-0123456789');
        expectReply(res, 200, { valid: 'Key validated.', name: 'Given Key', created_at: given.created_at });
        expect(res.body.created_at).toMatch(TIMESTAMP);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
      });

      it('an invalid key → 403 {"error":"Invalid key provided."}', async () => {
        expectReply(await anon.get('/api/verify/not-a-valid-key'), 403, INVALID_KEY);
        expectReply(await anon.get('/api/verify/my-own-platform-key-012345678'), 403, INVALID_KEY);
        expectReply(await anon.get('/api/verify/my-own-platform-key-01234567890'), 403, INVALID_KEY);
        expectReply(await anon.get('/api/verify/MY-OWN-PLATFORM-KEY-0123456789'), 403, INVALID_KEY);
      });

      it('a bearer token is not a key, and a bad one is ignored', async () => {
        expectReply(await anon.get(`/api/verify/${t.adminToken}`), 403, INVALID_KEY);
        expectReply(await anon.get('/api/verify/my-own-platform-key-0123456789', { token: 'junk' }), 200, {
          valid: 'Key validated.',
          name: 'Given Key',
          created_at: given.created_at,
        });
      });

      it('DELETE /api/key/{id} → {"success":"Key deleted."}; the key no longer verifies (within 5 s)', async () => {
        expectReply(await admin.delete(`/api/key/${given.id}`), 200, { success: 'Key deleted.' });
        const list = await admin.get('/api/key');
        expect(list.body).toEqual({
          keys: [{ id: generated.id, name: 'Technic Platform', created_at: generated.created_at }],
        });
        await eventually(
          async () => (await anon.get('/api/verify/my-own-platform-key-0123456789')).status === 403,
          5000,
          250,
        );
        expectReply(await anon.get('/api/verify/my-own-platform-key-0123456789'), 403, INVALID_KEY);
        // The other key still verifies.
        expect((await anon.get(`/api/verify/${encodeURIComponent(generated.api_key)}`)).status).toBe(200);
      });

      it('deleting an absent key → 404, nothing changed', async () => {
        const res = await refusedKeys(() => admin.delete(`/api/key/${given.id}`), 404);
        expect(Object.keys(res.body)).toEqual(['error']);
        expect(typeof res.body.error).toBe('string');
        await refusedKeys(() => admin.delete('/api/key/999999'), 404);
      });

      it('a deleted key can be added again with the same value', async () => {
        const res = await admin.post('/api/key', { name: 'Given Again', api_key: 'my-own-platform-key-0123456789' });
        expect(res.status).toBe(201);
        expectReply(await anon.get('/api/verify/my-own-platform-key-0123456789'), 200, {
          valid: 'Key validated.',
          name: 'Given Again',
          created_at: res.body.created_at,
        });
      });
    });
  });

  describe('launcher clients', () => {
    let packA: any;
    let packB: any;
    let packC: any;
    const uuid = randomUUID();
    let client: any;

    beforeAll(async () => {
      packA = (await admin.post('/api/modpack', { name: 'Pack A', slug: 'pack-a', private: true })).body;
      packB = (await admin.post('/api/modpack', { name: 'Pack B', slug: 'pack-b', private: true })).body;
      packC = (await admin.post('/api/modpack', { name: 'Pack C', slug: 'pack-c', private: true })).body;
      for (const p of [packA, packB, packC]) expect(p.id).toEqual(expect.any(Number));
    });

    it('GET /api/client on a fresh instance → {"clients":[]}', async () => {
      expectReply(await admin.get('/api/client'), 200, { clients: [] });
    });

    it('POST /api/client {name, uuid} → 201 {id, name, uuid, modpacks: [], created_at, updated_at}', async () => {
      const res = await admin.post('/api/client', { name: 'Home PC', uuid });
      expectReply(res, 201, {
        id: expect.any(Number),
        name: 'Home PC',
        uuid,
        modpacks: [],
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      client = res.body;
      expectReply(await admin.get('/api/client'), 200, { clients: [client] });
    });

    it('name and uuid are required', async () => {
      await refusedClients(() => admin.post('/api/client', {}), 422, {
        error: { name: ['The name field is required.'], uuid: ['The uuid field is required.'] },
      });
      await refusedClients(() => admin.post('/api/client', { name: 'No UUID' }), 422, {
        error: { uuid: ['The uuid field is required.'] },
      });
    });

    it('an invalid uuid → 422 for uuid', async () => {
      for (const bad of ['not-a-uuid', '1234', 42]) {
        const res = await refusedClients(() => admin.post('/api/client', { name: 'Bad', uuid: bad }), 422);
        expect(Object.keys(res.body.error)).toEqual(['uuid']);
      }
    });

    it('a duplicate uuid → 422 "The uuid has already been taken."', async () => {
      await refusedClients(() => admin.post('/api/client', { name: 'Twin', uuid }), 422, {
        error: { uuid: ['The uuid has already been taken.'] },
      });
    });

    it('a name already used → 201: only the uuid is unique (docs/decisions.md, unlike Solder)', async () => {
      const twin = randomUUID();
      const res = await admin.post('/api/client', { name: 'Home PC', uuid: twin });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'Home PC', uuid: twin, modpacks: [] });
      const names = (await clientsState(admin)).clients.map((c: any) => [c.name, c.uuid]);
      expect(names).toEqual([
        ['Home PC', uuid],
        ['Home PC', twin],
      ]);
      expectReply(await admin.delete(`/api/client/${twin}`), 200, { success: 'Client deleted.' });
      expect((await clientsState(admin)).clients).toEqual([client]);
    });

    it('PUT /api/client/{uuid} {modpacks} links the modpacks and answers the record', async () => {
      const res = await admin.put(`/api/client/${uuid}`, { modpacks: [packA.id, packB.id] });
      expect(res.status).toBe(200);
      expect({ ...res.body, modpacks: [...res.body.modpacks].sort((a: number, b: number) => a - b) }).toEqual({
        id: client.id,
        name: 'Home PC',
        uuid,
        modpacks: [packA.id, packB.id].sort((a, b) => a - b),
        created_at: client.created_at,
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      const state = await clientsState(admin);
      expect(state.clients).toHaveLength(1);
      expect(state.clients[0].modpacks).toEqual([packA.id, packB.id].sort((a, b) => a - b));
    });

    it('a linked client id grants read access to its private modpacks', async () => {
      expectReply(await anon.get('/api/modpack/pack-a'), 404, { error: 'Modpack does not exist' });
      const viaCid = await anon.get(`/api/modpack/pack-a?cid=${uuid}`);
      expect(viaCid.status).toBe(200);
      expect(viaCid.body.name).toBe('pack-a');
      expectReply(await anon.get(`/api/modpack/pack-c?cid=${uuid}`), 404, { error: 'Modpack does not exist' });
    });

    it('PUT with a new modpacks list replaces the whole link set', async () => {
      const res = await admin.put(`/api/client/${uuid}`, { modpacks: [packC.id] });
      expect(res.status).toBe(200);
      expect(res.body.modpacks).toEqual([packC.id]);
      expect((await clientsState(admin)).clients[0].modpacks).toEqual([packC.id]);
      await eventually(async () => (await anon.get(`/api/modpack/pack-a?cid=${uuid}`)).status === 404);
      expect((await anon.get(`/api/modpack/pack-c?cid=${uuid}`)).status).toBe(200);
    });

    it('PUT without modpacks keeps the links', async () => {
      const res = await admin.put(`/api/client/${uuid}`, { name: 'Renamed PC' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: client.id, name: 'Renamed PC', uuid, modpacks: [packC.id] });
      expect((await clientsState(admin)).clients).toEqual([
        expect.objectContaining({ name: 'Renamed PC', modpacks: [packC.id] }),
      ]);
    });

    it('PUT {} changes nothing', async () => {
      const before = await clientsState(admin);
      const res = await admin.put(`/api/client/${uuid}`, {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Renamed PC', modpacks: [packC.id] });
      const after = await clientsState(admin);
      expect(after.clients.map(({ updated_at: _u, ...c }: any) => c)).toEqual(
        before.clients.map(({ updated_at: _u, ...c }: any) => c),
      );
    });

    it('an unknown modpack id → 422, links unchanged', async () => {
      const res = await refusedClients(() => admin.put(`/api/client/${uuid}`, { modpacks: [packA.id, 987654] }), 422);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(Object.keys(res.body.error).some((k) => k.startsWith('modpacks'))).toBe(true);
    });

    it('modpacks of the wrong type → 422, links unchanged', async () => {
      for (const modpacks of [['pack-a'], String(packA.id), packA.id, [true]]) {
        const res = await refusedClients(() => admin.put(`/api/client/${uuid}`, { modpacks }), 422);
        expect(Object.keys(res.body.error).some((k) => k.startsWith('modpacks'))).toBe(true);
      }
      expect((await clientsState(admin)).clients[0].modpacks).toEqual([packC.id]);
    });

    it('PUT {modpacks: []} unlinks every modpack', async () => {
      const res = await admin.put(`/api/client/${uuid}`, { modpacks: [] });
      expect(res.status).toBe(200);
      expect(res.body.modpacks).toEqual([]);
      await eventually(async () => (await anon.get(`/api/modpack/pack-c?cid=${uuid}`)).status === 404);
    });

    it('deleting a modpack removes it from client links (within 5 s)', async () => {
      expect((await admin.put(`/api/client/${uuid}`, { modpacks: [packA.id, packB.id] })).status).toBe(200);
      expectReply(await admin.delete('/api/modpack/pack-b'), 200, { success: 'Modpack deleted.' });
      await eventually(async () => {
        const state = await clientsState(admin);
        return state.clients[0].modpacks.length === 1;
      });
      expect((await clientsState(admin)).clients[0].modpacks).toEqual([packA.id]);
    });

    it('absent client → 404 {"error":"Client not found."} on PUT and DELETE', async () => {
      const missing = randomUUID();
      await refusedClients(() => admin.put(`/api/client/${missing}`, { name: 'Ghost' }), 404, CLIENT_NOT_FOUND);
      await refusedClients(() => admin.put(`/api/client/${missing}`, { modpacks: [987654] }), 404, CLIENT_NOT_FOUND);
      await refusedClients(() => admin.delete(`/api/client/${missing}`), 404, CLIENT_NOT_FOUND);
    });

    it('client routes need solder_clients: 401 without a token, 403 without the permission', async () => {
      const other = await userWithToken(admin, 'noclients', [
        'solder_keys',
        'solder_users',
        'modpacks_manage',
        'mods_manage',
      ]);
      const newUuid = randomUUID();
      await refusedClients(() => anon.get('/api/client'), 401, UNAUTHENTICATED);
      await refusedClients(() => anon.get('/api/client', { token: other }), 403, FORBIDDEN);
      await refusedClients(() => anon.post('/api/client', { name: 'X', uuid: newUuid }), 401, UNAUTHENTICATED);
      await refusedClients(
        () => anon.post('/api/client', { name: 'X', uuid: newUuid }, { token: other }),
        403,
        FORBIDDEN,
      );
      await refusedClients(
        () => anon.put(`/api/client/${uuid}`, { modpacks: [packC.id] }, { token: other }),
        403,
        FORBIDDEN,
      );
      await refusedClients(() => anon.put(`/api/client/${uuid}`, { modpacks: [packC.id] }), 401, UNAUTHENTICATED);
      await refusedClients(() => anon.delete(`/api/client/${uuid}`, { token: other }), 403, FORBIDDEN);
      await refusedClients(() => anon.delete(`/api/client/${uuid}`, { token: 'nope' }), 401, UNAUTHENTICATED);
      // 403 before 404.
      await refusedClients(
        () => anon.put(`/api/client/${randomUUID()}`, { name: 'Y' }, { token: other }),
        403,
        FORBIDDEN,
      );
    });

    it('a solder_clients user may manage clients', async () => {
      const manager = await userWithToken(admin, 'clientmgr', ['solder_clients']);
      const id = randomUUID();
      const res = await anon.post('/api/client', { name: 'Managed', uuid: id }, { token: manager });
      expect(res.status).toBe(201);
      expect((await anon.get('/api/client', { token: manager })).body.clients.map((c: any) => c.uuid)).toContain(id);
      expect((await anon.put(`/api/client/${id}`, { modpacks: [packC.id] }, { token: manager })).body.modpacks).toEqual(
        [packC.id],
      );
      expectReply(await anon.delete(`/api/client/${id}`, { token: manager }), 200, { success: 'Client deleted.' });
    });

    it('DELETE /api/client/{uuid} → {"success":"Client deleted."}; the cid then grants nothing', async () => {
      expect((await anon.get(`/api/modpack/pack-a?cid=${uuid}`)).status).toBe(200);
      expectReply(await admin.delete(`/api/client/${uuid}`), 200, { success: 'Client deleted.' });
      expectReply(await admin.get('/api/client'), 200, { clients: [] });
      await eventually(async () => (await anon.get(`/api/modpack/pack-a?cid=${uuid}`)).status === 404);
      expectReply(await admin.delete(`/api/client/${uuid}`), 404, CLIENT_NOT_FOUND);
    });
  });
});

describe('verify rate limit (default: 10 a minute per address)', () => {
  let t: TestStack;

  beforeAll(async () => {
    t = await startTestStack();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('the 11th verify within a minute → 429 {"error":"Too many requests."} with a numeric Retry-After', async () => {
    const key = (await t.admin.post('/api/key', { name: 'Limited', api_key: 'limited-key-value-1234' })).body;
    expect(key.api_key).toBe('limited-key-value-1234');
    for (let i = 0; i < 10; i++) {
      const res =
        i % 2 === 0
          ? await t.anon.get('/api/verify/limited-key-value-1234')
          : await t.anon.get('/api/verify/wrong-key');
      expect(res.status).toBe(i % 2 === 0 ? 200 : 403);
    }
    for (const path of ['/api/verify/limited-key-value-1234', '/api/verify/wrong-key']) {
      const res = await t.anon.get(path);
      expectReply(res, 429, TOO_MANY);
      const retryAfter = res.headers.get('retry-after');
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('other routes are not limited by the verify limit', async () => {
    expectReply(await t.anon.get('/api/'), 200, { api: 'Depot', version: '0.1.0', stream: 'stable' });
    expectReply(await t.anon.get('/api/mod'), 200, { mods: {} });
    expect((await t.admin.get('/api/key')).status).toBe(200);
  });
});

describe('verify rate limit (VERIFY_RATE_LIMIT_PER_MINUTE=3)', () => {
  let t: TestStack;

  beforeAll(async () => {
    t = await startTestStack({ env: { VERIFY_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('the 4th verify within a minute → 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expectReply(await t.anon.get('/api/verify/some-key'), 403, INVALID_KEY);
    const res = await t.anon.get('/api/verify/some-key');
    expectReply(res, 429, TOO_MANY);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('a forged X-Forwarded-For does not escape the per-address limit', async () => {
    for (const xff of ['203.0.113.7', '198.51.100.1, 203.0.113.9']) {
      const res = await t.anon.get('/api/verify/some-key', { headers: { 'x-forwarded-for': xff } });
      expectReply(res, 429, TOO_MANY);
    }
  });
});
