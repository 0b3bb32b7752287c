// The pack doctor's export findings (docs/exports.md#what-an-export-leaves-out): the builds launchers
// install (recommended and latest) as .mrpack and packwiz packs, and what those leave out. An
// export is always made (it carries what it can), so each build whose export leaves something out
// is one warning, listing the reasons the catalog gave (ExportPack's problems); none is an error.
import type { Finding } from './report';

export interface ExportReport {
  /** The build's version. */
  build: string;
  /** What its export leaves out, and why (the catalog's words). */
  problems: string[];
}

/** At most this many reasons are quoted in one finding; the management view lists them all. */
const QUOTED = 5;

export function exportFindings(reports: ExportReport[] | undefined, slug: string): Finding[] {
  const out: Finding[] = [];
  for (const { build, problems } of reports ?? []) {
    if (!problems.length) continue;
    const quoted = problems.slice(0, QUOTED).join(' ');
    const more = problems.length > QUOTED ? ` (and ${problems.length - QUOTED} more)` : '';
    out.push({
      code: 'export-incomplete',
      severity: 'warning',
      message:
        `Build ${build}'s .mrpack and packwiz pack leave something out, so players of Prism, MultiMC, ATLauncher, ` +
        `the Modrinth App or packwiz get less than the Technic Launcher installs: ${quoted}${more}`,
      fix:
        "Upload the archives Depot does not host, put each mod jar under mods/ in its archive, set the build's loader " +
        `and its version; GET /api/manage/modpacks/${encodeURIComponent(slug)}/builds/${encodeURIComponent(build)}/exports lists every reason.`,
    });
  }
  return out;
}
