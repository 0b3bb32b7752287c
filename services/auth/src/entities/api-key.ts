import { EntitySchema } from '@mikro-orm/core';
import { timestampProperties } from '@depot/common/runtime';

/** A Technic Platform API key (`k`). */
export interface ApiKey {
  id: number;
  name: string;
  /** SHA-256 of the key, hex; the key itself is never stored. */
  keyHash: string;
  createdAt: Date;
  updatedAt: Date;
}

export const ApiKeySchema = new EntitySchema<ApiKey>({
  name: 'ApiKey',
  tableName: 'keys',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    name: { type: 'string', length: 255 },
    keyHash: { type: 'string', columnType: 'char(64)', fieldName: 'key_hash' },
    ...timestampProperties,
  },
});
