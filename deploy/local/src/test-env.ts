// `npm test`, `npm run bench`, `npm run soak`: finds or provides what the tests need
// (src/test-deps.ts), runs the command with the TEST_* variables set, then stops what it started,
// also when the command fails or is interrupted.
//
//   node --conditions=depot-source --import tsx deploy/local/src/test-env.ts [--only postgres,nats] [--] <command> [args...]
//
// Exit status: the command's (128 + the signal's number when a signal ended it); 1 when a required
// dependency cannot be had, after one line saying how to get it.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { inCi } from '@depot/common/testing';
import { exitUnlessSupportedNode } from './supported-node';
import { provideTestDependencies, TEST_DEPENDENCIES, type TestDependencyName } from './test-deps';

const USAGE = 'usage: test-env.ts [--only <dependency>,...] [--] <command> [args...]';

function parseArgs(argv: string[]): { names?: TestDependencyName[]; command: string[] } {
  let names: TestDependencyName[] | undefined;
  let i = 0;
  if (argv[i] === '--only') {
    names = (argv[i + 1] ?? '').split(',').filter(Boolean) as TestDependencyName[];
    const unknown = names.filter((n) => !(n in TEST_DEPENDENCIES));
    if (unknown.length || !names.length) {
      throw new Error(`--only takes names among ${Object.keys(TEST_DEPENDENCIES).join(', ')}; got "${argv[i + 1]}"`);
    }
    i += 2;
  }
  if (argv[i] === '--') i++;
  return { names, command: argv.slice(i) };
}

async function main(): Promise<number> {
  exitUnlessSupportedNode();
  const { names, command } = parseArgs(process.argv.slice(2));
  if (!command.length) throw new Error(USAGE);

  // Interrupted while servers start: they are stopped, and the run ends there.
  const abort = new AbortController();
  const onSignalEarly = () => abort.abort();
  process.on('SIGINT', onSignalEarly);
  process.on('SIGTERM', onSignalEarly);
  const log = (line: string) => process.stderr.write(`tests: ${line}\n`);
  let provided;
  try {
    provided = await provideTestDependencies(names, { log, signal: abort.signal });
  } catch (err) {
    if (abort.signal.aborted) return 130;
    throw err;
  } finally {
    process.off('SIGINT', onSignalEarly);
    process.off('SIGTERM', onSignalEarly);
  }
  for (const line of provided.missing) {
    log(inCi() ? `${line} (CI=${process.env.CI}: those tests fail)` : `${line} (those tests are skipped)`);
  }

  // The command gets a process group of its own, which a signal to this process is passed on to,
  // as a terminal's Ctrl-C would: the servers above, in groups of their own, outlive it and are
  // stopped below once it has exited.
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...provided.env },
  });
  let signalled = 0;
  const forward = (signal: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null) return;
    // npm passes on the Ctrl-C that the terminal also sent: one per second is the same press.
    const now = Date.now();
    if (now - signalled < 1000) return;
    const first = signalled === 0;
    signalled = now;
    try {
      process.kill(-child.pid, first ? signal : 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));

  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  }).finally(() => provided.stop());
  if (exit.signal) return 128 + (os.constants.signals[exit.signal] ?? 0);
  return exit.code ?? 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // What failed, said for the user (a MissingDependency in one line), never a stack trace.
    process.stderr.write(`tests: ${(err as Error)?.message ?? String(err)}\n`);
    process.exit(1);
  },
);
