// The CLI's environment, validated with zod like the services' (a wrong or missing setting stops
// with a message naming it). Each command loads only what it needs: the gRPC addresses for the
// user/token/key/client commands, the three service databases for import-solder.
//
// A variable that is not set comes from the stack `npm start` runs from this checkout, which
// describes itself in .data/stack.json (services/common/src/process/local-stack.ts); explicit variables
// always win. Without either, the addresses default to the services' own default ports.
import { ConfigError, hostPortSchema, loadConfig, readLocalStack, serviceEnv, z } from '@depot/common/process';
import type { LocalStack, LocalStackState } from '@depot/common/process';
import { archiveEnv, archiveUpstreamEnv } from '@depot/common/archive-store';
import { CliError } from './errors';

export const SERVICES = ['catalog', 'builds', 'auth'] as const;
export type ServiceName = (typeof SERVICES)[number];

const GRPC_ADDR: Record<ServiceName, string> = {
  catalog: 'CATALOG_GRPC_ADDR',
  builds: 'BUILDS_GRPC_ADDR',
  auth: 'AUTH_GRPC_ADDR',
};
const DATABASE_URL: Record<ServiceName, string> = {
  catalog: 'CATALOG_DATABASE_URL',
  builds: 'BUILDS_DATABASE_URL',
  auth: 'AUTH_DATABASE_URL',
};

export const grpcConfigSchema = z.object({
  CATALOG_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50051'),
  BUILDS_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50052'),
  AUTH_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50053'),
  GRPC_DEADLINE_MS: serviceEnv.GRPC_DEADLINE_MS,
});

/** Where an address came from: said when the service cannot be reached there. */
export type AddressOrigin = 'environment' | 'local stack' | 'default';

export type GrpcConfig = z.infer<typeof grpcConfigSchema> & { origins: Record<ServiceName, AddressOrigin> };

// An empty variable (common in compose files and Kubernetes) is a missing one.
const databaseUrl = z.preprocess((v) => (v === '' ? undefined : v), serviceEnv.DATABASE_URL);

// Each `.meta({ description })` is the setting's documentation (docs/configuration.md, generated).
export const importConfigSchema = z.object({
  /** Each service's own DATABASE_URL: the import writes through the service's import module. */
  CATALOG_DATABASE_URL: databaseUrl.meta({
    description:
      "The catalog service's `DATABASE_URL`, for `import-solder` (it writes through catalog's own import " +
      'module), `backup` and `restore`.',
    defaultNote: 'unless an `npm start` runs from this checkout: its database',
  }),
  BUILDS_DATABASE_URL: databaseUrl.meta({
    description: "The builds service's `DATABASE_URL`, for `import-solder`, `backup` and `restore`.",
    defaultNote: 'unless an `npm start` runs from this checkout: its database',
  }),
  AUTH_DATABASE_URL: databaseUrl.meta({
    description: "The auth service's `DATABASE_URL`, for `import-solder`, `backup` and `restore`.",
    defaultNote: 'unless an `npm start` runs from this checkout: its database',
  }),
  /** The auth service's key for two-factor secrets: import-solder seals Solder's with it. */
  TOTP_ENCRYPTION_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, "must be at least 32 characters (the auth service's key)").optional(),
  ),
});

export type ImportConfig = z.infer<typeof importConfigSchema>;

/**
 * Read by commander (`--app-key`'s `.env()` in program.ts), not parsed here: declared so that
 * docs/configuration.md documents it with the rest.
 */
export const solderImportEnv = z.object({
  SOLDER_APP_KEY: z
    .string()
    .optional()
    .meta({
      description:
        "Solder's `APP_KEY` (`base64:…`, from Solder's `.env`), as `--app-key` of `import-solder`: decrypts " +
        "users' two-factor secrets so they keep working. Unset: those users set two-factor sign-in up again.",
    }),
});

const isSet = (env: NodeJS.ProcessEnv, name: string) => env[name] !== undefined && env[name] !== '';

/**
 * The variables among `names` that are unset, taken from the local stack with `pick`. A stale
 * file (its launcher is gone) is an error when something would have come from it.
 */
function fromLocalStack(
  env: NodeJS.ProcessEnv,
  local: LocalStackState,
  names: Record<ServiceName, string>,
  pick: (stack: LocalStack, service: ServiceName) => string,
): Record<string, string> {
  const unset = SERVICES.filter((service) => !isSet(env, names[service]));
  if (!unset.length) return {};
  if (local.state === 'stale') {
    throw new CliError(
      `no Depot runs from this checkout any more: ${local.file} is left from a launcher ` +
        `${local.pid ? `(pid ${local.pid}) ` : ''}that has exited. Start it again with npm start, or set ` +
        `${SERVICES.map((s) => names[s]).join(', ')}`,
    );
  }
  if (local.state !== 'running') return {};
  return Object.fromEntries(unset.map((service) => [names[service], pick(local.stack, service)]));
}

export function loadGrpcConfig(env: NodeJS.ProcessEnv = process.env, local = readLocalStack()): GrpcConfig {
  const found = fromLocalStack(env, local, GRPC_ADDR, (stack, service) => stack.grpc[service]);
  const config = loadConfig(grpcConfigSchema, { ...env, ...found });
  const origins = Object.fromEntries(
    SERVICES.map((service) => {
      const name = GRPC_ADDR[service];
      return [service, isSet(env, name) ? 'environment' : found[name] ? 'local stack' : 'default'];
    }),
  ) as Record<ServiceName, AddressOrigin>;
  return { ...config, origins };
}

/** What to do when a service cannot be reached at an address of this origin. */
export function unreachableHint(service: ServiceName, origin: AddressOrigin): string {
  const variable = GRPC_ADDR[service];
  if (origin === 'environment') return `check ${variable}`;
  if (origin === 'local stack') {
    return `the stack npm start runs from this checkout (.data/stack.json) has it there: see its output, or set ${variable}`;
  }
  return (
    'no Depot started with npm start runs from this checkout: start one (the CLI then finds it), ' +
    `or set ${SERVICES.map((s) => GRPC_ADDR[s]).join(', ')} to where the services answer`
  );
}

export function loadImportConfig(env: NodeJS.ProcessEnv = process.env, local = readLocalStack()): ImportConfig {
  const found = fromLocalStack(env, local, DATABASE_URL, (stack, service) => stack.databases[service]);
  try {
    return loadConfig(importConfigSchema, { ...env, ...found });
  } catch (err) {
    if (!(err instanceof ConfigError) || local.state === 'running') throw err;
    throw new ConfigError(
      `${err.message}\n(or start Depot with npm start in this checkout: the CLI then uses its databases)`,
    );
  }
}

/**
 * rehash and audit-mirror: the catalog fetches (its addresses come with loadGrpcConfig); the CLI
 * waits as long as a fetch may take there.
 */
export const archiveConfigSchema = z.object({
  ARCHIVE_TRANSFER_TIMEOUT_MS: archiveEnv.ARCHIVE_TRANSFER_TIMEOUT_MS,
  GRPC_DEADLINE_MS: serviceEnv.GRPC_DEADLINE_MS,
});

export type ArchiveConfig = z.infer<typeof archiveConfigSchema>;

export const loadArchiveConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(archiveConfigSchema, env);

/** archives adopt: the old mirror it copies from when --from is not given (the gateway's setting). */
export const adoptConfigSchema = archiveConfigSchema.extend(archiveUpstreamEnv);

export const loadAdoptConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(adoptConfigSchema, env);
