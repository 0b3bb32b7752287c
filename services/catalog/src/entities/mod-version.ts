import { EntitySchema } from '@mikro-orm/core';
import { timestampProperties } from '@depot/common/runtime';
import type { ModSide } from '@depot/common';
import type { ModFacts } from '../archives/metadata';

export interface ModVersion {
  id: number;
  modId: number;
  /** Unique within the mod, exact (case-sensitive). */
  version: string;
  /** 32 lowercase hex characters. */
  md5: string;
  filesize: number | null;
  /** Its own download URL (a mod whose licence forbids rehosting); null: the mirror's. */
  url: string | null;
  /** Private: shown only to mods_manage and solder_full. */
  notes: string | null;
  /** The archive's other digests (lowercase hex), known for a hosted archive. */
  sha1: string | null;
  sha256: string | null;
  sha512: string | null;
  /** The sha256 of the store's object holding its archive; null: not hosted (docs/archives.md). */
  hosted: string | null;
  /** When the hosted archive was recorded. */
  hostedAt: Date | null;
  /**
   * What the archive's metadata files said when it was uploaded (archives/metadata); null: never
   * read. Lazy: only the management reads and the upload load it, never the launcher's reads.
   */
  metadata?: { mods: ModFacts[] } | null;
  /** The file the archive was made from: its sha256 as sent and its name (docs/releases.md); null before. */
  sourceSha256?: string | null;
  sourceName?: string | null;
  /** Where it runs (docs/archives.md#sides): from its metadata or the author; null: not said (both). */
  side?: ModSide | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ModVersionSchema = new EntitySchema<ModVersion>({
  name: 'ModVersion',
  tableName: 'mod_versions',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    // A plain column, not a relation: versions are always read by mod id or in batches.
    modId: { type: 'number', fieldName: 'mod_id' },
    version: { type: 'string', length: 255 },
    md5: { type: 'string', length: 32 },
    filesize: { type: 'bigint', nullable: true, runtimeType: 'number' } as never,
    url: { type: 'text', nullable: true },
    notes: { type: 'text', nullable: true },
    sha1: { type: 'string', length: 40, nullable: true },
    sha256: { type: 'string', length: 64, nullable: true },
    sha512: { type: 'string', length: 128, nullable: true },
    hosted: { type: 'string', length: 64, nullable: true },
    hostedAt: { type: 'Date', nullable: true, fieldName: 'hosted_at', columnType: 'timestamptz(6)' },
    metadata: { type: 'json', nullable: true, lazy: true },
    sourceSha256: { type: 'string', length: 64, nullable: true, fieldName: 'source_sha256' },
    sourceName: { type: 'text', nullable: true, fieldName: 'source_name' },
    side: { type: 'string', length: 6, nullable: true },
    ...timestampProperties,
  },
});
