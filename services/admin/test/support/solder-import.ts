/* eslint-disable @typescript-eslint/no-explicit-any -- SQL rows are read by value */
// What the two import tests share (a Solder on PostgreSQL: import.test.ts; on MariaDB:
// import-mysql.test.ts): the CLI run as a child process, Depot's row counts, and what Solder's
// launcher API serves for each build, computed from Solder's own rows.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import type { Stack } from '@depot/local';

export interface Row {
  [k: string]: any;
}

const ADMIN_DIR = path.resolve(__dirname, '..', '..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** The admin CLI (`src/cli.ts`), as an operator runs it, with `env` over this process's. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=depot-source', '--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: ADMIN_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

/** Where the CLI finds the stack's databases. */
export const databasesEnv = (stack: Stack) => ({
  CATALOG_DATABASE_URL: stack.databases.catalog,
  BUILDS_DATABASE_URL: stack.databases.builds,
  AUTH_DATABASE_URL: stack.databases.auth,
});

/** Rows in each of Depot's tables the import writes (auth's: `authTables`). */
export async function depotCounts(stack: Stack, authTables: string[]): Promise<Record<string, number>> {
  const count = async (url: string, tables: string[]) => {
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      const out: Record<string, number> = {};
      for (const t of tables) out[t] = Number((await c.query(`select count(*) as n from ${t}`)).rows[0].n);
      return out;
    } finally {
      await c.end();
    }
  };
  return {
    ...(await count(stack.databases.catalog, ['mods', 'mod_versions'])),
    ...(await count(stack.databases.builds, ['modpacks', 'builds', 'build_mods'])),
    ...(await count(stack.databases.auth, authTables)),
  };
}

// ---- what Solder serves, from its tables ----

/** The columns of an assignment the launcher shows (`id`: the version's, when Solder's ids are kept). */
export const ASSIGNED_SQL = `select bm.build_id, v.id, m.name, m.pretty_name, m.author, m.description, m.link, v.version, v.md5, v.filesize
  from build_modversion bm join modversions v on v.id = bm.modversion_id join mods m on m.id = v.mod_id`;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const naturally = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

export interface Answer {
  status: number;
  body: unknown;
}

/** A build's answers: anonymous, with the platform key (`k`), and with `include=mods` and the key. */
export interface BuildAnswers {
  anon: Answer;
  key: Answer;
  mods: Answer;
}

/**
 * What Solder serves for each build (`slug/version` → answers), from its rows. `ids` gives the id
 * Depot shows for a version and a build (Solder's own, where the import kept them).
 */
export function solderBuildAnswers(
  rows: { modpacks: Row[]; builds: Row[]; assigned: Row[] },
  mirror: string,
  ids: { version(assigned: Row): number; build(build: Row, modpack: Row): number } = {
    version: (a) => a.id,
    build: (b) => b.id,
  },
): Map<string, BuildAnswers> {
  const base = mirror.replace(/\/+$/, '');
  const enc = encodeURIComponent;
  const modsOf = (buildId: number, details: boolean) =>
    rows.assigned
      .filter((a) => a.build_id === buildId)
      .sort((a, b) => naturally(a.name, b.name))
      .map((a) => ({
        id: ids.version(a),
        name: a.name,
        version: a.version,
        // Depot stores md5s lowercase (docs/api.md#names-and-values); Solder would echo an upper-case one as is.
        md5: a.md5.toLowerCase(),
        filesize: a.filesize,
        url: `${base}/mods/${enc(a.name)}/${enc(a.name)}-${enc(a.version)}.zip`,
        ...(details
          ? { pretty_name: a.pretty_name ?? '', author: a.author, description: a.description, link: a.link }
          : {}),
      }));
  const answers = new Map<string, BuildAnswers>();
  const noModpack = { status: 404, body: { error: 'Modpack does not exist' } };
  const noBuild = { status: 404, body: { error: 'Build does not exist' } };
  for (const b of rows.builds) {
    const m = rows.modpacks.find((p) => p.id === b.modpack_id)!;
    const body = {
      id: ids.build(b, m),
      minecraft: b.minecraft,
      java: b.min_java,
      memory: b.min_memory,
      forge: b.forge,
    };
    // (MySQL's booleans are 0 and 1)
    const published = Boolean(b.is_published);
    const served = { status: 200, body: { ...body, mods: modsOf(b.id, false) } };
    answers.set(`${m.slug}/${b.version}`, {
      anon: m.private ? noModpack : !published || b.private ? noBuild : served,
      key: published ? served : noBuild,
      mods: published ? { status: 200, body: { ...body, mods: modsOf(b.id, true) } } : noBuild,
    });
  }
  return answers;
}
