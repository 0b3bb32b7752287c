// A hosted version stays true to its object: an edit that says its archive is another one (a
// different md5 or size, or a download url of its own) ends the hosting instead of leaving a
// record whose md5 the served bytes do not have (docs/archives.md#editing-a-hosted-version).
import type { ModVersion } from '../entities/mod-version';

export interface ArchiveEdit {
  md5?: string;
  filesize?: number | null;
  url?: string | null;
}

/** The fields that end `row`'s hosting after `edit`, or none when it still describes the object. */
export function hostingAfterEdit(row: ModVersion, edit: ArchiveEdit): Partial<ModVersion> {
  if (!row.hosted) return {};
  const otherMd5 = edit.md5 !== undefined && edit.md5.toLowerCase() !== row.md5;
  const otherSize = edit.filesize !== undefined && edit.filesize !== null && edit.filesize !== Number(row.filesize);
  const ownUrl = edit.url !== undefined && edit.url !== null;
  if (!otherMd5 && !otherSize && !ownUrl) return {};
  return { hosted: null, hostedAt: null, sha1: null, sha256: null, sha512: null };
}
