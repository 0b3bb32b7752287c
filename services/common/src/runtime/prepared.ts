// The hot reads (launcher reads, credential lookups) as named prepared statements. MikroORM's
// `em.execute` inlines parameters into the SQL text, so PostgreSQL parses and plans every call
// anew: for a 150-mod build that was a third of the database's time on the read. A named statement
// is parsed once per pooled connection, its plan reused. Statements run on a connection of the
// ORM's own pool, straight through node-postgres (knex's query builder has nothing to add to a
// fixed statement), and are logged like the ORM's statements, so the tests that count queries from
// that log count these too.
import type { Orm } from './orm';

export interface Statement {
  /** Unique per statement text: a connection keeps one prepared statement per name. */
  readonly name: string;
  /** The SQL as written, with `?` placeholders (logs, EXPLAIN). */
  readonly sql: string;
  /** The SQL sent, with `$1`, `$2`… */
  readonly text: string;
}

/** A statement from SQL with `?` placeholders (the statements have no `?` in literals). */
export function statement(name: string, sql: string): Statement {
  let n = 0;
  return { name, sql, text: sql.replace(/\?/g, () => `$${++n}`) };
}

interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** Runs a prepared statement outside any transaction; the rows as node-postgres returns them. */
export async function runPrepared<T>(orm: Orm, st: Statement, params: readonly unknown[] = []): Promise<T[]> {
  const started = Date.now();
  const pool = orm.em.getConnection().getKnex().client;
  let level: 'info' | 'error' = 'error';
  const connection = (await pool.acquireConnection()) as PgConnection;
  try {
    const { rows } = await connection.query({ name: st.name, text: st.text, values: [...params] });
    level = 'info';
    return rows as T[];
  } finally {
    await pool.releaseConnection(connection);
    orm.config.getLogger().logQuery({ query: st.sql, params: [...params], took: Date.now() - started, level });
  }
}
