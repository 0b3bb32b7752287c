// The pack doctor's archive findings: the builds launchers install (recommended and latest) fail
// to install when an archive is missing or its md5 is not the recorded one (the launcher compares
// them). Hosted archives are checked in the store, external ones fetched as a rehash does, by the
// catalog (CheckVersionArchives). An archive, or the whole check, that could not be checked is
// said so: the doctor never gives an all-clear on archives it has not seen.
import type { ArchiveFinding, ArchivesReport, Finding } from './report';

const names = (problems: ArchiveFinding[]) => problems.map((p) => `${p.mod} ${p.version}`);
const enc = encodeURIComponent;

export function archiveFindings(report: ArchivesReport | undefined, list: (items: string[]) => string): Finding[] {
  if (!report) return [];
  const out: Finding[] = [];
  if (report.failed !== undefined) {
    out.push({
      code: 'archives-unchecked',
      severity: 'warning',
      message:
        `The archives of the recommended and latest builds could not be checked (${report.failed}): ` +
        'nothing is known of whether launchers can download them.',
      fix: 'Run the doctor again; for the whole catalogue, run npm run admin -- audit-mirror.',
    });
    return out;
  }
  for (const p of report.problems) {
    const where = `${p.mod} ${p.version} (in build${p.builds.length === 1 ? '' : 's'} ${list(p.builds)})`;
    if (p.problem === 'missing') {
      out.push({
        code: 'archive-missing',
        severity: 'error',
        message: `The archive of ${where} is missing: ${p.detail}. Launchers fail to install the build.`,
        fix:
          `Upload it: PUT /api/mod/${enc(p.mod)}/${enc(p.version)}/archive with the zip (or put it on the mirror at ` +
          `${p.url}, or npm run admin -- archives push <repository folder>).`,
      });
    } else if (p.problem === 'md5_mismatch') {
      out.push({
        code: 'archive-md5-mismatch',
        severity: 'error',
        message:
          `The archive of ${where} has md5 ${p.archive_md5}, but the version records ${p.recorded_md5}: ` +
          'launchers reject the download.',
        fix:
          `If the archive is right, record its md5: POST /api/mod/${enc(p.mod)}/${enc(p.version)}/rehash with ` +
          `{"store": true}; else upload the right zip (PUT /api/mod/${enc(p.mod)}/${enc(p.version)}/archive).`,
      });
    }
  }
  const unchecked = report.problems.filter((p) => p.problem === 'unchecked');
  if (unchecked.length) {
    out.push({
      code: 'archives-unchecked',
      severity: 'warning',
      message:
        `The archives of ${list(names(unchecked))} could not be checked (${unchecked[0].detail}` +
        `${unchecked.length > 1 ? ', …' : ''}): nothing is known of whether launchers can download them.`,
      fix: 'Check that the mirror answers for them, then run the doctor again (or npm run admin -- audit-mirror).',
    });
  }
  return out;
}
