// gRPC surface of auth: requests in, rows out as proto messages. Secrets never reach a log: the
// only plaintext values leaving here are the ones issued once (CreateToken, CreateKey,
// CreateSession and CompleteSignIn, a generated password, a new TOTP secret, recovery codes),
// password hashes and TOTP secrets at rest never leave, and every failure is scrubbed of
// statement values before the gRPC layer logs it (common/src/process/scrub.ts).
import { formatNullableTimestamp, formatTimestamp } from '@depot/common';
import { scrubbingFailures } from '@depot/common/process';
import { masked, type AsyncHandlers, type FullMessage, type MaskedField } from '@depot/common/grpc';
import type { AuthServiceDefinition, authV1 } from '@depot/proto';
import type { Clients, ClientRecord } from './clients';
import type { Credentials } from './credentials';
import type { ApiKey } from './entities/api-key';
import type { Token } from './entities/token';
import type { Keys } from './keys';
import type { Principal } from './principal';
import type { Sessions } from './sessions';
import type { OpenedSession, SignIn } from './sign-in';
import type { Tokens } from './tokens';
import type { TwoFactor } from './two-factor';
import type { UserChanges, UserRecord, Users } from './users';

export interface AuthDomain {
  credentials: Credentials;
  users: Users;
  tokens: Tokens;
  sessions: Sessions;
  signIn: SignIn;
  twoFactor: TwoFactor;
  keys: Keys;
  clients: Clients;
}

const toPrincipal = (p: Principal): FullMessage<authV1.Principal__Output> => ({
  user_id: p.userId,
  username: p.username,
  permissions: p.permissions,
  modpack_ids: p.modpackIds,
  token_id: p.tokenId,
});

const toUser = ({ user, modpackIds }: UserRecord): FullMessage<authV1.User__Output> => ({
  id: user.id,
  username: user.username,
  permissions: user.permissions,
  modpack_ids: modpackIds,
  created_at: formatTimestamp(user.createdAt),
  updated_at: formatTimestamp(user.updatedAt),
  email: user.email ?? undefined,
  has_password: user.passwordHash !== null,
  two_factor: undefined,
});

/** A user with whether their sign-in asks for a second factor. */
const toUserWithTwoFactor = (record: UserRecord, enabled: ReadonlySet<number>) => ({
  ...toUser(record),
  two_factor: enabled.has(record.user.id),
});

/**
 * What the update masks name. `email` unset clears the address; the others unset are named without
 * a value, judged by the domain (a username is required, a password unset changes nothing).
 */
const CREDENTIAL_MASK: Record<string, 'email' | MaskedField<'password'>> = {
  email: 'email',
  password: { to: 'password', unset: 'undefined' },
};
const USER_MASK: Record<string, keyof UserChanges | MaskedField<keyof UserChanges>> = {
  ...CREDENTIAL_MASK,
  username: { from: 'new_username', to: 'username', unset: 'undefined' },
  permissions: 'permissions',
  modpacks: { from: 'modpack_ids', to: 'modpackIds' },
};
const CLIENT_MASK: Record<string, MaskedField<'name' | 'modpackIds'>> = {
  name: { to: 'name', unset: 'undefined' },
  modpacks: { from: 'modpack_ids', to: 'modpackIds' },
};

const toToken = (t: Token): FullMessage<authV1.Token__Output> => ({
  id: t.id,
  name: t.name,
  last_used_at: formatNullableTimestamp(t.lastUsedAt),
  created_at: formatTimestamp(t.createdAt),
});

const toKey = (k: ApiKey): FullMessage<authV1.Key__Output> => ({
  id: k.id,
  name: k.name,
  created_at: formatTimestamp(k.createdAt),
});

const toClient = ({ client, modpackIds }: ClientRecord): FullMessage<authV1.Client__Output> => ({
  id: client.id,
  name: client.name,
  uuid: client.uuid,
  modpack_ids: modpackIds,
  created_at: formatTimestamp(client.createdAt),
  updated_at: formatTimestamp(client.updatedAt),
});

