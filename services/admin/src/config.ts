// The CLI's environment, validated with zod like the services' (a wrong or missing setting stops
// with a message naming it). Each command loads only what it needs: the gRPC addresses for the
// user/token/key/client commands, the three service databases for import-solder.
import { archiveEnv, hostPortSchema, loadConfig, serviceEnv, z } from '@depot/common';

export const grpcConfigSchema = z.object({
  CATALOG_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50051'),
  BUILDS_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50052'),
  AUTH_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50053'),
  GRPC_DEADLINE_MS: serviceEnv.GRPC_DEADLINE_MS,
});

export type GrpcConfig = z.infer<typeof grpcConfigSchema>;

// An empty variable (common in compose files and Kubernetes) is a missing one.
const databaseUrl = z.preprocess((v) => (v === '' ? undefined : v), serviceEnv.DATABASE_URL);

export const importConfigSchema = z.object({
  /** Each service's own DATABASE_URL: the import writes through the service's import module. */
  CATALOG_DATABASE_URL: databaseUrl,
  BUILDS_DATABASE_URL: databaseUrl,
  AUTH_DATABASE_URL: databaseUrl,
});

export type ImportConfig = z.infer<typeof importConfigSchema>;

export const loadGrpcConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(grpcConfigSchema, env);
export const loadImportConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(importConfigSchema, env);

/** rehash and audit-mirror: the catalog fetches; the CLI waits as long as a fetch may take there. */
export const archiveConfigSchema = grpcConfigSchema.extend({
  ARCHIVE_TRANSFER_TIMEOUT_MS: archiveEnv.ARCHIVE_TRANSFER_TIMEOUT_MS,
});

export type ArchiveConfig = z.infer<typeof archiveConfigSchema>;

export const loadArchiveConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(archiveConfigSchema, env);
