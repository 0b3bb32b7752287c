import { EntitySchema } from '@mikro-orm/core';
import type { BuildLoader } from '@depot/common';
import { timestampProperties } from '@depot/common/runtime';

export interface Build {
  id: number;
  modpackId: number;
  /** Unique within the modpack, exact (case-sensitive). */
  version: string;
  minecraft: string;
  forge: string | null;
  isPublished: boolean;
  private: boolean;
  minJava: string | null;
  minMemory: number | null;
  /** What a server runs it with (docs/archives.md#loaders); null: not set. Management views only. */
  loader?: BuildLoader | null;
  loaderVersion?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const BuildSchema = new EntitySchema<Build>({
  name: 'Build',
  tableName: 'builds',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    // A plain column, not a relation: builds are always read by modpack id or directly.
    modpackId: { type: 'number', fieldName: 'modpack_id' },
    version: { type: 'string', length: 255 },
    minecraft: { type: 'string', length: 255 },
    forge: { type: 'string', length: 255, nullable: true },
    isPublished: { type: 'boolean', fieldName: 'is_published' },
    private: { type: 'boolean' },
    minJava: { type: 'string', length: 255, nullable: true, fieldName: 'min_java' },
    minMemory: { type: 'integer', nullable: true, fieldName: 'min_memory' },
    loader: { type: 'string', length: 10, nullable: true },
    loaderVersion: { type: 'string', length: 255, nullable: true, fieldName: 'loader_version' },
    ...timestampProperties,
  },
});
