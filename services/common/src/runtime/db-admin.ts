// Creating and dropping databases: the local launcher derives one database per service from
// DATABASE_URL, and tests make uniquely named ones and drop them afterwards.
import { Client } from 'pg';

function parts(url: string): { admin: string; name: string } {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`database URL has no database name: ${redactUrl(url)}`);
  u.pathname = '/postgres';
  return { admin: u.toString(), name };
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<invalid url>';
  }
}

/** `postgres://h/depot` + `catalog` → `postgres://h/depot_catalog`. */
export function serviceDatabaseUrl(url: string, service: string): string {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, '')) || 'depot';
  u.pathname = `/${encodeURIComponent(`${name}_${service}`)}`;
  return u.toString();
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

export async function createDatabaseIfMissing(url: string): Promise<boolean> {
  const { admin, name } = parts(url);
  const client = new Client({ connectionString: admin, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    } catch (err) {
      // Another process created it at the same moment.
      if ((err as { code?: string }).code !== '42P04' && (err as { code?: string }).code !== '23505') throw err;
    }
    return true;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const { admin, name } = parts(url);
  const client = new Client({ connectionString: admin, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
