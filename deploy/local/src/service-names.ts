// The processes the local stack runs, by name, and the entry point of each: what the settings
// (config.ts), the replicas (replicas.ts) and the stack (stack.ts) all speak of.

export const SERVICE_NAMES = ['catalog', 'builds', 'auth', 'hooks', 'gateway'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export type BackendName = Exclude<ServiceName, 'gateway'>;
export const BACKENDS: readonly BackendName[] = ['catalog', 'builds', 'auth', 'hooks'];

export const SERVICE_ENTRIES: Record<ServiceName, string> = {
  catalog: 'services/catalog/src/main.ts',
  builds: 'services/builds/src/main.ts',
  auth: 'services/auth/src/main.ts',
  hooks: 'services/hooks/src/main.ts',
  gateway: 'gateway/src/main.ts',
};
