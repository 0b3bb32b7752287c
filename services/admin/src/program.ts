// The command line: one module per command under commands/, each with its definition (arguments
// and options, checked by the parsers of args.ts before anything runs) and what it does, given
// the shared context. Tests build it with a fake context, so parsing is tested without services.
import { Command } from 'commander';
import * as archives from './commands/archives';
import * as auditMirror from './commands/audit-mirror';
import * as backup from './commands/backup';
import * as client from './commands/client';
import type { CommandModule, Context } from './commands/context';
import * as doctor from './commands/doctor';
import * as importSolder from './commands/import-solder';
import * as key from './commands/key';
import * as rehash from './commands/rehash';
import * as token from './commands/token';
import * as user from './commands/user';

/** In the order help lists them (backup registers backup and restore). */
const COMMANDS: CommandModule[] = [
  user,
  token,
  key,
  client,
  importSolder,
  rehash,
  auditMirror,
  backup,
  doctor,
  archives,
];

export function buildProgram(ctx: Context): Command {
  // Every command added with .command() copies these settings from its parent (commander's
  // inherited settings): usage errors throw instead of exiting, output goes through ctx.io.
  const program = new Command('depot-admin')
    .exitOverride()
    .configureOutput({ writeOut: ctx.io.out, writeErr: ctx.io.err })
    .showHelpAfterError('(add --help for usage)')
    .description(
      'Depot operator commands. They talk to the services over gRPC (CATALOG_GRPC_ADDR, BUILDS_GRPC_ADDR, ' +
        "AUTH_GRPC_ADDR); import-solder writes through each service's import module into the databases named by " +
        'CATALOG_DATABASE_URL, BUILDS_DATABASE_URL and AUTH_DATABASE_URL, which backup and restore save and ' +
        'load. Results are JSON on stdout.',
    )
    .helpCommand(true);
  for (const command of COMMANDS) command.register(program, ctx);
  return program;
}
