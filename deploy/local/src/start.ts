// `npm start`: the whole stack in the foreground with pretty logs (the gateways' access lines in a
// file, access-log.ts), until Ctrl-C, each process restarted if it exits on its own. While it runs, .data/stack.json tells the admin CLI of this
// checkout where the services are.
import path from 'node:path';
import { readLocalStack, removeLocalStack, writeLocalStack } from '@depot/common/process';
import { npmStartAccessLog, rotateAccessLog } from './access-log';
import { initialAdminPassword } from './admin-password';
import { envFlag } from './config';
import { SERVICE_NAMES } from './service-names';
import { REPO_ROOT } from './data-dir';
import { startStack, type Stack } from './stack';
import { exitUnlessSupportedNode } from './supported-node';
import { HOOKS_KEY_FILE, persistentTotpKey, TOTP_KEY_FILE } from './totp-key';

exitUnlessSupportedNode();

const abort = new AbortController();
let stack: Stack | undefined;
let stopping = false;

/** The last line, once every process the launcher started has exited. */
const STOPPED = 'Depot stopped.';

function shutdown(code: number, reason: string): void {
  if (stopping) return;
  stopping = true;
  console.log(reason);
  removeLocalStack();
  if (!stack) {
    // Still starting: startStack stops what it had started and rejects; main() exits then.
    abort.abort();
    return;
  }
  stack.stop().then(
    () => {
      console.log(STOPPED);
      process.exit(code);
    },
    (err: unknown) => {
      console.error(`Error while stopping: ${String(err)}`);
      process.exit(1);
    },
  );
}

process.on('SIGINT', () => shutdown(0, 'Stopping Depot...'));
process.on('SIGTERM', () => shutdown(0, 'Stopping Depot...'));
// Whatever ends the process, the CLI must not be left pointing at it (a SIGKILL leaves the file,
// which the CLI then sees is stale).
process.on('exit', () => removeLocalStack());

/** Writes .data/stack.json, unless another `npm start` of this checkout already has it. */
function describeForTheCli(started: Stack): string {
  // Every replica's address: the CLI balances over them as the services do.
  const grpc = started.addresses;
  const current = readLocalStack();
  if (current.state === 'running') {
    return (
      `The admin CLI of this checkout addresses the stack of launcher pid ${current.stack.pid} ` +
      `(${current.stack.gatewayUrl}); for this one set CATALOG_GRPC_ADDR=${grpc.catalog} ` +
      `BUILDS_GRPC_ADDR=${grpc.builds} AUTH_GRPC_ADDR=${grpc.auth}`
    );
  }
  writeLocalStack({
    pid: process.pid,
    gatewayUrl: started.gatewayUrl,
    grpc,
    databases: started.databases,
    eventsNamespace: started.eventsNamespace,
    startedAt: new Date().toISOString(),
  });
  return 'Admin CLI: npm run admin -- --help (it finds this stack by itself)';
}

async function main(): Promise<void> {
  const pretty = process.env.LOG_PRETTY !== 'false';
  // Access lines as JSON in .data/logs, off the terminal (access-log.ts).
  const accessLogFile = npmStartAccessLog(pretty);
  if (accessLogFile) rotateAccessLog(accessLogFile);
  try {
    stack = await startStack({
      // Two-factor secrets stay readable from one run to the next.
      totpEncryptionKey: process.env.TOTP_ENCRYPTION_KEY || persistentTotpKey(),
      // Webhook secrets too (deliveries are signed with them).
      hooksSecretKey: process.env.HOOKS_SECRET_KEY || persistentTotpKey(HOOKS_KEY_FILE),
      // Hosted archives are kept over restarts, under .data/archives (unless ARCHIVE_STORE_DIR).
      persistentArchives: true,
      stdio: 'inherit',
      pretty,
      accessLogFile,
      // The services write to the launcher's pipes: colour only if the launcher's output is a terminal.
      color: envFlag('LOG_COLOR', process.env.LOG_COLOR) ?? (process.stdout.isTTY === true && !process.env.NO_COLOR),
      signal: abort.signal,
      log: (line) => console.log(line),
      // A process that exits on its own is restarted (src/supervisor.ts); one that keeps crashing
      // ends the run.
      onGiveUp: (_name, message) => shutdown(1, `${message}\nStopping Depot...`),
    });
  } catch (err) {
    if (abort.signal.aborted) {
      console.log(STOPPED);
      process.exit(0);
    }
    console.error(`Depot could not start: ${(err as Error)?.message ?? String(err)}`);
    process.exit(1);
  }
  const { gatewayUrl, adminToken } = stack;
  const lines = [`Depot gateway listening on ${stack.gatewayUrls.join(', ')}`, replicasLine(stack)];
  if (stack.adminTokenGenerated) {
    lines.push(
      `Admin token: ${adminToken}`,
      '(made for this run; set ADMIN_TOKEN to choose a lasting one)',
      `  curl -H "Authorization: Bearer ${adminToken}" ${gatewayUrl}/api/mod`,
    );
  } else {
    lines.push(
      'Authenticate with the ADMIN_TOKEN from your environment:',
      `  curl -H "Authorization: Bearer $ADMIN_TOKEN" ${gatewayUrl}/api/mod`,
    );
  }
  lines.push(`Web console: ${gatewayUrl}/console/`, ...(await consoleSignIn(stack)));
  if (!process.env.TOTP_ENCRYPTION_KEY) {
    lines.push(
      `Two-factor secrets are encrypted with the key in ${path.relative(REPO_ROOT, TOTP_KEY_FILE)} ` +
        '(keep it; set TOTP_ENCRYPTION_KEY to choose one).',
    );
  }
  if (accessLogFile || process.env.ACCESS_LOG_FILE) {
    const given = path.resolve(accessLogFile ?? process.env.ACCESS_LOG_FILE!);
    const inCheckout = path.relative(REPO_ROOT, given);
    const file = inCheckout.startsWith('..') ? given : inCheckout;
    const every = Number(process.env.ACCESS_LOG_SUMMARY_SECONDS || 10);
    const summary = every > 0 ? `, a summary here every ${every} s` : '';
    lines.push(`Access log: one JSON line per request in ${file} (tail -f it)${summary}.`);
  }
  lines.push(describeForTheCli(stack), 'Press Ctrl-C to stop.');
  console.log(lines.join('\n'));
}

void main();

/** How many processes of each service run (CATALOG_REPLICAS... say how many: docs/replicas.md). */
function replicasLine(started: Stack): string {
  const counts = SERVICE_NAMES.map((name) => `${name} ×${started.replicas(name).length}`);
  return `Replicas: ${counts.join(', ')} (CATALOG_REPLICAS, BUILDS_REPLICAS, AUTH_REPLICAS, GATEWAY_REPLICAS)`;
}

/** How to sign in to the console as admin; a generated password is shown here, once ever. */
async function consoleSignIn(started: Stack): Promise<string[]> {
  if (process.env.ADMIN_PASSWORD) return ['Console: sign in as admin with the ADMIN_PASSWORD from your environment.'];
  const auth = started.addresses.auth;
  const reset = `AUTH_GRPC_ADDR=${auth} npm run admin -- user password admin --generate`;
  try {
    const password = await initialAdminPassword(auth);
    if (password === undefined) return [`Console: sign in as admin with its password (to reset it: ${reset}).`];
    return [
      `Console: sign in as admin with the password ${password}`,
      '(shown this once; set ADMIN_PASSWORD to choose one, or change it in the console)',
    ];
  } catch (err) {
    return [`Console: no admin password could be set (${(err as Error).message}); set one with: ${reset}`];
  }
}
