/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Users and tokens: CRUD, permission grants, token issue/list/revoke, the bootstrap admin token,
// and permissions taking effect on mod writes (docs/api.md#access-model, #users, #tokens).
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
const TOKEN_NOT_FOUND = { error: 'Token not found.' };

const sorted = (a: string[]) => [...a].sort();

/** Matches null or a timestamp string. */
const NULL_OR_TIMESTAMP = {
  asymmetricMatch: (v: unknown) => v === null || (typeof v === 'string' && TIMESTAMP.test(v)),
  toString: () => 'NullOrTimestamp',
  toAsymmetricMatcher: () => 'NullOrTimestamp',
};

/** Users as the API lists them, by username, with sorted permissions. */
async function usersState(admin: Api) {
  const res = await admin.get('/api/user');
  expect(res.status).toBe(200);
  const out: Record<string, unknown> = {};
  for (const u of res.body.users) out[u.username] = { ...u, permissions: sorted(u.permissions) };
  return out;
}

async function tokensOf(api: Api, token: string) {
  const res = await api.get('/api/token', { token });
  expect(res.status).toBe(200);
  return res.body.tokens as Array<{ id: unknown; name: string; last_used_at: string | null; created_at: string }>;
}

/** The token fields that only a write may change (last_used_at moves with every use). */
const stable = (tokens: Array<{ id: unknown; name: string; created_at: string }>) =>
  tokens.map((tk) => ({ id: tk.id, name: tk.name, created_at: tk.created_at }));

// Written out on purpose: the permissions docs/api.md documents are a contract with users, which
// this list pins (not derived from @depot/common, so that dropping one there fails here).
const ALL_PERMISSIONS = [
  'solder_full',
  'solder_users',
  'solder_keys',
  'solder_clients',
  'mods_create',
  'mods_manage',
  'mods_delete',
  'modpacks_create',
  'modpacks_manage',
  'modpacks_delete',
];

