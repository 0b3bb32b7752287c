import { EntitySchema } from '@mikro-orm/core';
import { timestampProperties } from '@depot/common';

export interface ModVersion {
  id: number;
  modId: number;
  /** Unique within the mod, exact (case-sensitive). */
  version: string;
  /** 32 lowercase hex characters. */
  md5: string;
  filesize: number | null;
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
    ...timestampProperties,
  },
});
