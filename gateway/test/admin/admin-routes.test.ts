import { startStack, TS, type Stack } from './fake-stack';

let s: Stack;
beforeAll(async () => {
  [s] = await startStack();
});
afterAll(() => s.close());
beforeEach(() => {
  s.auth.reset();
  s.calls.length = 0;
});

const ADMIN = 'admin';
const KEEPER = 'keeper';
const PLAIN = 'plain';
const UUID = '6f1c7b3e-2a4d-4c1e-9b7a-0d2e5f8a1c3b';

const rpcs = (name: string) => s.calls.filter((c) => c === name).length;

describe('authentication and permission', () => {
  it.each([
    ['GET', '/api/user'],
    ['POST', '/api/user'],
    ['PUT', '/api/user/plain'],
    ['DELETE', '/api/user/plain'],
    ['GET', '/api/token'],
    ['POST', '/api/token'],
    ['DELETE', '/api/token/1'],
    ['POST', '/api/user/plain/token'],
    ['GET', '/api/key'],
    ['POST', '/api/key'],
    ['DELETE', '/api/key/1'],
    ['GET', '/api/client'],
    ['POST', '/api/client'],
    ['PUT', `/api/client/${UUID}`],
    ['DELETE', `/api/client/${UUID}`],
  ])('%s %s: 401 without or with an unknown token, whatever the body', async (method, path) => {
    for (const token of [undefined, 'nope']) {
      const res = await s.request(method, path, { token, body: method === 'GET' ? undefined : '{bad json' });
      expect(res.status).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthenticated.' });
    }
  });

  it.each([
    ['GET', '/api/user'],
    ['POST', '/api/user'],
    ['PUT', '/api/user/nobody-at-all'],
    ['DELETE', '/api/user/nobody-at-all'],
    ['POST', '/api/user/nobody-at-all/token'],
    ['GET', '/api/key'],
    ['POST', '/api/key'],
    ['DELETE', '/api/key/999'],
    ['GET', '/api/client'],
    ['POST', '/api/client'],
    ['PUT', `/api/client/${UUID}`],
    ['DELETE', `/api/client/${UUID}`],
  ])('%s %s: 403 without the permission, before 404 and 422', async (method, path) => {
    const res = await s.request(method, path, { token: PLAIN, body: method === 'GET' ? undefined : {} });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ error: 'This action is unauthorized.' });
  });

  it('answers 400 to malformed JSON once authenticated', async () => {
    const res = await s.request('POST', '/api/token', { token: PLAIN, body: '{"name":' });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });
});

