#!/usr/bin/env node
// Entry of the `depot` command (docs/cli.md). The shebang line above is kept by tsc in dist/cli.js,
// the package's bin, which npm links and makes executable on install. Results go to stdout (the
// release's diff, or its JSON with --json); progress, warnings and errors go to stderr. Exit codes
// are in exit-codes.ts.
import { Command, CommanderError } from 'commander';
import { depotClient } from '@depot/api-client';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_RETRY, DepotApi } from './api';
import { EXIT_OK, EXIT_USAGE, exitCodeFor } from './exit-codes';
import { collect, parsePublishOptions, type RawPublishOptions } from './options';
import { publish } from './publish';
import { createReporter, failureLines, outputMode, releaseLines, retryLine } from './report';

// package.json sits one level up from both src/ and dist/.
const VERSION: string = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).version;

async function runPublish(raw: RawPublishOptions, paths: string[]): Promise<void> {
  const opts = parsePublishOptions(raw, paths, process.env);
  const mode = outputMode({
    plain: opts.plain,
    stdoutIsTTY: !!process.stdout.isTTY,
    stderrIsTTY: !!process.stderr.isTTY,
    env: process.env,
  });
  const reporter = createReporter(mode, process.stderr);
  const api = new DepotApi(opts.url, opts.token, {
    userAgent: `depot-cli/${VERSION}`,
    retry: { ...DEFAULT_RETRY, onRetry: (...why) => reporter.note(retryLine(...why)) },
  });
  const client = depotClient(opts.url, { token: opts.token, fetch: api.fetchForClient, redirect: 'manual' });
  const { answer } = await publish(opts, { api, client, reporter });
  // With --json, stdout holds the answer alone (for jq); the human report goes to stderr.
  const toStdout = !opts.json;
  const lines = releaseLines(answer, {
    pack: opts.pack,
    build: opts.build,
    publish: opts.publish,
    color: toStdout ? mode.colorStdout : mode.colorStderr,
  });
  (toStdout ? process.stdout : process.stderr).write(`${lines.join('\n')}\n`);
  if (opts.json) process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
}

function buildProgram(): Command {
  // Settings are copied to commands added with .command(): usage errors throw (mapped to exit 2).
  const program = new Command('depot')
    .exitOverride()
    .configureOutput({ writeOut: (s) => process.stdout.write(s), writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError('(add --help for usage)')
    .version(VERSION)
    .description('Publish modpack releases to Depot.');
  program
    .command('publish')
    .description(
      'Release a build of a modpack with these .jar/.zip files: hash them, send only those Depot lacks, ' +
        'and make the build in one request. Exit status: 0 done, 1 refused by Depot, 2 usage error, ' +
        '3 Depot unreachable or failing.',
    )
    .argument('<files...>', '.jar and .zip files of the release')
    .option('--url <url>', "Depot's address (default: $DEPOT_URL)")
    .option('--token <token>', 'bearer token (default: $DEPOT_TOKEN, preferred: not shown in the process list)')
    .option('--pack <slug>', 'the modpack')
    .option('--build <version>', 'the version of the build to make')
    .option('--from <build>', 'start from recommended, latest or a build version (its mods and settings)')
    .option('--minecraft <version>', 'Minecraft version (required without --from)')
    .option('--loader <version>', 'loader (forge) version; "" for none')
    .option('--java <version>', 'minimum Java version; "" for none')
    .option('--memory <MB>', 'minimum memory in MB; "" for none')
    .option('--remove <slug>', 'leave a mod of --from out (repeatable)', collect)
    .option('--notes <text>', 'release notes')
    .option('--notes-file <path>', 'release notes read from a file')
    .option('--publish', 'publish the build (launchers see published builds only)')
    .option('--set <which>', 'make it the latest and/or recommended build: latest, recommended (repeatable)', collect)
    .option('--dry-run', 'answer what would change; change nothing')
    .option(
      '--mod <file=slug[@version]>',
      "a file's mod and/or version, instead of its metadata's (repeatable)",
      collect,
    )
    .option('--create-mods', "create the mods Depot lacks, named from the files' metadata")
    .option('--plain', 'plain lines, no progress bars or colours (automatic in CI and when not on a terminal)')
    .option('--json', "print Depot's answer as JSON on stdout, and nothing else there")
    // Commander passes the arguments first, then the options.
    .action((files: string[], raw: RawPublishOptions) => runPublish(raw, files));
  return program;
}

async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    if (argv.length <= 2) {
      program.outputHelp({ error: true });
      return EXIT_USAGE;
    }
    await program.parseAsync(argv);
    return EXIT_OK;
  } catch (err) {
    // Help and version end here too, successfully; commander already printed its usage errors.
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    process.stderr.write(`${failureLines(err).join('\n')}\n`);
    return exitCodeFor(err);
  }
}

main(process.argv).then(
  // Exit once stdout has taken everything (a piped answer can be large).
  (code) => process.stdout.write('', () => process.exit(code)),
  (err: unknown) => {
    process.stderr.write(`depot: ${String(err)}\n`);
    process.exit(1);
  },
);
