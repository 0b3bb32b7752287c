// Every process's settings, taken from the zod schemas that parse them (or, for the few a process
// reads by hand, declare them). The one source of docs/configuration.md (configuration.ts) and of
// the Kubernetes configuration check (k8s/manifests.test.ts): a setting exists when a schema
// here has it, and is described where it is declared, once.
import { localStackEnv, logAndTraceEnv, z } from '@depot/common/process';
import { launcherEnvSchema } from '@depot/local';
import {
  adoptConfigSchema,
  archiveConfigSchema,
  grpcConfigSchema,
  importConfigSchema,
  solderImportEnv,
} from '@depot/admin/src/config';
import { doctorConfigSchema } from '@depot/admin/src/doctor';
import { authConfigSchema } from '@depot/auth/src/config';
import { buildsConfigSchema } from '@depot/builds/src/config';
import { catalogConfigSchema } from '@depot/catalog/src/config';
import { gatewayConfigSchema } from '@depot/gateway/src/config';
import { hooksConfigSchema } from '@depot/hooks/src/config';

/** The processes of a deployment: each runs in its own container (deploy/k8s). */
export const DEPLOYED = ['gateway', 'catalog', 'builds', 'auth', 'hooks'] as const;
export const PROCESSES = [...DEPLOYED, 'admin CLI', '`npm start`'] as const;
export type Process = (typeof PROCESSES)[number];

interface Source {
  /** Where the schema is declared, relative to the repository. */
  file: string;
  schema: { shape: Record<string, z.ZodType> };
}

const common = { file: 'services/common/src/process/config.ts', schema: logAndTraceEnv };

export const SOURCES: Record<Process, Source[]> = {
  gateway: [{ file: 'gateway/src/config.ts', schema: gatewayConfigSchema }, common],
  catalog: [{ file: 'services/catalog/src/config.ts', schema: catalogConfigSchema }, common],
  builds: [{ file: 'services/builds/src/config.ts', schema: buildsConfigSchema }, common],
  auth: [{ file: 'services/auth/src/config.ts', schema: authConfigSchema }, common],
  hooks: [{ file: 'services/hooks/src/config.ts', schema: hooksConfigSchema }, common],
  'admin CLI': [
    { file: 'services/admin/src/config.ts', schema: grpcConfigSchema },
    { file: 'services/admin/src/config.ts', schema: importConfigSchema },
    { file: 'services/admin/src/config.ts', schema: solderImportEnv },
    { file: 'services/admin/src/config.ts', schema: archiveConfigSchema },
    { file: 'services/admin/src/config.ts', schema: adoptConfigSchema },
    { file: 'services/admin/src/doctor.ts', schema: doctorConfigSchema },
    { file: 'services/common/src/process/config.ts', schema: localStackEnv },
  ],
  '`npm start`': [{ file: 'deploy/local/src/environment.ts', schema: launcherEnvSchema }],
};

/** The names of the settings a process reads. */
export function settingsOf(process: Process): Set<string> {
  return new Set(SOURCES[process].flatMap((s) => Object.keys(s.schema.shape)));
}

export interface Setting {
  name: string;
  description: string;
  readBy: Process[];
  /** What each process does without the variable, as text; processes with the same default together. */
  defaults: { text: string; processes: Process[] }[];
}

/** The default of `z.string().default(d).transform(...)`: d. */
function writtenDefault(schema: z.ZodType): unknown {
  const def = schema._zod.def as { type: string; in?: z.ZodType };
  if (def.type !== 'pipe' || !def.in) return undefined;
  const inner = def.in._zod.def as { type: string; defaultValue?: unknown };
  return inner.type === 'default' && typeof inner.defaultValue === 'string' ? inner.defaultValue : undefined;
}

/** The value a schema gives an unset variable, as documentation text. */
function defaultText(schema: z.ZodType): string {
  // A default given before a transform is shown as the variable is written ("10s,1m"), not as parsed.
  const written = writtenDefault(schema);
  const parsed = written !== undefined ? { success: true as const, data: written } : schema.safeParse(undefined);
  const note = schema.meta()?.defaultNote;
  const value = !parsed.success
    ? 'required'
    : parsed.data === undefined
      ? 'unset'
      : parsed.data === ''
        ? 'empty'
        : `\`${typeof parsed.data === 'object' ? JSON.stringify(parsed.data) : String(parsed.data)}\``;
  return typeof note === 'string' ? `${value} (${note})` : value;
}

/**
 * Every setting in the order processes declare them. Throws when a setting has no description, or
 * two different ones: each is described once, where it is declared.
 */
export function allSettings(): Setting[] {
  const found = new Map<string, { descriptions: Set<string>; readBy: Process[]; defaults: Map<string, Process[]> }>();
  for (const process of PROCESSES) {
    for (const { schema } of SOURCES[process]) {
      for (const [name, setting] of Object.entries(schema.shape)) {
        const entry = found.get(name) ?? {
          descriptions: new Set<string>(),
          readBy: [] as Process[],
          defaults: new Map(),
        };
        found.set(name, entry);
        const description = setting.meta()?.description;
        if (description) entry.descriptions.add(description);
        if (entry.readBy.includes(process)) continue;
        entry.readBy.push(process);
        const text = defaultText(setting);
        entry.defaults.set(text, [...(entry.defaults.get(text) ?? []), process]);
      }
    }
  }
  return [...found].map(([name, { descriptions, readBy, defaults }]) => {
    if (descriptions.size !== 1) {
      throw new Error(
        `${name}: ${descriptions.size ? 'described differently in two schemas' : 'no description in any schema'} ` +
          '(give it one `.meta({ description })`, where it is declared)',
      );
    }
    // A process that leaves a variable unset without saying more passes it on: the default is the
    // one of the processes that read it.
    const shown = [...defaults].filter(([text]) => text !== 'unset' || defaults.size === 1);
    return {
      name,
      description: [...descriptions][0],
      readBy,
      defaults: shown.map(([text, processes]) => ({ text, processes })),
    };
  });
}
