// Reads the tables of a Technic Solder database (PostgreSQL) that Depot takes over: mods,
// modversions, modpacks, builds, build_modversion, clients, client_modpack, keys. One read-only
// repeatable-read transaction, so the import sees one consistent state even while Solder runs.
// Columns added by later Solder versions (art urls, min_java, ...) are read as null when an older
// schema lacks them; timestamps (Laravel writes UTC) come back as ISO strings.
import { Client } from 'pg';
import { CliError } from '../errors';

type Kind = 'text' | 'int' | 'bool' | 'time';
/** A column read: its name, how it is normalized, and whether the table must have it. */
type ColumnSpec = readonly [name: string, kind: Kind, required?: true];

// The tables read, each column once: the row types below are derived from these lists.
const TABLES = {
  mods: {
    required: true,
    order: 'id',
    columns: [
      ['id', 'int', true],
      ['name', 'text', true],
      ['pretty_name', 'text'],
      ['author', 'text'],
      ['description', 'text'],
      ['link', 'text'],
      // Solder's private notes (its 2026 migration; null in older schemas).
      ['notes', 'text'],
      ['created_at', 'time'],
      ['updated_at', 'time'],
    ],
  },
  modversions: {
    required: true,
    order: 'id',
    columns: [
      ['id', 'int', true],
      ['mod_id', 'int', true],
      ['version', 'text', true],
      ['md5', 'text'],
      ['filesize', 'int'],
      // A version's own download URL and its notes, where the schema has them.
      ['url', 'text'],
      ['notes', 'text'],
      ['created_at', 'time'],
      ['updated_at', 'time'],
    ],
  },
  modpacks: {
    required: true,
    order: 'id',
    columns: [
      ['id', 'int', true],
      ['name', 'text', true],
      ['slug', 'text', true],
      ['url', 'text'],
      ['hidden', 'bool'],
      ['private', 'bool'],
      ['order', 'int'],
      ['recommended', 'text'],
      ['latest', 'text'],
      ['icon_url', 'text'],
      ['icon_md5', 'text'],
      ['logo_url', 'text'],
      ['logo_md5', 'text'],
      ['background_url', 'text'],
      ['background_md5', 'text'],
      ['created_at', 'time'],
      ['updated_at', 'time'],
    ],
  },
  builds: {
    required: true,
    order: 'id',
    columns: [
      ['id', 'int', true],
      ['modpack_id', 'int', true],
      ['version', 'text', true],
      ['minecraft', 'text'],
      ['forge', 'text'],
      ['is_published', 'bool'],
      ['private', 'bool'],
      ['min_java', 'text'],
      ['min_memory', 'int'],
      ['created_at', 'time'],
      ['updated_at', 'time'],
    ],
  },
  build_modversion: {
    required: true,
    order: 'id',
    columns: [
      ['id', 'int', true],
      ['build_id', 'int', true],
      ['modversion_id', 'int', true],
    ],
  },
  clients: {
    required: false,
    order: 'id',
    columns: [
      ['id', 'int', true],
      ['name', 'text', true],
      ['uuid', 'text', true],
      ['created_at', 'time'],
      ['updated_at', 'time'],
    ],
  },
  client_modpack: {
    required: false,
    order: 'client_id, modpack_id',
    columns: [
      ['client_id', 'int', true],
      ['modpack_id', 'int', true],
    ],
  },
  keys: {
    required: false,
    order: 'id',
    columns: [
      ['id', 'int', true],
      ['name', 'text', true],
      ['api_key', 'text', true],
      ['created_at', 'time'],
      ['updated_at', 'time'],
    ],
  },
} as const satisfies Record<string, { columns: readonly ColumnSpec[]; required: boolean; order: string }>;

type Value<K extends Kind> = K extends 'int' ? number : K extends 'bool' ? boolean : string;
/** A row as read: a required column has a value, another may be null (or missing from the schema). */
type RowOf<Table extends keyof typeof TABLES> = {
  [C in (typeof TABLES)[Table]['columns'][number] as C[0]]: C extends readonly [string, Kind, true]
    ? Value<C[1]>
    : Value<C[1]> | null;
};

