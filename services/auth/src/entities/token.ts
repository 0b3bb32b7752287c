import { EntitySchema } from '@mikro-orm/core';
import { createdAtProperty } from '@depot/common/runtime';

export interface Token {
  id: number;
  userId: number;
  name: string;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  tokenHash: string;
  lastUsedAt: Date | null;
  /** Solder's id of a token imported from it (Sanctum's `{id}|{secret}`); null for Depot's own. */
  sanctumId: number | null;
  /** Where Sanctum gave the imported token one; Depot's own tokens do not expire. */
  expiresAt: Date | null;
  createdAt: Date;
}

export const TokenSchema = new EntitySchema<Token>({
  name: 'Token',
  tableName: 'tokens',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    userId: { type: 'number', fieldName: 'user_id' },
    name: { type: 'string', length: 255 },
    tokenHash: { type: 'string', columnType: 'char(64)', fieldName: 'token_hash' },
    lastUsedAt: { type: 'Date', columnType: 'timestamptz(6)', fieldName: 'last_used_at', nullable: true },
    sanctumId: { type: 'number', columnType: 'bigint', fieldName: 'sanctum_id', nullable: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz(6)', fieldName: 'expires_at', nullable: true },
    createdAt: createdAtProperty,
  },
});
