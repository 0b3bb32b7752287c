import { hostPortSchema, loadConfig, serviceEnv, z } from '@depot/common/process';

export const buildsConfigSchema = z.object({
  ...serviceEnv,
  BUILDS_GRPC_LISTEN: hostPortSchema.default('0.0.0.0:50052').meta({ description: 'gRPC listen address.' }),
  /** The catalog service, asked to resolve mod slugs and versions when assigning them to builds. */
  CATALOG_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50051'),
});

export type BuildsConfig = z.infer<typeof buildsConfigSchema>;

export const loadBuildsConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(buildsConfigSchema, env);
