// What the person (or the CI log) reads. On a terminal: progress bars for hashing and sending,
// colours in the diff. Elsewhere (a CI job, a pipe, --plain): plain lines only, one per file sent,
// no carriage returns or escape codes, so that a log reads as it was written. The lines themselves
// are made by pure functions (unit-tested); only the Reporter writes.
import { MultiBar, Presets } from 'cli-progress';
import { DepotApiError, DepotUnreachableError, type ErrorBody, type ReleaseAnswer } from './api';
import type { LocalFile } from './files';
import { UsageError } from './options';
import type { SendProgress } from './send';

export interface OutputMode {
  /** Progress bars on stderr. */
  bars: boolean;
  /** Colours in what goes to stdout, and to stderr. */
  colorStdout: boolean;
  colorStderr: boolean;
}

/** True for CI=true, CI=1, CI=yes…: set by every CI service; CI=false or CI=0 says it is not one. */
function inCi(env: Record<string, string | undefined>): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return !!ci && ci !== 'false' && ci !== '0';
}

/** Bars and colours on a terminal only, never in CI or with --plain; NO_COLOR (non-empty) turns colours off. */
export function outputMode(options: {
  plain: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  env: Record<string, string | undefined>;
}): OutputMode {
  const interactive = !options.plain && !inCi(options.env);
  const colors = interactive && !options.env.NO_COLOR;
  return {
    bars: interactive && options.stderrIsTTY,
    colorStdout: colors && options.stdoutIsTTY,
    colorStderr: colors && options.stderrIsTTY,
  };
}

const COLORS = { green: 32, red: 31, yellow: 33, bold: 1 } as const;

function paint(text: string, color: keyof typeof COLORS, enabled: boolean): string {
  return enabled ? `\x1b[${COLORS[color]}m${text}\x1b[0m` : text;
}

/** Sizes in decimal units, as disks and links are sold: `812 B`, `1.2 MB`, `310 MB`. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${bytes} B`;
  const shown = value < 100 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${shown} ${units[unit]}`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export interface SendTotals {
  files: number;
  sent: number;
  bytesSent: number;
  bytesTotal: number;
}

/** `Sent 3 of 200 files (1.2 MB of 310 MB); 197 already held.` */
export function sentLine(t: SendTotals): string {
  return (
    `Sent ${t.sent} of ${plural(t.files, 'file')} (${formatBytes(t.bytesSent)} of ${formatBytes(t.bytesTotal)}); ` +
    `${t.files - t.sent} already held.`
  );
}

/** `Hashed 200 files (310 MB).` */
export function hashedLine(files: number, bytes: number): string {
  return `Hashed ${plural(files, 'file')} (${formatBytes(bytes)}).`;
}

export interface ReleaseContext {
  pack: string;
  build: string;
  /** Whether --publish was given: what a dry run of a new build (no `build` in the answer) would do. */
  publish: boolean;
  color: boolean;
}

/** How the build ends up: `created, published, latest`. */
function state(answer: ReleaseAnswer, ctx: ReleaseContext): string {
  const published = answer.build?.is_published ?? ctx.publish;
  return [
    published ? 'published' : 'not published (launchers do not see it)',
    ...(answer.latest ? ['latest'] : []),
    ...(answer.recommended ? ['recommended'] : []),
  ].join(', ');
}

/** The diff, the versions created and the summary of a release's answer, line by line. */
export function releaseLines(answer: ReleaseAnswer, ctx: ReleaseContext): string[] {
  const { color } = ctx;
  const title = `${ctx.pack} ${ctx.build}`;
  const lines: string[] = [];
  if (answer.from !== null) lines.push(`Compared with ${ctx.pack} ${answer.from}:`);
  for (const { mod, version } of answer.added) lines.push(paint(`+ ${mod} ${version}`, 'green', color));
  for (const { mod, version } of answer.removed) lines.push(paint(`- ${mod} ${version}`, 'red', color));
  for (const { mod, from, to } of answer.updated) lines.push(paint(`~ ${mod} ${from} → ${to}`, 'yellow', color));
  lines.push(`= ${answer.unchanged} unchanged`);
  if (answer.versions_created.length) {
    const list = answer.versions_created.map(({ mod, version }) => `${mod} ${version}`).join(', ');
    lines.push(`${answer.dry_run ? 'Versions to create' : 'Versions created'}: ${list}.`);
  }
  if (answer.dry_run) {
    lines.push(answer.changed ? `${title}: would be created, ${state(answer, ctx)}.` : `${title}: already as asked.`);
    lines.push(paint('Dry run: nothing changed.', 'bold', color));
  } else if (answer.changed) {
    lines.push(paint(`${title}: ${answer.created ? 'created' : 'updated'}, ${state(answer, ctx)}.`, 'bold', color));
  } else {
    lines.push(paint(`${title}: already as asked, nothing changed.`, 'bold', color));
  }
  return lines;
}

/**
 * Depot's error message, one line per message: `{"error": "text"}` as it is, and
 * `{"error": {"field": ["msg"]}}` as `field: msg`. A `mods.<i>…` field names the file of that
 * entry too, when `entryNames` has it (`mods.3.file (jei-1.0.jar): …`).
 */
