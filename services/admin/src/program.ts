// The command line: commands, arguments and options, each value checked by the parsers of
// args.ts before a handler runs. The handlers are injected, so parsing is tested without services.
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Diagnosis } from '@depot/common';
import { formatReport, problemCount, type AuditReport } from './audit';
import { CliError, EXIT_USAGE } from './errors';
import {
  collectSlug,
  parseEmail,
  parseId,
  parseKeyValue,
  parseName,
  parsePermissions,
  parseSlug,
  parseSlugs,
  parseSolderUrl,
  parseUsername,
  parseUuid,
} from './args';
import { errorCount, EXIT_FINDINGS, formatDiagnosis } from './doctor';
import { addArchiveCommands, type ArchiveHandlers } from './program-archives';

export interface Handlers extends ArchiveHandlers {
  userCreate(
    username: string,
    opts: { permissions: string[]; modpacks: string[]; email?: string; passwordStdin?: boolean },
  ): Promise<unknown>;
  userList(): Promise<unknown>;
  userDelete(username: string): Promise<unknown>;
  userPassword(username: string, opts: { generate?: boolean; passwordStdin?: boolean }): Promise<unknown>;
  userResetTwoFactor(username: string): Promise<unknown>;
  tokenIssue(username: string, opts: { name: string }): Promise<unknown>;
  tokenList(username: string): Promise<unknown>;
  tokenRevoke(username: string, id: number): Promise<unknown>;
  keyCreate(name: string, opts: { key?: string }): Promise<unknown>;
  keyList(): Promise<unknown>;
  keyDelete(id: number): Promise<unknown>;
  clientLink(uuid: string, slugs: string[], opts: { name?: string }): Promise<unknown>;
  clientList(): Promise<unknown>;
  importSolder(opts: { from: string; dryRun: boolean; appKey?: string }): Promise<unknown>;
  backup(dir: string): Promise<unknown>;
  restore(dir: string, opts: { force: boolean }): Promise<unknown>;
  doctor(slug: string): Promise<Diagnosis>;
  rehash(mod: string, version: string, opts: { store: boolean }): Promise<RehashAnswer>;
  auditMirror(opts: { concurrency: number }): Promise<AuditReport>;
}

export interface RehashAnswer {
  md5_matches: boolean;
  filesize_matches: boolean;
  stored: boolean;
}

/** 1 to 32 fetches at a time (the catalog's bound). */
function parseConcurrency(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 32) {
    throw new InvalidArgumentError('expected a whole number from 1 to 32');
  }
  return Number(value);
}

export interface Io {
  /** A command's result (JSON on stdout). */
  result(value: unknown): void;
  /** Help and usage errors. */
  out(text: string): void;
  err(text: string): void;
}

