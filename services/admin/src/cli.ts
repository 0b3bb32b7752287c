// Entry of the admin CLI: `npm run admin -- <command>` from a checkout, or
// `node deploy/entrypoint.js admin <command>` in the image. Results are JSON on stdout (the pack
// doctor's and the mirror audit's are text unless --json); progress, warnings and errors go to
// stderr. Exit status: 0 done, 1 failed, 3 problems found (doctor, audit-mirror, rehash), 64 wrong
// command line.
import { CommanderError, InvalidArgumentError } from 'commander';
import { parsePasswordInput } from './args';
import { adoptArchives } from './archives/adopt';
import { adoptProgressLine } from './archives/adopt-report';
import { pushRepository } from './archives/push';
import { progressLine } from './archives/push-report';
import { auditMirror, progressTo } from './audit';
import { backupDatabases } from './backup/backup';
import { restoreDatabases } from './backup/restore';
import { loadStoreSettings, openStore } from './backup/store';
import { AdminCommands } from './commands';
import { loadAdoptConfig, loadArchiveConfig, loadGrpcConfig, loadImportConfig } from './config';
import { runDoctor } from './doctor';
import { CliError, describeError, EXIT_FAILURE, EXIT_USAGE } from './errors';
import { importProgressTo, importSolder, parseAppKey } from './import-solder';
import { buildProgram, type Handlers, type Io } from './program';
import { connectServices, type Services } from './services';

/** A password piped to standard input (`--password-stdin`), checked before anything is called. */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new CliError('--password-stdin: pipe the password in (it is not echoed)', EXIT_USAGE);
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  try {
    return parsePasswordInput(input);
  } catch (err) {
    if (err instanceof InvalidArgumentError) throw new CliError(`--password-stdin: ${err.message}`, EXIT_USAGE);
    throw err;
  }
}

/** Handlers that connect to the services on first use (import-solder, backup and restore need none of them). */
function liveHandlers(io: Io, cleanups: (() => void)[]): Handlers {
  let services: Services | undefined;
  const connected = () => {
    if (!services) {
      services = connectServices(loadGrpcConfig());
      cleanups.push(() => services?.close());
    }
    return services;
  };
  const commands = () => new AdminCommands(connected());
  return {
    userCreate: async (username, { passwordStdin, ...opts }) => {
      const password = passwordStdin ? await passwordFromStdin() : undefined;
      return commands().userCreate(username, { ...opts, password });
    },
    userList: () => commands().userList(),
    userDelete: (username) => commands().userDelete(username),
    userResetTwoFactor: (username) => commands().userResetTwoFactor(username),
    userPassword: async (username, opts) => {
      const result = await commands().userPassword(
        username,
        opts.passwordStdin ? await passwordFromStdin() : undefined,
      );
      if ('password' in result) io.err('The password is shown once: store it now.\n');
      return result;
    },
    tokenIssue: async (username, opts) => {
      const issued = await commands().tokenIssue(username, opts);
      io.err('The token is shown once: store it now.\n');
      return issued;
    },
    tokenList: (username) => commands().tokenList(username),
    tokenRevoke: (username, id) => commands().tokenRevoke(username, id),
    keyCreate: async (name, opts) => {
      const created = await commands().keyCreate(name, opts);
      io.err('The key is shown once: store it now.\n');
      return created;
    },
    keyList: () => commands().keyList(),
    keyDelete: (id) => commands().keyDelete(id),
    clientLink: (uuid, slugs, opts) => commands().clientLink(uuid, slugs, opts),
    clientList: () => commands().clientList(),
    doctor: (slug) => runDoctor(connected(), slug),
    importSolder: (opts) => {
      // The key is checked before any setting or database is looked at.
      if (opts.appKey) parseAppKey(opts.appKey);
      return importSolder(loadImportConfig(), { ...opts, progress: importProgressTo(process.stderr) });
    },
    rehash: (mod, version, opts) => {
      const config = loadArchiveConfig();
      return commands().rehash(mod, version, {
        store: opts.store,
        transferTimeoutMs: config.ARCHIVE_TRANSFER_TIMEOUT_MS,
        deadlineMs: config.GRPC_DEADLINE_MS,
      });
    },
    auditMirror: (opts) => {
      const config = loadArchiveConfig();
      return auditMirror(connected().catalog, {
        concurrency: opts.concurrency,
        transferTimeoutMs: config.ARCHIVE_TRANSFER_TIMEOUT_MS,
        deadlineMs: config.GRPC_DEADLINE_MS,
        progress: progressTo(process.stderr),
      });
    },
    archivesPush: (dir, opts) =>
      pushRepository(connected(), dir, {
        ...opts,
        deadlineMs: loadArchiveConfig().GRPC_DEADLINE_MS,
        progress: (item, done, total) => io.err(progressLine(item, done, total)),
      }),
    archivesAdopt: (opts) => {
      const config = loadAdoptConfig();
      return adoptArchives(connected().catalog, {
        from: opts.from ?? config.ARCHIVE_UPSTREAM_URL ?? '',
        mods: opts.mod,
        includeOwnUrls: opts.includeOwnUrls,
        dryRun: opts.dryRun,
        concurrency: opts.concurrency,
        transferTimeoutMs: config.ARCHIVE_TRANSFER_TIMEOUT_MS,
        deadlineMs: config.GRPC_DEADLINE_MS,
        progress: (item, done, total) => io.err(adoptProgressLine(item, done, total)),
      });
    },
    backup: (dir) => {
      const settings = loadStoreSettings();
      const store = openStore(settings);
      cleanups.push(() => void store.close());
      return backupDatabases(loadImportConfig(), dir, {
        progress: (line) => io.err(`${line}\n`),
        archives: { store, settings },
      });
    },
    restore: (dir, opts) => {
      const settings = loadStoreSettings();
      const store = openStore(settings);
      cleanups.push(() => void store.close());
      return restoreDatabases(loadImportConfig(), dir, {
        force: opts.force,
        progress: (line) => io.err(`${line}\n`),
        archives: { store, maxBytes: settings.ARCHIVE_MAX_BYTES },
      });
    },
  };
}

async function main(argv: string[] = process.argv): Promise<number> {
  const io: Io = {
    result: (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  };
  const cleanups: (() => void)[] = [];
  const program = buildProgram(liveHandlers(io, cleanups), io);
  try {
    if (argv.length <= 2) {
      program.outputHelp();
      return EXIT_USAGE;
    }
    await program.parseAsync(argv);
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version end here too, successfully; commander already printed usage errors.
      return err.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    io.err(`depot-admin: ${describeError(err)}\n`);
    return (err as { exitCode?: number }).exitCode ?? EXIT_FAILURE;
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
}

// Runs when loaded, also through `require` (deploy/entrypoint.js loads it that way); nothing else
// imports this module (tests use program.ts and the modules behind it).
main().then(
  // Exit once stdout has taken everything (a piped result can be large).
  (code) => process.stdout.write('', () => process.exit(code)),
  (err: unknown) => {
    process.stderr.write(`depot-admin: ${describeError(err)}\n`);
    process.exit(EXIT_FAILURE);
  },
);
