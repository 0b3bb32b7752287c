// The auth service over gRPC against a real PostgreSQL and NATS.
import * as grpc from '@grpc/grpc-js';
import { eventSubject } from '@depot/common';
import { createClient } from '@depot/common/grpc';
import { connectBus, ensureStream, type Bus } from '@depot/common/bus';
import {
  createTestDatabase,
  createTestNamespace,
  eventually,
  silentLogger,
  TEST_NATS_URL,
} from '@depot/common/testing';
import { AuthService } from '@depot/proto';
import { startAuth, type AuthApp } from '../src/app';
import { authConfigSchema } from '../src/config';
import { actor, dumpDatabase, failure } from './helpers';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ns: ReturnType<typeof createTestNamespace>;
let app: AuthApp;
let client: ReturnType<typeof createClient<typeof AuthService.service>>;
let bus: Bus;
let queries: string[] = [];

const full = actor(['solder_full']);
const userAdmin = actor(['solder_users']);

beforeAll(async () => {
  db = await createTestDatabase('auth_svc');
  ns = createTestNamespace('auth');
  const config = authConfigSchema.parse({
    DATABASE_URL: db.url,
    NATS_URL: TEST_NATS_URL,
    EVENTS_NAMESPACE: ns.namespace,
    AUTH_GRPC_LISTEN: '127.0.0.1:0',
  });
  app = await startAuth(config, { logger: silentLogger(), onQuery: (sql) => queries.push(sql) });
  client = createClient(AuthService, `127.0.0.1:${app.port}`);
  bus = await connectBus(TEST_NATS_URL, ns.namespace, silentLogger());
});

afterAll(async () => {
  client?.close();
  await bus?.close();
  await app?.stop();
  await ns?.drop();
  await db?.drop();
});

async function userWithToken(username: string, permissions: string[] = [], modpack_ids: number[] = []) {
  const user = await client.CreateUser({ actor: full, username, permissions, modpack_ids });
  const token = await client.CreateToken({ user_id: user.id, name: 'test' });
  return { user, token };
}