export function buildProgram(handlers: Handlers, io: Io): Command {
  const program = new Command('depot-admin');
  const configure = (cmd: Command) =>
    cmd
      .exitOverride()
      .configureOutput({ writeOut: io.out, writeErr: io.err })
      .showHelpAfterError('(add --help for usage)');
  configure(program)
    .description(
      'Depot operator commands. They talk to the services over gRPC (CATALOG_GRPC_ADDR, BUILDS_GRPC_ADDR, ' +
        "AUTH_GRPC_ADDR); import-solder writes through each service's import module into the databases named by " +
        'CATALOG_DATABASE_URL, BUILDS_DATABASE_URL and AUTH_DATABASE_URL, which backup and restore save and ' +
        'load. Results are JSON on stdout.',
    )
    .helpCommand(true);
  const run =
    <A extends unknown[]>(fn: (...args: A) => Promise<unknown>) =>
    async (...args: A) => {
      io.result(await fn(...args));
    };

  const user = configure(program.command('user').description('users, their permissions and modpack access'));
  configure(user.command('create'))
    .description('create a user')
    .argument('<username>', 'the new username', parseUsername)
    .addOption(
      new Option('--permissions <list>', 'comma-separated permissions, e.g. mods_create,modpacks_manage')
        .argParser(parsePermissions)
        .default([]),
    )
    .addOption(
      new Option('--modpacks <slugs>', 'comma-separated modpack slugs the user may access')
        .argParser(parseSlugs)
        .default([]),
    )
    .addOption(new Option('--email <address>', 'e-mail address (signs in to the console too)').argParser(parseEmail))
    .addOption(
      new Option('--password-stdin', 'read a password to sign in to the console from standard input (one line)'),
    )
    .action(
      run(
        (
          username: string,
          opts: { permissions: string[]; modpacks: string[]; email?: string; passwordStdin?: boolean },
        ) => handlers.userCreate(username, opts),
      ),
    );
  configure(user.command('list'))
    .description('list users, with their e-mail addresses')
    .action(run(() => handlers.userList()));
  configure(user.command('delete'))
    .description('delete a user, its tokens and its sessions')
    .argument('<username>', 'the user', parseUsername)
    .action(run((username: string) => handlers.userDelete(username)));
  configure(user.command('password'))
    .description(
      "set or reset a user's console password; ends the user's sessions (tokens keep working). With --generate " +
        'the new password is printed once',
    )
    .argument('<username>', 'the user', parseUsername)
    .addOption(new Option('--generate', 'generate one (24 characters)').conflicts('passwordStdin'))
    .addOption(new Option('--password-stdin', 'read it from standard input (one line)'))
    .action(
      run((username: string, opts: { generate?: boolean; passwordStdin?: boolean }) => {
        if (!opts.generate && !opts.passwordStdin) {
          throw new CliError('give --generate or --password-stdin', EXIT_USAGE);
        }
        return handlers.userPassword(username, opts);
      }),
    );

  configure(user.command('reset-2fa'))
    .description(
      "reset a user's two-factor sign-in (a lost authenticator and recovery codes): they sign in with the " +
        'password alone until they set it up again; ends their sessions',
    )
    .argument('<username>', 'the user', parseUsername)
    .action(run((username: string) => handlers.userResetTwoFactor(username)));

  const token = configure(program.command('token').description("users' API tokens"));
  configure(token.command('issue'))
    .description('issue a token for a user; the token is printed once, store it now')
    .argument('<username>', 'the owner', parseUsername)
    .addOption(new Option('--name <name>', 'a label for the token').argParser(parseName).default('cli'))
    .action(run((username: string, opts: { name: string }) => handlers.tokenIssue(username, opts)));
  configure(token.command('list'))
    .description("list a user's tokens (ids, names, last use)")
    .argument('<username>', 'the owner', parseUsername)
    .action(run((username: string) => handlers.tokenList(username)));
  configure(token.command('revoke'))
    .description("revoke one of a user's tokens")
    .argument('<username>', 'the owner', parseUsername)
    .argument('<id>', 'the token id (see token list)', parseId)
    .action(run((username: string, id: number) => handlers.tokenRevoke(username, id)));

  const key = configure(program.command('key').description('Technic Platform API keys'));
  configure(key.command('create'))
    .description('create a platform key; the key is printed once')
    .argument('<name>', 'a label for the key', parseName)
    .addOption(new Option('--key <value>', 'the key itself (generated when absent)').argParser(parseKeyValue))
    .action(run((name: string, opts: { key?: string }) => handlers.keyCreate(name, opts)));
  configure(key.command('list'))
    .description('list platform keys (never their values)')
    .action(run(() => handlers.keyList()));
  configure(key.command('delete'))
    .description('delete a platform key')
    .argument('<id>', 'the key id (see key list)', parseId)
    .action(run((id: number) => handlers.keyDelete(id)));

  const client = configure(
    program.command('client').description('launcher clients (cid) and the modpacks they may read'),
  );
  configure(client.command('link'))
    .description('link a launcher client to modpacks (links already there are kept); creates the client when unknown')
    .argument('<uuid>', "the launcher's client id", parseUuid)
    .argument('<modpack-slug...>', 'one or more modpack slugs', collectSlug)
    .addOption(
      new Option('--name <name>', 'name of the client (required to create it; renames a known one)').argParser(
        parseName,
      ),
    )
    .action(run((uuid: string, slugs: string[], opts: { name?: string }) => handlers.clientLink(uuid, slugs, opts)));
  configure(client.command('list'))
    .description('list launcher clients with their modpacks')
    .action(run(() => handlers.clientList()));

  configure(program.command('import-solder'))
    .description(
      'import a Technic Solder database (mods, versions, modpacks, builds, assignments, clients, keys, users with ' +
        'their passwords, permissions and access lists, API tokens, two-factor sign-in); safe to run again: rows ' +
        'are matched by name, slug, version, uuid, key, username or token id and updated, never duplicated',
    )
    .requiredOption(
      '--from <url>',
      'the Solder database: mysql://, mariadb:// (MySQL or MariaDB) or postgres:// (PostgreSQL)',
      parseSolderUrl,
    )
    .option('--dry-run', 'say what would be created, updated and left out (and why); write nothing', false)
    .addOption(
      new Option(
        '--app-key <key>',
        "Solder's APP_KEY (base64:…, from its .env), to keep users' two-factor sign-in; without it they set it up again",
      ).env('SOLDER_APP_KEY'),
    )
    .action(
      run((opts: { from: string; dryRun: boolean; appKey?: string }) =>
        handlers.importSolder({ from: opts.from, dryRun: opts.dryRun, appKey: opts.appKey }),
      ),
    );

  configure(program.command('rehash'))
    .description(
      "fetch a mod version's archive (its own url, else the mirror's), compute md5 and size and compare them with " +
        'the recorded ones; --store writes them when they differ. ' +
        `Exit status ${EXIT_FINDINGS}: a mismatch left as it is`,
    )
    .argument('<mod>', 'the mod slug')
    .argument('<version>', 'the version, exactly')
    .option('--store', 'write the md5 and size found when they differ', false)
    .action(async (mod: string, version: string, opts: { store: boolean }) => {
      const answer = await handlers.rehash(mod, version, opts);
      io.result(answer);
      if (!answer.stored && !(answer.md5_matches && answer.filesize_matches)) {
        throw new CliError('the archive does not match the version (run with --store to record it)', EXIT_FINDINGS);
      }
    });

  configure(program.command('audit-mirror'))
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
      const report = await handlers.auditMirror({ concurrency: opts.concurrency });
      if (opts.json) io.result(report);
      else io.out(formatReport(report));
      const problems = problemCount(report);
      if (problems) throw new CliError(`${problems} problem(s) found`, EXIT_FINDINGS);
    });

  configure(program.command('backup'))
    .description(
      'back up the catalog, builds and auth databases into a new directory: one consistent snapshot per ' +
        'service, safe while Depot runs',
    )
    .argument('<dir>', 'where to write it (must not exist, or be empty)')
    .action(run((dir: string) => handlers.backup(dir)));
  configure(program.command('restore'))
    .description(
      'restore a backup into the catalog, builds and auth databases (created when missing); stop the services ' +
        'first. Databases that hold data are refused unless --force',
    )
    .argument('<dir>', 'a directory written by backup')
    .option('--force', 'replace what the databases hold', false)
    .action(run((dir: string, opts: { force: boolean }) => handlers.restore(dir, { force: opts.force })));
  configure(program.command('doctor'))
    .description(
      'the pack doctor: what launchers and Technic Platform see of a modpack, and each reason it would show ' +
        `offline or fail to install, with the fix; exit status ${EXIT_FINDINGS} when it finds errors. Checks that ` +
        'PUBLIC_URL/api/ answers when PUBLIC_URL is set',
    )
    .argument('<modpack-slug>', 'the modpack', parseSlug)
    .option('--json', 'print the diagnosis as JSON (as GET /api/manage/modpacks/{slug}/doctor answers it)')
    .action(async (slug: string, opts: { json?: boolean }) => {
      const diagnosis = await handlers.doctor(slug);
      if (opts.json) io.result(diagnosis);
      else io.out(formatDiagnosis(diagnosis));
      const errors = errorCount(diagnosis);
      if (errors) {
        throw new CliError(
          `${slug}: ${errors} error${errors === 1 ? '' : 's'}: launchers show the pack offline or fail to install it`,
          EXIT_FINDINGS,
        );
      }
    });

  addArchiveCommands(program, configure, handlers, io);
  return program;
}
