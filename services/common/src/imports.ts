// What the services' bulk imports (the admin CLI's `import-solder`, services/<svc>/src/import.ts)
// have in common: the shape of an imported record, the counts they report, and how they open
// their service's database.
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { Logger } from 'pino';
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
 * A service's database for an import: opened with the service's own entities and migrations
 * (applied first, under the same advisory lock as a starting service, so an import may run before
 * the service ever started).
 */
export async function openImportOrm(opts: {
  url: string;
  entities: EntitySchema[];
  migrations: MigrationObject[];
  logger?: Logger;
}): Promise<Orm> {
  const orm = await initOrm({ ...opts, poolMax: 2 });
  try {
    await migrate(orm, opts.logger);
  } catch (err) {
    await orm.close(true);
    throw err;
  }
  return orm;
}
