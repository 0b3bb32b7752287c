import { EntitySchema } from '@mikro-orm/core';

/** A signed-in browser (the console's cookie). */
export interface Session {
  id: number;
  userId: number;
  /** SHA-256 of the session token, hex; the token itself is never stored. */
  tokenHash: string;
  createdAt: Date;
  /** Refreshed by use, at most every minute: the idle timeout counts from it. */
  lastSeenAt: Date;
  /** The end of the absolute lifetime, whatever the use. */
  expiresAt: Date;
  userAgent: string | null;
  address: string | null;
}

export const SessionSchema = new EntitySchema<Session>({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    userId: { type: 'number', fieldName: 'user_id' },
    tokenHash: { type: 'string', columnType: 'char(64)', fieldName: 'token_hash' },
    createdAt: { type: 'Date', columnType: 'timestamptz(6)', fieldName: 'created_at', defaultRaw: 'now()' },
    lastSeenAt: { type: 'Date', columnType: 'timestamptz(6)', fieldName: 'last_seen_at', defaultRaw: 'now()' },
    expiresAt: { type: 'Date', columnType: 'timestamptz(6)', fieldName: 'expires_at' },
    userAgent: { type: 'string', length: 255, fieldName: 'user_agent', nullable: true },
    address: { type: 'string', length: 64, nullable: true },
  },
});
