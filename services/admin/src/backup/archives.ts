// The hosted archives in a backup (docs/admin-cli.md#backups). The catalog's snapshot says which
// objects its versions name (`hosted`, their sha256); those, and only those, are what a restore
// needs. Objects are immutable and named by their content, so copying them after the snapshot
// gives the same bytes, each checked against its name on the way out and on the way back in.
// - fs store: copied into `archives/<sha256 key>` of the backup;
// - S3: listed, not copied (a bucket is kept by its provider: versioning, replication; copying
//   hundreds of GB into a backup folder is rarely what its owner wants). Restore checks the bucket
//   still holds every object listed and names the missing ones.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Client } from 'pg';
import { objectKey, type ArchiveStore, type ArchiveStoreSettings } from '@depot/common/archive-store';
import { CliError } from '../errors';
import type { ArchivesBackup } from './manifest';

/** The objects the catalog's versions name, read in its snapshot transaction. */
export async function namedObjects(catalog: Client): Promise<{ sha256: string; size: number }[]> {
  const { rows } = await catalog.query<{ sha256: string; size: string }>(
    `select hosted as sha256, max(filesize) as size from mod_versions where hosted is not null
      group by hosted order by hosted`,
  );
  return rows.map((r) => ({ sha256: r.sha256, size: Number(r.size) }));
}

function sha256Check(expected: string, what: string) {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _e, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      const got = hash.digest('hex');
      done(got === expected ? null : new CliError(`${what}: its bytes have sha256 ${got}, not ${expected}`));
    },
  });
}

export async function backupArchives(
  store: ArchiveStore,
  settings: ArchiveStoreSettings,
  objects: { sha256: string; size: number }[],
  dir: string,
  progress: (line: string) => void,
): Promise<ArchivesBackup> {
  const bytes = objects.reduce((n, o) => n + o.size, 0);
  if (store.kind === 's3') {
    progress(
      `archives: ${objects.length} object(s), ${bytes} bytes, listed and not copied: the S3 bucket ` +
        `${settings.ARCHIVE_S3_BUCKET} is backed up by its provider (versioning, replication)`,
    );
    return { store: 's3', included: false, objects, bytes };
  }
  const out: ArchivesBackup['objects'] = [];
  for (const o of objects) {
    const file = path.posix.join('archives', objectKey(o.sha256));
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    const body = await store.read(o.sha256, 0, o.size - 1).catch((err: unknown) => {
      throw new CliError(`archive ${o.sha256} (${describe(err)}): the store does not hold an object a version names`);
    });
    await pipeline(
      body,
      sha256Check(o.sha256, `archive ${o.sha256} in the store`),
      createWriteStream(path.join(dir, file)),
    );
    out.push({ ...o, file });
  }
  progress(`archives: ${out.length} object(s), ${bytes} bytes, copied from ${settings.ARCHIVE_STORE_DIR}`);
  return { store: 'fs', included: true, objects: out, bytes };
}

/** Every included file read and checked against its name, before anything is written. */
export async function verifyArchives(dir: string, archives: ArchivesBackup | undefined): Promise<void> {
  for (const o of archives?.included ? archives.objects : []) {
    const hash = createHash('sha256');
    try {
      for await (const chunk of createReadStream(path.join(dir, o.file ?? ''))) hash.update(chunk as Buffer);
    } catch {
      throw new CliError(`${path.join(dir, o.file ?? '')} is missing`);
    }
    if (hash.digest('hex') !== o.sha256)
      throw new CliError(`${path.join(dir, o.file ?? '')} is damaged (its sha256 is not its name)`);
  }
}

/**
 * Puts the backup's objects into the store (those it holds already are kept: same name, same
 * bytes), or, for a backup that lists them only, checks the store holds them.
 */
export async function restoreArchives(
  store: ArchiveStore,
  dir: string,
  archives: ArchivesBackup | undefined,
  maxBytes: number,
  progress: (line: string) => void,
): Promise<{ restored: number; present: number; missing: string[] }> {
  const result = { restored: 0, present: 0, missing: [] as string[] };
  for (const o of archives?.objects ?? []) {
    const held = await store.head(o.sha256);
    if (held && held.size === o.size) {
      result.present++;
      continue;
    }
    if (!archives?.included || !o.file) {
      result.missing.push(o.sha256);
      continue;
    }
    const staged = await store.stage(createReadStream(path.join(dir, o.file)), Math.max(maxBytes, o.size));
    if (staged.digests.sha256 !== o.sha256) {
      await staged.discard();
      throw new CliError(`${o.file} changed while it was restored`);
    }
    await staged.commit();
    result.restored++;
  }
  if (archives) {
    progress(
      `archives: ${result.restored} restored, ${result.present} already in the store` +
        (result.missing.length ? `, ${result.missing.length} MISSING from the store (versions name them)` : ''),
    );
  }
  return result;
}

const describe = (err: unknown) => (err as Error)?.message ?? String(err);
