// No value of an auth query reaches a log line: the real service with its database failing under
// a statement that holds a client uuid or a token digest, its log captured. (scrubError itself, for
// every error shape: services/common/test/scrub.test.ts.)
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import * as grpc from '@grpc/grpc-js';
import { createLogger } from '@depot/common/process';
import { createClient } from '@depot/common/grpc';
import { type Orm } from '@depot/common/runtime';
import { createTestDatabase, createTestNamespace, eventually, TEST_NATS_URL } from '@depot/common/testing';
import { AuthService } from '@depot/proto';
import { startAuth, type AuthApp } from '../src/app';
import { authConfigSchema } from '../src/config';
import { clientIdDigest, digest } from '../src/secrets';
import { actor, failure } from './helpers';

// ---------------------------------------------------------------------------------------------
// the service, its database failing mid-statement

describe('the auth service logs no value of a failed statement', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ns: ReturnType<typeof createTestNamespace>;
  let app: AuthApp;
  let client: ReturnType<typeof createClient<typeof AuthService.service>>;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('auth_scrub');
    ns = createTestNamespace('auth_scrub');
    const config = authConfigSchema.parse({
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      EVENTS_NAMESPACE: ns.namespace,
      AUTH_GRPC_LISTEN: '127.0.0.1:0',
    });
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    app = await startAuth(config, { logger: createLogger('auth', 'debug', sink) });
    client = createClient(AuthService, `127.0.0.1:${app.port}`);
  });

  afterAll(async () => {
    client?.close();
    await app?.stop();
    await ns?.drop();
    await db?.drop();
  });

  /**
   * Runs `call` while `table` is locked against writes, so its statement waits; then cancels
   * (`pg_cancel_backend`: an ordinary statement error) or terminates (`pg_terminate_backend`: a
   * lost connection) the backend running it.
   */
  async function failMidStatement(orm: Orm, table: string, how: 'cancel' | 'terminate', call: () => Promise<unknown>) {
    const knex = orm.em.getConnection().getKnex();
    return knex.transaction(async (trx) => {
      await trx.raw(`lock table ${table} in share mode`);
      const outcome = failure(call());
      const pid = await eventually(async () => {
        // (statistics are a snapshot per transaction: take a new one on every look)
        await trx.raw('select pg_stat_clear_snapshot()');
        const { rows } = await trx.raw(
          `select pid from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        return rows[0]?.pid as number | undefined;
      }, 10_000);
      await trx.raw(`select pg_${how}_backend(?)`, [pid as number]);
      return outcome;
    });
  }

  test('a client uuid (CreateClient) and a token digest (Authenticate), cancelled and terminated', async () => {
    const uuid = randomUUID().toUpperCase();
    const user = await client.CreateUser({
      actor: actor(['solder_full']),
      username: 'u1',
      permissions: [],
      modpack_ids: [],
    });
    const tokens = await Promise.all([1, 2].map(() => client.CreateToken({ user_id: user.id, name: 't' })));

    // A cancelled statement (statement_timeout, or an operator) means an overloaded database: an
    // outage (UNAVAILABLE → 503), like a lost connection.
    const cancelled = await failMidStatement(app.orm, 'clients', 'cancel', () =>
      client.CreateClient({ name: 'c', uuid }),
    );
    expect(cancelled.code).toBe(grpc.status.UNAVAILABLE);
    const terminated = await failMidStatement(app.orm, 'clients', 'terminate', () =>
      client.CreateClient({ name: 'c', uuid }),
    );
    expect(terminated.code).toBe(grpc.status.UNAVAILABLE);
    const authCancelled = await failMidStatement(app.orm, 'tokens', 'cancel', () =>
      client.Authenticate({ token: tokens[0].plaintext }),
    );
    expect(authCancelled.code).toBe(grpc.status.UNAVAILABLE);
    // A statement error that is no outage (a bug's shape: here a trigger raising with the row's
    // values in its message) takes the other logging path, scrubbed all the same.
    const knex = app.orm.em.getConnection().getKnex();
    await knex.raw(`create function refuse_client() returns trigger language plpgsql as $$
      begin raise exception 'refused %', new.uuid using detail = new.uuid_hash; end $$`);
    await knex.raw(
      'create trigger refuse_client before insert on clients for each row execute function refuse_client()',
    );
    const raised = await failure(client.CreateClient({ name: 'c', uuid }));
    expect(raised.code).toBe(grpc.status.INTERNAL);
    await knex.raw('drop trigger refuse_client on clients; drop function refuse_client()');
    const authTerminated = await failMidStatement(app.orm, 'tokens', 'terminate', () =>
      client.Authenticate({ token: tokens[1].plaintext }),
    );
    expect(authTerminated.code).toBe(grpc.status.UNAVAILABLE);

    // both logging paths were taken, with the class and the database's message
    const log = lines.join('\n');
    expect(log).toMatch(/unhandled error in gRPC handler/);
    expect(log).toMatch(/canceling statement due to user request/);
    expect(log).toMatch(/"code":"P0001"/); // the raise, its message scrubbed of the values
    expect(log).toMatch(/dependency unavailable/);
    expect(log).toMatch(/terminating connection due to administrator command/);
    // and no value of the statements
    const secrets = [uuid, clientIdDigest(uuid), ...tokens.flatMap((t) => [t.plaintext, digest(t.plaintext)])];
    for (const secret of secrets) expect(log.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(log).not.toMatch(/insert into|token_hash = /i);

    // the service is fine afterwards
    expect(await client.CreateClient({ name: 'c', uuid })).toMatchObject({ uuid });
    expect(await client.Authenticate({ token: tokens[0].plaintext })).toMatchObject({ user_id: user.id });
  });
});
