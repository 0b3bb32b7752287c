// The user, token, key and client commands: each a few gRPC calls to auth (and builds, to turn
// modpack slugs into ids and back), answering the JSON record the REST API would show.
import type { authV1 } from '@depot/proto';
import { keyCreated, keyList, tokenIssued, tokenList } from '@depot/common';
import { CliError } from './errors';
import { CLI_ACTOR, type Services } from './services';

export interface UserCreateOptions {
  permissions: string[];
  modpacks: string[];
  email?: string;
  /** To sign in to the console; stored hashed by auth. */
  password?: string;
}

export class AdminCommands {
  constructor(private readonly s: Services) {}

  /** Slugs → ids, refusing unknown ones (one batched call). */
  private async modpackIds(slugs: string[]): Promise<Map<string, number>> {
    const wanted = [...new Set(slugs)];
    if (!wanted.length) return new Map();
    const { modpacks } = await this.s.builds.GetModpacksBySlugs({ slugs: wanted });
    const found = new Map(modpacks.map((m) => [m.slug, m.id]));
    const missing = wanted.filter((slug) => !found.has(slug));
    if (missing.length) throw new CliError(`unknown modpack(s): ${missing.join(', ')}`);
    return found;
  }

  /** Ids → slugs (ids of modpacks deleted meanwhile are left out). */
  private async modpackSlugs(ids: number[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return new Map();
    const { modpacks } = await this.s.builds.GetModpacksByIds({ ids: wanted });
    return new Map(modpacks.map((m) => [m.id, m.slug]));
  }

  private async userViews(users: authV1.User__Output[]) {
    const slugs = await this.modpackSlugs(users.flatMap((u) => u.modpack_ids));
    return users.map((u) => ({
      username: u.username,
      email: u.email ?? null,
      permissions: u.permissions,
      modpacks: u.modpack_ids.flatMap((id) => slugs.get(id) ?? []),
      has_password: u.has_password,
      two_factor: u.two_factor ?? false,
      created_at: u.created_at,
      updated_at: u.updated_at,
    }));
  }

  private async clientViews(clients: authV1.Client__Output[]) {
    const slugs = await this.modpackSlugs(clients.flatMap((c) => c.modpack_ids));
    return clients.map((c) => ({
      id: c.id,
      name: c.name,
      uuid: c.uuid,
      modpacks: c.modpack_ids.map((id) => ({ id, slug: slugs.get(id) ?? null })),
      created_at: c.created_at,
      updated_at: c.updated_at,
    }));
  }

  async userCreate(username: string, opts: UserCreateOptions) {
    const ids = await this.modpackIds(opts.modpacks);
    const user = await this.s.auth.CreateUser({
      actor: CLI_ACTOR,
      username,
      permissions: opts.permissions,
      modpack_ids: [...ids.values()],
      email: opts.email,
      password: opts.password,
    });
    return (await this.userViews([user]))[0];
  }

  /** Sets the password given, or a generated one (returned once). The user's sessions end. */
  async userPassword(username: string, password?: string) {
    const { generated_password } = await this.s.auth.SetPassword({ username, password, only_if_unset: false });
    return generated_password === undefined
      ? { success: 'Password set.', username }
      : { success: 'Password set.', username, password: generated_password };
  }

  async userList() {
    const { users } = await this.s.auth.ListUsers({});
    return { users: await this.userViews(users) };
  }

  async userDelete(username: string) {
    await this.s.auth.DeleteUser({ username, actor: CLI_ACTOR });
    return { success: 'User deleted.', username };
  }

  /** Turns off a user's two-factor sign-in (the password alone signs in); their sessions end. */
  async userResetTwoFactor(username: string) {
    await this.s.auth.ResetTwoFactor({ username, actor: CLI_ACTOR });
    return { success: 'Two-factor sign-in reset.', username };
  }

  async tokenIssue(username: string, opts: { name: string }) {
    return tokenIssued(await this.s.auth.CreateToken({ username, name: opts.name, actor: CLI_ACTOR }));
  }

  async tokenList(username: string) {
    const user = await this.s.auth.GetUser({ username });
    return tokenList((await this.s.auth.ListTokens({ user_id: user.id })).tokens);
  }

  async tokenRevoke(username: string, id: number) {
    const user = await this.s.auth.GetUser({ username });
    await this.s.auth.RevokeToken({ user_id: user.id, token_id: id });
    return { success: 'Token revoked.', username, id };
  }

  async keyCreate(name: string, opts: { key?: string }) {
    return keyCreated(await this.s.auth.CreateKey({ name, api_key: opts.key }));
  }

  async keyList() {
    return keyList((await this.s.auth.ListKeys({})).keys);
  }

  async keyDelete(id: number) {
    await this.s.auth.DeleteKey({ id });
    return { success: 'Key deleted.', id };
  }

  /**
   * Adds links (existing ones are kept); creates the client when the uuid is unknown, which
   * needs `--name`. With `--name` on a known client, renames it.
   */
  async clientLink(uuid: string, slugs: string[], opts: { name?: string }) {
    const ids = await this.modpackIds(slugs);
    const { clients } = await this.s.auth.ListClients({});
    let client = clients.find((c) => c.uuid.toLowerCase() === uuid.toLowerCase());
    if (!client) {
      if (opts.name === undefined) {
        throw new CliError('no client has this uuid; give --name <name> to create it');
      }
      client = await this.s.auth.CreateClient({ name: opts.name, uuid });
    }
    const modpackIds = [...new Set([...client.modpack_ids, ...ids.values()])].sort((a, b) => a - b);
    const updated = await this.s.auth.UpdateClient({
      uuid: client.uuid,
      name: opts.name,
      modpack_ids: modpackIds,
      update_mask: opts.name !== undefined ? ['name', 'modpacks'] : ['modpacks'],
    });
    return (await this.clientViews([updated]))[0];
  }

  async clientList() {
    const { clients } = await this.s.auth.ListClients({});
    return { clients: await this.clientViews(clients) };
  }

  /**
   * The archive of a version fetched and hashed by the catalog, as `POST
   * /api/mod/{slug}/{version}/rehash` answers it; the call waits as long as the fetch may take.
   */
  async rehash(mod: string, version: string, opts: { store: boolean; transferTimeoutMs: number; deadlineMs: number }) {
    const r = await this.s.catalog.RehashVersion(
      { slug: mod, version, store: opts.store },
      { deadlineMs: opts.transferTimeoutMs + opts.deadlineMs },
    );
    return {
      url: r.url,
      md5: r.md5,
      filesize: r.filesize,
      recorded_md5: r.recorded_md5,
      recorded_filesize: r.recorded_filesize ?? null,
      md5_matches: r.md5_matches,
      filesize_matches: r.filesize_matches,
      stored: r.stored,
    };
  }
}
