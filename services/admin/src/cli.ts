// Entry of the admin CLI: `npm run admin -- <command>` from a checkout, or
// `node deploy/entrypoint.js admin <command>` in the image. Results are JSON on stdout (the pack
// doctor's and the mirror audit's are text unless --json); progress, warnings and errors go to
// stderr. Exit status: 0 done, 1 failed, 3 problems found (doctor, audit-mirror, rehash), 64 wrong
// command line. The commands are in commands/, one module each (program.ts lists them).
import { CommanderError, InvalidArgumentError } from 'commander';
import { parsePasswordInput } from './args';
import type { Context, Io } from './commands/context';
import { loadGrpcConfig } from './config';
import { CliError, describeError, EXIT_FAILURE, EXIT_USAGE } from './errors';
import { buildProgram } from './program';
import { connectServices, type Services } from './services';

/** A password piped to standard input (`--password-stdin`), checked before anything is called. */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new CliError('--password-stdin: pipe the password in (it is not echoed)', EXIT_USAGE);
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  try {
    return parsePasswordInput(input);
  } catch (err) {
    if (err instanceof InvalidArgumentError) throw new CliError(`--password-stdin: ${err.message}`, EXIT_USAGE);
    throw err;
  }
}

/** The context of a run: services connected on first use, closed with the rest at exit. */
function liveContext(io: Io, cleanups: (() => void)[]): Context {
  const env = process.env;
  let services: Services | undefined;
  return {
    io,
    services: () => {
      if (!services) {
        services = connectServices(loadGrpcConfig(env));
        cleanups.push(() => services?.close());
      }
      return services;
    },
    onExit: (cleanup) => cleanups.push(cleanup),
    readPassword: passwordFromStdin,
    env,
    progress: process.stderr,
  };
}

async function main(argv: string[] = process.argv): Promise<number> {
  const io: Io = {
    result: (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  };
  const cleanups: (() => void)[] = [];
  const program = buildProgram(liveContext(io, cleanups));
  try {
    if (argv.length <= 2) {
      program.outputHelp();
      return EXIT_USAGE;
    }
    await program.parseAsync(argv);
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version end here too, successfully; commander already printed usage errors.
      return err.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    io.err(`depot-admin: ${describeError(err)}\n`);
    return (err as { exitCode?: number }).exitCode ?? EXIT_FAILURE;
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
}

// Runs when loaded, also through `require` (deploy/entrypoint.js loads it that way); nothing else
// imports this module (tests use program.ts and the modules behind it).
main().then(
  // Exit once stdout has taken everything (a piped result can be large).
  (code) => process.stdout.write('', () => process.exit(code)),
  (err: unknown) => {
    process.stderr.write(`depot-admin: ${describeError(err)}\n`);
    process.exit(EXIT_FAILURE);
  },
);