describe('users', () => {
  it('lists users with modpack slugs, translating every id in one call', async () => {
    s.auth.users[2].modpack_ids = [1, 3];
    const res = await s.request('GET', '/api/user', { token: ADMIN });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      users: [
        { username: 'admin', permissions: ['solder_full'], modpacks: [], created_at: TS, updated_at: TS },
        {
          username: 'keeper',
          permissions: ['solder_users', 'solder_keys', 'solder_clients'],
          modpacks: ['hexxit'],
          created_at: TS,
          updated_at: TS,
        },
        {
          username: 'plain',
          permissions: [],
          modpacks: ['tekkit', 'attack-of-the-b-team'],
          created_at: TS,
          updated_at: TS,
        },
      ],
    });
    expect(rpcs('builds.GetModpacksByIds')).toBe(1);
  });

  it('lists to a caller without solder_full only the users it covers', async () => {
    s.auth.users[2].modpack_ids = [1, 3];
    const res = await s.request('GET', '/api/user?include=email', { token: KEEPER });
    expect(res.status).toBe(200);
    expect(res.json().users.map((u: { username: string }) => u.username)).toEqual(['keeper']);
    s.auth.users[2].modpack_ids = [2];
    const wider = await s.request('GET', '/api/user', { token: KEEPER });
    expect(wider.json().users.map((u: { username: string }) => u.username)).toEqual(['keeper', 'plain']);
  });

  it('creates a user: 201 with the record, slugs translated with one call each way at most', async () => {
    const res = await s.request('POST', '/api/user', {
      token: ADMIN,
      body: {
        username: 'new.user@example',
        permissions: ['mods_create'],
        modpacks: ['hexxit', 'tekkit', 'hexxit'],
        id: 9,
      },
    });
    expect(res.status).toBe(201);
    expect(res.json()).toEqual({
      username: 'new.user@example',
      permissions: ['mods_create'],
      modpacks: ['tekkit', 'hexxit'],
      created_at: TS,
      updated_at: TS,
    });
    expect(rpcs('builds.GetModpacksBySlugs')).toBe(1);
    expect(rpcs('builds.GetModpacksByIds')).toBe(0);
  });

  it('creates a user with only a username', async () => {
    const res = await s.request('POST', '/api/user', { token: ADMIN, body: { username: 'solo' } });
    expect(res.status).toBe(201);
    expect(res.json()).toMatchObject({ username: 'solo', permissions: [], modpacks: [] });
    expect(rpcs('builds.GetModpacksBySlugs')).toBe(0);
  });

  it.each([
    [{}, { username: ['The username field is required.'] }],
    [{ username: '' }, { username: ['The username field is required.'] }],
    [{ username: 5 }, { username: ['The username field must be a string.'] }],
    [{ username: '-bad' }, { username: ['The username field format is invalid.'] }],
    [{ username: 'a b' }, { username: ['The username field format is invalid.'] }],
    [{ username: 'x'.repeat(256) }, { username: ['The username field must not be greater than 255 characters.'] }],
    [{ username: 'ok', permissions: 'mods_create' }, { permissions: ['The permissions field must be an array.'] }],
    [
      { username: 'ok', permissions: ['mods_create', 'root'] },
      { permissions: ['The selected permissions is invalid.'] },
    ],
    [{ username: 'ok', permissions: [1] }, { permissions: ['The selected permissions is invalid.'] }],
    [{ username: 'ok', modpacks: 'tekkit' }, { modpacks: ['The modpacks field must be an array.'] }],
    [{ username: 'ok', modpacks: ['tekkit', 'nope'] }, { modpacks: ['The selected modpacks is invalid.'] }],
    [{ username: 'ok', modpacks: [2] }, { modpacks: ['The selected modpacks is invalid.'] }],
    [
      { permissions: ['nope'], modpacks: ['nope'] },
      {
        username: ['The username field is required.'],
        permissions: ['The selected permissions is invalid.'],
        modpacks: ['The selected modpacks is invalid.'],
      },
    ],
  ])('refuses %j with 422 %j and creates nothing', async (body, error) => {
    const res = await s.request('POST', '/api/user', { token: ADMIN, body });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error });
    expect(s.auth.users).toHaveLength(3);
    expect(rpcs('builds.GetModpacksBySlugs')).toBeLessThanOrEqual(1);
  });

  it('refuses a taken username with 422', async () => {
    const res = await s.request('POST', '/api/user', { token: KEEPER, body: { username: 'PLAIN' } });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error: { username: ['The username has already been taken.'] } });
  });

  it('only a solder_full user may grant solder_full, checked before validation', async () => {
    for (const body of [{ username: 'boss', permissions: ['solder_full'] }, { permissions: ['solder_full'] }]) {
      const res = await s.request('POST', '/api/user', { token: KEEPER, body });
      expect(res.status).toBe(403);
      expect(res.json()).toEqual({ error: 'This action is unauthorized.' });
    }
    expect(s.auth.users).toHaveLength(3);
    const ok = await s.request('POST', '/api/user', {
      token: ADMIN,
      body: { username: 'boss', permissions: ['solder_full'] },
    });
    expect(ok.status).toBe(201);
  });

  it('updates only the fields sent and answers the record', async () => {
    const res = await s.request('PUT', '/api/user/Plain', {
      token: ADMIN,
      body: { permissions: ['mods_manage'], modpacks: ['attack-of-the-b-team'] },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      username: 'plain',
      permissions: ['mods_manage'],
      modpacks: ['attack-of-the-b-team'],
      created_at: TS,
      updated_at: TS,
    });
    const renamed = await s.request('PUT', '/api/user/plain', { token: ADMIN, body: { username: 'renamed' } });
    expect(renamed.json()).toMatchObject({
      username: 'renamed',
      permissions: ['mods_manage'],
      modpacks: ['attack-of-the-b-team'],
    });
    const cleared = await s.request('PUT', '/api/user/renamed', { token: ADMIN, body: { modpacks: [] } });
    expect(cleared.json()).toMatchObject({ modpacks: [] });
  });

  it('answers 404 for an unknown user before validating the body', async () => {
    for (const body of [{ username: 'ok' }, { username: '' }, { modpacks: ['nope'] }]) {
      const res = await s.request('PUT', '/api/user/ghost', { token: KEEPER, body });
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found.' });
    }
  });

  it('refuses invalid updates with 422 and changes nothing', async () => {
    const res = await s.request('PUT', '/api/user/plain', {
      token: KEEPER,
      body: { username: 'fine', permissions: ['x'], modpacks: ['nope'] },
    });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      error: { permissions: ['The selected permissions is invalid.'], modpacks: ['The selected modpacks is invalid.'] },
    });
    expect(s.auth.users[2].username).toBe('plain');
  });

  it("a user without solder_full cannot touch a solder_full user's rights", async () => {
    for (const body of [{ permissions: [] }, { permissions: ['bogus'] }]) {
      const res = await s.request('PUT', '/api/user/admin', { token: KEEPER, body });
      expect(res.status).toBe(403);
    }
    expect(
      (await s.request('PUT', '/api/user/plain', { token: KEEPER, body: { permissions: ['solder_full'] } })).status,
    ).toBe(403);
    expect((await s.request('DELETE', '/api/user/admin', { token: KEEPER })).status).toBe(403);
    expect((await s.request('POST', '/api/user/admin/token', { token: KEEPER, body: { name: 'x' } })).status).toBe(403);
    expect(s.auth.users[0].permissions).toEqual(['solder_full']);
    expect(s.auth.tokens.filter((t) => t.user_id === 1)).toHaveLength(1);
  });

  it('deletes a user', async () => {
    const res = await s.request('DELETE', '/api/user/plain', { token: KEEPER });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ success: 'User deleted.' });
    const again = await s.request('DELETE', '/api/user/plain', { token: ADMIN });
    expect(again.status).toBe(404);
    expect(again.json()).toEqual({ error: 'User not found.' });
  });
});

