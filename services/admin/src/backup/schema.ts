// A service database's tables as the backup sees them, read from PostgreSQL's catalog rather than
// listed here: a migration that adds a table is backed up without a change to this code. The
// migrations table is left out (the manifest lists the migrations; a restore applies them), and so
// are the catalog's tables of what is made again or sent again rather than restored: files held for
// a release (their objects may not be in the restored store: a release naming one would make a
// version of a missing archive; the client sends it again), server packs and exports (made again on
// their first request), and the jars taken out of archives (taken out again: the backfill, or an
// export that needs them).
import { escapeIdentifier, type Client } from 'pg';

export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** Not backed up (above). */
export const TRANSIENT_TABLES = ['held_archives', 'server_packs', 'archive_jars', 'jar_extractions', 'exports'];

export interface TableShape {
  name: string;
  /** Stored columns in their order (generated ones left out: they cannot be loaded). */
  columns: string[];
  key: string[];
}

/** Tables of the public schema, parents before children (foreign keys), else by name. */
export async function tablesOf(client: Client): Promise<TableShape[]> {
  const { rows: tables } = await client.query<TableShape>(
    `select c.relname as name,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                   order by a.attnum) as columns,
            array(select a.attname::text from pg_index i
                    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                   where i.indrelid = c.oid and i.indisprimary
                   order by array_position(i.indkey::int2[], a.attnum)) as key
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relname <> all($1::text[])
      order by c.relname`,
    [[MIGRATIONS_TABLE, ...TRANSIENT_TABLES]],
  );
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = k.connamespace
      where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  return parentsFirst(tables, edges);
}

function parentsFirst(tables: TableShape[], edges: { child: string; parent: string }[]): TableShape[] {
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const parents = (name: string) => edges.filter((e) => e.child === name).map((e) => e.parent);
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !placed.has(t.name) && parents(t.name).every((p) => placed.has(p)));
    if (!next) throw new Error('the foreign keys between tables form a cycle');
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

/** The rows of a table in primary key order, as COPY selects them (column order as listed). */
export function orderedSelect(table: { name: string; columns: string[]; key: string[] }): string {
  const order = (table.key.length ? table.key : table.columns).map(escapeIdentifier).join(', ');
  return `select ${table.columns.map(escapeIdentifier).join(', ')} from ${escapeIdentifier(table.name)} order by ${order}`;
}

export async function countRows(client: Client, table: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${escapeIdentifier(table)}`);
  return Number(rows[0].n);
}

export async function appliedMigrations(client: Client): Promise<string[]> {
  const exists = await client.query('select to_regclass($1) is not null as found', [`public.${MIGRATIONS_TABLE}`]);
  if (!exists.rows[0].found) return [];
  const { rows } = await client.query<{ name: string }>(
    `select name from ${escapeIdentifier(MIGRATIONS_TABLE)} order by id`,
  );
  return rows.map((r) => r.name);
}

/** Sequences' positions; null for one never used. Sequences are not transactional: this is now. */
export async function sequencesOf(client: Client): Promise<{ name: string; last_value: string | null }[]> {
  const { rows } = await client.query<{ name: string; last_value: string | null }>(
    `select sequencename as name, last_value::text as last_value from pg_sequences
      where schemaname = 'public' order by sequencename`,
  );
  return rows;
}