describe('users', () => {
  test('create, list, get case-insensitively, update by mask, delete', async () => {
    const created = await client.CreateUser({
      actor: full,
      username: 'Alice',
      permissions: ['mods_manage', 'mods_create', 'mods_create'],
      modpack_ids: [5, 3, 5],
    });
    expect(created).toMatchObject({
      username: 'Alice',
      permissions: ['mods_create', 'mods_manage'],
      modpack_ids: [3, 5],
    });
    expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    expect(await client.GetUser({ username: 'alice' })).toMatchObject({ id: created.id, username: 'Alice' });
    const list = await client.ListUsers({});
    expect(list.users.map((u) => u.username)).toContain('Alice');
    expect(list.users.map((u) => u.id)).toEqual([...list.users.map((u) => u.id)].sort((a, b) => a - b));

    const renamed = await client.UpdateUser({
      actor: full,
      username: 'alice',
      new_username: 'alice2',
      update_mask: ['username'],
    });
    expect(renamed).toMatchObject({
      username: 'alice2',
      permissions: ['mods_create', 'mods_manage'],
      modpack_ids: [3, 5],
    });

    const replaced = await client.UpdateUser({
      actor: full,
      username: 'alice2',
      permissions: ['modpacks_manage'],
      modpack_ids: [9],
      update_mask: ['permissions', 'modpacks'],
    });
    expect(replaced).toMatchObject({ username: 'alice2', permissions: ['modpacks_manage'], modpack_ids: [9] });

    // Renaming to one's own name in another case is not a duplicate.
    expect(
      (
        await client.UpdateUser({
          actor: full,
          username: 'alice2',
          new_username: 'ALICE2',
          update_mask: ['username'],
        })
      ).username,
    ).toBe('ALICE2');

    // Deleting a solder_full user needs solder_full; nothing changes when refused (root1 stays: the last one would).
    await client.CreateUser({ actor: full, username: 'root1', permissions: ['solder_full'], modpack_ids: [] });
    await client.CreateUser({ actor: full, username: 'root2', permissions: ['solder_full'], modpack_ids: [] });
    expect((await failure(client.DeleteUser({ actor: userAdmin, username: 'root2' }))).error?.reason).toBe('FORBIDDEN');
    expect((await client.GetUser({ username: 'root2' })).permissions).toEqual(['solder_full']);
    await client.DeleteUser({ actor: full, username: 'root2' });

    await client.DeleteUser({ actor: full, username: 'alice2' });
    expect((await failure(client.GetUser({ username: 'alice2' }))).error?.reason).toBe('USER_NOT_FOUND');
    expect((await failure(client.DeleteUser({ actor: full, username: 'alice2' }))).error?.reason).toBe(
      'USER_NOT_FOUND',
    );
    expect(
      (await failure(client.UpdateUser({ actor: full, username: 'nobody', update_mask: ['permissions'] }))).error
        ?.reason,
    ).toBe('USER_NOT_FOUND');
  });

  test('permissions and usernames are validated; usernames are unique case-insensitively', async () => {
    const bad = await failure(
      client.CreateUser({ actor: full, username: 'bob', permissions: ['mods_create', 'root'] }),
    );
    expect(bad.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(bad.error?.details.fields).toEqual({ permissions: ['The selected permissions is invalid.'] });

    const badName = await failure(client.CreateUser({ actor: full, username: '-bob', permissions: [] }));
    expect(badName.error?.details.fields).toEqual({ username: ['The username field format is invalid.'] });
    expect((await failure(client.CreateUser({ actor: full, username: '' }))).error?.details.fields).toEqual({
      username: ['The username field is required.'],
    });

    await client.CreateUser({ actor: full, username: 'bob.smith@example' });
    const dup = await failure(client.CreateUser({ actor: full, username: 'BOB.SMITH@example' }));
    expect(dup.code).toBe(grpc.status.ALREADY_EXISTS);
    expect(dup.error?.reason).toBe('USERNAME_TAKEN');
    expect(dup.error?.details.fields).toEqual({ username: ['The username has already been taken.'] });

    await client.CreateUser({ actor: full, username: 'carol' });
    const renameDup = await failure(
      client.UpdateUser({
        actor: full,
        username: 'carol',
        new_username: 'Bob.Smith@example',
        update_mask: ['username'],
      }),
    );
    expect(renameDup.error?.reason).toBe('USERNAME_TAKEN');

    const badUpdate = await failure(
      client.UpdateUser({ actor: full, username: 'carol', permissions: ['nope'], update_mask: ['permissions'] }),
    );
    expect(badUpdate.error?.details.fields).toEqual({ permissions: ['The selected permissions is invalid.'] });
  });

  test('an actor acts only on users it covers, and gives only rights it holds (docs/api.md#acting-on-users)', async () => {
    const helpdesk = actor(['solder_users', 'mods_create'], [3]);
    const denied = await failure(
      client.CreateUser({ actor: helpdesk, username: 'dave', permissions: ['solder_full'] }),
    );
    expect(denied.code).toBe(grpc.status.PERMISSION_DENIED);
    expect(denied.error?.reason).toBe('FORBIDDEN');
    for (const rights of [{ permissions: ['mods_delete'] }, { modpack_ids: [4] }]) {
      const refused = await failure(client.CreateUser({ actor: helpdesk, username: 'dave', ...rights }));
      expect(refused.error?.reason).toBe('FORBIDDEN');
    }
    expect((await failure(client.GetUser({ username: 'dave' }))).error?.reason).toBe('USER_NOT_FOUND');

    await client.CreateUser({ actor: helpdesk, username: 'dave', permissions: ['mods_create'], modpack_ids: [3] });
    for (const change of [
      { permissions: ['solder_full'], update_mask: ['permissions'] },
      { permissions: ['mods_create', 'mods_delete'], update_mask: ['permissions'] },
      { modpack_ids: [3, 4], update_mask: ['modpacks'] },
    ]) {
      const escalate = await failure(client.UpdateUser({ actor: helpdesk, username: 'dave', ...change }));
      expect(escalate.error?.reason).toBe('FORBIDDEN');
    }

    // A user beyond the actor (solder_full, or another modpack): nothing of theirs, not even a password.
    const root = await client.CreateUser({ actor: full, username: 'root2', permissions: ['solder_full'] });
    await client.CreateUser({ actor: full, username: 'packer', permissions: ['mods_create'], modpack_ids: [4] });
    for (const username of ['root2', 'packer']) {
      for (const change of [
        { permissions: [], update_mask: ['permissions'] },
        { password: 'Taken-over-123', update_mask: ['password'] },
        { email: 'mine@example.com', update_mask: ['email'] },
        { new_username: 'gone', update_mask: ['username'] },
      ]) {
        const refused = await failure(client.UpdateUser({ actor: helpdesk, username, ...change }));
        expect(refused.error?.reason).toBe('FORBIDDEN');
      }
      expect((await failure(client.DeleteUser({ actor: helpdesk, username }))).error?.reason).toBe('FORBIDDEN');
      expect((await failure(client.CreateToken({ actor: helpdesk, username, name: 'x' }))).error?.reason).toBe(
        'FORBIDDEN',
      );
      expect((await failure(client.ResetTwoFactor({ actor: helpdesk, username }))).error?.reason).toBe('FORBIDDEN');
      // a call that names no actor is refused too
      expect((await failure(client.DeleteUser({ username }))).error?.reason).toBe('FORBIDDEN');
    }
    const back = await client.GetUser({ username: 'root2' });
    expect(back).toMatchObject({ username: 'root2', permissions: ['solder_full'] });
    expect(back.email ?? null).toBeNull();
    expect(back.updated_at).toBe(root.updated_at);

    const granted = await client.UpdateUser({
      actor: full,
      username: 'dave',
      permissions: ['solder_full', 'mods_create'],
      update_mask: ['permissions'],
    });
    expect(granted.permissions).toEqual(['solder_full', 'mods_create']);
  });

  test('the last solder_full user is neither deleted nor demoted; another one may be', async () => {
    await client.CreateUser({ actor: full, username: 'first-root', permissions: ['solder_full'] });
    const supers = (await client.ListUsers({})).users.filter((u) => u.permissions.includes('solder_full'));
    // Leave exactly one: "last" below.
    for (const u of supers) await client.DeleteUser({ actor: full, username: u.username }).catch(() => undefined);
    const [last] = (await client.ListUsers({})).users.filter((u) => u.permissions.includes('solder_full'));
    const deleted = await failure(client.DeleteUser({ actor: full, username: last.username }));
    expect(deleted.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect(deleted.error?.reason).toBe('LAST_SUPER_USER_DELETED');
    expect(deleted.error?.message).toBe('Cannot delete the only remaining super user.');
    const demoted = await failure(
      client.UpdateUser({
        actor: full,
        username: last.username,
        permissions: ['solder_users'],
        update_mask: ['permissions'],
      }),
    );
    expect(demoted.error?.reason).toBe('LAST_SUPER_USER_DEMOTED');
    expect((await client.GetUser({ username: last.username })).permissions).toContain('solder_full');

    // Two super users demoting each other at once: one of them stays.
    await client.CreateUser({ actor: full, username: 'second-root', permissions: ['solder_full'] });
    const results = await Promise.allSettled(
      [last.username, 'second-root'].map((username) =>
        client.UpdateUser({ actor: full, username, permissions: [], update_mask: ['permissions'] }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const left = (await client.ListUsers({})).users.filter((u) => u.permissions.includes('solder_full'));
    expect(left).toHaveLength(1);
  });

  test('a change that changes nothing writes nothing, updated_at included', async () => {
    const { user } = await userWithToken('idle', ['mods_create'], [2]);
    for (const change of [
      { update_mask: [] },
      { permissions: ['mods_create'], update_mask: ['permissions'] },
      { modpack_ids: [2], update_mask: ['modpacks'] },
      { new_username: 'idle', update_mask: ['username'] },
      { email: undefined, update_mask: ['email'] },
    ]) {
      const same = await client.UpdateUser({ actor: full, username: 'idle', ...change });
      expect(same.updated_at).toBe(user.updated_at);
    }
    const changed = await client.UpdateUser({
      actor: full,
      username: 'idle',
      new_username: 'Idle',
      update_mask: ['username'],
    });
    expect(changed.updated_at).not.toBe(user.updated_at);
  });

  test('GrantModpackAccess is idempotent; DeleteUser removes tokens and access rows', async () => {
    const { user, token } = await userWithToken('erin', ['modpacks_manage']);
    await client.GrantModpackAccess({ user_id: user.id, modpack_id: 4 });
    await client.GrantModpackAccess({ user_id: user.id, modpack_id: 4 });
    await client.GrantModpackAccess({ user_id: user.id, modpack_id: 2 });
    expect((await client.Authenticate({ token: token.plaintext })).modpack_ids).toEqual([2, 4]);
    expect((await failure(client.GrantModpackAccess({ user_id: 999999, modpack_id: 1 }))).error?.reason).toBe(
      'USER_NOT_FOUND',
    );

    await client.DeleteUser({ actor: full, username: 'erin' });
    expect((await failure(client.Authenticate({ token: token.plaintext }))).error?.reason).toBe('UNAUTHENTICATED');
    const [row] = await app.orm.em.fork().execute<{ tokens: number; links: number }[]>(
      `select (select count(*) from tokens where user_id = ?)::int as tokens,
                (select count(*) from user_modpacks where user_id = ?)::int as links`,
      [user.id, user.id],
    );
    expect(row).toEqual({ tokens: 0, links: 0 });
  });
});

describe('tokens', () => {
  test('Authenticate: good, unknown, empty, revoked', async () => {
    const { user, token } = await userWithToken('frank', ['mods_create'], [7, 3]);
    expect(token.plaintext).toMatch(/^depot_[A-Za-z0-9_-]{43}$/);
    expect(token.name).toBe('test');

    const principal = await client.Authenticate({ token: token.plaintext });
    expect(principal).toEqual({
      user_id: user.id,
      username: 'frank',
      permissions: ['mods_create'],
      modpack_ids: [3, 7],
      token_id: token.id,
    });

    for (const bad of ['', 'depot_nope', token.plaintext + 'x', token.plaintext.toUpperCase()]) {
      const f = await failure(client.Authenticate({ token: bad }));
      expect(f.code).toBe(grpc.status.UNAUTHENTICATED);
      expect(f.error?.reason).toBe('UNAUTHENTICATED');
    }

    await client.RevokeToken({ user_id: user.id, token_id: token.id });
    expect((await failure(client.Authenticate({ token: token.plaintext }))).error?.reason).toBe('UNAUTHENTICATED');
  });

  test('own tokens only: list, create by username, revoking another user’s token is TOKEN_NOT_FOUND', async () => {
    const a = await userWithToken('gina');
    const b = await userWithToken('hank');
    const second = await client.CreateToken({ actor: full, username: 'GINA', name: 'laptop' });
    expect(second.plaintext).not.toBe(a.token.plaintext);

    const listed = await client.ListTokens({ user_id: a.user.id });
    expect(listed.tokens.map((t) => t.name)).toEqual(['test', 'laptop']);
    expect(listed.tokens[0]).not.toHaveProperty('plaintext');
    expect(listed.tokens[0].last_used_at).toBeUndefined();

    const stolen = await failure(client.RevokeToken({ user_id: b.user.id, token_id: a.token.id }));
    expect(stolen.code).toBe(grpc.status.NOT_FOUND);
    expect(stolen.error?.reason).toBe('TOKEN_NOT_FOUND');
    expect((await client.Authenticate({ token: a.token.plaintext })).username).toBe('gina');

    expect((await failure(client.CreateToken({ actor: full, username: 'nobody', name: 'x' }))).error?.reason).toBe(
      'USER_NOT_FOUND',
    );
    expect((await failure(client.CreateToken({ user_id: 999999, name: 'x' }))).error?.reason).toBe('USER_NOT_FOUND');
    expect((await failure(client.CreateToken({ user_id: a.user.id, name: ' ' }))).error?.details.fields).toEqual({
      name: ['The name field is required.'],
    });

    const dump = await dumpDatabase(app.orm);
    expect(dump).not.toContain(a.token.plaintext);
    expect(dump).not.toContain(second.plaintext);
    expect(dump).not.toContain(a.token.plaintext.slice('depot_'.length));
  });

  test('last_used_at is written on use, at most once a minute', async () => {
    const { user, token } = await userWithToken('ivan');
    const lastUsed = async () => (await client.ListTokens({ user_id: user.id })).tokens[0].last_used_at;
    await client.Authenticate({ token: token.plaintext });
    const first = await lastUsed();
    expect(first).toMatch(/Z$/);
    await client.Authenticate({ token: token.plaintext });
    expect(await lastUsed()).toBe(first);

    await app.orm.em
      .fork()
      .execute(`update tokens set last_used_at = now() - interval '2 minutes' where id = ?`, [token.id]);
    const aged = await lastUsed();
    await client.Authenticate({ token: token.plaintext });
    expect(await lastUsed()).not.toBe(aged);
  });
});

describe('platform keys', () => {
  test('created (generated or chosen), shown once, hashed, verified, deleted', async () => {
    const generated = await client.CreateKey({ name: 'Technic' });
    expect(generated.api_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const chosen = await client.CreateKey({ name: 'Mine', api_key: 'my-chosen-platform-key' });
    expect(chosen.api_key).toBe('my-chosen-platform-key');

    const listed = await client.ListKeys({});
    expect(listed.keys).toEqual([
      { id: generated.id, name: 'Technic', created_at: generated.created_at },
      { id: chosen.id, name: 'Mine', created_at: chosen.created_at },
    ]);
    const dump = await dumpDatabase(app.orm);
    expect(dump).not.toContain(generated.api_key);
    expect(dump).not.toContain('my-chosen-platform-key');

    expect(await client.VerifyKey({ key: 'my-chosen-platform-key' })).toEqual({
      name: 'Mine',
      created_at: chosen.created_at,
    });
    for (const bad of ['', 'MY-CHOSEN-PLATFORM-KEY', 'nope']) {
      const f = await failure(client.VerifyKey({ key: bad }));
      expect(f.code).toBe(grpc.status.NOT_FOUND);
      expect(f.error?.reason).toBe('INVALID_KEY');
    }

    const dup = await failure(client.CreateKey({ name: 'Again', api_key: 'my-chosen-platform-key' }));
    expect(dup.error?.reason).toBe('KEY_TAKEN');
    expect(dup.error?.details.fields).toEqual({ api_key: ['The api_key has already been taken.'] });
    expect((await failure(client.CreateKey({ name: '' }))).error?.details.fields).toEqual({
      name: ['The name field is required.'],
    });

    await client.DeleteKey({ id: chosen.id });
    expect((await failure(client.VerifyKey({ key: 'my-chosen-platform-key' }))).error?.reason).toBe('INVALID_KEY');
    expect((await failure(client.DeleteKey({ id: chosen.id }))).error?.reason).toBe('KEY_NOT_FOUND');
  });
});

describe('launcher clients', () => {
  const uuid = '3F2504E0-4F89-11D3-9A0C-0305E82C3301';

  test('CRUD, case-insensitive uuid, link replacement semantics', async () => {
    queries = [];
    const created = await client.CreateClient({ name: 'Home PC', uuid });
    expect(queries.join('\n')).not.toContain(uuid);
    expect(created).toMatchObject({ name: 'Home PC', uuid, modpack_ids: [] });

    const dup = await failure(client.CreateClient({ name: 'Other', uuid: uuid.toLowerCase() }));
    expect(dup.error?.reason).toBe('CLIENT_TAKEN');
    expect(dup.error?.details.fields).toEqual({ uuid: ['The uuid has already been taken.'] });

    const linked = await client.UpdateClient({
      uuid: uuid.toLowerCase(),
      modpack_ids: [8, 2, 8],
      update_mask: ['modpacks'],
    });
    expect(linked).toMatchObject({ name: 'Home PC', uuid, modpack_ids: [2, 8] });

    const renamed = await client.UpdateClient({ uuid, name: 'Laptop', update_mask: ['name'] });
    expect(renamed).toMatchObject({ name: 'Laptop', modpack_ids: [2, 8] });

    const replaced = await client.UpdateClient({ uuid, modpack_ids: [5], update_mask: ['modpacks'] });
    expect(replaced.modpack_ids).toEqual([5]);
    const cleared = await client.UpdateClient({ uuid, modpack_ids: [], update_mask: ['modpacks'] });
    expect(cleared.modpack_ids).toEqual([]);
    // A change that changes nothing writes nothing, updated_at included.
    for (const same of [
      { update_mask: [] },
      { name: 'Laptop', update_mask: ['name'] },
      { modpack_ids: [], update_mask: ['modpacks'] },
    ]) {
      expect((await client.UpdateClient({ uuid, ...same })).updated_at).toBe(cleared.updated_at);
    }

    await client.CreateClient({ name: 'Second', uuid: 'second-client' });
    const list = await client.ListClients({});
    expect(list.clients.map((c) => [c.name, c.modpack_ids])).toEqual([
      ['Laptop', []],
      ['Second', []],
    ]);

    await client.DeleteClient({ uuid: uuid.toLowerCase() });
    expect((await failure(client.DeleteClient({ uuid }))).error?.reason).toBe('CLIENT_NOT_FOUND');
    expect((await failure(client.UpdateClient({ uuid, name: 'x', update_mask: ['name'] }))).error?.reason).toBe(
      'CLIENT_NOT_FOUND',
    );
    await client.DeleteClient({ uuid: 'second-client' });
  });
});

describe('ResolveReadAccess', () => {
  test('each credential kind, combinations and garbage; never an error; one query per credential', async () => {
    const key = await client.CreateKey({ name: 'read' });
    await client.CreateClient({ name: 'Launcher', uuid: 'AAAA-launcher' });
    await client.UpdateClient({ uuid: 'aaaa-launcher', modpack_ids: [10, 11], update_mask: ['modpacks'] });
    const plain = await userWithToken('reader', [], [11, 12]);
    const root = await userWithToken('reader-full', ['solder_full']);

    expect(await client.ResolveReadAccess({})).toEqual({ all: false, modpack_ids: [] });
    expect(await client.ResolveReadAccess({ key: key.api_key })).toEqual({ all: true, modpack_ids: [] });
    expect(await client.ResolveReadAccess({ cid: 'AAAA-LAUNCHER' })).toEqual({ all: false, modpack_ids: [10, 11] });
    expect(await client.ResolveReadAccess({ token: plain.token.plaintext })).toEqual({
      all: false,
      modpack_ids: [11, 12],
    });
    expect(await client.ResolveReadAccess({ token: root.token.plaintext })).toEqual({ all: true, modpack_ids: [] });

    queries = [];
    expect(
      await client.ResolveReadAccess({ key: 'garbage', cid: 'aaaa-launcher', token: plain.token.plaintext }),
    ).toEqual({ all: false, modpack_ids: [10, 11, 12] });
    expect(queries.filter((q) => q.includes('[query]'))).toHaveLength(3);
    expect(
      await client.ResolveReadAccess({ key: key.api_key, cid: 'aaaa-launcher', token: plain.token.plaintext }),
    ).toEqual({ all: true, modpack_ids: [10, 11, 12] });

    for (const garbage of ['', 'x', 'depot_' + 'a'.repeat(43), '\u0000\uffff', 'z'.repeat(10_000)]) {
      expect(await client.ResolveReadAccess({ key: garbage, cid: garbage, token: garbage })).toEqual({
        all: false,
        modpack_ids: [],
      });
    }

    await client.RevokeToken({ user_id: plain.user.id, token_id: plain.token.id });
    expect(await client.ResolveReadAccess({ token: plain.token.plaintext })).toEqual({ all: false, modpack_ids: [] });
  });
});

test('modpack.deleted removes the modpack from access lists and client links', async () => {
  const { token } = await userWithToken('kate', [], [6, 7]);
  await client.CreateClient({ name: 'Cleanup', uuid: 'cleanup-client' });
  await client.UpdateClient({ uuid: 'cleanup-client', modpack_ids: [7, 8], update_mask: ['modpacks'] });

  await ensureStream(bus);
  // A malformed event is acknowledged and does not hold up the next one.
  await bus.js.publish(eventSubject(ns.namespace, 'modpack.deleted'), JSON.stringify({}));
  await bus.js.publish(eventSubject(ns.namespace, 'modpack.deleted'), JSON.stringify({ modpack_id: 7 }));

  await eventually(async () => {
    const principal = await client.Authenticate({ token: token.plaintext });
    return principal.modpack_ids.length === 1;
  });
  expect((await client.Authenticate({ token: token.plaintext })).modpack_ids).toEqual([6]);
  await eventually(async () => (await client.ResolveReadAccess({ cid: 'cleanup-client' })).modpack_ids.length === 1);
  expect((await client.ListClients({})).clients.find((c) => c.uuid === 'cleanup-client')?.modpack_ids).toEqual([8]);
});
