// The gateway in front of in-process fakes: an in-memory auth service with the real one's rules
// (users, tokens, keys, clients) and a builds service that only knows modpack refs. Calls are
// recorded so tests can count RPCs. Requests go over real HTTP (app.inject needs light-my-request,
// whose ESM-only dependency jest cannot load on Node 20).
import net from 'node:net';
import { Writable } from 'node:stream';
import * as grpc from '@grpc/grpc-js';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { covers, DepotError, FULL } from '@depot/common';
import { bindHandlers } from '@depot/common/grpc';
import { AuthService, BuildsService, CatalogService, type authV1 } from '@depot/proto';
import { buildGateway } from '../../src/app';
import { createServiceClients } from '../../src/clients';
import { loadGatewayConfig } from '../../src/config';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers take whatever message the method gets
type Handler = (request: any) => Promise<unknown>;

export const TS = '2024-01-02T03:04:05.000000Z';
export const MODPACKS = [
  { id: 1, slug: 'tekkit' },
  { id: 2, slug: 'hexxit' },
  { id: 3, slug: 'attack-of-the-b-team' },
];

interface UserRow {
  id: number;
  username: string;
  permissions: string[];
  modpack_ids: number[];
  email?: string;
  /** In plaintext: a fake. */
  password?: string;
}
interface TokenRow {
  id: number;
  user_id: number;
  name: string;
  secret: string;
  last_used_at?: string;
}

/**
 * Users `admin` (solder_full, token "admin"), `keeper` (solder_users, solder_keys, solder_clients,
 * password "keeper-password", e-mail keeper@example.com), `plain` (none).
 */
export class FakeAuth {
  users: UserRow[] = [];
  tokens: TokenRow[] = [];
  /** Session token → user id. */
  sessions = new Map<string, number>();
  /** User id → the one code and the recovery codes the fake accepts (two-factor sign-in on). */
  twoFactor = new Map<number, { code: string; recovery: Set<string> }>();
  /** Pending second steps: challenge token → user id and login. */
  challenges = new Map<string, { userId: number; login: string }>();
  keys: { id: number; name: string; api_key: string }[] = [];
  clients: { id: number; name: string; uuid: string; modpack_ids: number[] }[] = [];
  /** While set, every password and code check waits for it (tests hold judgements to race them). */
  hold?: Promise<void>;
  /** While true, password checks are shed as auth sheds them when its hashing queue is full. */
  busy = false;
  private seq = 100;

  constructor() {
    this.reset();
  }

  reset() {
    this.users = [
      { id: 1, username: 'admin', permissions: ['solder_full'], modpack_ids: [] },
      {
        id: 2,
        username: 'keeper',
        permissions: ['solder_users', 'solder_keys', 'solder_clients'],
        modpack_ids: [2],
        email: 'keeper@example.com',
        password: 'keeper-password',
      },
      { id: 3, username: 'plain', permissions: [], modpack_ids: [] },
    ];
    this.tokens = this.users.map((u) => ({ id: u.id, user_id: u.id, name: 'seed', secret: u.username }));
    this.tokens[0].last_used_at = TS;
    this.keys = [{ id: 1, name: 'platform', api_key: 'platform-key' }];
    this.clients = [];
    this.sessions = new Map();
    this.twoFactor = new Map();
    this.challenges = new Map();
  }

  private user(username: string): UserRow {
    const user = this.users.find((u) => u.username.toLowerCase() === username.toLowerCase());
    if (!user) throw new DepotError('USER_NOT_FOUND');
    return user;
  }

  /** As auth finds a login: a username (any case) first, then an e-mail address. */
  private userByLogin(login: string): UserRow | undefined {
    const wanted = login.toLowerCase();
    return (
      this.users.find((x) => x.username.toLowerCase() === wanted) ??
      this.users.find((x) => x.email?.toLowerCase() === wanted)
    );
  }

  private toUser = ({ password, ...u }: UserRow): authV1.User => ({
    ...u,
    has_password: password !== undefined,
    two_factor: this.twoFactor.has(u.id),
    created_at: TS,
    updated_at: TS,
  });

  /** A password changed: the user's sessions end, but `keep`. */
  private endSessions(userId: number, keep?: string) {
    for (const [token, id] of this.sessions) if (id === userId && token !== keep) this.sessions.delete(token);
  }

