// The pack doctor's findings on where mods run and what servers get (docs/archives.md#sides,
// #server-packs): a mod whose metadata says it runs on the client only but that goes to the server
// pack (a dedicated server may crash loading a client mod), a server-only one that launchers would
// install, a build servers follow whose loader is not set (its exports then name Minecraft alone),
// and a server pack that cannot be made.
// Published builds only, as for every other finding; loaders and packs of the builds servers follow
// (recommended and latest).
import type { ModSide } from '../mod-facts';
import type { DoctorBuild, DoctorInput, DoctorMod, Finding } from './report';
import { json, list, plural, versionsWhere } from './words';

const enc = encodeURIComponent;

/** Where a mod goes in a build: its side there, `both` when none is said. */
const sideIn = (mod: DoctorMod): ModSide => mod.side ?? 'both';

export function sideFindings(input: DoctorInput): Finding[] {
  const slug = input.modpack.slug;
  const published = input.builds.filter((b) => b.published);
  const followed = published.filter((b) => [input.modpack.recommended, input.modpack.latest].includes(b.version));
  const out: Finding[] = [];

  out.push(...serverPackFindings(input, slug));

  const sideFix = (mod: DoctorMod, builds: string[], side: ModSide) =>
    `Set where it runs to ${side} only: for every build, PUT /api/manage/mods/${enc(mod.name)}/versions/` +
    `${enc(mod.version)}/side with ${json({ side })}; for one build, PUT /api/manage/modpacks/${slug}/builds/` +
    `${enc(builds[0])}/mods/${enc(mod.name)}/side with ${json({ side })} (a build's own setting wins over the version's).`;

  for (const { mod, builds } of versionsWhere(
    published,
    (m) => m.metadataSide === 'client' && sideIn(m) !== 'client',
  )) {
    out.push({
      code: 'client-mod-on-server',
      severity: 'warning',
      message:
        `Mod ${mod.name} version ${mod.version} says in its metadata that it runs on the client only, but goes to the ` +
        `server too in published ${plural(builds.length, 'build', 'builds')} ${list(builds)}: it is in ` +
        `${plural(builds.length, "that build's", 'their')} server pack, and a dedicated server may crash loading it.`,
      fix: sideFix(mod, builds, 'client'),
    });
  }
  for (const { mod, builds } of versionsWhere(
    published,
    (m) => m.metadataSide === 'server' && sideIn(m) !== 'server',
  )) {
    out.push({
      code: 'server-mod-on-client',
      severity: 'warning',
      message:
        `Mod ${mod.name} version ${mod.version} says in its metadata that it runs on the server only, but launchers ` +
        `install it with published ${plural(builds.length, 'build', 'builds')} ${list(builds)}, where it may keep ` +
        'the game from starting.',
      fix: sideFix(mod, builds, 'server'),
    });
  }

  const unset = followed.filter((b) => b.loader === null);
  if (unset.length) {
    const names = unset.map((b) => b.version);
    out.push({
      code: 'loader-unset',
      severity: 'warning',
      message:
        `The loader of ${plural(names.length, 'build', 'builds')} ${list(names)} (${roles(input, unset)}) is not set: ` +
        `${plural(names.length, 'its', 'their')} server pack names none and ${plural(names.length, 'its', 'their')} ` +
        '.mrpack and packwiz pack name Minecraft alone, so whoever runs a server or imports the pack in another ' +
        'launcher must find out which loader and version to start it with.',
      fix:
        `Set it: PUT /api/manage/modpacks/${slug}/builds/${enc(names[0])}/loader with ` +
        `${json({ name: 'fabric', version: '0.16.10' })} (forge, neoforge, fabric, quilt, or none for vanilla).`,
    });
  }
  return out;
}

/** "recommended", "latest" or "recommended and latest", of the builds given. */
function roles(input: DoctorInput, builds: DoctorBuild[]): string {
  const said = builds.flatMap((b) => [
    ...(b.version === input.modpack.recommended ? ['recommended'] : []),
    ...(b.version === input.modpack.latest ? ['latest'] : []),
  ]);
  return list([...new Set(said)]);
}

function serverPackFindings(input: DoctorInput, slug: string): Finding[] {
  const report = input.serverPacks;
  if (!report) return [];
  if (report.failed !== undefined) {
    return [
      {
        code: 'server-packs-unchecked',
        severity: 'warning',
        message:
          `The server packs and exports of the recommended and latest builds could not be checked (${report.failed}): ` +
          'nothing is known of whether servers can download them, nor of what the exports leave out.',
        fix: 'Run the doctor again.',
      },
    ];
  }
  return report.problems.map((p) => ({
    code: 'server-pack-unavailable',
    severity: 'error',
    message:
      `The server pack of build ${p.build} cannot be made: ${p.detail.replace(/^No server pack for this build: /, '')} ` +
      `Servers that follow it (GET /server-packs/${slug}/builds/${enc(p.build)}) get an error instead of the pack.`,
    fix:
      'Host every archive of the build on Depot (PUT /api/mod/{slug}/{version}/archive), keep only one of two mods ' +
      `that give the same file, or set mods the server does not need to client only (PUT /api/manage/modpacks/${slug}/` +
      `builds/${enc(p.build)}/mods/{mod}/side with ${json({ side: 'client' })}).`,
  }));
}
