// The pack doctor's findings on what the exports for other launchers (docs/exports.md) leave out of
// the builds players follow (recommended and latest): an archive with no jar, a Technic bin/ loader
// archive, paths outside the instance; one finding per cause and mod version, naming the builds.
// (A build with no loader set is loader-unset, sides.ts.) The catalog judges them as a make would,
// in the server packs' call (gather-archives.ts).
import type { DoctorInput, ExportLeftOutFinding, Finding } from './report';
import { json, list, plural } from './words';

const enc = encodeURIComponent;

/** "the .mrpack and packwiz pack of build 1.0", "… of builds 1.0 and 1.1". */
const packsOf = (builds: string[]) =>
  `the .mrpack and packwiz pack of ${plural(builds.length, 'build', 'builds')} ${list(builds)}`;

const uploadFix = (l: ExportLeftOutFinding) => `PUT /api/mod/${enc(l.mod)}/${enc(l.version)}/archive with the zip`;

export function exportFindings(input: DoctorInput): Finding[] {
  const slug = input.modpack.slug;
  return (input.serverPacks?.exportsLeaveOut ?? []).map((l): Finding => {
    const archive = `The archive of mod ${l.mod} version ${l.version}`;
    switch (l.cause) {
      case 'no-jar':
        return {
          code: 'export-without-jar',
          severity: 'warning',
          message:
            `${archive} holds no jar Depot can serve (none under mods/, or none it could take out): ` +
            `${packsOf(l.builds)} carry its other files but no jar of it, so players of other launchers play without it.`,
          fix: `If it is a mod, upload its archive with the jar under mods/ (${uploadFix(l)}); if it holds only files such as configs, nothing is missing.`,
        };
      case 'loader-archive':
        return {
          code: 'export-loader-archive',
          severity: 'warning',
          message:
            `${archive} holds a bin/ folder (the Technic Launcher's modpack.jar loader): ${packsOf(l.builds)} ` +
            "leave it out and name the build's loader instead, which other launchers install themselves.",
          fix:
            `Make sure the build's loader is set: PUT /api/manage/modpacks/${slug}/builds/${enc(l.builds[0])}/loader with ` +
            `${json({ name: 'forge', version: '14.23.5.2860' })} (forge, neoforge, fabric, quilt, or none for vanilla).`,
        };
      case 'path-outside':
        return {
          code: 'export-path-outside',
          severity: 'warning',
          message:
            `${archive} has ${plural(l.paths.length, 'a file', 'files')} that would land outside the instance ` +
            `(${list(l.paths, 3)}): ${packsOf(l.builds)} leave ${plural(l.paths.length, 'it', 'them')} out.`,
          fix: `Upload the archive with those files under the instance's folders (mods/, config/, …): ${uploadFix(l)}.`,
        };
    }
  });
}
