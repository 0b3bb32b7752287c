// `key create|list|delete`: Technic Platform API keys (admin-commands.ts makes the calls to auth).
import { type Command, Option } from 'commander';
import { AdminCommands } from '../admin-commands';
import { parseId, parseKeyValue, parseName } from '../args';
import type { Context } from './context';

export function register(program: Command, ctx: Context): void {
  const commands = () => new AdminCommands(ctx.services());
  const key = program.command('key').description('Technic Platform API keys');

  key
    .command('create')
    .description('create a platform key; the key is printed once')
    .argument('<name>', 'a label for the key', parseName)
    .addOption(new Option('--key <value>', 'the key itself (generated when absent)').argParser(parseKeyValue))
    .action(async (name: string, opts: { key?: string }) => {
      const created = await commands().keyCreate(name, opts);
      ctx.io.err('The key is shown once: store it now.\n');
      ctx.io.result(created);
    });

  key
    .command('list')
    .description('list platform keys (never their values)')
    .action(async () => ctx.io.result(await commands().keyList()));

  key
    .command('delete')
    .description('delete a platform key')
    .argument('<id>', 'the key id (see key list)', parseId)
    .action(async (id: number) => ctx.io.result(await commands().keyDelete(id)));
}
