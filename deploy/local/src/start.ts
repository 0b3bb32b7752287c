// `npm start`: the whole stack in the foreground with pretty logs, until Ctrl-C.
import path from 'node:path';
import { initialAdminPassword } from './admin-password';
import { REPO_ROOT } from './data-dir';
import { describeExit, startStack, type Stack } from './stack';
import { persistentTotpKey, TOTP_KEY_FILE } from './totp-key';

const abort = new AbortController();
let stack: Stack | undefined;
let stopping = false;

function shutdown(code: number, reason: string): void {
  if (stopping) return;
  stopping = true;
  console.log(reason);
  if (!stack) {
    // Still starting: startStack stops what it had started and rejects; main() exits then.
    abort.abort();
    return;
  }
  stack.stop().then(
    () => process.exit(code),
    (err: unknown) => {
      console.error(`Error while stopping: ${String(err)}`);
      process.exit(1);
    },
  );
}

process.on('SIGINT', () => shutdown(0, 'Stopping Depot...'));
process.on('SIGTERM', () => shutdown(0, 'Stopping Depot...'));

async function main(): Promise<void> {
  try {
    stack = await startStack({
      // Two-factor secrets stay readable from one run to the next.
      totpEncryptionKey: process.env.TOTP_ENCRYPTION_KEY || persistentTotpKey(),
      stdio: 'inherit',
      pretty: process.env.LOG_PRETTY !== 'false',
      signal: abort.signal,
      log: (line) => console.log(line),
      onUnexpectedExit: (name, exit) =>
        shutdown(1, `${name} stopped unexpectedly (${describeExit(exit)}); stopping Depot`),
    });
  } catch (err) {
    if (abort.signal.aborted) process.exit(0);
    console.error(`Depot could not start: ${(err as Error)?.message ?? String(err)}`);
    process.exit(1);
  }
  const { gatewayUrl, adminToken } = stack;
  const lines = [`Depot gateway listening on ${gatewayUrl}`];
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
  lines.push(...(await consoleSignIn(stack)));
  if (!process.env.TOTP_ENCRYPTION_KEY) {
    lines.push(
      `Two-factor secrets are encrypted with the key in ${path.relative(REPO_ROOT, TOTP_KEY_FILE)} ` +
        '(keep it; set TOTP_ENCRYPTION_KEY to choose one).',
    );
  }
  lines.push('Press Ctrl-C to stop.');
  console.log(lines.join('\n'));
}

void main();

/** How to sign in to the console as admin; a generated password is shown here, once ever. */
async function consoleSignIn(started: Stack): Promise<string[]> {
  if (process.env.ADMIN_PASSWORD) return ['Console: sign in as admin with the ADMIN_PASSWORD from your environment.'];
  const auth = `127.0.0.1:${started.ports.auth}`;
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
