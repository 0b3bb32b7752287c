// The stack that `npm start` runs from a checkout describes itself in `<checkout>/.data/stack.json`
// while it runs (written by deploy/local, removed when it stops), so that the admin CLI of the same
// checkout reaches it without any setting. Addresses and database URLs only, never a token; mode
// 0600 all the same, since a database URL may carry a password.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const perService = z.object({ catalog: z.string(), builds: z.string(), auth: z.string() });

export const localStackSchema = z.object({
  /** The launcher's process. */
  pid: z.number().int().positive(),
  gatewayUrl: z.string(),
  /** host:port of each service's gRPC server. */
  grpc: perService,
  /** Each service's DATABASE_URL. */
  databases: perService,
  eventsNamespace: z.string(),
  startedAt: z.string(),
});

export type LocalStack = z.infer<typeof localStackSchema>;

/**
 * The checkout's `.data` folder, where `npm start` keeps its state (the stack file, the archives),
 * whatever the working directory: each workspace's scripts run in their own. This file is
 * services/common/{src,dist}/process/: four levels under the checkout.
 */
export const CHECKOUT_DATA_DIR = path.resolve(__dirname, '..', '..', '..', '..', '.data');

/**
 * `<checkout>/.data/stack.json`, or DEPOT_LOCAL_STACK_FILE (a launcher and a CLI that use another
 * file, as the tests do).
 */
export function localStackFile(env: NodeJS.ProcessEnv = process.env): string {
  return env.DEPOT_LOCAL_STACK_FILE || path.join(CHECKOUT_DATA_DIR, 'stack.json');
}

export type LocalStackState =
  | { state: 'none'; file: string }
  | { state: 'running'; file: string; stack: LocalStack }
  /** The file is there but its launcher is gone (killed before it could remove it). */
  | { state: 'stale'; file: string; pid: number };

/** True while a process with this id exists (EPERM: it does, as another user's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Written whole (a reader never sees half a file), readable by its owner only. */
export function writeLocalStack(stack: LocalStack, file = localStackFile()): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, `${JSON.stringify(stack, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(partial, file);
}

export function readLocalStack(file = localStackFile()): LocalStackState {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'none', file };
    throw err;
  }
  let parsed: z.ZodSafeParseResult<LocalStack>;
  try {
    parsed = localStackSchema.safeParse(JSON.parse(text));
  } catch {
    return { state: 'stale', file, pid: 0 };
  }
  if (!parsed.success) return { state: 'stale', file, pid: 0 };
  const stack = parsed.data;
  return processAlive(stack.pid) ? { state: 'running', file, stack } : { state: 'stale', file, pid: stack.pid };
}

/** Removes the file if this process wrote it: a second launcher never removes the first one's. */
export function removeLocalStack(file = localStackFile(), pid = process.pid): void {
  const current = readLocalStack(file);
  if (current.state === 'running' && current.stack.pid !== pid) return;
  if (current.state !== 'none') fs.rmSync(file, { force: true });
}
