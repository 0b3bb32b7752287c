import { EntitySchema } from '@mikro-orm/core';
import type { ModSide } from '@depot/common';
import { createdAtProperty } from '@depot/common/runtime';

/** A mod version assigned to a build; at most one version of a mod per build. */
export interface BuildMod {
  id: number;
  buildId: number;
  /** Ids owned by catalog: no foreign key, kept in step by the detach consumer. */
  modId: number;
  modVersionId: number;
  /** Where the mod runs in this build alone (docs/archives.md#sides); null: its version's side. */
  side?: ModSide | null;
  createdAt: Date;
}

export const BuildModSchema = new EntitySchema<BuildMod>({
  name: 'BuildMod',
  tableName: 'build_mods',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    buildId: { type: 'number', fieldName: 'build_id' },
    modId: { type: 'number', fieldName: 'mod_id' },
    modVersionId: { type: 'number', fieldName: 'mod_version_id' },
    side: { type: 'string', length: 6, nullable: true },
    createdAt: createdAtProperty,
  },
});
