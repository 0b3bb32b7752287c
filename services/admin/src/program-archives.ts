// `archives push` and `archives adopt`: moving existing archives into Depot's store
// (docs/admin-cli.md#hosted-archives). Registered on the program by program.ts.
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { AdoptReport } from './archives/adopt';
import { adoptExit, formatAdoptReport } from './archives/adopt-report';
import type { PushReport } from './archives/push';
import { formatPushReport, pushExit } from './archives/push-report';

export interface ArchiveHandlers {
  archivesPush(
    dir: string,
    opts: { dryRun: boolean; replace: boolean; createVersions: boolean; concurrency: number },
  ): Promise<PushReport>;
  archivesAdopt(opts: AdoptFlags): Promise<AdoptReport>;
}

export interface AdoptFlags {
  from?: string;
  mod: string[];
  includeOwnUrls: boolean;
  dryRun: boolean;
  concurrency: number;
}

/** 1 to 16 files (archives) at a time. */
function parseFiles(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 16) {
    throw new InvalidArgumentError('expected a whole number from 1 to 16');
  }
  return Number(value);
}

export function addArchiveCommands(
  program: Command,
  configure: (cmd: Command) => Command,
  handlers: ArchiveHandlers,
  io: { result(value: unknown): void; out(text: string): void },
): void {
  const archives = configure(
    program.command('archives').description("hosted archives: move a repository's archives into Depot's store"),
  );
  configure(archives.command('push'))
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
    .action(
      async (
        dir: string,
        opts: { dryRun: boolean; replace: boolean; createVersions: boolean; concurrency: number; json: boolean },
      ) => {
        const report = await handlers.archivesPush(dir, opts);
        if (opts.json) io.result(report);
        else io.out(formatPushReport(report));
        pushExit(report);
      },
    );
  configure(archives.command('adopt'))
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
    .action(async (opts: Omit<AdoptFlags, 'mod'> & { mod?: string[]; json: boolean }) => {
      const report = await handlers.archivesAdopt({ ...opts, mod: opts.mod ?? [] });
      if (opts.json) io.result(report);
      else io.out(formatAdoptReport(report));
      adoptExit(report);
    });
}