  /** The fake's rules to turn two-factor sign-in off or get new codes: its on, then the password or the code. */
  private proveTwoFactor(req: authV1.TwoFactorProofRequest__Output) {
    const tf = this.twoFactor.get(req.user_id);
    if (!tf) throw new DepotError('TWO_FACTOR_DISABLED');
    const u = this.users.find((x) => x.id === req.user_id)!;
    if (req.password) {
      if (req.password !== u.password) throw DepotError.fields({ password: ['The password is incorrect.'] });
    } else if (req.code) {
      if (req.code !== tf.code) throw DepotError.fields({ code: ['The provided two-factor code was invalid.'] });
    } else throw DepotError.fields({ password: ['The password field is required when code is not present.'] });
  }

  private principal(u: UserRow, tokenId: number): authV1.Principal {
    return {
      user_id: u.id,
      username: u.username,
      permissions: u.permissions,
      modpack_ids: u.modpack_ids,
      token_id: tokenId,
    };
  }
  private toClient = (c: FakeAuth['clients'][number]): authV1.Client => ({ ...c, created_at: TS, updated_at: TS });

  handlers(): Record<string, Handler> {
    // The rule auth applies as it writes (docs/api.md#acting-on-users), and the last solder_full user kept.
    const coversUser = (actor: authV1.Principal__Output | null, u: { permissions: string[]; modpack_ids: number[] }) =>
      covers(actor, { permissions: u.permissions, modpack_ids: u.modpack_ids });
    const lastFull = (u: { permissions: string[] }) =>
      u.permissions.includes(FULL) && this.users.filter((x) => x.permissions.includes(FULL)).length === 1;
    return {
      Authenticate: async ({ token }: authV1.AuthenticateRequest__Output) => {
        const t = this.tokens.find((x) => x.secret === token);
        if (!t) throw new DepotError('UNAUTHENTICATED');
        return this.principal(
          this.users.find((x) => x.id === t.user_id)!,
          t.id,
        );
      },
      ResolveLogin: async ({ login }: authV1.ResolveLoginRequest__Output) => ({
        user_id: this.userByLogin(login)?.id ?? 0,
      }),
      CreateSession: async ({ login, password }: authV1.CreateSessionRequest__Output) => {
        await this.hold;
        if (this.busy) throw new DepotError('BUSY');
        const wanted = login.toLowerCase();
        const u = this.userByLogin(login);
        if (!u || u.password === undefined || u.password !== password) throw new DepotError('INVALID_CREDENTIALS');
        if (this.twoFactor.has(u.id)) {
          const challenge = `challenge-${++this.seq}`;
          this.challenges.set(challenge, { userId: u.id, login: wanted });
          return {
            token: '',
            expires_at: '',
            two_factor: { token: challenge, expires_at: '2099-01-01T00:05:00.000000Z' },
          };
        }
        const token = `session-${++this.seq}`;
        this.sessions.set(token, u.id);
        return { token, expires_at: '2099-01-01T00:00:00.000000Z', user: this.toUser(u) };
      },
      AuthenticateSession: async ({ token }: authV1.SessionTokenRequest__Output) => {
        const u = this.users.find((x) => x.id === this.sessions.get(token));
        if (!u) throw new DepotError('UNAUTHENTICATED');
        return this.principal(u, 0);
      },
      EndSession: async ({ token }: authV1.SessionTokenRequest__Output) => {
        this.sessions.delete(token);
        return {};
      },
      GetSignInChallenge: async ({ token }: authV1.SessionTokenRequest__Output) => {
        const c = this.challenges.get(token);
        if (!c) throw new DepotError('INVALID_TWO_FACTOR');
        return { login: c.login, expires_at: '2099-01-01T00:05:00.000000Z', user_id: c.userId };
      },
      EndSignInChallenge: async ({ token }: authV1.SessionTokenRequest__Output) => {
        this.challenges.delete(token);
        return {};
      },
      CompleteSignIn: async (req: authV1.CompleteSignInRequest__Output) => {
        await this.hold;
        const c = this.challenges.get(req.challenge);
        const tf = c && this.twoFactor.get(c.userId);
        const ok =
          tf && (req.code ? req.code === tf.code : !!req.recovery_code && tf.recovery.delete(req.recovery_code));
        if (!c || !ok) throw new DepotError('INVALID_TWO_FACTOR');
        this.challenges.delete(req.challenge);
        const token = `session-${++this.seq}`;
        this.sessions.set(token, c.userId);
        return {
          token,
          expires_at: '2099-01-01T00:00:00.000000Z',
          user: this.toUser(this.users.find((u) => u.id === c.userId)!),
        };
      },
      GetTwoFactor: async ({ user_id }: authV1.UserIdRequest__Output) => {
        const tf = this.twoFactor.get(user_id);
        return {
          available: true,
          enabled: !!tf,
          pending: false,
          confirmed_at: tf ? TS : undefined,
          recovery_codes_left: tf?.recovery.size ?? 0,
        };
      },
      StartTwoFactor: async (req: authV1.StartTwoFactorRequest__Output) => {
        const u = this.users.find((x) => x.id === req.user_id)!;
        if (this.twoFactor.has(u.id)) throw new DepotError('TWO_FACTOR_ENABLED');
        if (u.password !== undefined && req.password !== u.password) {
          throw DepotError.fields({ password: ['The password is incorrect.'] });
        }
        return {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: `otpauth://totp/Depot:${u.username}?secret=JBSWY3DPEHPK3PXP&issuer=Depot`,
        };
      },
      ConfirmTwoFactor: async (req: authV1.ConfirmTwoFactorRequest__Output) => {
        if (req.code !== '123456') throw DepotError.fields({ code: ['The provided two-factor code was invalid.'] });
        const codes = ['aaaaa-bbbbb-ccccc-ddddd', 'eeeee-fffff-ggggg-hhhhh'];
        this.twoFactor.set(req.user_id, { code: '654321', recovery: new Set(codes) });
        this.endSessions(req.user_id, req.keep_session);
        return { codes };
      },
      DisableTwoFactor: async (req: authV1.TwoFactorProofRequest__Output) => {
        this.proveTwoFactor(req);
        this.twoFactor.delete(req.user_id);
        this.endSessions(req.user_id, req.keep_session);
        return {};
      },
      RegenerateRecoveryCodes: async (req: authV1.TwoFactorProofRequest__Output) => {
        this.proveTwoFactor(req);
        const codes = ['iiiii-jjjjj-kkkkk-mmmmm'];
        this.twoFactor.get(req.user_id)!.recovery = new Set(codes);
        return { codes };
      },
      ProveIdentity: async (req: authV1.TwoFactorProofRequest__Output) => {
        const u = this.users.find((x) => x.id === req.user_id)!;
        if (req.password !== undefined) {
          if (req.password !== u.password) throw DepotError.fields({ password: ['The password is incorrect.'] });
        } else if (req.code !== undefined) {
          if (this.twoFactor.get(u.id)?.code !== req.code) {
            throw DepotError.fields({ code: ['The provided two-factor code was invalid.'] });
          }
        } else if (u.password !== undefined) {
          throw DepotError.fields({ password: ['The password field is required when code is not present.'] });
        }
        return {};
      },
      ResetTwoFactor: async (req: authV1.ResetTwoFactorRequest__Output) => {
        const user = this.user(req.username);
        if (!coversUser(req.actor, user)) throw new DepotError('FORBIDDEN');
        this.twoFactor.delete(user.id);
        this.endSessions(user.id, req.keep_session);
        return {};
      },
      UpdateAccount: async (req: authV1.UpdateAccountRequest__Output) => {
        await this.hold;
        const u = this.users.find((x) => x.id === req.user_id)!;
        const judged = (req.update_mask.includes('password') && u.password !== undefined) || !!req.current_password;
        if (judged && req.current_password !== u.password) {
          throw DepotError.fields({ current_password: ['The password is incorrect.'] });
        }
        if (req.update_mask.includes('email')) u.email = req.email;
        if (req.update_mask.includes('password')) {
          u.password = req.password;
          this.endSessions(u.id, req.keep_session);
        }
        return this.toUser(u);
      },
      VerifyKey: async ({ key }: authV1.VerifyKeyRequest__Output) => {
        if (key === 'explode') throw new Error('boom');
        const k = this.keys.find((x) => x.api_key === key);
        if (!k) throw new DepotError('INVALID_KEY');
        return { name: k.name, created_at: TS };
      },
      ListUsers: async () => ({ users: this.users.map(this.toUser) }),
      GetUser: async ({ username }: authV1.GetUserRequest__Output) => this.toUser(this.user(username)),
      CreateUser: async (req: authV1.CreateUserRequest__Output) => {
        if (!coversUser(req.actor, req)) throw new DepotError('FORBIDDEN');
        if (this.users.some((u) => u.username.toLowerCase() === req.username.toLowerCase())) {
          throw DepotError.fields({ username: ['The username has already been taken.'] }, 'USERNAME_TAKEN');
        }
        const user = {
          id: ++this.seq,
          username: req.username,
          permissions: req.permissions,
          modpack_ids: req.modpack_ids,
          email: req.email,
          password: req.password,
        };
        this.users.push(user);
        return this.toUser(user);
      },
      UpdateUser: async (req: authV1.UpdateUserRequest__Output) => {
        const user = this.user(req.username);
        const perms = req.update_mask.includes('permissions');
        const given = { permissions: perms ? req.permissions : [], modpack_ids: req.modpack_ids };
        if (!coversUser(req.actor, user) || !coversUser(req.actor, given)) throw new DepotError('FORBIDDEN');
        if (perms && !req.permissions.includes(FULL) && lastFull(user)) throw new DepotError('LAST_SUPER_USER_DEMOTED');
        if (req.update_mask.includes('username')) user.username = req.new_username!;
        if (perms) user.permissions = req.permissions;
        if (req.update_mask.includes('modpacks')) user.modpack_ids = [...req.modpack_ids].sort((a, b) => a - b);
        if (req.update_mask.includes('email')) user.email = req.email;
        if (req.update_mask.includes('password')) {
          user.password = req.password;
          this.endSessions(user.id, req.keep_session);
        }
        return this.toUser(user);
      },
      DeleteUser: async ({ username, actor }: authV1.DeleteUserRequest__Output) => {
        const user = this.user(username);
        if (!coversUser(actor, user)) throw new DepotError('FORBIDDEN');
        if (lastFull(user)) throw new DepotError('LAST_SUPER_USER_DELETED');
        this.users = this.users.filter((u) => u !== user);
        this.tokens = this.tokens.filter((t) => t.user_id !== user.id);
        return {};
      },
      ListTokens: async ({ user_id }: authV1.ListTokensRequest__Output) => ({
        tokens: this.tokens.filter((t) => t.user_id === user_id).map((t) => ({ ...t, created_at: TS })),
      }),
      CreateToken: async (req: authV1.CreateTokenRequest__Output) => {
        if (!req.name.trim()) throw DepotError.fields({ name: ['The name field is required.'] });
        if (req.username !== undefined && !coversUser(req.actor, this.user(req.username))) {
          throw new DepotError('FORBIDDEN');
        }
        const userId = req.username !== undefined ? this.user(req.username).id : req.user_id;
        const token = { id: ++this.seq, user_id: userId, name: req.name, secret: `depot_${this.seq}` };
        this.tokens.push(token);
        return { id: token.id, name: token.name, plaintext: token.secret, created_at: TS };
      },
      RevokeToken: async ({ user_id, token_id }: authV1.RevokeTokenRequest__Output) => {
        const before = this.tokens.length;
        this.tokens = this.tokens.filter((t) => !(t.id === token_id && t.user_id === user_id));
        if (this.tokens.length === before) throw new DepotError('TOKEN_NOT_FOUND');
        return {};
      },
      ListKeys: async () => ({ keys: this.keys.map((k) => ({ id: k.id, name: k.name, created_at: TS })) }),
      CreateKey: async (req: authV1.CreateKeyRequest__Output) => {
        const api_key = req.api_key ?? `generated-${this.seq + 1}`;
        if (this.keys.some((k) => k.api_key === api_key)) {
          throw DepotError.fields({ api_key: ['The api_key has already been taken.'] }, 'KEY_TAKEN');
        }
        const key = { id: ++this.seq, name: req.name, api_key };
        this.keys.push(key);
        return { ...key, created_at: TS };
      },
      DeleteKey: async ({ id }: authV1.DeleteKeyRequest__Output) => {
        if (!this.keys.some((k) => k.id === id)) throw new DepotError('KEY_NOT_FOUND');
        this.keys = this.keys.filter((k) => k.id !== id);
        return {};
      },
      ListClients: async () => ({ clients: this.clients.map(this.toClient) }),
      CreateClient: async (req: authV1.CreateClientRequest__Output) => {
        if (this.clients.some((c) => c.uuid.toLowerCase() === req.uuid.toLowerCase())) {
          throw DepotError.fields({ uuid: ['The uuid has already been taken.'] }, 'CLIENT_TAKEN');
        }
        const client = { id: ++this.seq, name: req.name, uuid: req.uuid, modpack_ids: [] };
        this.clients.push(client);
        return this.toClient(client);
      },
      UpdateClient: async (req: authV1.UpdateClientRequest__Output) => {
        const client = this.clients.find((c) => c.uuid.toLowerCase() === req.uuid.toLowerCase());
        if (!client) throw new DepotError('CLIENT_NOT_FOUND');
        if (req.update_mask.includes('name')) client.name = req.name!;
        if (req.update_mask.includes('modpacks')) client.modpack_ids = [...req.modpack_ids].sort((a, b) => a - b);
        return this.toClient(client);
      },
      DeleteClient: async ({ uuid }: authV1.DeleteClientRequest__Output) => {
        const before = this.clients.length;
        this.clients = this.clients.filter((c) => c.uuid.toLowerCase() !== uuid.toLowerCase());
        if (this.clients.length === before) throw new DepotError('CLIENT_NOT_FOUND');
        return {};
      },
    };
  }
}

