// `depot-admin doctor <modpack-slug>`: the pack doctor of the gateway's route
// (docs/api.md#pack-doctor), the same diagnosis over the CLI's own gRPC clients, as plain text for
// a person or JSON (--json) for a script. The API root checked is PUBLIC_URL's, from where the
// CLI runs.
import { diagnosePack, type Diagnosis, type LauncherView } from '@depot/common';
import { serviceEnv, loadConfig, publicUrlSchema, z } from '@depot/common/process';
import { checkApiRoot, gatherPackDoctor } from '@depot/common/grpc';
import { archiveEnv } from '@depot/common/archive-store';
import type { Services } from './services';

/** Everything: the CLI acts with every right (services.ts CLI_ACTOR). */
const ALL = { all: true, modpack_ids: [] };

export const doctorConfigSchema = z.object({
  PUBLIC_URL: publicUrlSchema,
  // The catalog fetches the archives it checks: the CLI waits as long as that may take.
  ARCHIVE_TRANSFER_TIMEOUT_MS: archiveEnv.ARCHIVE_TRANSFER_TIMEOUT_MS,
  GRPC_DEADLINE_MS: serviceEnv.GRPC_DEADLINE_MS,
});

export async function runDoctor(
  services: Pick<Services, 'builds' | 'catalog' | 'auth'>,
  slug: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Diagnosis> {
  const { PUBLIC_URL, ARCHIVE_TRANSFER_TIMEOUT_MS, GRPC_DEADLINE_MS } = loadConfig(doctorConfigSchema, env);
  return diagnosePack(
    await gatherPackDoctor(services, slug, ALL, () => checkApiRoot(PUBLIC_URL), {
      transferTimeoutMs: ARCHIVE_TRANSFER_TIMEOUT_MS,
      deadlineMs: GRPC_DEADLINE_MS,
    }),
  );
}

/** Exit status of a diagnosis: 0 without errors (warnings allowed), else EXIT_FINDINGS. */
export const EXIT_FINDINGS = 3;

export function errorCount(d: Diagnosis): number {
  return d.findings.filter((f) => f.severity === 'error').length;
}

function describeView(v: LauncherView): string {
  if (!v.shown) return 'does not see the modpack ("Modpack does not exist")';
  const builds = v.builds.length ? `builds ${v.builds.join(', ')}` : 'no builds';
  const installs = v.installs
    ? `installs ${v.installs.version} (${v.installs.mods} ${v.installs.mods === 1 ? 'mod' : 'mods'})`
    : 'has no recommended build to install: shows the pack offline';
  return `${v.listed ? 'listed' : 'not listed, found by slug'}; ${builds}; ${installs}`;
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The diagnosis for a person at a terminal. */
export function formatDiagnosis(d: Diagnosis): string {
  const root = d.api_root;
  const rootLine = root.url
    ? `${root.url} (${root.source === 'PUBLIC_URL' ? 'PUBLIC_URL' : "this request's address"}): ${root.detail}`
    : root.detail;
  const lines = [
    `Modpack ${d.modpack.slug} (${d.modpack.name})`,
    `API root: ${rootLine}`,
    `Linked launcher clients: ${d.linked_clients}`,
    '',
    'What launchers see:',
    `  anonymous launcher:            ${describeView(d.launchers.anonymous)}`,
    `  launcher with a linked client: ${describeView(d.launchers.linked_client)}`,
    `  Technic Platform with a key:   ${describeView(d.launchers.platform)}`,
    '',
  ];
  if (!d.findings.length) {
    lines.push('No problems found.');
  } else {
    const errors = errorCount(d);
    lines.push(`${count(errors, 'error')}, ${count(d.findings.length - errors, 'warning')}:`);
    for (const f of d.findings) {
      lines.push(
        '',
        `${f.severity === 'error' ? 'ERROR' : 'WARNING'} [${f.code}]`,
        `  ${f.message}`,
        `  Fix: ${f.fix}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
