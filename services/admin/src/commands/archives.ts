// `archives push` and `archives adopt`: moving existing archives into Depot's store
// (docs/admin-cli.md#hosted-archives; ../archives/ does the work and writes the reports).
import { type Command, InvalidArgumentError, Option } from 'commander';
import { adoptArchives } from '../archives/adopt';
import { adoptExit, adoptProgressLine, formatAdoptReport } from '../archives/adopt-report';
import { backfillJars, formatJarsReport, jarsProgressLine } from '../archives/jars';
import { pushRepository } from '../archives/push';
import { formatPushReport, progressLine, pushExit } from '../archives/push-report';
import { loadAdoptConfig, loadArchiveConfig } from '../config';
import type { Context } from './context';

interface PushFlags {
  dryRun: boolean;
  replace: boolean;
  createVersions: boolean;
  concurrency: number;
  json: boolean;
}

interface AdoptFlags {
  from?: string;
  mod?: string[];
  includeOwnUrls: boolean;
  dryRun: boolean;
  concurrency: number;
  json: boolean;
}

/** 1 to 64 archives a call. */
function parsePage(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64) {
    throw new InvalidArgumentError('expected a whole number from 1 to 64');
  }
  return Number(value);
}

/** 1 to 16 files (archives) at a time. */
function parseFiles(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 16) {
    throw new InvalidArgumentError('expected a whole number from 1 to 16');
  }
  return Number(value);
}

export function register(program: Command, ctx: Context): void {
  const archives = program
    .command('archives')
    .description("hosted archives: move a repository's archives into Depot's store");

  archives
    .command('push')
    .description(
      'upload a Solder repository folder (mods/{slug}/{slug}-{version}.zip) into the store: each file is checked ' +
        "against its version's recorded md5 (a mismatch is reported, not uploaded, unless --replace); files of no " +
        'version or no mod are reported. Exit status 3 when files were left out, 1 when an upload failed',
    )
    .argument('<dir>', 'the folder that holds mods/, or mods/ itself')
    .option('--dry-run', 'say what would be uploaded, created or left out; send nothing', false)
    .option('--replace', "upload files whose md5 differs from the recorded one (they become the version's)", false)
    .option('--create-versions', 'create the versions a file names that do not exist (their mod must)', false)
    .addOption(new Option('--concurrency <n>', 'files at a time (1-16)').argParser(parseFiles).default(4))
    .option('--json', 'the report as JSON instead of text', false)
    .action(async (dir: string, { json, ...opts }: PushFlags) => {
      const report = await pushRepository(ctx.services(), dir, {
        ...opts,
        deadlineMs: loadArchiveConfig(ctx.env).GRPC_DEADLINE_MS,
        progress: (item, done, total) => ctx.io.err(progressLine(item, done, total)),
      });
      if (json) ctx.io.result(report);
      else ctx.io.out(formatPushReport(report));
      pushExit(report);
    });

  archives
    .command('adopt')
    .description(
      'copy the archive of every recorded version Depot does not host yet from the old mirror into the store ' +
        "(the catalog fetches it and verifies it against the version's md5: a mismatch is reported, not stored). " +
        'Versions with a url of their own are skipped unless --include-own-urls. Exit status 3 when archives were ' +
        'left out (mismatch, missing upstream), 1 when a copy failed',
    )
    .option('--from <url>', "the old mirror (default: ARCHIVE_UPSTREAM_URL, else the catalog's SERVICE_MIRROR_URL)")
    .option('--mod <slug...>', 'these mods only (repeatable)', (v: string, all: string[] = []) => [...all, v])
    .option(
      '--include-own-urls',
      'also adopt versions with a url of their own, from that url (mind their licence)',
      false,
    )
    .option('--dry-run', 'fetch and verify each archive, say what would be adopted; store nothing', false)
    .addOption(new Option('--concurrency <n>', 'archives copied at a time (1-16)').argParser(parseFiles).default(4))
    .option('--json', 'the report as JSON instead of text', false)
    .action(async (opts: AdoptFlags) => {
      const config = loadAdoptConfig(ctx.env);
      const report = await adoptArchives(ctx.services().catalog, {
        from: opts.from ?? config.ARCHIVE_UPSTREAM_URL ?? '',
        mods: opts.mod ?? [],
        includeOwnUrls: opts.includeOwnUrls,
        dryRun: opts.dryRun,
        concurrency: opts.concurrency,
        transferTimeoutMs: config.ARCHIVE_TRANSFER_TIMEOUT_MS,
        deadlineMs: config.GRPC_DEADLINE_MS,
        progress: (item, done, total) => ctx.io.err(adoptProgressLine(item, done, total)),
      });
      if (opts.json) ctx.io.result(report);
      else ctx.io.out(formatAdoptReport(report));
      adoptExit(report);
    });

  archives
    .command('jars')
    .description(
      'take the jars under mods/ of every hosted archive stored before Depot did it at upload out into the store, ' +
        'each a file of its own (what .mrpack and packwiz exports download); resumable: archives done already are ' +
        'skipped, so a run cut short goes on where it stopped. Progress on stderr, one line a page',
    )
    .option('--after <sha256>', 'start past this archive (the last one a progress line names)', '')
    .addOption(new Option('--page <n>', 'archives a call (1-64)').argParser(parsePage).default(16))
    .option('--json', 'the report as JSON instead of text', false)
    .action(async (opts: { after: string; page: number; json: boolean }) => {
      const config = loadArchiveConfig(ctx.env);
      const report = await backfillJars(ctx.services().catalog, {
        after: opts.after,
        page: opts.page,
        transferTimeoutMs: config.ARCHIVE_TRANSFER_TIMEOUT_MS,
        deadlineMs: config.GRPC_DEADLINE_MS,
        progress: (page, done, total) => ctx.io.err(jarsProgressLine(page, done, total)),
      });
      if (opts.json) ctx.io.result(report);
      else ctx.io.out(formatJarsReport(report));
    });
}
