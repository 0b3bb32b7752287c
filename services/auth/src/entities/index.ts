import type { EntitySchema } from '@mikro-orm/core';
import { ApiKeySchema } from './api-key';
import { ClientModpackSchema, ClientSchema } from './client';
import { SessionSchema } from './session';
import { TokenSchema } from './token';
import { RecoveryCodeSchema, SignInChallengeSchema, TwoFactorSecretSchema } from './two-factor';
import { UserModpackSchema, UserSchema } from './user';

export const entities = [
  UserSchema,
  UserModpackSchema,
  TokenSchema,
  SessionSchema,
  ApiKeySchema,
  ClientSchema,
  ClientModpackSchema,
  TwoFactorSecretSchema,
  RecoveryCodeSchema,
  SignInChallengeSchema,
] as EntitySchema[];
