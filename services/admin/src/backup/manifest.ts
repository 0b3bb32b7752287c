// What a backup directory holds, as `manifest.json` describes it: per service, the migrations its
// schema was at, every table (columns, rows, file, checksums) in an order that loads without
// breaking a foreign key, and its sequences. The manifest is written last, so a directory without
// one is an unfinished backup.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from '@depot/common/process';
import { CliError } from '../errors';

export const BACKUP_FORMAT = 'depot-backup/1';
export const MANIFEST_FILE = 'manifest.json';

/** The services whose databases a backup holds, in the order they are restored. */
export const SERVICES = ['catalog', 'builds', 'auth'] as const;
export type Service = (typeof SERVICES)[number];

const tableSchema = z.object({
  name: z.string(),
  columns: z.array(z.string()).min(1),
  /** Primary key columns: the order rows are written in (so equal data gives equal files). */
  key: z.array(z.string()),
  rows: z.number().int().nonnegative(),
  /** Relative to the backup directory: COPY text format, gzip-compressed. */
  file: z.string(),
  bytes: z.number().int().nonnegative(),
  /** SHA-256 of the file as stored. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** SHA-256 of the COPY text (uncompressed): a restored table is read back and compared with it. */
  content_sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const serviceSchema = z.object({
  /** Where it was read from, password removed. */
  database: z.string(),
  server_version: z.string(),
  /** When the service's snapshot was taken (the database server's clock). */
  snapshot_at: z.string(),
  /** Applied migrations, oldest first. */
  migrations: z.array(z.string()).min(1),
  tables: z.array(tableSchema),
  /** Read after every snapshot: at least as far as any id that any service's backup refers to. */
  sequences: z.array(z.object({ name: z.string(), last_value: z.string().regex(/^\d+$/).nullable() })),
});

/**
 * The hosted archives the catalog's snapshot names. An fs store's objects are copied into
 * `archives/` (included); an S3 bucket's are listed only: the bucket is kept by its provider
 * (versioning, replication), and restore checks that it still holds every object listed.
 */
const archivesSchema = z.object({
  store: z.enum(['fs', 's3']),
  included: z.boolean(),
  objects: z.array(
    z.object({
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      size: z.number().int().nonnegative(),
      /** Relative to the backup directory, when included. */
      file: z.string().optional(),
    }),
  ),
  bytes: z.number().int().nonnegative(),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  depot_version: z.string(),
  created_at: z.string(),
  seconds: z.number(),
  services: z.object({ catalog: serviceSchema, builds: serviceSchema, auth: serviceSchema }),
  /** Absent in backups made before Depot hosted archives. */
  archives: archivesSchema.optional(),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ServiceBackup = z.infer<typeof serviceSchema>;
export type TableBackup = z.infer<typeof tableSchema>;
export type ArchivesBackup = z.infer<typeof archivesSchema>;

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new CliError(`${file} not found: not a Depot backup, or an unfinished one`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CliError(`${file} is not JSON`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new CliError(`${file} is not a ${BACKUP_FORMAT} manifest (${issue.path.join('.')}: ${issue.message})`);
  }
  return result.data;
}

/** The Depot release making the backup (the admin CLI ships with every release). */
export function depotVersion(): string {
  // The same relative path from src/backup and from dist/backup.
  return (JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string })
    .version;
}
