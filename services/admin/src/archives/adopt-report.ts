// What `archives adopt` prints: a line per version as it is done (stderr), then the report
// (stdout), and the exit status that says whether everything recorded is now hosted or left by choice.
import { ADOPT_OUTCOMES, type AdoptOutcome } from '@depot/common';
import { CliError, EXIT_FAILURE } from '../errors';
import { EXIT_FINDINGS } from '../doctor';
import type { AdoptItem, AdoptReport } from './adopt';

const LABELS: Record<AdoptOutcome, string> = {
  adopted: 'adopted',
  already_hosted: 'already hosted',
  own_url_skipped: 'own url, skipped (--include-own-urls adopts them)',
  md5_mismatch: 'md5 mismatching (not stored)',
  missing_upstream: 'missing upstream',
  failed: 'failed',
};

const words = (o: AdoptOutcome) => o.replace(/_/g, ' ');

export function adoptProgressLine(item: AdoptItem, done: number, total: number): string {
  const why = item.outcome === 'adopted' || item.outcome === 'already_hosted' ? '' : ` (${item.detail})`;
  return `adopt: [${done}/${total}] ${words(item.outcome)}: ${item.mod} ${item.version}${why}\n`;
}

export function formatAdoptReport(r: AdoptReport): string {
  const lines = [
    `${r.dry_run ? 'Dry run of adopting' : 'Adopted'} the archives of ${r.versions} version(s) not hosted, from ` +
      `${r.upstream_url}, in ${r.seconds} s` +
      (r.dry_run ? ` (nothing stored; ${r.bytes_adopted} bytes would be)` : `, ${r.bytes_adopted} bytes stored`),
    ...ADOPT_OUTCOMES.map((o) => `  ${words(o).padEnd(16)} ${r.counts[o]}`),
  ];
  for (const o of ['md5_mismatch', 'missing_upstream', 'failed', 'own_url_skipped'] as const) {
    const of = r.items.filter((i) => i.outcome === o);
    if (!of.length) continue;
    lines.push('', `${LABELS[o][0].toUpperCase()}${LABELS[o].slice(1)}:`);
    for (const i of of) lines.push(`  ${i.mod} ${i.version}: ${i.url}`, `    ${i.detail}`);
  }
  const warned = r.items.filter((i) => i.warnings?.length);
  if (warned.length) {
    lines.push('', 'Warnings:');
    for (const i of warned) lines.push(`  ${i.mod} ${i.version}`, ...(i.warnings ?? []).map((w) => `    ${w}`));
  }
  if (r.unknown_mods.length) lines.push('', 'No such mod (--mod):', ...r.unknown_mods.map((m) => `  ${m}`));
  return `${lines.join('\n')}\n`;
}

/**
 * Failed copies: exit 1; archives left out (md5 mismatch, missing upstream) or --mod naming no
 * mod: exit 3; else 0 (versions with their own url skipped by default are no finding).
 */
export function adoptExit(r: AdoptReport): void {
  if (r.counts.failed) throw new CliError(`${r.counts.failed} archive(s) could not be adopted`, EXIT_FAILURE);
  const left = r.counts.md5_mismatch + r.counts.missing_upstream + r.unknown_mods.length;
  if (left) throw new CliError(`${left} archive(s) or mod(s) left out: see the report`, EXIT_FINDINGS);
}
