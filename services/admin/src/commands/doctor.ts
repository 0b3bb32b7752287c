// `doctor <modpack-slug>`: the pack doctor over the CLI's gRPC clients (../doctor.ts), as text or
// JSON; exit status 3 when it finds errors.
import type { Command } from 'commander';
import { parseSlug } from '../args';
import { errorCount, EXIT_FINDINGS, formatDiagnosis, runDoctor } from '../doctor';
import { CliError } from '../errors';
import type { Context } from './context';

export function register(program: Command, ctx: Context): void {
  program
    .command('doctor')
    .description(
      'the pack doctor: what launchers and Technic Platform see of a modpack, and each reason it would show ' +
        `offline or fail to install, with the fix; exit status ${EXIT_FINDINGS} when it finds errors. Checks that ` +
        'PUBLIC_URL/api/ answers when PUBLIC_URL is set',
    )
    .argument('<modpack-slug>', 'the modpack', parseSlug)
    .option('--json', 'print the diagnosis as JSON (as GET /api/manage/modpacks/{slug}/doctor answers it)')
    .action(async (slug: string, opts: { json?: boolean }) => {
      const diagnosis = await runDoctor(ctx.services(), slug, ctx.env);
      if (opts.json) ctx.io.result(diagnosis);
      else ctx.io.out(formatDiagnosis(diagnosis));
      const errors = errorCount(diagnosis);
      if (errors) {
        throw new CliError(
          `${slug}: ${errors} error${errors === 1 ? '' : 's'}: launchers show the pack offline or fail to install it`,
          EXIT_FINDINGS,
        );
      }
    });
}
