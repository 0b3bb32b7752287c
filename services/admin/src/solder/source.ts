// The Solder database read by import-solder, on the server Solder runs on: MySQL or MariaDB
// (`mysql://`, `mariadb://`, with mysql2; Solder's default) or PostgreSQL (`postgres://`,
// `postgresql://`, with pg). Each gives the same thing: one read-only snapshot of the whole
// database, the columns its tables have, and rows with values normalized the same way (numbers,
// booleans, strings, ISO timestamps), so the rest of the import never knows which server it read.
import mysql from 'mysql2/promise';
import { Client } from 'pg';
import { CliError } from '../errors';

export type ColumnKind = 'text' | 'int' | 'bool' | 'time';

/** A column to select; a column the schema lacks (`present` false) is read as null. */
export interface ColumnSelect {
  name: string;
  kind: ColumnKind;
  present: boolean;
}

export interface SolderSource {
  /** Starts the read-only, repeatable-read snapshot every later read sees. */
  beginSnapshot(): Promise<void>;
  /** The columns of each of `tables` that exists, in the database (or schema) of the URL. */
  columns(tables: string[]): Promise<Map<string, Set<string>>>;
  /** Every row of `table`, ordered by the comma-separated columns of `order`. */
  select(table: string, columns: ColumnSelect[], order: string): Promise<Record<string, unknown>[]>;
  commit(): Promise<void>;
  /** Where the tables were looked for, for messages. */
  schemaName(): Promise<string>;
  close(): Promise<void>;
}

/** The kind of server a `--from` URL names, by its scheme; undefined for any other. */
export function sourceKind(url: string): 'mysql' | 'postgres' | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'mysql' || scheme === 'mariadb') return 'mysql';
  if (scheme === 'postgres' || scheme === 'postgresql') return 'postgres';
  return undefined;
}

export async function openSource(url: string): Promise<SolderSource> {
  const kind = sourceKind(url);
  if (kind === 'mysql') return openMysql(url);
  if (kind === 'postgres') return openPostgres(url);
  throw new CliError('--from: expected a mysql://, mariadb:// or postgres:// URL');
}

/** Epoch seconds or a "YYYY-MM-DD HH:MM:SS[.ffffff]" wall clock in UTC (Laravel's) → ISO. */
function isoFromUtcWallClock(value: string): string | null {
  // MySQL's zero date (written by old schemas for "unset") is no time.
  if (/^0000-00-00/.test(value)) return null;
  const d = new Date(`${value.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function normalize(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) value = value.toString('utf8');
  switch (kind) {
    case 'int':
      return Number(value);
    case 'bool':
      return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
    case 'time':
      return typeof value === 'number' ? new Date(value * 1000).toISOString() : isoFromUtcWallClock(String(value));
    default:
      return String(value);
  }
}

const rowsOf = (rows: Record<string, unknown>[], columns: ColumnSelect[]) =>
  rows.map((row) => Object.fromEntries(columns.map(({ name, kind }) => [name, normalize(kind, row[name])])));

// ---- PostgreSQL ----

async function openPostgres(url: string): Promise<SolderSource> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
  /** Types normalized in SQL: booleans may be smallints in schemas migrated from MySQL. */
  const columnSql = ({ name, kind, present }: ColumnSelect) => {
    if (!present) return `null as ${ident(name)}`;
    const col = ident(name);
    if (kind === 'int') return `${col}::bigint as ${col}`;
    if (kind === 'bool') return `(${col}::text in ('true', 't', '1')) as ${col}`;
    // Epoch seconds: a timestamp without time zone (Laravel's, UTC) taken as UTC; timestamptz as is.
    if (kind === 'time') return `extract(epoch from ${col})::float8 as ${col}`;
    return `${col}::text as ${col}`;
  };
  return {
    beginSnapshot: async () => {
      await client.query('begin isolation level repeatable read read only');
    },
    columns: async (tables) => {
      const { rows } = await client.query<{ table_name: string; column_name: string }>(
        `select table_name::text, column_name::text from information_schema.columns
          where table_schema = current_schema() and table_name = any($1)`,
        [tables],
      );
      return groupColumns(rows);
    },
    select: async (table, columns, order) => {
      const orderBy = order.split(',').map((c) => ident(c.trim()));
      const { rows } = await client.query(
        `select ${columns.map(columnSql).join(', ')} from ${ident(table)} order by ${orderBy.join(', ')}`,
      );
      return rowsOf(rows, columns);
    },
    commit: async () => {
      await client.query('commit');
    },
    schemaName: async () => {
      const { rows } = await client.query<{ s: string }>('select current_schema() as s');
      return `schema ${rows[0]?.s ?? '?'}`;
    },
    close: () => client.end().catch(() => undefined),
  };
}

// ---- MySQL / MariaDB ----

async function openMysql(url: string): Promise<SolderSource> {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!database) throw new CliError('--from: the URL names no database (mysql://user:password@host:3306/solder)');
  const connection = await mysql.createConnection({
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username) || undefined,
    password: decodeURIComponent(u.password) || undefined,
    database,
    connectTimeout: 10_000,
    // Wall clocks as stored (Laravel writes UTC, in the connection's time zone as Solder's was):
    // the server's default session zone, no conversion by the driver.
    dateStrings: true,
    supportBigNumbers: true,
    charset: 'utf8mb4',
    ssl: u.searchParams.get('ssl') === 'true' ? {} : undefined,
  });
  connection.on('error', () => undefined);
  const ident = (s: string) => `\`${s.replace(/`/g, '``')}\``;
  return {
    beginSnapshot: async () => {
      await connection.query('set session transaction isolation level repeatable read');
      await connection.query('start transaction with consistent snapshot, read only');
    },
    columns: async (tables) => {
      const [rows] = await connection.query(
        `select table_name as table_name, column_name as column_name from information_schema.columns
          where table_schema = database() and table_name in (?)`,
        [tables],
      );
      return groupColumns(rows as { table_name: string; column_name: string }[]);
    },
    select: async (table, columns, order) => {
      const list = columns.map((c) => (c.present ? ident(c.name) : `null as ${ident(c.name)}`)).join(', ');
      const orderBy = order.split(',').map((c) => ident(c.trim()));
      const [rows] = await connection.query({
        sql: `select ${list} from ${ident(table)} order by ${orderBy.join(', ')}`,
        // Integers as numbers, tinyint(1) as 0/1, text as strings (normalize above).
        typeCast: true,
      });
      return rowsOf(rows as Record<string, unknown>[], columns);
    },
    commit: async () => {
      await connection.query('commit');
    },
    schemaName: async () => `database ${database}`,
    close: () => connection.end().catch(() => undefined),
  };
}

function groupColumns(rows: { table_name: string; column_name: string }[]): Map<string, Set<string>> {
  const columns = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!columns.has(r.table_name)) columns.set(r.table_name, new Set());
    columns.get(r.table_name)!.add(r.column_name);
  }
  return columns;
}