export function authHandlers({
  credentials,
  users,
  tokens,
  sessions,
  signIn,
  twoFactor,
  keys,
  clients,
}: AuthDomain): AsyncHandlers<AuthServiceDefinition> {
  const toSession = async (userId: number, s: OpenedSession) => ({
    token: s.token,
    expires_at: formatTimestamp(s.expiresAt),
    user: toUser(await users.getUserById(userId)),
  });
  return scrubbingFailures<AsyncHandlers<AuthServiceDefinition>>({
    async Authenticate(req) {
      return toPrincipal(await credentials.authenticate(req.token));
    },
    async ResolveReadAccess(req) {
      const access = await credentials.resolveReadAccess({
        key: req.key,
        cid: req.cid,
        token: req.token,
        session: req.session,
      });
      return { all: access.all, modpack_ids: access.modpackIds };
    },
    async VerifyKey(req) {
      const key = await credentials.verifyKey(req.key);
      return { name: key.name, created_at: formatTimestamp(key.createdAt) };
    },
    async GrantModpackAccess(req) {
      await users.grantModpackAccess(req.user_id, req.modpack_id);
      return {};
    },

    async ListUsers() {
      const [list, enabled] = await Promise.all([users.listUsers(), twoFactor.enabledUserIds()]);
      return { users: list.map((record) => toUserWithTwoFactor(record, enabled)) };
    },
    async GetUser(req) {
      const record = await users.getUser(req.username);
      return toUserWithTwoFactor(record, await twoFactor.enabledUserIds([record.user.id]));
    },
    async CreateUser(req) {
      const record = await users.createUser(req.actor, {
        username: req.username,
        permissions: req.permissions,
        modpackIds: req.modpack_ids,
        email: req.email ?? null,
        password: req.password,
      });
      return toUser(record);
    },
    async UpdateUser(req) {
      const changes = masked(req, req.update_mask, USER_MASK) as UserChanges;
      return toUser(await users.updateUser(req.actor, req.username, changes, req.keep_session));
    },
    async DeleteUser(req) {
      await users.deleteUser(req.username, req.actor ?? null);
      return {};
    },

    async SetPassword(req) {
      const { changed, generated } = await users.setPassword(req.username, req.password, req.only_if_unset);
      return { changed, generated_password: generated };
    },
    async UpdateAccount(req) {
      const changes = masked(req, req.update_mask, CREDENTIAL_MASK) as Pick<UserChanges, 'email' | 'password'>;
      return toUser(await users.updateAccount(req.user_id, changes, req.current_password, req.keep_session));
    },
    async CreateSession(req) {
      const step = await signIn.begin(req.login, req.password, { userAgent: req.user_agent, address: req.address });
      if ('session' in step) return toSession(step.userId, step.session);
      const { token, expiresAt } = step.challenge;
      return { token: '', expires_at: '', two_factor: { token, expires_at: formatTimestamp(expiresAt) } };
    },
    async ResolveLogin(req) {
      return { user_id: await sessions.resolveLogin(req.login) };
    },
    async AuthenticateSession(req) {
      return toPrincipal(await sessions.authenticate(req.token));
    },
    async EndSession(req) {
      await sessions.end(req.token);
      return {};
    },

    async CompleteSignIn(req) {
      const factor = { code: req.code, recoveryCode: req.recovery_code };
      const meta = { userAgent: req.user_agent, address: req.address };
      const { userId, session } = await signIn.complete(req.challenge, factor, meta);
      return toSession(userId, session);
    },
    async GetSignInChallenge(req) {
      const { login, userId, expiresAt } = await signIn.challengeLogin(req.token);
      return { login, user_id: userId, expires_at: formatTimestamp(expiresAt) };
    },
    async EndSignInChallenge(req) {
      await signIn.endChallenge(req.token);
      return {};
    },
    async GetTwoFactor(req) {
      const s = await twoFactor.status(req.user_id);
      return {
        available: s.available,
        enabled: s.enabled,
        pending: s.pending,
        confirmed_at: s.confirmedAt ?? undefined,
        recovery_codes_left: s.recoveryCodesLeft,
      };
    },
    async StartTwoFactor(req) {
      const { secret, otpauthUrl } = await twoFactor.start(req.user_id, req.password);
      return { secret, otpauth_url: otpauthUrl };
    },
    async ConfirmTwoFactor(req) {
      return { codes: await twoFactor.confirm(req.user_id, req.code, req.keep_session) };
    },
    async DisableTwoFactor(req) {
      await twoFactor.disable(req.user_id, { password: req.password, code: req.code }, req.keep_session);
      return {};
    },
    async RegenerateRecoveryCodes(req) {
      return {
        codes: await twoFactor.regenerateRecoveryCodes(req.user_id, { password: req.password, code: req.code }),
      };
    },
    async ProveIdentity(req) {
      await twoFactor.prove(req.user_id, { password: req.password, code: req.code });
      return {};
    },
    async ResetTwoFactor(req) {
      await twoFactor.reset(req.actor ?? null, req.username, req.keep_session);
      return {};
    },

    async ListTokens(req) {
      return { tokens: (await tokens.list(req.user_id)).map(toToken) };
    },
    async CreateToken(req) {
      const owner = req.username !== undefined ? { username: req.username, actor: req.actor } : { userId: req.user_id };
      const { token, plaintext } = await tokens.create(owner, req.name);
      return { id: token.id, name: token.name, plaintext, created_at: formatTimestamp(token.createdAt) };
    },
    async RevokeToken(req) {
      await tokens.revoke(req.user_id, req.token_id);
      return {};
    },

    async ListKeys() {
      return { keys: (await keys.listKeys()).map(toKey) };
    },
    async CreateKey(req) {
      const { key, plaintext } = await keys.createKey(req.name, req.api_key);
      return { id: key.id, name: key.name, api_key: plaintext, created_at: formatTimestamp(key.createdAt) };
    },
    async DeleteKey(req) {
      await keys.deleteKey(req.id);
      return {};
    },

    async ListClients() {
      return { clients: (await clients.listClients()).map(toClient) };
    },
    async CreateClient(req) {
      return toClient(await clients.createClient(req.name, req.uuid));
    },
    async UpdateClient(req) {
      const changes = masked(req, req.update_mask, CLIENT_MASK) as { name?: string; modpackIds?: number[] };
      return toClient(await clients.updateClient(req.uuid, changes));
    },
    async DeleteClient(req) {
      await clients.deleteClient(req.uuid);
      return {};
    },
  });
}
