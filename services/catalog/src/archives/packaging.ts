// What an uploaded file becomes in the store (docs/archives.md#packaging). A `.jar` is packaged
// into a zip holding `mods/<file>.jar`, reproducibly: one entry, stored (a jar is compressed
// already, and no deflate implementation then enters the bytes), a fixed time written as a plain
// DOS date (no extra field in UTC, so that the server's time zone does not enter either) and a
// fixed mode: the same jar under the same name always gives the same md5. A `.zip` is stored as
// it is. Both are checked from the staged object (ranged reads of the store, never the body in
// memory): as the launcher will read them (zip/judge.ts), and for a jar a readable jar inside.
import { createHash } from 'node:crypto';
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream';
import yazl from 'yazl';
import { DepotError } from '@depot/common';
import type { StagedObject } from '@depot/common/archive-store';
import { fileNameProblem, LAUNCHER_FOLDERS } from './zip/entry-names';
import { StagedReader } from './zip/staged-reader';
import { checkJar, judgeZip, notZip, type ZipLimits } from './zip/judge';

export type UploadKind = 'jar' | 'zip';

export { LAUNCHER_FOLDERS };

/** 2000-01-01 00:00 as local time: the DOS date fields read the same in every time zone. */
const PACKAGED_TIME = new Date(2000, 0, 1, 0, 0, 0);
const PACKAGED_MODE = 0o100644;

/** The kind of an upload from its original name, the name alone, and the name its jar gets under `mods/`. */
export function uploadKind(fileName: string): { kind: UploadKind; name: string; entry?: string } {
  // The name alone (a browser or a script may send a path).
  const base = fileName.split(/[\\/]/).pop()?.trim() ?? '';
  if (!base) throw DepotError.fields({ file_name: ['The file name must be a .zip or .jar file name.'] });
  // It becomes a file's name in the player's mods/ folder (a jar's, or the zip's when saved).
  const problem = fileNameProblem(base);
  if (problem) throw DepotError.fields({ file_name: [problem] });
  const lower = base.toLowerCase();
  if (lower.endsWith('.jar') && base.length > 4) return { kind: 'jar', name: base, entry: `mods/${base}` };
  if (lower.endsWith('.zip') && base.length > 4) return { kind: 'zip', name: base };
  throw new DepotError(
    'ARCHIVE_NOT_ZIP',
    {},
    `The file is not a zip or jar archive: ${base} is neither a .zip nor a .jar.`,
  );
}

/** Refuses at once a body that does not start as a zip does ("PK\3\4", or "PK\5\6" when empty). */
class ZipSignature extends Transform {
  private head = Buffer.alloc(0);
  private checked = false;
  override _transform(chunk: Buffer, _e: BufferEncoding, callback: TransformCallback): void {
    if (this.checked) return callback(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < 4) return callback();
    const sig = this.head.subarray(0, 4).toString('latin1');
    if (sig !== 'PK\u0003\u0004' && sig !== 'PK\u0005\u0006')
      return callback(notZip('the jar does not start as a zip does'));
    this.checked = true;
    callback(null, this.head);
  }
  override _flush(callback: TransformCallback): void {
    callback(this.checked ? null : notZip('the jar is empty or too short'));
  }
}

/**
 * The body staged for an upload and the sha256 of the file as sent (docs/releases.md: a client
 * asks by the hash of the file it has): a jar is packaged, its own bytes hashed on the way; a zip
 * is stored as it is, so its object's sha256 is the file's.
 */
export function stagedBody(body: Readable, kind: UploadKind, entry: string | undefined) {
  if (kind === 'zip') return { body, sourceSha256: (stored: string) => stored };
  const hash = createHash('sha256');
  const hashed = new Transform({
    transform(chunk: Buffer, _e, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  pipeline(body, hashed, () => undefined);
  let digest: string | undefined;
  return { body: packageJar(hashed, entry!), sourceSha256: () => (digest ??= hash.digest('hex')) };
}

/** The zip a jar becomes, streamed: the jar's bytes pass through once and are never held. */
export function packageJar(jar: Readable, entry: string): Readable {
  const zip = new yazl.ZipFile();
  const checked = new ZipSignature();
  const out = new PassThrough();
  pipeline(jar, checked, (err) => {
    if (err) out.destroy(err);
  });
  zip.addReadStream(checked, entry, {
    mtime: PACKAGED_TIME,
    mode: PACKAGED_MODE,
    compress: false,
    forceDosTimestamp: true,
  });
  zip.end();
  pipeline(zip.outputStream, out, (err) => {
    if (err) out.destroy(err);
  });
  return out;
}

/** What the checks found: warnings to return with the upload, and where a packaged jar lies in the object. */
export interface ArchiveChecked {
  warnings: string[];
  jar?: { start: number; size: number };
}

/**
 * Checks the staged object. A zip is refused when its central directory cannot be read, it has
 * more entries than ARCHIVE_MAX_ENTRIES, or an entry could be extracted otherwise than checked
 * (zip/judge.ts); a packaged jar's own directory must be readable, within the limit.
 */
export async function checkArchive(staged: StagedObject, kind: UploadKind, limits: ZipLimits): Promise<ArchiveChecked> {
  const size = staged.digests.size;
  const what = kind === 'jar' ? 'the packaged zip' : 'the zip';
  const judged = await judgeZip(new StagedReader(staged, 0, size), size, what, limits);
  if (kind === 'jar') {
    // The jar is the one entry, stored: its bytes lie in the object as they were sent.
    const jar = judged.first;
    if (!jar) throw notZip('the packaged zip holds no jar');
    await checkJar(new StagedReader(staged, jar.start, jar.size), jar.size, limits);
    return { warnings: [], jar: { start: jar.start, size: jar.size } };
  }
  if (judged.launcherFolder) return { warnings: [] };
  return {
    warnings: [
      `The zip has none of ${LAUNCHER_FOLDERS.map((f) => `${f}/`).join(', ')} at its top level: the launcher extracts it into the modpack's folder as it is.`,
    ],
  };
}
