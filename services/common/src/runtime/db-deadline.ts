// The database side of call deadlines (deadline.ts): no work is started, run on, or committed for
// a caller whose deadline has passed, so that a write its caller answered 503 did not happen,
// except in the commit itself (docs/api.md, "Writes answered 503"). Installed once on the ORM
// (orm.ts): every statement and transaction of every handler goes through it.
import type { EventSubscriber } from '@mikro-orm/core';
import { assertBeforeDeadline, callDeadline, DEADLINE_STEP_MS } from '../process/deadline';

/**
 * Refuses the commit of a transaction (MikroORM's em.transactional and flush roll it back, outbox
 * events written in it with it) once the caller's deadline has passed.
 */
export const commitBeforeDeadline: EventSubscriber = {
  beforeTransactionCommit() {
    assertBeforeDeadline('the commit');
  },
};

interface PgConnection {
  query(sql: string): Promise<unknown>;
  /** The statement_timeout a call set on the connection (ms), while it is not the pool's default. */
  depotDeadlineTimeout?: number;
}

/**
 * Time left is rounded down to a step, and the connection's timeout set again only when the
 * rounded value changes: calls arrive with about the same time left (the gateway's deadline), so a
 * pooled connection keeps its timeout from one call to the next and the hot path gets no extra
 * statement. A statement is then cancelled up to a step before its caller's deadline.
 */
const STEP_MS = DEADLINE_STEP_MS;

interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/**
 * Every connection taken from knex's pool (by statements, transactions and prepared reads alike):
 * one taken after the deadline passed, while the call waited for it, is put back unused; one taken
 * in time gets a statement_timeout that ends at the deadline, so that a statement stalled on a lock
 * (a single-statement write commits as it ends) is cancelled by PostgreSQL instead of committing
 * after the caller gave up. Outside calls (relay, consumers, migrations) the pool's default holds.
 */
export function guardConnections(client: PoolClient, defaultStatementTimeoutMs: number): void {
  const acquire = client.acquireConnection.bind(client);
  client.acquireConnection = async () => {
    const connection = (await acquire()) as PgConnection;
    try {
      assertBeforeDeadline('a database connection was free');
      const deadline = callDeadline();
      if (deadline !== undefined) {
        const left = deadline - Date.now();
        const ms = Math.min(defaultStatementTimeoutMs, Math.max(1, left >= STEP_MS ? left - (left % STEP_MS) : left));
        if (connection.depotDeadlineTimeout !== ms) {
          await connection.query(`set statement_timeout = ${Math.ceil(ms)}`);
          connection.depotDeadlineTimeout = ms;
        }
      } else if (connection.depotDeadlineTimeout !== undefined) {
        // Back to the value the connection was opened with (the pool's default).
        await connection.query('reset statement_timeout');
        connection.depotDeadlineTimeout = undefined;
      }
      return connection;
    } catch (err) {
      await client.releaseConnection(connection);
      throw err;
    }
  };
}
