// What `archives push` prints: a line per file as it is done (stderr), then the report (stdout),
// and the exit status that says whether everything went in.
import { CliError, EXIT_FAILURE } from '../errors';
import { EXIT_FINDINGS } from '../doctor';
import { PUSH_OUTCOMES, type PushItem, type PushOutcome, type PushReport } from './push';

const LABELS: Record<PushOutcome, string> = {
  uploaded: 'uploaded',
  created: 'created (version and archive)',
  already_hosted: 'already hosted',
  mismatching: 'md5 mismatching (not uploaded)',
  no_version: 'no such version',
  no_mod: 'no such mod',
  failed: 'failed',
};

export function progressLine(item: PushItem, done: number, total: number): string {
  return `push: [${done}/${total}] ${item.outcome.replace('_', ' ')}: ${item.file}${item.outcome === 'failed' ? ` (${item.detail})` : ''}\n`;
}

export function formatPushReport(r: PushReport): string {
  const lines = [
    `${r.dry_run ? 'Dry run of a push' : 'Push'} of ${r.files} file(s) from ${r.dir} in ${r.seconds} s` +
      (r.dry_run ? ' (nothing sent)' : `, ${r.bytes_sent} bytes sent`),
    ...PUSH_OUTCOMES.map((o) => `  ${o.replace('_', ' ').padEnd(15)} ${r.counts[o]}`),
  ];
  for (const o of ['mismatching', 'no_version', 'no_mod', 'failed'] as const) {
    const of = r.items.filter((i) => i.outcome === o);
    if (!of.length) continue;
    lines.push('', `${LABELS[o][0].toUpperCase()}${LABELS[o].slice(1)}:`);
    for (const i of of) lines.push(`  ${i.file}`, `    ${i.detail}`);
  }
  const warned = r.items.filter((i) => i.warnings?.length);
  if (warned.length) {
    lines.push('', 'Warnings:');
    for (const i of warned) lines.push(`  ${i.file}`, ...(i.warnings ?? []).map((w) => `    ${w}`));
  }
  if (r.unrecognised.length) {
    lines.push('', 'Not {slug}/{slug}-{version}.zip (left alone):', ...r.unrecognised.map((u) => `  ${u}`));
  }
  return `${lines.join('\n')}\n`;
}

/** Failed uploads: exit 1; files left out (mismatch, no version, no mod): exit 3; else 0. */
export function pushExit(r: PushReport): void {
  if (r.counts.failed) throw new CliError(`${r.counts.failed} upload(s) failed`, EXIT_FAILURE);
  const left = r.counts.mismatching + r.counts.no_version + r.counts.no_mod;
  if (left) throw new CliError(`${left} file(s) left out: see the report`, EXIT_FINDINGS);
}
