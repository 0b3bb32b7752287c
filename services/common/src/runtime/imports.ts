// What the services' bulk imports (the admin CLI's `import-solder`, services/<svc>/src/import.ts)
// have in common: the shape of an imported record, the counts they report, and how they open
// their service's database.
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { Knex, SqlEntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { assignmentsFrom, columnList, columnsOf, type PropertyOf } from './columns';
import { initOrm, migrate, type Orm } from './orm';

/**
 * An imported record: the entity's fields but its id and `Except` (given otherwise, such as a
 * parent by natural key), timestamps as ISO strings (null or absent: now, for a new row).
 */
export type Imported<T, Except extends keyof T = never> = Omit<T, 'id' | 'createdAt' | 'updatedAt' | Except> & {
  /** The id a new row takes when no row has it yet (the source's, so clients see the same ids). */
  id?: number | null;
  createdAt?: string | null;
  updatedAt?: string | null;
};

export interface ImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export function importCounts(total: number, inserted: number, updated: number): ImportCounts {
  return { inserted, updated, unchanged: total - inserted - updated };
}

/**
 * Runs one of an import's statements in its transaction, the parameters bound (`?` placeholders,
 * none in literals); the rows. Not `em.execute`: it inlines parameters into the SQL text, escaping
 * a row set's JSON character by character, which at 60,000 rows took most of the import's time
 * and memory (and grew faster than the rows). Bound, the JSON goes to PostgreSQL as it is.
 */
export async function importQuery<R = unknown[]>(
  tx: SqlEntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<R> {
  const trx = tx.getTransactionContext<Knex.Transaction>();
  if (!trx) throw new Error('importQuery runs inside the import transaction');
  const started = Date.now();
  let level: 'info' | 'error' = 'error';
  try {
    const res = await trx.raw<{ rows: R }>(sql, [...params] as Knex.RawBinding[]);
    level = 'info';
    return res.rows;
  } catch (err) {
    // The same errors as em.execute's (unique violation, lock timeout…), for the callers' checks.
    throw tx.getDriver().convertException(err as Error);
  } finally {
    // Logged like the ORM's statements (and not when the caller's context turns logging off),
    // without the parameters: they are whole row sets.
    tx.config.getLogger().logQuery({ query: sql, took: Date.now() - started, level, ...tx.getLoggerContext() });
  }
}

/**
 * An import's upsert by natural key, set-wise. `rowsJson` is a JSON array of rows keyed by column
 * (toColumns), read as the table's own row type. A row matching a stored one (`match`, with `t`
 * the table and `i` the row) whose `update` fields differ updates them; a row matching none is
 * inserted with `insertOnly` and `update`, in the order of the array. Timestamps come from the
 * row, else now. `returning` (over `t`) of each updated and each inserted row. `keepIds`: a new
 * row takes the row's `id` when no stored row has it (else the next of the sequence, which is
 * first moved past every id given, so the two never meet).
 */
export async function upsertRows<T, R>(
  tx: SqlEntityManager,
  schema: EntitySchema<T>,
  opts: {
    rowsJson: string;
    match: string;
    update: readonly PropertyOf<T>[];
    insertOnly?: readonly PropertyOf<T>[];
    returning: string;
    keepIds?: boolean;
  },
): Promise<{ updated: R[]; inserted: R[] }> {
  const table = `"${schema.meta.tableName}"`;
  const update = columnsOf(schema, opts.update);
  const insert = [...columnsOf(schema, opts.insertOnly ?? []), ...update];
  const updated = await importQuery<R[]>(
    tx,
    `update ${table} t set ${assignmentsFrom(update, 'i')}, updated_at = coalesce(i.updated_at, now())
       from jsonb_populate_recordset(null::${table}, ?::jsonb) as i
      where ${opts.match} and (${columnList(update, 't.')}) is distinct from (${columnList(update, 'i.')})
     returning ${opts.returning}`,
    [opts.rowsJson],
  );
  let idColumn = '';
  let idValue = '';
  if (opts.keepIds) {
    const sequence = await sequenceOf(tx, schema.meta.tableName);
    await importQuery(
      tx,
      `select setval(?, greatest(
         (select coalesce(max(i.id), 0) from jsonb_populate_recordset(null::${table}, ?::jsonb) as i),
         (select coalesce(max(id), 0) from ${table}),
         (select last_value from ${sequence})))`,
      [sequence, opts.rowsJson],
    );
    idColumn = '"id", ';
    idValue = `case when i.id is not null and not exists (select 1 from ${table} x where x.id = i.id)
                    then i.id else nextval('${sequence.replace(/'/g, "''")}') end, `;
  }
  const inserted = await importQuery<R[]>(
    tx,
    `insert into ${table} as t (${idColumn}${columnList(insert)}, created_at, updated_at)
     select ${idValue}${columnList(insert, 'i.')}, coalesce(i.created_at, now()), coalesce(i.updated_at, i.created_at, now())
       from jsonb_populate_recordset(null::${table}, ?::jsonb) with ordinality as i
      where not exists (select 1 from ${table} t where ${opts.match})
      order by i.ordinality
     returning ${opts.returning}`,
    [opts.rowsJson],
  );
  return { updated, inserted };
}

/** The sequence of a table's serial `id` (quoted, schema-qualified). */
export async function sequenceOf(tx: SqlEntityManager, table: string): Promise<string> {
  const [row] = await tx.execute<{ seq: string | null }[]>(`select pg_get_serial_sequence(?, 'id') as seq`, [
    `"${table}"`,
  ]);
  if (!row?.seq) throw new Error(`table ${table} has no serial id`);
  return row.seq;
}

/** What a dry run returns from inside its transaction, which is then rolled back. */
class DryRunRollback<T> extends Error {
  constructor(readonly result: T) {
    super('dry run: rolled back');
  }
}

/**
 * An import's one transaction: `fn` runs in it and its result is returned; a dry run does every
 * write the same way (so its counts are the real ones) and rolls them all back.
 */
export async function importTransaction<T>(
  em: SqlEntityManager,
  dryRun: boolean | undefined,
  fn: (tx: SqlEntityManager) => Promise<T>,
): Promise<T> {
  try {
    return await em.transactional(async (tx) => {
      const result = await fn(tx as SqlEntityManager);
      if (dryRun) throw new DryRunRollback(result);
      return result;
    });
  } catch (err) {
    if (err instanceof DryRunRollback) return err.result as T;
    throw err;
  }
}

/**
 * A service's database opened for an import: with the service's own entities and migrations
 * (applied first, under the same advisory lock as a starting service, so an import may run before
 * the service ever started), and `importer` bound to it. `dryRun`: nothing is applied; `pending`
 * says how many migrations a real run would apply first (then the tables may not be there yet).
 */
export async function openImport<Input, Result>(
  opts: { url: string; entities: EntitySchema[]; migrations: MigrationObject[]; logger?: Logger; dryRun?: boolean },
  importer: (orm: Orm, input: Input) => Promise<Result>,
) {
  const orm = await initOrm({ ...opts, poolMax: 2 });
  let pending = 0;
  try {
    if (opts.dryRun) pending = (await orm.getMigrator().getPendingMigrations()).length;
    else await migrate(orm, opts.logger);
  } catch (err) {
    await orm.close(true);
    throw err;
  }
  return {
    orm,
    pending,
    run: (input: Input) => importer(orm, input),
    close: () => orm.close(true),
  };
}
