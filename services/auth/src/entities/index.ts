import type { EntitySchema } from '@mikro-orm/core';
import { ApiKeySchema } from './api-key';
import { ClientModpackSchema, ClientSchema } from './client';
import { SessionSchema } from './session';
import { TokenSchema } from './token';
import { UserModpackSchema, UserSchema } from './user';

export const entities = [
  UserSchema,
  UserModpackSchema,
  TokenSchema,
  SessionSchema,
  ApiKeySchema,
  ClientSchema,
  ClientModpackSchema,
] as EntitySchema[];