const buildsHandlers: Record<string, Handler> = {
  GetModpacksBySlugs: async ({ slugs }: { slugs: string[] }) => ({
    modpacks: MODPACKS.filter((m) => slugs.includes(m.slug)),
  }),
  GetModpacksByIds: async ({ ids }: { ids: number[] }) => ({ modpacks: MODPACKS.filter((m) => ids.includes(m.id)) }),
};

export interface Reply {
  status: number;
  headers: Headers;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- response shapes vary per test
}

export interface Stack {
  app: FastifyInstance;
  auth: FakeAuth;
  /** Every RPC made, as `Service.Method`. */
  calls: string[];
  /** Everything the gateway logged. */
  logs: string[];
  request(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Reply>;
  close(): Promise<void>;
}

const silent = pino({ level: 'silent' });

async function serve(
  service: grpc.ServiceDefinition,
  name: string,
  handlers: Record<string, Handler>,
  calls: string[],
): Promise<{ server: grpc.Server; port: number }> {
  const recorded = Object.fromEntries(
    Object.keys(service).map((method) => [
      method,
      async (request: unknown) => {
        calls.push(`${name}.${method}`);
        const handler = handlers[method];
        if (!handler) throw new Error(`unexpected call ${name}.${method}`);
        return handler(request);
      },
    ]),
  );
  const server = new grpc.Server();
  server.addService(service, bindHandlers(service, recorded as never, silent));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  return { server, port };
}

/** A gateway (or several sharing the same fakes, e.g. to test a shared rate-limit store). */
export async function startStack(env: Record<string, string> = {}, instances = 1): Promise<Stack[]> {
  const auth = new FakeAuth();
  const calls: string[] = [];
  const logs: string[] = [];
  const servers = [
    await serve(AuthService.service, 'auth', auth.handlers(), calls),
    await serve(BuildsService.service, 'builds', buildsHandlers, calls),
    await serve(CatalogService.service, 'catalog', {}, calls),
  ];
  const config = loadGatewayConfig({
    AUTH_GRPC_ADDR: `127.0.0.1:${servers[0].port}`,
    BUILDS_GRPC_ADDR: `127.0.0.1:${servers[1].port}`,
    CATALOG_GRPC_ADDR: `127.0.0.1:${servers[2].port}`,
    RATE_LIMIT_PER_MINUTE: '0',
    ...env,
  });
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const stacks: Stack[] = [];
  for (let i = 0; i < instances; i++) {
    const clients = createServiceClients(config);
    const app = await buildGateway({ config, clients, logger: pino({ level: 'trace' }, sink) });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    stacks.push({
      app,
      auth,
      calls,
      logs,
      async request(method, path, opts = {}) {
        const headers: Record<string, string> = { ...opts.headers };
        if (opts.token) headers.authorization = `Bearer ${opts.token}`;
        let body: string | undefined;
        if (opts.body !== undefined) {
          headers['content-type'] = 'application/json';
          body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
        }
        const res = await fetch(`${base}${path}`, { method, headers, body });
        const text = await res.text();
        return { status: res.status, headers: res.headers, body: text, json: () => JSON.parse(text) };
      },
      async close() {
        await app.close();
        for (const c of Object.values(clients)) c.close();
        if (stacks.every((s) => !s.app.server.listening)) for (const s of servers) s.server.forceShutdown();
      },
    });
  }
  return stacks;
}

/** The Redis of the tests that need one (shared rate-limit counters). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(500);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}