describe('users and tokens', () => {
  let t: TestStack;
  let admin: Api;
  let anon: Api;

  beforeAll(async () => {
    t = await startTestStack();
    admin = t.admin;
    anon = t.anon;
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** A refused users write: status/body as given and the user list unchanged. */
  const refusedUsers = (write: () => Promise<Reply>, status: number, body?: unknown) =>
    expectRefused(() => usersState(admin), write, status, body);

  describe('bootstrap admin (ADMIN_TOKEN)', () => {
    it('GET /api/user lists the admin user with solder_full', async () => {
      const res = await admin.get('/api/user');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['users']);
      expect(res.body.users).toEqual([
        {
          username: 'admin',
          permissions: ['solder_full'],
          modpacks: [],
          created_at: expect.stringMatching(TIMESTAMP),
          updated_at: expect.stringMatching(TIMESTAMP),
        },
      ]);
    });

    it('the admin token passes every permission check', async () => {
      const mod = await admin.post('/api/mod', { name: 'admin-mod', pretty_name: 'Admin Mod' });
      expect(mod.status).toBe(201);
      expect((await admin.get('/api/key')).status).toBe(200);
      expect((await admin.get('/api/client')).status).toBe(200);
      expect((await admin.get('/api/token')).status).toBe(200);
      const pack = await admin.post('/api/modpack', { name: 'Admin Pack', slug: 'admin-pack' });
      expect(pack.status).toBe(201);
      expectReply(await admin.delete('/api/mod/admin-mod'), 200, { success: 'Mod deleted.' });
    });
  });

  describe('users', () => {
    it('POST /api/user → 201 with the user record', async () => {
      const res = await admin.post('/api/user', {
        username: 'alice',
        permissions: ['mods_create', 'mods_manage'],
        modpacks: [],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        username: 'alice',
        modpacks: [],
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(sorted(res.body.permissions)).toEqual(['mods_create', 'mods_manage']);
      expect(JSON.stringify(res.body)).not.toMatch(/password|hash|plaintext/i);
    });

    it('GET /api/user lists it with the documented shape', async () => {
      const res = await admin.get('/api/user');
      expect(res.status).toBe(200);
      const alice = res.body.users.find((u: any) => u.username === 'alice');
      expect({ ...alice, permissions: sorted(alice.permissions) }).toEqual({
        username: 'alice',
        permissions: ['mods_create', 'mods_manage'],
        modpacks: [],
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(res.body.users.map((u: any) => u.username).sort()).toEqual(['admin', 'alice']);
    });

    it('a user may be given a modpack access list by slug', async () => {
      const res = await admin.post('/api/user', {
        username: 'packer',
        permissions: ['modpacks_manage'],
        modpacks: ['admin-pack'],
      });
      expect(res.status).toBe(201);
      expect(res.body.modpacks).toHaveLength(1);
      const pack = (await admin.get('/api/modpack/admin-pack')).body;
      // The list is reported by slug or by id; either way it names admin-pack.
      expect([pack.name, pack.id]).toContainEqual(res.body.modpacks[0]);
      const listed = (await admin.get('/api/user')).body.users.find((u: any) => u.username === 'packer');
      expect(listed.modpacks).toEqual(res.body.modpacks);
    });

    it('every documented permission is accepted', async () => {
      const res = await admin.post('/api/user', { username: 'everything', permissions: ALL_PERMISSIONS, modpacks: [] });
      expect(res.status).toBe(201);
      expect(sorted(res.body.permissions)).toEqual(sorted(ALL_PERMISSIONS));
    });

    it('an unknown permission → 422, nothing created', async () => {
      const res = await refusedUsers(
        () => admin.post('/api/user', { username: 'bogus', permissions: ['mods_create', 'root_access'], modpacks: [] }),
        422,
      );
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(Object.keys(res.body.error).some((k) => k.startsWith('permissions'))).toBe(true);
    });

    it('permissions of the wrong type → 422, nothing created', async () => {
      for (const permissions of ['mods_create', [1], { mods_create: true }]) {
        const res = await refusedUsers(
          () => admin.post('/api/user', { username: 'bogus', permissions, modpacks: [] }),
          422,
        );
        expect(Object.keys(res.body.error).some((k) => k.startsWith('permissions'))).toBe(true);
      }
    });

    it('an unknown modpack slug → 422, nothing created', async () => {
      const res = await refusedUsers(
        () => admin.post('/api/user', { username: 'bogus', permissions: [], modpacks: ['no-such-pack'] }),
        422,
      );
      expect(Object.keys(res.body.error).some((k) => k.startsWith('modpacks'))).toBe(true);
    });

    it('a missing username → 422 "The username field is required."', async () => {
      const res = await refusedUsers(() => admin.post('/api/user', { permissions: [], modpacks: [] }), 422);
      expect(res.body.error.username).toEqual(['The username field is required.']);
    });

    it('a duplicate username, in any case → 422, nothing changed', async () => {
      for (const username of ['alice', 'ALICE', 'Alice']) {
        await refusedUsers(
          () => admin.post('/api/user', { username, permissions: ['solder_keys'], modpacks: [] }),
          422,
          {
            error: { username: ['The username has already been taken.'] },
          },
        );
      }
    });

    it('only a solder_full user may grant solder_full (403 otherwise, nothing changed)', async () => {
      const manager = await userWithToken(admin, 'manager', ['solder_users']);
      await refusedUsers(
        () =>
          anon.post(
            '/api/user',
            { username: 'wannabe', permissions: ['solder_full'], modpacks: [] },
            { token: manager },
          ),
        403,
        FORBIDDEN,
      );
      await refusedUsers(
        () => anon.put('/api/user/alice', { permissions: ['solder_full'], modpacks: [] }, { token: manager }),
        403,
        FORBIDDEN,
      );
      // Nor any other permission it does not hold (docs/api.md#acting-on-users): only its own.
      await refusedUsers(
        () =>
          anon.post(
            '/api/user',
            { username: 'helper', permissions: ['mods_delete', 'solder_keys'], modpacks: [] },
            { token: manager },
          ),
        403,
        FORBIDDEN,
      );
      const ok = await anon.post(
        '/api/user',
        { username: 'helper', permissions: ['solder_users'], modpacks: [] },
        { token: manager },
      );
      expect(ok.status).toBe(201);
      expect(ok.body.permissions).toEqual(['solder_users']);
      // A full user may grant it.
      const full = await admin.post('/api/user', {
        username: 'second-full',
        permissions: ['solder_full'],
        modpacks: [],
      });
      expect(full.status).toBe(201);
      expect(full.body.permissions).toEqual(['solder_full']);
    });

    it('a solder_users holder without solder_full cannot take over a solder_full user', async () => {
      const manager = await userWithToken(admin, 'manager2', ['solder_users']);
      // Issuing a token for a full user would hand the caller solder_full.
      const adminTokens = (await tokensOf(anon, t.adminToken)).map((tk) => tk.id);
      await refusedUsers(
        () => anon.post('/api/user/admin/token', { name: 'takeover' }, { token: manager }),
        403,
        FORBIDDEN,
      );
      expect((await tokensOf(anon, t.adminToken)).map((tk) => tk.id)).toEqual(adminTokens);
      await refusedUsers(
        () => anon.put('/api/user/admin', { permissions: [], modpacks: [] }, { token: manager }),
        403,
        FORBIDDEN,
      );
      await refusedUsers(() => anon.delete('/api/user/admin', { token: manager }), 403, FORBIDDEN);
    });

    it('deleting a modpack removes it from every access list (within 5 s)', async () => {
      expect((await admin.post('/api/modpack', { name: 'Doomed Pack', slug: 'doomed-pack' })).status).toBe(201);
      const res = await admin.post('/api/user', {
        username: 'doomedaccess',
        permissions: [],
        modpacks: ['doomed-pack'],
      });
      expect(res.status).toBe(201);
      expect(res.body.modpacks).toHaveLength(1);
      expect((await admin.delete('/api/modpack/doomed-pack')).status).toBe(200);
      await eventually(async () => {
        const users = (await admin.get('/api/user')).body.users;
        return users.find((u: any) => u.username === 'doomedaccess').modpacks.length === 0;
      });
      const users = (await admin.get('/api/user')).body.users;
      expect(users.find((u: any) => u.username === 'doomedaccess').modpacks).toEqual([]);
    });

    it('PUT /api/user/{username} replaces permissions and modpacks', async () => {
      const res = await admin.put('/api/user/alice', { permissions: ['mods_delete'], modpacks: ['admin-pack'] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ username: 'alice', permissions: ['mods_delete'] });
      expect(res.body.modpacks).toHaveLength(1);
      const listed = (await admin.get('/api/user')).body.users.find((u: any) => u.username === 'alice');
      expect(listed.permissions).toEqual(['mods_delete']);
      expect(listed.modpacks).toEqual(res.body.modpacks);
      const back = await admin.put('/api/user/alice', { permissions: ['mods_create', 'mods_manage'], modpacks: [] });
      expect(back.status).toBe(200);
      expect(sorted(back.body.permissions)).toEqual(['mods_create', 'mods_manage']);
      expect(back.body.modpacks).toEqual([]);
    });

    it('PUT with an unknown permission → 422, nothing changed', async () => {
      await refusedUsers(() => admin.put('/api/user/alice', { permissions: ['nope'], modpacks: [] }), 422);
    });

    it('PUT on an absent user → 404 with an error message, nothing changed', async () => {
      const res = await refusedUsers(() => admin.put('/api/user/nobody-here', { permissions: [], modpacks: [] }), 404);
      expect(typeof res.body.error).toBe('string');
      expect(Object.keys(res.body)).toEqual(['error']);
    });

    it('DELETE on an absent user → 404', async () => {
      const res = await refusedUsers(() => admin.delete('/api/user/nobody-here'), 404);
      expect(typeof res.body.error).toBe('string');
    });

    it('user routes need solder_users: 401 without a token, 403 without the permission', async () => {
      const plain = await userWithToken(admin, 'plainuser', ['mods_create', 'solder_keys', 'solder_clients']);
      await refusedUsers(() => anon.get('/api/user'), 401, UNAUTHENTICATED);
      await refusedUsers(() => anon.get('/api/user', { token: plain }), 403, FORBIDDEN);
      await refusedUsers(
        () => anon.post('/api/user', { username: 'x1', permissions: [], modpacks: [] }),
        401,
        UNAUTHENTICATED,
      );
      await refusedUsers(
        () => anon.post('/api/user', { username: 'x1', permissions: [], modpacks: [] }, { token: plain }),
        403,
        FORBIDDEN,
      );
      await refusedUsers(
        () => anon.put('/api/user/alice', { permissions: [], modpacks: [] }, { token: plain }),
        403,
        FORBIDDEN,
      );
      await refusedUsers(() => anon.delete('/api/user/alice', { token: plain }), 403, FORBIDDEN);
      await refusedUsers(() => anon.delete('/api/user/alice'), 401, UNAUTHENTICATED);
      await refusedUsers(
        () => anon.post('/api/user/alice/token', { name: 'stolen' }, { token: plain }),
        403,
        FORBIDDEN,
      );
    });

    it('DELETE /api/user/{username} removes the user, and its tokens stop working within 5 s', async () => {
      const token = await userWithToken(admin, 'shortlived', ['mods_create']);
      expect((await anon.get('/api/token', { token })).status).toBe(200);
      const res = await admin.delete('/api/user/shortlived');
      expect(res.status).toBe(200);
      const users = await usersState(admin);
      expect(users).not.toHaveProperty('shortlived');
      await eventually(async () => (await anon.get('/api/token', { token })).status === 401);
      expectReply(
        await anon.post('/api/mod', { name: 'ghost', pretty_name: 'Ghost' }, { token }),
        401,
        UNAUTHENTICATED,
      );
      expectReply(await anon.get('/api/mod/ghost'), 404, { error: 'Mod does not exist' });
    });
  });

  describe('tokens', () => {
    let bobToken: string;
    let carolToken: string;

    beforeAll(async () => {
      bobToken = await userWithToken(admin, 'bob', ['mods_create']);
      carolToken = await userWithToken(admin, 'carol', []);
    });

    it('GET /api/token lists own tokens with {id, name, last_used_at, created_at}', async () => {
      const res = await anon.get('/api/token', { token: bobToken });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['tokens']);
      expect(res.body.tokens).toEqual([
        {
          id: expect.anything(),
          name: 'test',
          last_used_at: NULL_OR_TIMESTAMP,
          created_at: expect.stringMatching(TIMESTAMP),
        },
      ]);
      expect(res.text).not.toContain(bobToken);
    });

    it('POST /api/token → 201 {"token":{id,name,plaintext,created_at}}; the plaintext is shown once', async () => {
      const res = await anon.post('/api/token', { name: 'laptop' }, { token: bobToken });
      expectReply(res, 201, {
        token: {
          id: expect.anything(),
          name: 'laptop',
          plaintext: expect.any(String),
          created_at: expect.stringMatching(TIMESTAMP),
        },
      });
      const plaintext: string = res.body.token.plaintext;
      // At least 160 bits of randomness: 27+ characters in any reasonable encoding.
      expect(plaintext.length).toBeGreaterThanOrEqual(27);
      expect(plaintext).not.toBe(bobToken);

      const list = await anon.get('/api/token', { token: bobToken });
      expect(list.status).toBe(200);
      expect(list.text).not.toContain(plaintext);
      expect(list.body.tokens.map((tk: any) => tk.name).sort()).toEqual(['laptop', 'test']);
      const listed = list.body.tokens.find((tk: any) => tk.name === 'laptop');
      expect(listed).toEqual({
        id: res.body.token.id,
        name: 'laptop',
        last_used_at: NULL_OR_TIMESTAMP,
        created_at: res.body.token.created_at,
      });
      for (const tk of list.body.tokens)
        expect(Object.keys(tk).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);
    });

    it('a new token works at once and carries its user rights', async () => {
      const res = await anon.post('/api/token', { name: 'fresh' }, { token: bobToken });
      const fresh = res.body.token.plaintext;
      expect((await anon.get('/api/token', { token: fresh })).status).toBe(200);
      const mod = await anon.post('/api/mod', { name: 'bob-mod', pretty_name: 'Bob Mod' }, { token: fresh });
      expect(mod.status).toBe(201);
      // ... and nothing more: bob has no mods_delete.
      expectReply(await anon.delete('/api/mod/bob-mod', { token: fresh }), 403, FORBIDDEN);
      expect((await anon.get('/api/mod/bob-mod')).status).toBe(200);
    });

    it('a token name is required', async () => {
      const before = await tokensOf(anon, bobToken);
      const res = await anon.post('/api/token', {}, { token: bobToken });
      expectReply(res, 422, { error: { name: ['The name field is required.'] } });
      expect(stable(await tokensOf(anon, bobToken))).toEqual(stable(before));
    });

    it('each user lists only its own tokens (admin included)', async () => {
      const bob = await tokensOf(anon, bobToken);
      const carol = await tokensOf(anon, carolToken);
      const adminTokens = await tokensOf(anon, t.adminToken);
      const bobIds = new Set(bob.map((tk) => JSON.stringify(tk.id)));
      for (const tk of [...carol, ...adminTokens]) expect(bobIds.has(JSON.stringify(tk.id))).toBe(false);
      expect(carol.map((tk) => tk.name)).toEqual(['test']);
      expect(adminTokens.map((tk) => tk.name)).not.toContain('laptop');
    });

    it('a user without any permission may manage its own tokens', async () => {
      const res = await anon.post('/api/token', { name: 'carol-2' }, { token: carolToken });
      expect(res.status).toBe(201);
      expect((await tokensOf(anon, carolToken)).map((tk) => tk.name).sort()).toEqual(['carol-2', 'test']);
      expectReply(await anon.delete(`/api/token/${res.body.token.id}`, { token: carolToken }), 200, {
        success: 'Token revoked.',
      });
      expect((await tokensOf(anon, carolToken)).map((tk) => tk.name)).toEqual(['test']);
    });

    it('token routes need a valid token: 401 otherwise', async () => {
      expectReply(await anon.get('/api/token'), 401, UNAUTHENTICATED);
      expectReply(await anon.get('/api/token', { token: 'bogus-token' }), 401, UNAUTHENTICATED);
      expectReply(await anon.post('/api/token', { name: 'x' }), 401, UNAUTHENTICATED);
      const bobBefore = await tokensOf(anon, bobToken);
      const id = bobBefore[0].id;
      expectReply(await anon.delete(`/api/token/${id}`), 401, UNAUTHENTICATED);
      expectReply(await anon.delete(`/api/token/${id}`, { token: 'bogus-token' }), 401, UNAUTHENTICATED);
      expect(stable(await tokensOf(anon, bobToken))).toEqual(stable(bobBefore));
    });

    it("revoking another user's token → 404 Token not found.; the token keeps working", async () => {
      const bobTokens = await tokensOf(anon, bobToken);
      const laptop = bobTokens.find((tk) => tk.name === 'laptop')!;
      expectReply(await anon.delete(`/api/token/${laptop.id}`, { token: carolToken }), 404, TOKEN_NOT_FOUND);
      // Not even solder_full may revoke someone else's token through this route.
      expectReply(await admin.delete(`/api/token/${laptop.id}`), 404, TOKEN_NOT_FOUND);
      expect((await tokensOf(anon, bobToken)).map((tk) => tk.name).sort()).toEqual(
        bobTokens.map((tk) => tk.name).sort(),
      );
      expect((await anon.get('/api/token', { token: bobToken })).status).toBe(200);
    });

    it('revoking an absent token id → 404 Token not found.', async () => {
      const before = await tokensOf(anon, bobToken);
      expectReply(await anon.delete('/api/token/987654321', { token: bobToken }), 404, TOKEN_NOT_FOUND);
      const after = await tokensOf(anon, bobToken);
      expect(stable(after)).toEqual(stable(before));
    });

    it('DELETE /api/token/{id} → {"success":"Token revoked."}; that token then gets 401 (within 5 s)', async () => {
      const issued = await anon.post('/api/token', { name: 'to-revoke' }, { token: bobToken });
      expect(issued.status).toBe(201);
      const victim = issued.body.token.plaintext;
      expect((await anon.get('/api/token', { token: victim })).status).toBe(200);
      expectReply(await anon.delete(`/api/token/${issued.body.token.id}`, { token: victim }), 200, {
        success: 'Token revoked.',
      });
      await eventually(async () => (await anon.get('/api/token', { token: victim })).status === 401);
      expectReply(await anon.get('/api/token', { token: victim }), 401, UNAUTHENTICATED);
      expectReply(
        await anon.post('/api/mod', { name: 'revoked-mod', pretty_name: 'R' }, { token: victim }),
        401,
        UNAUTHENTICATED,
      );
      expectReply(await anon.get('/api/mod/revoked-mod'), 404, { error: 'Mod does not exist' });
      // The user's other tokens still work, and the revoked one is no longer listed.
      const left = await tokensOf(anon, bobToken);
      expect(left.map((tk) => tk.name)).not.toContain('to-revoke');
      // Revoking it again → 404.
      expectReply(await anon.delete(`/api/token/${issued.body.token.id}`, { token: bobToken }), 404, TOKEN_NOT_FOUND);
    });

    it('POST /api/user/{username}/token (solder_users) issues a token for another user', async () => {
      const res = await admin.post('/api/user/carol/token', { name: 'issued-by-admin' });
      expectReply(res, 201, {
        token: {
          id: expect.anything(),
          name: 'issued-by-admin',
          plaintext: expect.any(String),
          created_at: expect.stringMatching(TIMESTAMP),
        },
      });
      const issued = res.body.token.plaintext;
      const carolList = await tokensOf(anon, issued);
      expect(carolList.map((tk) => tk.name).sort()).toEqual(['issued-by-admin', 'test']);
      expect((await tokensOf(anon, t.adminToken)).map((tk) => tk.name)).not.toContain('issued-by-admin');
      // carol has no permissions: the issued token carries carol's rights, not admin's.
      expectReply(
        await anon.post('/api/mod', { name: 'carol-mod', pretty_name: 'C' }, { token: issued }),
        403,
        FORBIDDEN,
      );
      expectReply(await anon.get('/api/mod/carol-mod'), 404, { error: 'Mod does not exist' });
    });

    it('POST /api/user/{username}/token: a solder_users holder may, others may not; absent user → 404', async () => {
      const manager = await userWithToken(admin, 'tokmanager', ['solder_users']);
      const ok = await anon.post('/api/user/carol/token', { name: 'by-manager' }, { token: manager });
      expect(ok.status).toBe(201);
      const carolBefore = await tokensOf(anon, carolToken);
      expectReply(await anon.post('/api/user/carol/token', { name: 'sneaky' }, { token: bobToken }), 403, FORBIDDEN);
      expectReply(await anon.post('/api/user/carol/token', { name: 'sneaky' }), 401, UNAUTHENTICATED);
      expect((await tokensOf(anon, carolToken)).map((tk) => tk.name).sort()).toEqual(
        carolBefore.map((tk) => tk.name).sort(),
      );
      const missing = await admin.post('/api/user/no-such-user/token', { name: 'x' });
      expect(missing.status).toBe(404);
      expect(Object.keys(missing.body)).toEqual(['error']);
      expect(typeof missing.body.error).toBe('string');
    });
  });

  describe('permissions take effect on writes', () => {
    it('a user with mods_create can create a mod; a user without gets 403 and nothing is created', async () => {
      const creator = await userWithToken(admin, 'creator', ['mods_create']);
      const reader = await userWithToken(admin, 'reader', ['mods_manage', 'mods_delete']);
      const res = await anon.post(
        '/api/mod',
        { name: 'from-creator', pretty_name: 'From Creator' },
        { token: creator },
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'from-creator', pretty_name: 'From Creator' });
      const before = (await anon.get('/api/mod')).body;
      expectReply(
        await anon.post('/api/mod', { name: 'from-reader', pretty_name: 'R' }, { token: reader }),
        403,
        FORBIDDEN,
      );
      expect((await anon.get('/api/mod')).body).toEqual(before);
      expectReply(await anon.get('/api/mod/from-reader'), 404, { error: 'Mod does not exist' });
    });

    it('granting and removing a permission changes what the token may do', async () => {
      const token = await userWithToken(admin, 'changing', []);
      // POST {} is a probe that never writes: 403 without the permission, 422 with it.
      expectReply(await anon.post('/api/mod', {}, { token }), 403, FORBIDDEN);
      expect((await admin.put('/api/user/changing', { permissions: ['mods_create'], modpacks: [] })).status).toBe(200);
      await eventually(async () => (await anon.post('/api/mod', {}, { token })).status === 422);
      expect((await anon.post('/api/mod', { name: 'chg-1', pretty_name: 'C' }, { token })).status).toBe(201);
      expect((await admin.put('/api/user/changing', { permissions: [], modpacks: [] })).status).toBe(200);
      await eventually(async () => (await anon.post('/api/mod', {}, { token })).status === 403);
      expectReply(await anon.post('/api/mod', { name: 'chg-2', pretty_name: 'C' }, { token }), 403, FORBIDDEN);
      expectReply(await anon.get('/api/mod/chg-2'), 404, { error: 'Mod does not exist' });
    });
  });
});
