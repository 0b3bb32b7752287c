// Reads the tables of a Technic Solder database that Depot takes over: mods, modversions,
// modpacks, builds, build_modversion, clients, client_modpack, keys, and the people: users,
// user_permissions, personal_access_tokens (Sanctum). On MySQL/MariaDB or PostgreSQL, chosen by
// the URL's scheme (source.ts). One read-only snapshot, so the import sees one consistent state
// even while Solder runs. Columns added by later Solder versions (art urls, min_java, notes,
// two-factor, ...) are read as null when an older schema lacks them; timestamps (Laravel writes
// UTC) come back as ISO strings.
import { PERMISSIONS } from '@depot/common';
import { CliError } from '../errors';
import { openSource, type ColumnKind as Kind } from './source';

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
  users: {
    required: false,
    order: 'id',
    columns: [
      ['id', 'int', true],
      ['username', 'text', true],
      ['email', 'text'],
      // bcrypt ($2y$), kept as it is.
      ['password', 'text'],
      // Laravel Fortify's, encrypted with Solder's APP_KEY (Solder's 2026 migration).
      ['two_factor_secret', 'text'],
      ['two_factor_recovery_codes', 'text'],
      ['two_factor_confirmed_at', 'time'],
      ['created_at', 'time'],
      ['updated_at', 'time'],
    ],
  },
  user_permissions: {
    required: false,
    order: 'id',
    columns: [
      ['id', 'int', true],
      ['user_id', 'int', true],
      // One boolean column per permission, named as Depot's own (one list: @depot/common).
      ...PERMISSIONS.map((p) => [p, 'bool'] as const),
      // The ids of the modpacks the user may manage, comma-separated.
      ['modpacks', 'text'],
    ],
  },
  personal_access_tokens: {
    required: false,
    order: 'id',
    columns: [
      ['id', 'int', true],
      ['tokenable_type', 'text', true],
      ['tokenable_id', 'int', true],
      ['name', 'text', true],
      // SHA-256 (hex) of the secret part of the plain token `{id}|{secret}`.
      ['token', 'text', true],
      ['abilities', 'text'],
      ['last_used_at', 'time'],
      ['expires_at', 'time'],
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
export type SolderUser = RowOf<'users'>;
/** Every permission flag is a column of its own. */
export type SolderUserPermission = { id: number; user_id: number; modpacks: string | null } & Record<
  (typeof PERMISSIONS)[number],
  boolean | null
>;
export type SolderToken = RowOf<'personal_access_tokens'>;

export interface SolderData {
  mods: SolderMod[];
  modversions: SolderModversion[];
  modpacks: SolderModpack[];
  builds: SolderBuild[];
  buildModversions: SolderBuildModversion[];
  clients: SolderClient[];
  clientModpacks: SolderClientModpack[];
  keys: SolderKey[];
  users: SolderUser[];
  userPermissions: SolderUserPermission[];
  tokens: SolderToken[];
  /** The optional tables the source does not have (older Solders: users, tokens). */
  absent: string[];
  /** What the reader had to work around (those tables), for the operator. */
  notes: string[];
}

/** Row counts as read, per table (for progress). */
export type ReadProgress = (table: string, rows: number) => void;

export async function readSolder(url: string, onTable: ReadProgress = () => undefined): Promise<SolderData> {
  const source = await openSource(url);
  try {
    await source.beginSnapshot();
    const columns = await source.columns(Object.keys(TABLES));
    const absent: string[] = [];
    const result: Record<string, Record<string, unknown>[]> = {};
    for (const [table, spec] of Object.entries(TABLES)) {
      const present = columns.get(table);
      if (!present) {
        if (spec.required) {
          throw new CliError(
            `the source database has no "${table}" table in ${await source.schemaName()}: is it a Technic Solder database?`,
          );
        }
        absent.push(table);
        result[table] = [];
        continue;
      }
      const missing = spec.columns.filter(([name, , required]) => required && !present.has(name)).map(([n]) => n);
      if (missing.length) throw new CliError(`the source table "${table}" lacks column(s) ${missing.join(', ')}`);
      const specs = spec.columns.map(([name, kind]) => ({ name, kind, present: present.has(name) }));
      result[table] = await source.select(table, specs, spec.order);
      onTable(table, result[table].length);
    }
    await source.commit();
    return {
      mods: result.mods as unknown as SolderMod[],
      modversions: result.modversions as unknown as SolderModversion[],
      modpacks: result.modpacks as unknown as SolderModpack[],
      builds: result.builds as unknown as SolderBuild[],
      buildModversions: result.build_modversion as unknown as SolderBuildModversion[],
      clients: result.clients as unknown as SolderClient[],
      clientModpacks: result.client_modpack as unknown as SolderClientModpack[],
      keys: result.keys as unknown as SolderKey[],
      users: result.users as unknown as SolderUser[],
      userPermissions: result.user_permissions as unknown as SolderUserPermission[],
      tokens: result.personal_access_tokens as unknown as SolderToken[],
      absent,
      notes: absent.map((table) => `the source has no "${table}" table; nothing imported from it`),
    };
  } finally {
    await source.close();
  }
}

/** The tables read, for the test fixtures and the generator. */
export const SOLDER_TABLES = Object.keys(TABLES);
