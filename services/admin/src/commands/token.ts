// `token issue|list|revoke`: users' API tokens (admin-commands.ts makes the calls to auth).
import { type Command, Option } from 'commander';
import { AdminCommands } from '../admin-commands';
import { parseId, parseName, parseUsername } from '../args';
import type { Context } from './context';

export function register(program: Command, ctx: Context): void {
  const commands = () => new AdminCommands(ctx.services());
  const token = program.command('token').description("users' API tokens");

  token
    .command('issue')
    .description('issue a token for a user; the token is printed once, store it now')
    .argument('<username>', 'the owner', parseUsername)
    .addOption(new Option('--name <name>', 'a label for the token').argParser(parseName).default('cli'))
    .action(async (username: string, opts: { name: string }) => {
      const issued = await commands().tokenIssue(username, opts);
      ctx.io.err('The token is shown once: store it now.\n');
      ctx.io.result(issued);
    });

  token
    .command('list')
    .description("list a user's tokens (ids, names, last use)")
    .argument('<username>', 'the owner', parseUsername)
    .action(async (username: string) => ctx.io.result(await commands().tokenList(username)));

  token
    .command('revoke')
    .description("revoke one of a user's tokens")
    .argument('<username>', 'the owner', parseUsername)
    .argument('<id>', 'the token id (see token list)', parseId)
    .action(async (username: string, id: number) => ctx.io.result(await commands().tokenRevoke(username, id)));
}