describe('tokens', () => {
  it('lists only the caller’s own tokens, last_used_at null when never used', async () => {
    const res = await s.request('GET', '/api/token', { token: PLAIN });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ tokens: [{ id: 3, name: 'seed', last_used_at: null, created_at: TS }] });
    const admin = await s.request('GET', '/api/token', { token: ADMIN });
    expect(admin.json()).toEqual({ tokens: [{ id: 1, name: 'seed', last_used_at: TS, created_at: TS }] });
  });

  it('issues a token to the caller, shown once', async () => {
    const res = await s.request('POST', '/api/token', { token: PLAIN, body: { name: 'ci' } });
    expect(res.status).toBe(201);
    const { token } = res.json();
    expect(token).toEqual({ id: expect.any(Number), name: 'ci', plaintext: expect.any(String), created_at: TS });
    const listed = await s.request('GET', '/api/token', { token: token.plaintext });
    expect(listed.json().tokens.map((t: { name: string }) => t.name)).toEqual(['seed', 'ci']);
    expect(listed.body).not.toContain(token.plaintext);
  });

  it.each([
    [{}, 'The name field is required.'],
    [{ name: '' }, 'The name field is required.'],
    [{ name: 3 }, 'The name field must be a string.'],
    [{ name: 'n'.repeat(256) }, 'The name field must not be greater than 255 characters.'],
  ])('refuses %j with 422', async (body, message) => {
    const res = await s.request('POST', '/api/token', { token: PLAIN, body });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error: { name: [message] } });
  });

  it('issues a token for another user with solder_users', async () => {
    const res = await s.request('POST', '/api/user/plain/token', { token: KEEPER, body: { name: 'for plain' } });
    expect(res.status).toBe(201);
    const { token } = res.json();
    expect(token).toMatchObject({ name: 'for plain' });
    const me = await s.request('GET', '/api/token', { token: token.plaintext });
    expect(me.json().tokens).toHaveLength(2);
    expect(s.auth.tokens.find((t) => t.id === token.id)?.user_id).toBe(3);
  });

  it('answers 404 for an unknown user before validating', async () => {
    for (const body of [{ name: 'x' }, {}]) {
      const res = await s.request('POST', '/api/user/ghost/token', { token: KEEPER, body });
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found.' });
    }
    const invalid = await s.request('POST', '/api/user/plain/token', { token: KEEPER, body: {} });
    expect(invalid.status).toBe(422);
  });

  it('revokes own tokens only; others, non-integers and leading zeros answer 404', async () => {
    // `03` and `003` would be the caller's own token 3 if read as numbers: they name nothing.
    for (const id of ['1', 'abc', '0', '-1', '1.5', '99999999999', '4294967297', '03', '003', '+3', '3e0']) {
      const res = await s.request('DELETE', `/api/token/${id}`, { token: PLAIN });
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ error: 'Token not found.' });
    }
    expect(s.auth.tokens).toHaveLength(3);
    const res = await s.request('DELETE', '/api/token/3', { token: PLAIN });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ success: 'Token revoked.' });
    expect((await s.request('GET', '/api/token', { token: PLAIN })).status).toBe(401);
  });
});

