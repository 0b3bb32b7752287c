// `import-solder --from <url>`: a Technic Solder database moved into Depot (../import-solder.ts
// does it, through each service's import module; docs/admin-cli.md#moving-from-technic-solder).
import { type Command, Option } from 'commander';
import { parseSolderUrl } from '../args';
import { loadImportConfig } from '../config';
import { importProgressTo, importSolder, parseAppKey } from '../import-solder';
import type { Context } from './context';

export function register(program: Command, ctx: Context): void {
  program
    .command('import-solder')
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
    .action(async ({ from, dryRun, appKey }: { from: string; dryRun: boolean; appKey?: string }) => {
      // The key is checked before any setting or database is looked at.
      if (appKey) parseAppKey(appKey);
      const summary = await importSolder(loadImportConfig(ctx.env), {
        from,
        dryRun,
        appKey,
        progress: importProgressTo(ctx.progress),
      });
      ctx.io.result(summary);
    });
}
