import { hostPortSchema, loadConfig, mirrorUrlSchema, publicUrlSchema, serviceEnv, z } from '@depot/common/process';
import { archiveEnv, archiveStoreEnv, archiveUpstreamEnv, refineArchiveStore } from '@depot/common/archive-store';

export const catalogConfigSchema = z
  .object({
    ...serviceEnv,
    CATALOG_GRPC_LISTEN: hostPortSchema.default('0.0.0.0:50051').meta({ description: 'gRPC listen address.' }),
    /** The builds service, asked how many builds use a version before it is deleted. */
    BUILDS_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50052'),
    /** Where version archives are fetched from for a rehash or the mirror audit (as the gateway's). */
    SERVICE_MIRROR_URL: mirrorUrlSchema,
    /** Depot's own address: the mirror when SERVICE_MIRROR_URL is unset (mirrorUrlOf). */
    PUBLIC_URL: publicUrlSchema,
    ...archiveEnv,
    /** The old mirror Depot's downloads pass to: with Depot as its own mirror, checks fetch it there. */
    ...archiveUpstreamEnv,
    /** The store of hosted archives (docs/archives.md#settings). */
    ...archiveStoreEnv,
  })
  .superRefine(refineArchiveStore);

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;

export const loadCatalogConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(catalogConfigSchema, env);
