// `client link|list`: launcher clients (cid) and the modpacks they may read (admin-commands.ts
// makes the calls to auth and builds).
import { type Command, Option } from 'commander';
import { AdminCommands } from '../admin-commands';
import { collectSlug, parseName, parseUuid } from '../args';
import type { Context } from './context';

export function register(program: Command, ctx: Context): void {
  const commands = () => new AdminCommands(ctx.services());
  const client = program.command('client').description('launcher clients (cid) and the modpacks they may read');

  client
    .command('link')
    .description('link a launcher client to modpacks (links already there are kept); creates the client when unknown')
    .argument('<uuid>', "the launcher's client id", parseUuid)
    .argument('<modpack-slug...>', 'one or more modpack slugs', collectSlug)
    .addOption(
      new Option('--name <name>', 'name of the client (required to create it; renames a known one)').argParser(
        parseName,
      ),
    )
    .action(async (uuid: string, slugs: string[], opts: { name?: string }) =>
      ctx.io.result(await commands().clientLink(uuid, slugs, opts)),
    );

  client
    .command('list')
    .description('list launcher clients with their modpacks')
    .action(async () => ctx.io.result(await commands().clientList()));
}
