/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies and OpenAPI operations are checked by value */
// Acting on users (docs/api.md#acting-on-users), as a matrix generated from the route
// declarations: every route the OpenAPI document marks `x-acts-on-user` × every field of its body
// × a caller and a target from every pair of the rights below → the exact answer, and after each
// refusal the target read back unchanged from auth's database (row, access list, tokens,
// sessions, two-factor). The expected answer is computed here from the rule as docs/api.md states
// it, not from Depot's code. Then the probe of 2026-11-26, step by step, and the last super user.
import { Client } from 'pg';
import { adminCli, Api, type TestStack, expectReply, startTestStack, userWithToken } from '../support';

let t: TestStack;
let admin: Api;
let auth: Client;

const FORBIDDEN = { error: 'This action is unauthorized.' };

interface Rights {
  permissions: string[];
  modpacks: string[];
}

/** Rights of callers and targets: nothing, `solder_users` alone and with more, other rights, all. */
const RIGHTS: Record<string, Rights> = {
  nothing: { permissions: [], modpacks: [] },
  users: { permissions: ['solder_users'], modpacks: [] },
  'users-mods': { permissions: ['solder_users', 'mods_create'], modpacks: [] },
  'users-pack-a': { permissions: ['solder_users', 'modpacks_manage'], modpacks: ['pack-a'] },
  mods: { permissions: ['mods_create'], modpacks: [] },
  'mods-pack-b': { permissions: ['mods_create'], modpacks: ['pack-b'] },
  full: { permissions: ['solder_full'], modpacks: [] },
};
const NAMES = Object.keys(RIGHTS);

/** The rule, as docs/api.md#acting-on-users states it. */
function covers(caller: Rights, rights: Partial<Rights>): boolean {
  if (caller.permissions.includes('solder_full')) return true;
  return (
    (rights.permissions ?? []).every((p) => caller.permissions.includes(p)) &&
    (rights.modpacks ?? []).every((m) => caller.modpacks.includes(m))
  );
}

let seq = 0;
const fresh = (prefix: string) => `${prefix}-${++seq}`;

/** A value of each body field: the target's own rights for the rights, new values for the rest. */
function bodyFor(field: string, target: Rights, username: string): Record<string, unknown> {
  switch (field) {
    case 'username':
      return { username: fresh('renamed') };
    case 'permissions':
      return { permissions: target.permissions };
    case 'modpacks':
      return { modpacks: target.modpacks };
    case 'email':
      return { email: `${fresh(username)}@example.com` };
    case 'password':
      return { password: 'Taken-over-by-helpdesk-1' };
    default:
      throw new Error(`no value for field ${field}: add one (a new field of a route acting on users)`);
  }
}

interface Operation {
  method: string;
  /** Fastify's pattern, `/api/user/{username}`. */
  path: string;
  acts: { named?: boolean; grants?: boolean };
  fields: string[];
  success: number;
}

let operations: Operation[];

/** Everything of a user that a request could change, as stored. */
async function stored(username: string) {
  const { rows } = await auth.query(
    `select u.id, u.username, u.permissions, u.email, u.password_hash, u.updated_at,
            array(select modpack_id from user_modpacks m where m.user_id = u.id order by 1) as modpacks,
            array(select id from tokens k where k.user_id = u.id order by 1) as tokens,
            (select count(*) from sessions s where s.user_id = u.id)::int as sessions,
            (select count(*) from two_factor_secrets f where f.user_id = u.id)::int as two_factor
       from users u where lower(u.username) = lower($1)`,
    [username],
  );
  return rows[0] ?? null;
}

const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestStack();
  admin = t.admin;
  for (const slug of ['pack-a', 'pack-b']) {
    expect((await admin.post('/api/modpack', { name: slug, slug })).status).toBe(201);
  }
  for (const name of NAMES) {
    tokens[name] = await userWithToken(admin, `caller-${name}`, RIGHTS[name].permissions, RIGHTS[name].modpacks);
  }
  auth = new Client({ connectionString: t.stack.databases.auth });
  await auth.connect();

  const document = (await t.anon.get('/api/openapi.json')).body;
  operations = [];
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!op['x-acts-on-user']) continue;
      const schema = op.requestBody?.content?.['application/json']?.schema;
      const body = schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema;
      const success = Number(Object.keys(op.responses).find((s) => s.startsWith('2')));
      operations.push({
        method: method.toUpperCase(),
        path,
        acts: op['x-acts-on-user'],
        fields: Object.keys(body?.properties ?? {}),
        success,
      });
    }
  }
});

afterAll(async () => {
  await auth?.end();
  await t?.stop();
});

test('the routes that act on users are the ones the document marks, with their fields', () => {
  expect(operations.map((o) => `${o.method} ${o.path} ${JSON.stringify(o.acts)} ${o.fields.join(',')}`).sort()).toEqual(
    [
      'DELETE /api/user/{username} {"named":true} ',
      'DELETE /api/user/{username}/two-factor {"named":true} ',
      'POST /api/user {"grants":true} username,permissions,modpacks,email,password',
      'POST /api/user/{username}/token {"named":true} name',
      'PUT /api/user/{username} {"named":true,"grants":true} username,permissions,modpacks,email,password',
    ],
  );
});

