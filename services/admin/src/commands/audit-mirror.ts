// `audit-mirror`: every version's archive fetched by the catalog and checked (../audit.ts pages,
// classifies and reports; docs/admin-cli.md#rehash-and-the-mirror-audit).
import { type Command, InvalidArgumentError, Option } from 'commander';
import { auditMirror, formatReport, problemCount, progressTo } from '../audit';
import { loadArchiveConfig } from '../config';
import { EXIT_FINDINGS } from '../doctor';
import { CliError } from '../errors';
import type { Context } from './context';

/** 1 to 32 fetches at a time (the catalog's bound). */
function parseConcurrency(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 32) {
    throw new InvalidArgumentError('expected a whole number from 1 to 32');
  }
  return Number(value);
}

export function register(program: Command, ctx: Context): void {
  program
    .command('audit-mirror')
    .description(
      "check every version's archive: fetch it, compare md5 and size; report missing archives and mismatches. " +
        `Exit status ${EXIT_FINDINGS} when problems were found`,
    )
    .addOption(
      new Option('--concurrency <n>', 'archives the catalog fetches at a time (1-32)')
        .argParser(parseConcurrency)
        .default(8),
    )
    .option('--json', 'the report as JSON instead of text', false)
    .action(async (opts: { concurrency: number; json: boolean }) => {
      const config = loadArchiveConfig(ctx.env);
      const report = await auditMirror(ctx.services().catalog, {
        concurrency: opts.concurrency,
        transferTimeoutMs: config.ARCHIVE_TRANSFER_TIMEOUT_MS,
        deadlineMs: config.GRPC_DEADLINE_MS,
        progress: progressTo(ctx.progress),
      });
      if (opts.json) ctx.io.result(report);
      else ctx.io.out(formatReport(report));
      const problems = problemCount(report);
      if (problems) throw new CliError(`${problems} problem(s) found`, EXIT_FINDINGS);
    });
}
