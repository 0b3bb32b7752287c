// The admin program built on a fake context: services that record each gRPC call made (with its
// request, and its call options when given) and answer it from a table, a password "read from
// standard input" without one, output kept in memory. Nothing is connected.
import { buildProgram } from '../../src/program';
import type { Context } from '../../src/commands/context';
import type { Services } from '../../src/services';

/** A call's answer: a value, or computed from the request. */
export type Answers = Record<string, unknown | ((request: never) => unknown)>;

export const PASSWORD = 'correct horse battery staple';
const AT = '2026-01-01T00:00:00.000Z';
/** Modpacks builds knows: slug → id. */
const PACKS: Record<string, number> = { pack1: 1, pack2: 2, pack3: 3 };
const slugOf = (id: number) => Object.keys(PACKS).find((slug) => PACKS[slug] === id);

export const UUID = '5f1c2f7e-1111-4a1a-9c1c-000000000001';

const user = (r: { username: string; email?: string; permissions?: string[]; modpack_ids?: number[] }) => ({
  id: 7,
  username: r.username,
  email: r.email,
  permissions: r.permissions ?? [],
  modpack_ids: r.modpack_ids ?? [],
  has_password: false,
  two_factor: false,
  created_at: AT,
  updated_at: AT,
});
const launcherClient = (r: { uuid: string; name?: string; modpack_ids?: number[] }) => ({
  id: 1,
  name: r.name ?? 'laptop',
  uuid: r.uuid,
  modpack_ids: r.modpack_ids ?? [3],
  created_at: AT,
  updated_at: AT,
});

/** What the services answer unless a test says otherwise. */
const ANSWERS: Answers = {
  'builds.GetModpacksBySlugs': ({ slugs }: { slugs: string[] }) => ({
    modpacks: slugs.filter((slug) => PACKS[slug]).map((slug) => ({ id: PACKS[slug], slug })),
  }),
  'builds.GetModpacksByIds': ({ ids }: { ids: number[] }) => ({
    modpacks: ids.filter(slugOf).map((id) => ({ id, slug: slugOf(id) })),
  }),
  'auth.CreateUser': user,
  'auth.GetUser': user,
  'auth.ListUsers': { users: [user({ username: 'alice' })] },
  'auth.SetPassword': ({ password }: { password?: string }) =>
    password === undefined ? { generated_password: 'generated-password-24chr' } : {},
  'auth.CreateToken': ({ name }: { name: string }) => ({ id: 42, name, plaintext: '42|secret', created_at: AT }),
  'auth.ListTokens': { tokens: [{ id: 42, name: 'ci', created_at: AT }] },
  'auth.CreateKey': ({ name, api_key }: { name: string; api_key?: string }) => ({
    id: 3,
    name,
    api_key: api_key ?? 'generated-key',
    created_at: AT,
  }),
  'auth.ListKeys': { keys: [{ id: 3, name: 'technic', created_at: AT }] },
  'auth.ListClients': { clients: [launcherClient({ uuid: UUID })] },
  'auth.UpdateClient': launcherClient,
};

export function fakeProgram(answers: Answers = {}, env: NodeJS.ProcessEnv = {}) {
  /** Each call made: `service.Method`, its request, and its options when given. */
  const calls: unknown[][] = [];
  const table = { ...ANSWERS, ...answers };
  const service = (name: string) =>
    new Proxy(
      {},
      {
        get:
          (_target, method: string) =>
          async (...args: unknown[]) => {
            calls.push([`${name}.${method}`, ...args]);
            const answer = table[`${name}.${method}`];
            return typeof answer === 'function' ? answer(args[0] as never) : (answer ?? {});
          },
      },
    );
  const services = { catalog: service('catalog'), builds: service('builds'), auth: service('auth') } as Services;
  const state = { connected: 0, passwordsRead: 0, cleanups: [] as (() => void)[] };
  const results: unknown[] = [];
  const out: string[] = [];
  let err = '';
  let progress = '';
  const ctx: Context = {
    io: { result: (v) => results.push(v), out: (t) => out.push(t), err: (t) => (err += t) },
    services: () => (state.connected++, services),
    onExit: (cleanup) => state.cleanups.push(cleanup),
    readPassword: async () => (state.passwordsRead++, PASSWORD),
    env,
    progress: { isTTY: false, write: (t: string) => ((progress += t), true) } as unknown as NodeJS.WriteStream,
  };
  const program = buildProgram(ctx);
  return {
    calls,
    /** The requests of one method, in order. */
    requests: (method: string) => calls.filter((c) => c[0] === method).map((c) => c[1]),
    results,
    out,
    stderr: () => err,
    progress: () => progress,
    state,
    services,
    run: (...args: string[]) => program.parseAsync(['node', 'depot-admin', ...args]),
  };
}