describe('platform keys', () => {
  it('lists keys without their values', async () => {
    const res = await s.request('GET', '/api/key', { token: KEEPER });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ keys: [{ id: 1, name: 'platform', created_at: TS }] });
  });

  it('creates a key, generated or given, shown once at the top level', async () => {
    const given = await s.request('POST', '/api/key', { token: KEEPER, body: { name: 'mine', api_key: 'abc123' } });
    expect(given.status).toBe(201);
    expect(given.json()).toEqual({ id: expect.any(Number), name: 'mine', api_key: 'abc123', created_at: TS });
    for (const body of [{ name: 'gen' }, { name: 'gen2', api_key: null }, { name: 'gen3', api_key: '' }]) {
      const generated = await s.request('POST', '/api/key', { token: KEEPER, body });
      expect(generated.status).toBe(201);
      expect(generated.json().api_key).toMatch(/^generated-/);
    }
    const taken = await s.request('POST', '/api/key', { token: KEEPER, body: { name: 'dup', api_key: 'abc123' } });
    expect(taken.status).toBe(422);
    expect(taken.json()).toEqual({ error: { api_key: ['The api_key has already been taken.'] } });
  });

  it.each([
    [{}, { name: ['The name field is required.'] }],
    [{ name: 'k', api_key: 5 }, { api_key: ['The api_key field must be a string.'] }],
    [
      { name: 'k', api_key: 'k'.repeat(256) },
      { api_key: ['The api_key field must not be greater than 255 characters.'] },
    ],
  ])('refuses %j with 422', async (body, error) => {
    const res = await s.request('POST', '/api/key', { token: KEEPER, body });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error });
  });

  it('deletes a key; unknown and non-integer ids, and ids with leading zeros, answer 404', async () => {
    for (const id of ['999', 'x', '01', '001']) {
      const res = await s.request('DELETE', `/api/key/${id}`, { token: KEEPER });
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ error: 'Key not found.' });
    }
    const res = await s.request('DELETE', '/api/key/1', { token: KEEPER });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ success: 'Key deleted.' });
  });
});