describe.each(NAMES)('caller with %s', (callerName) => {
  const caller = RIGHTS[callerName];
  const mayManage = caller.permissions.includes('solder_users') || caller.permissions.includes('solder_full');

  test.each(NAMES)('on a user with %s: every route, every field', async (targetName) => {
    const target = RIGHTS[targetName];
    const api = new Api(t.url, tokens[callerName]);
    const cases: string[] = [];
    for (const op of operations) {
      // The named user's own fields, one request each; a route without a body, one request.
      const fields = op.fields.length ? op.fields : [''];
      for (const field of fields) {
        if (op.acts.grants && !op.acts.named && field === 'username') continue; // the new user's name, always sent
        const username = fresh(`target-${targetName}`);
        let body: Record<string, unknown> | undefined;
        let expected: boolean;
        let path = op.path;
        if (op.acts.named) {
          expect((await admin.post('/api/user', { username, ...target })).status).toBe(201);
          path = op.path.replace('{username}', username);
          body = field === 'name' ? { name: 'by-caller' } : field ? bodyFor(field, target, username) : undefined;
          const given = op.acts.grants && body ? { permissions: body.permissions, modpacks: body.modpacks } : {};
          expected = mayManage && covers(caller, target) && covers(caller, given as Partial<Rights>);
        } else {
          // Creating a user: the rights given are the target's.
          body = { username, ...(field ? (pick(target, field) ?? bodyFor(field, target, username)) : {}) };
          expected = mayManage && covers(caller, body as Partial<Rights>);
        }
        const before = await stored(username);
        const res = await api.request(op.method, path, body);
        const label = `${op.method} ${path} ${JSON.stringify(body ?? null)}`;
        cases.push(`${label} → ${res.status}`);
        if (expected) {
          expect({ label, status: res.status }).toEqual({ label, status: op.success });
        } else {
          expect({ label, status: res.status, body: res.body }).toEqual({ label, status: 403, body: FORBIDDEN });
          expect({ label, after: await stored(username) }).toEqual({ label, after: before });
        }
      }
    }
    // Every route and every field was tried (a route added later joins by its declaration).
    expect(cases.length).toBe(operations.reduce((n, op) => n + Math.max(op.fields.length, 1), 0) - 1);
  });
});

/** `permissions` or `modpacks` of the target's rights; undefined for the other fields. */
function pick(rights: Rights, field: string): Record<string, unknown> | undefined {
  if (field === 'permissions') return { permissions: rights.permissions };
  if (field === 'modpacks') return { modpacks: rights.modpacks };
  return undefined;
}

test('a caller gives only rights it holds, even to a user it covers', async () => {
  const api = new Api(t.url, tokens['users-mods']);
  expect((await admin.post('/api/user', { username: 'plain-one' })).status).toBe(201);
  for (const body of [
    { permissions: ['mods_create', 'mods_delete'] },
    { permissions: ['solder_full'] },
    { modpacks: ['pack-a'] },
  ]) {
    const before = await stored('plain-one');
    expectReply(await api.put('/api/user/plain-one', body), 403, FORBIDDEN);
    expect(await stored('plain-one')).toEqual(before);
  }
  expect((await api.put('/api/user/plain-one', { permissions: ['mods_create'] })).status).toBe(200);
});

test("the probe's steps: a helpdesk user cannot take over the administrator", async () => {
  // curl -X POST $B/api/user -H "$ADMIN" -d '{"username":"helpdesk","permissions":["solder_users"]}'
  const helpdesk = await userWithToken(admin, 'helpdesk', ['solder_users']);
  const hd = new Api(t.url, helpdesk);
  const before = await stored('admin');
  for (const body of [
    { password: 'Helpdesk-owns-you-1' },
    { email: 'helpdesk@example.com' },
    { username: 'former-admin' },
    { modpacks: [] },
  ]) {
    expectReply(await hd.put('/api/user/admin', body), 403, FORBIDDEN);
  }
  expect(await stored('admin')).toEqual(before);
  expectReply(await t.anon.post('/api/session', { login: 'admin', password: 'Helpdesk-owns-you-1' }), 422, {
    error: { login: ['These credentials do not match our records.'] },
  });
  // Nor by a second account of its own with more rights.
  expectReply(
    await hd.post('/api/user', {
      username: 'sidekick',
      permissions: ['solder_users', 'mods_delete'],
      password: 'Sidekick-password-1',
    }),
    403,
    FORBIDDEN,
  );
  expect(await stored('sidekick')).toBeNull();
  // The users list shows it only those it covers.
  const listed = (await hd.get('/api/user')).body.users.map((u: any) => u.username);
  expect(listed).toContain('helpdesk');
  expect(listed).not.toContain('admin');
});

test('the last solder_full user can be neither deleted nor demoted, by itself or another', async () => {
  // Every super user but the bootstrap admin goes first (the matrix made some).
  const supers = (await admin.get('/api/user')).body.users.filter((u: any) => u.permissions.includes('solder_full'));
  for (const u of supers)
    if (u.username !== 'admin') expect((await admin.delete(`/api/user/${u.username}`)).status).toBe(200);
  const before = await stored('admin');
  expectReply(await admin.delete('/api/user/admin'), 409, { error: 'Cannot delete the only remaining super user.' });
  expectReply(await admin.put('/api/user/admin', { permissions: [] }), 409, {
    error: 'Cannot take solder_full from the only remaining super user.',
  });
  // The operator's CLI too (which may act on anyone) says why.
  const cli = await adminCli(t, ['user', 'delete', 'admin']);
  expect({ code: cli.code, stderr: cli.stderr.trim() }).toEqual({
    code: 1,
    stderr: 'depot-admin: Cannot delete the only remaining super user.',
  });
  expect(await stored('admin')).toEqual(before);
  expect((await admin.get('/api/token')).status).toBe(200);
  // With a second one, the first may go.
  expect((await admin.post('/api/user', { username: 'second-root', permissions: ['solder_full'] })).status).toBe(201);
  expect((await admin.put('/api/user/second-root', { permissions: ['solder_users'] })).status).toBe(200);
  expect((await admin.put('/api/user/second-root', { permissions: ['solder_full'] })).status).toBe(200);
});
