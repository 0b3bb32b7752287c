// `backup <dir>` and `restore <dir>`: the three service databases and the hosted archives saved
// and loaded (../backup/ does it; docs/admin-cli.md#backups).
import type { Command } from 'commander';
import { backupDatabases } from '../backup/backup';
import { restoreDatabases } from '../backup/restore';
import { loadStoreSettings, openStore } from '../backup/store';
import { loadImportConfig } from '../config';
import type { Context } from './context';

export function register(program: Command, ctx: Context): void {
  const progress = (line: string) => ctx.io.err(`${line}\n`);
  /** The catalog's archive store (with the catalog's settings), closed at exit. */
  const openCatalogStore = () => {
    const settings = loadStoreSettings(ctx.env);
    const store = openStore(settings);
    ctx.onExit(() => void store.close());
    return { store, settings };
  };

  program
    .command('backup')
    .description(
      'back up the catalog, builds and auth databases into a new directory: one consistent snapshot per ' +
        'service, safe while Depot runs',
    )
    .argument('<dir>', 'where to write it (must not exist, or be empty)')
    .action(async (dir: string) => {
      const archives = openCatalogStore();
      ctx.io.result(await backupDatabases(loadImportConfig(ctx.env), dir, { progress, archives }));
    });

  program
    .command('restore')
    .description(
      'restore a backup into the catalog, builds and auth databases (created when missing); stop the services ' +
        'first. Databases that hold data are refused unless --force',
    )
    .argument('<dir>', 'a directory written by backup')
    .option('--force', 'replace what the databases hold', false)
    .action(async (dir: string, opts: { force: boolean }) => {
      const { store, settings } = openCatalogStore();
      const archives = { store, maxBytes: settings.ARCHIVE_MAX_BYTES };
      ctx.io.result(await restoreDatabases(loadImportConfig(ctx.env), dir, { force: opts.force, progress, archives }));
    });
}
