// What every command module is given: where its output goes, the services (connected on the first
// call, closed at exit), a password piped to standard input, the settings. cli.ts makes the real
// one; tests give a fake (no service is connected).
import type { Command } from 'commander';
import type { Services } from '../services';

export interface Io {
  /** A command's result (JSON on stdout). */
  result(value: unknown): void;
  /** Help, usage errors and text reports (stdout). */
  out(text: string): void;
  /** Notices, progress lines and errors (stderr). */
  err(text: string): void;
}

export interface Context {
  io: Io;
  /** The gRPC clients of catalog, builds and auth, connected on first use (import, backup and restore need none). */
  services(): Services;
  /** Something to close once the command is done (a store, a connection). */
  onExit(cleanup: () => void): void;
  /** A password piped to standard input (`--password-stdin`), checked: a usage error otherwise. */
  readPassword(): Promise<string>;
  /** The settings commands load (process.env). */
  env: NodeJS.ProcessEnv;
  /** Where progress goes (stderr): a bar when it is a terminal, plain lines otherwise. */
  progress: NodeJS.WriteStream;
}

/** A command module: adds its command (definition and action) to the program. */
export interface CommandModule {
  register(program: Command, ctx: Context): void;
}
