// The command-line tools of this workspace (bench, soak...): run `main`, and end a failure with a
// message for the user. A start-up failure (what is missing, what would not start) or a system
// error (a connection refused...) is one message, not a stack trace; a bug keeps its stack.
import { StartupError } from '@depot/local';

export function runTool(name: string, main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    const e = err as Error & { code?: unknown };
    const plain = err instanceof StartupError || typeof e?.code === 'string';
    process.stderr.write(`${name}: ${plain ? e.message : (e?.stack ?? String(err))}\n`);
    process.exit(1);
  });
}