describe('launcher clients', () => {
  const create = (body: unknown) => s.request('POST', '/api/client', { token: KEEPER, body });

  it('creates, lists, updates and deletes a client', async () => {
    const created = await create({ name: 'My PC', uuid: UUID });
    expect(created.status).toBe(201);
    const record = { id: expect.any(Number), name: 'My PC', uuid: UUID, modpacks: [], created_at: TS, updated_at: TS };
    expect(created.json()).toEqual(record);
    expect((await s.request('GET', '/api/client', { token: KEEPER })).json()).toEqual({ clients: [record] });

    const linked = await s.request('PUT', `/api/client/${UUID.toUpperCase()}`, {
      token: KEEPER,
      body: { modpacks: [3, 1] },
    });
    expect(linked.status).toBe(200);
    expect(linked.json()).toEqual({ ...record, modpacks: [1, 3] });
    expect(rpcs('builds.GetModpacksByIds')).toBe(1);

    const renamed = await s.request('PUT', `/api/client/${UUID}`, { token: KEEPER, body: { name: 'Laptop' } });
    expect(renamed.json()).toEqual({ ...record, name: 'Laptop', modpacks: [1, 3] });

    const cleared = await s.request('PUT', `/api/client/${UUID}`, { token: KEEPER, body: { modpacks: [] } });
    expect(cleared.json().modpacks).toEqual([]);

    const deleted = await s.request('DELETE', `/api/client/${UUID}`, { token: KEEPER });
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toEqual({ success: 'Client deleted.' });
    const again = await s.request('DELETE', `/api/client/${UUID}`, { token: KEEPER });
    expect(again.status).toBe(404);
    expect(again.json()).toEqual({ error: 'Client not found.' });
  });

  it.each([
    [{}, { name: ['The name field is required.'], uuid: ['The uuid field is required.'] }],
    [{ name: 'x', uuid: 'not-a-uuid' }, { uuid: ['The uuid field must be a valid UUID.'] }],
    [{ name: 'x', uuid: 42 }, { uuid: ['The uuid field must be a string.'] }],
  ])('refuses %j with 422', async (body, error) => {
    const res = await create(body);
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error });
    expect(s.auth.clients).toHaveLength(0);
  });

  it('refuses a taken uuid', async () => {
    await create({ name: 'a', uuid: UUID });
    const res = await create({ name: 'b', uuid: UUID });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error: { uuid: ['The uuid has already been taken.'] } });
  });

  it('refuses unknown or malformed modpack ids with 422 and keeps the links', async () => {
    await create({ name: 'a', uuid: UUID });
    await s.request('PUT', `/api/client/${UUID}`, { token: KEEPER, body: { modpacks: [2] } });
    for (const modpacks of [[1, 99], ['1'], [1.5], [0], 'x']) {
      s.calls.length = 0;
      const res = await s.request('PUT', `/api/client/${UUID}`, { token: KEEPER, body: { modpacks } });
      expect(res.status).toBe(422);
      const message =
        typeof modpacks === 'string' ? 'The modpacks field must be an array.' : 'The selected modpacks is invalid.';
      expect(res.json()).toEqual({ error: { modpacks: [message] } });
      expect(rpcs('builds.GetModpacksByIds')).toBeLessThanOrEqual(1);
    }
    const both = await s.request('PUT', `/api/client/${UUID}`, { token: KEEPER, body: { name: '', modpacks: [99] } });
    expect(both.json()).toEqual({
      error: { name: ['The name field is required.'], modpacks: ['The selected modpacks is invalid.'] },
    });
    expect(s.auth.clients[0]).toMatchObject({ name: 'a', modpack_ids: [2] });
  });

  it('answers 404 for an unknown client before validating', async () => {
    for (const body of [{ name: 'x' }, { modpacks: [99] }, { name: 7 }]) {
      const res = await s.request('PUT', `/api/client/${UUID}`, { token: KEEPER, body });
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ error: 'Client not found.' });
    }
  });
});

describe('GET /api/verify/{key}', () => {
  it('validates a key', async () => {
    const res = await s.request('GET', '/api/verify/platform-key');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ valid: 'Key validated.', name: 'platform', created_at: TS });
  });

  it('refuses an unknown key with 403', async () => {
    const res = await s.request('GET', `/api/verify/${encodeURIComponent('no such/key')}`);
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ error: 'Invalid key provided.' });
  });

  it('never logs the key, even on an internal failure', async () => {
    s.logs.length = 0;
    const res = await s.request('GET', '/api/verify/explode');
    expect(res.status).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal error.' });
    expect(s.logs.join('\n')).toContain('"route":"/api/verify/:key"');
    expect(s.logs.join('\n')).not.toContain('explode');
  });
});
