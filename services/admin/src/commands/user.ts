// `user create|list|delete|password|reset-2fa`: users, their permissions and modpack access
// (admin-commands.ts makes the calls to auth and builds).
import { type Command, Option } from 'commander';
import { AdminCommands } from '../admin-commands';
import { parseEmail, parsePermissions, parseSlugs, parseUsername } from '../args';
import { CliError, EXIT_USAGE } from '../errors';
import type { Context } from './context';

interface CreateFlags {
  permissions: string[];
  modpacks: string[];
  email?: string;
  passwordStdin?: boolean;
}

export function register(program: Command, ctx: Context): void {
  const commands = () => new AdminCommands(ctx.services());
  const user = program.command('user').description('users, their permissions and modpack access');

  user
    .command('create')
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
    .action(async (username: string, { passwordStdin, ...opts }: CreateFlags) => {
      // Read (and checked) before any service is called.
      const password = passwordStdin ? await ctx.readPassword() : undefined;
      ctx.io.result(await commands().userCreate(username, { ...opts, password }));
    });

  user
    .command('list')
    .description('list users, with their e-mail addresses')
    .action(async () => ctx.io.result(await commands().userList()));

  user
    .command('delete')
    .description('delete a user, its tokens and its sessions')
    .argument('<username>', 'the user', parseUsername)
    .action(async (username: string) => ctx.io.result(await commands().userDelete(username)));

  user
    .command('password')
    .description(
      "set or reset a user's console password; ends the user's sessions (tokens keep working). With --generate " +
        'the new password is printed once',
    )
    .argument('<username>', 'the user', parseUsername)
    .addOption(new Option('--generate', 'generate one (24 characters)').conflicts('passwordStdin'))
    .addOption(new Option('--password-stdin', 'read it from standard input (one line)'))
    .action(async (username: string, opts: { generate?: boolean; passwordStdin?: boolean }) => {
      if (!opts.generate && !opts.passwordStdin) {
        throw new CliError('give --generate or --password-stdin', EXIT_USAGE);
      }
      const admin = commands();
      const result = await admin.userPassword(username, opts.passwordStdin ? await ctx.readPassword() : undefined);
      if ('password' in result) ctx.io.err('The password is shown once: store it now.\n');
      ctx.io.result(result);
    });

  user
    .command('reset-2fa')
    .description(
      "reset a user's two-factor sign-in (a lost authenticator and recovery codes): they sign in with the " +
        'password alone until they set it up again; ends their sessions',
    )
    .argument('<username>', 'the user', parseUsername)
    .action(async (username: string) => ctx.io.result(await commands().userResetTwoFactor(username)));
}
