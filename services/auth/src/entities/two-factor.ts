import { EntitySchema } from '@mikro-orm/core';
import { createdAtProperty, timestampProperties } from '@depot/common/runtime';

/** A user's TOTP secret (two-factor sign-in), encrypted at rest. */
export interface TwoFactorSecret {
  userId: number;
  /** AES-256-GCM under TOTP_ENCRYPTION_KEY (two-factor-secrets.ts), never the secret itself. */
  secret: string;
  /** Which key encrypted it. */
  keyId: string;
  /** Null until the user proved a first code: only then does sign-in ask for one. */
  confirmedAt: Date | null;
  /** The last time step whose code was accepted: that code and earlier ones are refused. */
  lastUsedStep: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export const TwoFactorSecretSchema = new EntitySchema<TwoFactorSecret>({
  name: 'TwoFactorSecret',
  tableName: 'two_factor_secrets',
  properties: {
    userId: { type: 'number', primary: true, fieldName: 'user_id' },
    secret: { type: 'text' },
    keyId: { type: 'string', columnType: 'char(16)', fieldName: 'key_id' },
    confirmedAt: { type: 'Date', columnType: 'timestamptz(6)', fieldName: 'confirmed_at', nullable: true },
    lastUsedStep: { type: 'number', columnType: 'bigint', fieldName: 'last_used_step', nullable: true },
    ...timestampProperties,
  },
});

/** A recovery code, usable once instead of a TOTP code. */
export interface RecoveryCode {
  id: number;
  userId: number;
  /** SHA-256 of the normalized code, hex. */
  codeHash: string;
  usedAt: Date | null;
  createdAt: Date;
}

export const RecoveryCodeSchema = new EntitySchema<RecoveryCode>({
  name: 'RecoveryCode',
  tableName: 'recovery_codes',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    userId: { type: 'number', fieldName: 'user_id' },
    codeHash: { type: 'string', columnType: 'char(64)', fieldName: 'code_hash' },
    usedAt: { type: 'Date', columnType: 'timestamptz(6)', fieldName: 'used_at', nullable: true },
    createdAt: createdAtProperty,
  },
});

/** A password accepted for a user with two-factor sign-in, waiting for the code (5 minutes). */
export interface SignInChallenge {
  id: number;
  userId: number;
  /** SHA-256 of the challenge token (the cookie's value), hex. */
  tokenHash: string;
  /** The login as sent, lowercased: failed codes count against it. */
  login: string;
  expiresAt: Date;
  createdAt: Date;
}

export const SignInChallengeSchema = new EntitySchema<SignInChallenge>({
  name: 'SignInChallenge',
  tableName: 'sign_in_challenges',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    userId: { type: 'number', fieldName: 'user_id' },
    tokenHash: { type: 'string', columnType: 'char(64)', fieldName: 'token_hash' },
    login: { type: 'string', length: 255 },
    expiresAt: { type: 'Date', columnType: 'timestamptz(6)', fieldName: 'expires_at' },
    createdAt: createdAtProperty,
  },
});