export function errorLines(body: unknown, entryNames: string[] = []): string[] {
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (typeof error === 'string') return [error];
  if (error && typeof error === 'object') {
    return Object.entries(error).flatMap(([field, messages]) => {
      const entry = /^mods\.(\d+)(\.|$)/.exec(field);
      const name = entry ? entryNames[Number(entry[1])] : undefined;
      const label = name === undefined ? field : `${field} (${name})`;
      return (Array.isArray(messages) ? messages : [messages]).map((m) => `${label}: ${String(m)}`);
    });
  }
  // Not Depot's JSON (a proxy's page): its text, on one line and cut short.
  if (typeof body === 'string' && body.trim()) {
    const text = body.replace(/\s+/g, ' ').trim();
    return [text.length > 200 ? `${text.slice(0, 200)}…` : text];
  }
  return [];
}

const HINTS: Record<number, string> = {
  401: 'Check the token (DEPOT_TOKEN or --token): Depot does not know it.',
  403:
    "The token's user lacks a permission: mods_manage, modpacks_manage with access to this modpack, " +
    'and mods_create for --create-mods.',
};

/** What a failure prints on stderr, every line prefixed `depot: `. */
export function failureLines(err: unknown): string[] {
  let lines: string[];
  if (err instanceof DepotApiError) {
    const details = errorLines(err.body, err.entryNames);
    const byField = typeof (err.body as Partial<ErrorBody> | null)?.error === 'object';
    if (err.ownMessage !== undefined) {
      lines = [err.ownMessage];
    } else {
      const refused = err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
      const head = `${refused ? 'Depot refused' : 'Depot failed on'} ${err.what} (${err.status})`;
      if (!details.length) lines = [head];
      else if (details.length === 1 && !byField) lines = [`${head}: ${details[0]}`];
      else lines = [`${head}:`, ...details.map((d) => `  ${d}`)];
      if (HINTS[err.status]) lines.push(HINTS[err.status]);
    }
  } else if (err instanceof UsageError || err instanceof DepotUnreachableError) {
    lines = err.message.split('\n');
  } else {
    lines = [(err as Error)?.message ?? String(err)];
  }
  return lines.map((line) => `depot: ${line}`);
}

/** `Depot answered 503; trying again in 2 s (retry 1 of 3).` */
export function retryLine(reason: string, delayMs: number, retry: number, of: number): string {
  const seconds = Math.round(delayMs / 100) / 10;
  return `${reason}; trying again in ${seconds} s (retry ${retry} of ${of}).`;
}

export interface HashProgress {
  hashed(file: LocalFile): void;
  done(): void;
}

export interface Reporter {
  /** A line for the person, on stderr (above the bar when one is shown). */
  note(line: string): void;
  hashing(files: number): HashProgress;
  sending(files: number, bytes: number): SendProgress & { done(): void };
}

/** Plain lines: one per file sent, nothing redrawn. */
export function plainReporter(write: (text: string) => void): Reporter {
  return {
    note: (line) => write(`${line}\n`),
    hashing: () => ({ hashed: () => {}, done: () => {} }),
    sending: () => ({
      bytes: () => {},
      sent: (file: LocalFile) => write(`Sent ${file.name} (${formatBytes(file.size)}).\n`),
      done: () => {},
    }),
  };
}

/** Bars on a terminal (stderr); cleared when done, a plain summary line following. */
export function barReporter(stream: NodeJS.WriteStream): Reporter {
  let bars: MultiBar | undefined;
  // The bars hide the cursor and turn line wrapping off while they run: put both back when the
  // run is interrupted, then end as an interrupted process does.
  const interrupted = (signal: NodeJS.Signals) => {
    bars?.stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  const open = (format: string): MultiBar => {
    bars = new MultiBar(
      { stream, format, hideCursor: true, clearOnComplete: true, barsize: 30 },
      Presets.shades_classic,
    );
    process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
    return bars;
  };
  const close = () => {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    // A line logged since the last redraw is only written by a redraw: flush before stopping.
    bars?.update();
    bars?.stop();
    bars = undefined;
  };
  return {
    note: (line) => (bars ? bars.log(`${line}\n`) : stream.write(`${line}\n`)),
    hashing: (files) => {
      const bar = open('Hashing {bar} {value}/{total} files').create(files, 0);
      return { hashed: () => bar.increment(), done: close };
    },
    sending: (files, bytes) => {
      const total = formatBytes(bytes);
      let sent = 0;
      const bar = open(
        'Sending {bar} {percentage}% | {done} of {size} | {sent}/{files} files | ETA {eta_formatted}',
      ).create(bytes, 0, { done: formatBytes(0), size: total, sent, files });
      return {
        bytes: (n: number) => bar.update(n, { done: formatBytes(n) }),
        sent: () => bar.update({ sent: ++sent }),
        done: close,
      };
    },
  };
}

export function createReporter(mode: OutputMode, stream: NodeJS.WriteStream): Reporter {
  return mode.bars ? barReporter(stream) : plainReporter((text) => stream.write(text));
}
