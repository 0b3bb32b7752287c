import { EntitySchema } from '@mikro-orm/core';
import { timestampProperties } from '@depot/common/runtime';

export interface Modpack {
  id: number;
  /** Display name, unique case-insensitively. */
  name: string;
  /** Unique case-insensitively, looked up exactly as stored. */
  slug: string;
  url: string | null;
  hidden: boolean;
  private: boolean;
  order: number | null;
  recommended: string | null;
  latest: string | null;
  iconUrl: string | null;
  iconMd5: string | null;
  logoUrl: string | null;
  logoMd5: string | null;
  backgroundUrl: string | null;
  backgroundMd5: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ModpackSchema = new EntitySchema<Modpack>({
  name: 'Modpack',
  tableName: 'modpacks',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    name: { type: 'string', length: 255 },
    slug: { type: 'string', length: 255 },
    url: { type: 'text', nullable: true },
    hidden: { type: 'boolean' },
    private: { type: 'boolean' },
    order: { type: 'integer', nullable: true },
    recommended: { type: 'string', length: 255, nullable: true },
    latest: { type: 'string', length: 255, nullable: true },
    iconUrl: { type: 'text', nullable: true, fieldName: 'icon_url' },
    iconMd5: { type: 'string', length: 32, nullable: true, fieldName: 'icon_md5' },
    logoUrl: { type: 'text', nullable: true, fieldName: 'logo_url' },
    logoMd5: { type: 'string', length: 32, nullable: true, fieldName: 'logo_md5' },
    backgroundUrl: { type: 'text', nullable: true, fieldName: 'background_url' },
    backgroundMd5: { type: 'string', length: 32, nullable: true, fieldName: 'background_md5' },
    ...timestampProperties,
  },
});
