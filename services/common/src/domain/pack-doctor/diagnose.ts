// The pack doctor (docs/api.md#pack-doctor): for one modpack, what a launcher and Technic Platform
// will see, and for each reason a launcher would show the pack offline or fail to install it,
// the cause and the fix (report.ts). Pure: it judges the data it is given (gathered by gather.ts
// for the gateway's route and the admin CLI alike), so every cause is unit-tested on its own.
import { versionProblem } from '../names';
import { buildVisible, modpackListed, modpackShown } from '../visibility';
import { archiveFindings } from './archives';
import { exportFindings } from './exports';
import { sideFindings } from './sides';
import { json, list, plural, versionsWhere } from './words';
import {
  FINDING_CODES,
  type Diagnosis,
  type DoctorBuild,
  type DoctorInput,
  type DoctorMod,
  type Finding,
  type FindingCode,
  type LauncherView,
  type Severity,
} from './report';

const MD5 = /^[0-9a-f]{32}$/i;

/**
 * A string in quotes with what does not show escaped: control characters (JSON escapes C0 only),
 * bidirectional controls and line separators, which would make a message read as another one.
 */
const quoted = (s: string) =>
  JSON.stringify(s).replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * The file a launcher caches a mod version as (docs/api.md#clients): `{name}-{version}.zip`, each of
 * `\ / : * ? " < > |` made `-` (the Technic Launcher's Mod.generateSafeCacheFile).
 */
export function cacheFileName(mod: { name: string; version: string }): string {
  return `${mod.name}-${mod.version}.zip`.replace(/[\\/:*?"<>|]/g, '-');
}

export function diagnosePack(input: DoctorInput): Diagnosis {
  const { modpack } = input;
  // What launchers get of each build: its mods but those that run on the server only.
  const builds = input.builds.map((b) => ({ ...b, mods: b.mods.filter((m) => m.side !== 'server') }));
  const slug = modpack.slug;
  const buildPath = (version: string) => `/api/modpack/${slug}/${encodeURIComponent(version)}`;
  const modpackPath = `/api/modpack/${slug}`;
  const findings: Finding[] = [];
  const add = (code: FindingCode, severity: Severity, message: string, fix: string) =>
    findings.push({ code, severity, message, fix });

  const published = builds.filter((b) => b.published);
  const byVersion = new Map(builds.map((b) => [b.version, b]));
  // Builds every reader of the pack sees: published, and public unless the whole pack is private
  // (then everyone who sees it may see its private builds too).
  const seenByAll = published.filter((b) => !b.private || modpack.private);
  const suggestion = seenByAll[seenByAll.length - 1] ?? published[published.length - 1];

  if (!published.length) {
    const unpublished = builds.map((b) => b.version);
    add(
      'no-published-build',
      'error',
      `Modpack ${slug} has no published build, so launchers show it offline. ` +
        (builds.length
          ? `Its ${plural(builds.length, 'build', 'builds')} ${list(unpublished)} ${plural(builds.length, 'is', 'are')} unpublished.`
          : 'It has no builds at all.'),
      builds.length
        ? `Publish a build: PUT ${buildPath(unpublished[unpublished.length - 1])} with ${json({ is_published: true })}.`
        : `Create a build with its mods (POST ${modpackPath}/build, then POST ${modpackPath}/{build}/mod for each mod) and publish it.`,
    );
  }

  for (const field of ['recommended', 'latest'] as const) {
    const version = modpack[field];
    const role =
      field === 'recommended' ? 'the build launchers install by default' : 'the newest build players may pick';
    const setIt = suggestion
      ? `set ${field} to a published build, e.g. PUT ${modpackPath} with ${json({ [field]: suggestion.version })}`
      : `publish a build, then set ${field} to it (PUT ${modpackPath} with ${json({ [field]: '<build version>' })})`;
    if (version === null) {
      add(
        `${field}-unset`,
        'error',
        `No ${field} build is set (${role}), so launchers show the pack offline.`,
        `${capitalize(setIt)}.`,
      );
      continue;
    }
    const build = byVersion.get(version);
    if (!build) {
      add(
        `${field}-missing`,
        'error',
        `The ${field} build is "${version}", but modpack ${slug} has no build with that version (versions match exactly, case included), so launchers show the pack offline.`,
        `${capitalize(setIt)}.`,
      );
    } else if (!build.published) {
      add(
        `${field}-unpublished`,
        'error',
        `The ${field} build ${version} is not published: launchers do not see it and show the pack offline.`,
        `Publish it (PUT ${buildPath(version)} with ${json({ is_published: true })}), or ${setIt}.`,
      );
    } else if (build.private && !modpack.private) {
      add(
        `${field}-private`,
        'warning',
        `The ${field} build ${version} is private: only launchers with a linked client (and Technic Platform) see it; every other player's launcher shows the pack offline.`,
        `Make it public (PUT ${buildPath(version)} with ${json({ private: false })}) if every player should get it.`,
      );
    }
  }

  if (modpack.private && input.linkedClients === 0) {
    add(
      'private-without-client',
      'error',
      `Modpack ${slug} is private and no launcher client is linked to it: every launcher gets "Modpack does not exist" and shows it offline (Technic Platform still sees it with its key).`,
      `Link your players' launcher clients to it (PUT /api/client/{uuid} with its id in "modpacks", or npm run admin -- client link <uuid> ${slug}), or make it public (PUT ${modpackPath} with ${json({ private: false })}).`,
    );
  }

  if (modpack.hidden && !modpack.private) {
    add(
      'modpack-hidden',
      'warning',
      `Modpack ${slug} is hidden: launchers and Technic Platform do not list it (GET /api/modpack); a player reaches it only by its slug.`,
      `Show it in the list (PUT ${modpackPath} with ${json({ hidden: false })}) once it is ready for everyone.`,
    );
  }

  for (const build of published) {
    if (!build.mods.length) {
      add(
        'build-without-mods',
        'error',
        `Published build ${build.version} has no mods: a launcher that installs it gets no mod files.`,
        `Add its mods (POST ${buildPath(build.version)}/mod with ${json({ mod_slug: '<mod>', mod_version: '<version>' })}), or unpublish it (PUT ${buildPath(build.version)} with ${json({ is_published: false })}).`,
      );
    }
  }

  for (const collision of fileNameCollisions(published)) {
    const mods = collision.mods.map((m) => `${m.name} (version ${m.version})`);
    const files = [...new Set(collision.mods.map(cacheFileName))];
    const where = collision.builds;
    add(
      'file-name-collision',
      'error',
      `Mods ${list(mods)} are ${mods.length === 2 ? 'both' : 'all'} saved as ${list(files)} in the launcher's cache (file names compare without case, as on Windows): the launcher refuses the overlapping files in published ${plural(where.length, 'build', 'builds')} ${list(where)}.`,
      `Keep only one of them in ${plural(where.length, 'that build', 'those builds')} (DELETE ${buildPath(where[0])}/mod/{mod_slug}), or use versions whose file names differ.`,
    );
  }

  for (const bad of ruleBreakers(published)) {
    add(
      'version-breaks-rule',
      'error',
      `Mod ${bad.mod.name} version ${quoted(bad.mod.version)} breaks the rules of version strings (stored before they applied), used by published ${plural(bad.builds.length, 'build', 'builds')} ${list(bad.builds)}: the launcher caches it as ${quoted(cacheFileName(bad.mod))} and may fail to install it.`,
      `Add a version with a plain name (POST /api/mod/${bad.mod.name}/version, or upload its archive), then put it in ${plural(bad.builds.length, 'that build', 'those builds')} instead (PUT ${buildPath(bad.builds[0])}/mod/${bad.mod.name}).`,
    );
  }

  for (const bad of badChecksums(published)) {
    const where = `published ${plural(bad.builds.length, 'build', 'builds')} ${list(bad.builds)}`;
    const setMd5 = `Set the md5 of the archive on the mirror: PUT /api/mod/${bad.mod.name}/${encodeURIComponent(bad.mod.version)} with ${json({ md5: '<md5 of the zip>' })}.`;
    if (bad.mod.md5.trim() === '') {
      add(
        'version-without-md5',
        'error',
        `Mod ${bad.mod.name} version ${bad.mod.version} has no md5 (imported without one), used by ${where}: the launcher cannot check the download and fails to install it.`,
        setMd5,
      );
    } else {
      add(
        'version-md5-invalid',
        'error',
        `Mod ${bad.mod.name} version ${bad.mod.version} has md5 "${bad.mod.md5}", which is not 32 hexadecimal digits, used by ${where}: the launcher's check of the download always fails.`,
        setMd5,
      );
    }
  }

  const root = input.apiRoot;
  if (root.reachable === false) {
    add(
      'api-root-unreachable',
      'warning',
      `The API root ${root.url} did not answer as Depot when Depot itself asked (${root.detail}). Launchers and Technic Platform given this address may show the pack offline; Depot checks from its own network, which may differ from theirs.`,
      `Check PUBLIC_URL, DNS, TLS and the proxy in front of the gateway: GET ${root.url} must answer {"api": "Depot", …} without a redirect.`,
    );
  }

  const view = (accessible: boolean): LauncherView => {
    const shown = modpackShown(modpack, accessible);
    const visible = shown ? published.filter((b) => buildVisible(b, accessible)) : [];
    const recommended = visible.find((b) => b.version === modpack.recommended);
    return {
      listed: modpackListed(modpack, accessible),
      shown,
      builds: visible.map((b) => b.version),
      installs: recommended ? { version: recommended.version, mods: recommended.mods.length } : null,
    };
  };
  findings.push(...archiveFindings(input.archives, list));
  findings.push(...sideFindings(input));
  findings.push(...exportFindings(input));
  const rank = (f: Finding) => (f.severity === 'error' ? 0 : 1) * 100 + FINDING_CODES.indexOf(f.code);
  return {
    modpack: { slug, name: modpack.name },
    api_root: root,
    linked_clients: input.linkedClients,
    // A linked client and a platform key both make the pack accessible: they see the same.
    launchers: { anonymous: view(false), linked_client: view(true), platform: view(true) },
    // Stable: findings of one code keep their order (builds in creation order).
    findings: findings
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map((x) => x.f),
  };
}

const capitalize = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * Groups of mods of one build whose cache files have the same name without regard to case, each
 * with the published builds it occurs in (the same group across builds is reported once).
 */
export function fileNameCollisions(builds: DoctorBuild[]): { mods: DoctorMod[]; builds: string[] }[] {
  const groups = new Map<string, { mods: DoctorMod[]; builds: string[] }>();
  for (const build of builds) {
    const byFile = new Map<string, DoctorMod[]>();
    for (const mod of build.mods) {
      const file = cacheFileName(mod).toLowerCase();
      byFile.set(file, [...(byFile.get(file) ?? []), mod]);
    }
    for (const found of byFile.values()) {
      if (found.length < 2) continue;
      const mods = [...found].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const key = JSON.stringify(mods.map((m) => [m.name, m.version]));
      const group = groups.get(key) ?? { mods, builds: [] };
      group.builds.push(build.version);
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}

/** Mod versions with an empty or malformed md5. */
const badChecksums = (builds: DoctorBuild[]) => versionsWhere(builds, (mod) => !MD5.test(mod.md5));

/** Mod versions whose string breaks today's rule (names.ts), stored before it applied. */
const ruleBreakers = (builds: DoctorBuild[]) =>
  versionsWhere(builds, (mod) => versionProblem(mod.version) !== undefined);
