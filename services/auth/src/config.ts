import { hostPortSchema, loadConfig, serviceEnv, z } from '@depot/common';

export const authConfigSchema = z.object({
  ...serviceEnv,
  AUTH_GRPC_LISTEN: hostPortSchema.default('0.0.0.0:50053'),
  /** When set, user `admin` (solder_full) exists at start with this value as one of its tokens. */
  ADMIN_TOKEN: z.preprocess(
    // An empty variable (common in compose files) means "not set".
    (v) => (v === '' ? undefined : v),
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
});

export type AuthConfig = z.infer<typeof authConfigSchema>;

export const loadAuthConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(authConfigSchema, env);
