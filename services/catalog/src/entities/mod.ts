import { EntitySchema } from '@mikro-orm/core';
import { timestampProperties } from '@depot/common/runtime';

export interface Mod {
  id: number;
  /** Slug, unique case-insensitively, looked up exactly as stored. */
  name: string;
  prettyName: string;
  author: string | null;
  description: string | null;
  link: string | null;
  /** Private: shown only to mods_manage and solder_full. */
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ModSchema = new EntitySchema<Mod>({
  name: 'Mod',
  tableName: 'mods',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    name: { type: 'string', length: 255 },
    prettyName: { type: 'string', length: 255, fieldName: 'pretty_name' },
    author: { type: 'string', length: 255, nullable: true },
    description: { type: 'text', nullable: true },
    link: { type: 'text', nullable: true },
    notes: { type: 'text', nullable: true },
    ...timestampProperties,
  },
});
