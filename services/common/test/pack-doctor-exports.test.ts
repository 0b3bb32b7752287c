// The pack doctor's export findings (domain/pack-doctor/exports.ts): one warning per build whose
// .mrpack and packwiz pack leave something out, quoting the catalog's reasons; none otherwise.
import { exportFindings } from '../src/domain/pack-doctor/exports';
import { FINDING_CODES } from '../src/domain/pack-doctor/report';

test('a build whose exports leave something out: one warning with the reasons and where to read them all', () => {
  const findings = exportFindings(
    [
      { build: '1.0', problems: [] },
      {
        build: '1.1',
        problems: ['remote 1.0: Depot does not host its archive, so the export leaves it out.'],
      },
    ],
    'tekkit',
  );
  expect(findings).toEqual([
    {
      code: 'export-incomplete',
      severity: 'warning',
      message:
        "Build 1.1's .mrpack and packwiz pack leave something out, so players of Prism, MultiMC, ATLauncher, the " +
        'Modrinth App or packwiz get less than the Technic Launcher installs: remote 1.0: Depot does not host its ' +
        'archive, so the export leaves it out.',
      fix:
        "Upload the archives Depot does not host, put each mod jar under mods/ in its archive, set the build's loader " +
        'and its version; GET /api/manage/modpacks/tekkit/builds/1.1/exports lists every reason.',
    },
  ]);
  expect(FINDING_CODES.at(-1)).toBe('export-incomplete');
});

test('more than five reasons: five quoted, the rest counted; nothing to say without reports', () => {
  const problems = Array.from({ length: 7 }, (_, i) => `reason ${i}.`);
  const [finding] = exportFindings([{ build: '2.0', problems }], 'p');
  expect(finding.message).toMatch(/: reason 0\. reason 1\. reason 2\. reason 3\. reason 4\. \(and 2 more\)$/);
  expect(exportFindings(undefined, 'p')).toEqual([]);
});
