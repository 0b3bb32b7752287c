// The entry point every Depot process shares (services and the gateway alike): tracing first,
// a graceful stop on SIGTERM/SIGINT, a configuration error as one line and exit code 1.
import { ConfigError } from './config';
import { initTracing, shutdownTracing } from './tracing';

/**
 * Entry point of a service process: starts it, stops it gracefully on SIGTERM/SIGINT, and turns
 * a configuration error into a one-line message and exit code 1.
 */
export function runMain(name: string, start: () => Promise<{ stop(): Promise<void> }>): void {
  // Before anything starts: spans of the very first calls are exported too (OTLP endpoint set).
  // Tracing that cannot start is reported, never fatal.
  try {
    initTracing(name);
  } catch (err) {
    process.stderr.write(`${name}: tracing disabled, it could not start: ${String(err)}\n`);
  }
  // Through a promise so that a synchronous throw (loading the configuration) is handled too.
  Promise.resolve()
    .then(start)
    .then(
      (app) => {
        let stopping = false;
        const stop = (signal: string) => {
          if (stopping) return;
          stopping = true;
          process.stderr.write(`${name}: ${signal} received, draining\n`);
          app.stop().then(
            // Exports the spans still buffered (a no-op when tracing is off).
            () => shutdownTracing().finally(() => process.exit(0)),
            (err) => {
              process.stderr.write(`${name}: error while stopping: ${String(err)}\n`);
              process.exit(1);
            },
          );
        };
        process.once('SIGTERM', () => stop('SIGTERM'));
        process.once('SIGINT', () => stop('SIGINT'));
      },
      (err: unknown) => {
        if (err instanceof ConfigError) process.stderr.write(`${name}: ${err.message}\n`);
        else process.stderr.write(`${name}: failed to start: ${(err as Error)?.stack ?? String(err)}\n`);
        process.exit(1);
      },
    );
}
