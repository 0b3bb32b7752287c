import { ArrayType, EntitySchema } from '@mikro-orm/core';
import { timestampProperties } from '@depot/common/runtime';

export interface User {
  id: number;
  /** Unique case-insensitively. */
  username: string;
  permissions: string[];
  /** Unique case-insensitively; a way to sign in besides the username. */
  email: string | null;
  /** bcrypt (`$2y$`, `$2a$`, `$2b$`); null: the user cannot sign in with a password. */
  passwordHash: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const UserSchema = new EntitySchema<User>({
  name: 'User',
  tableName: 'users',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    username: { type: 'string', length: 255 },
    permissions: { type: ArrayType, columnType: 'text[]' },
    email: { type: 'string', length: 255, nullable: true },
    passwordHash: { type: 'string', length: 255, fieldName: 'password_hash', nullable: true },
    ...timestampProperties,
  },
});

/** A user's modpack access list (modpack ids belong to the builds service). */
export interface UserModpack {
  userId: number;
  modpackId: number;
}

export const UserModpackSchema = new EntitySchema<UserModpack>({
  name: 'UserModpack',
  tableName: 'user_modpacks',
  properties: {
    userId: { type: 'number', primary: true, fieldName: 'user_id' },
    modpackId: { type: 'number', primary: true, fieldName: 'modpack_id' },
  },
});
