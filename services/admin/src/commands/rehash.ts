// `rehash <mod> <version>`: a version's archive fetched and hashed by the catalog, compared with
// what the version records (docs/admin-cli.md#rehash-and-the-mirror-audit).
import type { Command } from 'commander';
import { AdminCommands } from '../admin-commands';
import { loadArchiveConfig } from '../config';
import { EXIT_FINDINGS } from '../doctor';
import { CliError } from '../errors';
import type { Context } from './context';

export function register(program: Command, ctx: Context): void {
  program
    .command('rehash')
    .description(
      "fetch a mod version's archive (its own url, else the mirror's), compute md5 and size and compare them with " +
        'the recorded ones; --store writes them when they differ. ' +
        `Exit status ${EXIT_FINDINGS}: a mismatch left as it is`,
    )
    .argument('<mod>', 'the mod slug')
    .argument('<version>', 'the version, exactly')
    .option('--store', 'write the md5 and size found when they differ', false)
    .action(async (mod: string, version: string, opts: { store: boolean }) => {
      const config = loadArchiveConfig(ctx.env);
      const answer = await new AdminCommands(ctx.services()).rehash(mod, version, {
        store: opts.store,
        transferTimeoutMs: config.ARCHIVE_TRANSFER_TIMEOUT_MS,
        deadlineMs: config.GRPC_DEADLINE_MS,
      });
      ctx.io.result(answer);
      if (!answer.stored && !(answer.md5_matches && answer.filesize_matches)) {
        throw new CliError('the archive does not match the version (run with --store to record it)', EXIT_FINDINGS);
      }
    });
}
