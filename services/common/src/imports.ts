// What the services' bulk imports (the admin CLI's `import-solder`, services/<svc>/src/import.ts)
// have in common: the shape of an imported record, the counts they report, and how they open
// their service's database.
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { assignmentsFrom, columnList, columnsOf, type PropertyOf } from './columns';
import { initOrm, migrate, type Orm } from './orm';

/**
 * An imported record: the entity's fields but its id and `Except` (given otherwise, such as a
 * parent by natural key), timestamps as ISO strings (null or absent: now, for a new row).
 */
export type Imported<T, Except extends keyof T = never> = Omit<T, 'id' | 'createdAt' | 'updatedAt' | Except> & {
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
 * An import's upsert by natural key, set-wise. `rowsJson` is a JSON array of rows keyed by column
 * (toColumns), read as the table's own row type. A row matching a stored one (`match`, with `t`
 * the table and `i` the row) whose `update` fields differ updates them; a row matching none is
 * inserted with `insertOnly` and `update`, in the order of the array. Timestamps come from the
 * row, else now. `returning` (over `t`) of each updated and each inserted row.
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
  },
): Promise<{ updated: R[]; inserted: R[] }> {
  const table = `"${schema.meta.tableName}"`;
  const update = columnsOf(schema, opts.update);
  const insert = [...columnsOf(schema, opts.insertOnly ?? []), ...update];
  const updated = await tx.execute<R[]>(
    `update ${table} t set ${assignmentsFrom(update, 'i')}, updated_at = coalesce(i.updated_at, now())
       from jsonb_populate_recordset(null::${table}, ?::jsonb) as i
      where ${opts.match} and (${columnList(update, 't.')}) is distinct from (${columnList(update, 'i.')})
     returning ${opts.returning}`,
    [opts.rowsJson],
  );
  const inserted = await tx.execute<R[]>(
    `insert into ${table} as t (${columnList(insert)}, created_at, updated_at)
     select ${columnList(insert, 'i.')}, coalesce(i.created_at, now()), coalesce(i.updated_at, i.created_at, now())
       from jsonb_populate_recordset(null::${table}, ?::jsonb) with ordinality as i
      where not exists (select 1 from ${table} t where ${opts.match})
      order by i.ordinality
     returning ${opts.returning}`,
    [opts.rowsJson],
  );
  return { updated, inserted };
}

/**
 * A service's database opened for an import: with the service's own entities and migrations
 * (applied first, under the same advisory lock as a starting service, so an import may run before
 * the service ever started), and `importer` bound to it.
 */
export async function openImport<Input, Result>(
  opts: { url: string; entities: EntitySchema[]; migrations: MigrationObject[]; logger?: Logger },
  importer: (orm: Orm, input: Input) => Promise<Result>,
) {
  const orm = await initOrm({ ...opts, poolMax: 2 });
  try {
    await migrate(orm, opts.logger);
  } catch (err) {
    await orm.close(true);
    throw err;
  }
  return {
    orm,
    run: (input: Input) => importer(orm, input),
    close: () => orm.close(true),
  };
}