export type SolderMod = RowOf<'mods'>;
export type SolderModversion = RowOf<'modversions'>;
export type SolderModpack = RowOf<'modpacks'>;
export type SolderBuild = RowOf<'builds'>;
export type SolderBuildModversion = RowOf<'build_modversion'>;
export type SolderClient = RowOf<'clients'>;
export type SolderClientModpack = RowOf<'client_modpack'>;
export type SolderKey = RowOf<'keys'>;

export interface SolderData {
  mods: SolderMod[];
  modversions: SolderModversion[];
  modpacks: SolderModpack[];
  builds: SolderBuild[];
  buildModversions: SolderBuildModversion[];
  clients: SolderClient[];
  clientModpacks: SolderClientModpack[];
  keys: SolderKey[];
  /** What the reader had to work around (missing optional tables). */
  notes: string[];
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The select expression of one column: a missing optional one is null, types are normalized. */
function columnSql(name: string, kind: Kind, present: boolean): string {
  if (!present) return `null as ${ident(name)}`;
  const col = ident(name);
  switch (kind) {
    case 'int':
      return `${col}::bigint as ${col}`;
    // Booleans may be smallints in schemas migrated from MySQL.
    case 'bool':
      return `(${col}::text in ('true', 't', '1')) as ${col}`;
    // Epoch seconds: a timestamp without time zone (Laravel's, UTC) taken as UTC; timestamptz as is.
    case 'time':
      return `extract(epoch from ${col})::float8 as ${col}`;
    default:
      return `${col}::text as ${col}`;
  }
}

function normalize(kind: Kind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'int') return Number(value);
  if (kind === 'time') return new Date(Number(value) * 1000).toISOString();
  return value;
}

export async function readSolder(url: string): Promise<SolderData> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows: columnRows } = await client.query<{ table_name: string; column_name: string }>(
      `select table_name::text, column_name::text from information_schema.columns
        where table_schema = current_schema() and table_name = any($1)`,
      [Object.keys(TABLES)],
    );
    const columns = new Map<string, Set<string>>();
    for (const r of columnRows) {
      if (!columns.has(r.table_name)) columns.set(r.table_name, new Set());
      columns.get(r.table_name)!.add(r.column_name);
    }
    const notes: string[] = [];
    const result: Record<string, Record<string, unknown>[]> = {};
    for (const [table, spec] of Object.entries(TABLES)) {
      const present = columns.get(table);
      if (!present) {
        if (spec.required) {
          throw new CliError(
            `the source database has no "${table}" table in schema ${await currentSchema(client)}: is it a Technic Solder database?`,
          );
        }
        notes.push(`the source has no "${table}" table; nothing imported from it`);
        result[table] = [];
        continue;
      }
      const missing = spec.columns.filter(([name, , required]) => required && !present.has(name)).map(([n]) => n);
      if (missing.length) throw new CliError(`the source table "${table}" lacks column(s) ${missing.join(', ')}`);
      const select = spec.columns.map(([name, kind]) => columnSql(name, kind, present.has(name))).join(', ');
      const { rows } = await client.query(`select ${select} from ${ident(table)} order by ${spec.order}`);
      result[table] = rows.map((row) =>
        Object.fromEntries(spec.columns.map(([name, kind]) => [name, normalize(kind, row[name])])),
      );
    }
    await client.query('commit');
    return {
      mods: result.mods as unknown as SolderMod[],
      modversions: result.modversions as unknown as SolderModversion[],
      modpacks: result.modpacks as unknown as SolderModpack[],
      builds: result.builds as unknown as SolderBuild[],
      buildModversions: result.build_modversion as unknown as SolderBuildModversion[],
      clients: result.clients as unknown as SolderClient[],
      clientModpacks: result.client_modpack as unknown as SolderClientModpack[],
      keys: result.keys as unknown as SolderKey[],
      notes,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function currentSchema(client: Client): Promise<string> {
  const { rows } = await client.query<{ s: string }>('select current_schema() as s');
  return rows[0]?.s ?? '?';
}
