// What the pack doctor (diagnose.ts) judges and what it reports: the modpack with its builds and
// their mods, the linked clients and the API root in; what each kind of launcher sees and the
// findings, each with its stable code, out (docs/api.md#pack-doctor).
import type { ModSide } from '../mod-facts';
import type { ExportLeftOut } from '../exports';

/** A mod version of a build as the launcher downloads it. */
export interface DoctorMod {
  /** The mod's slug. */
  name: string;
  version: string;
  md5: string;
  /** Where it runs in this build (docs/archives.md#sides): the build's word, else the version's; absent: not said (both). */
  side?: ModSide;
  /** Where its archive's metadata says it runs, whatever the author set; absent: the metadata does not say. */
  metadataSide?: ModSide;
}

export interface DoctorBuild {
  version: string;
  published: boolean;
  private: boolean;
  /**
   * The build's mods (versions deleted meanwhile are absent), those a launcher skips (server only)
   * included; unpublished builds are not checked.
   */
  mods: DoctorMod[];
  /** The loader a server runs it with (buildLoader: Forge when only Solder's forge field says); null: not set. */
  loader: string | null;
}

/** The server pack of a build servers follow (recommended or latest), as the catalog judged it. */
export interface ServerPackFinding {
  build: string;
  /** Why the pack cannot be made: which archive, and why. */
  detail: string;
}

/** What a followed build's exports leave out of a mod version's archive, with the builds it is so in. */
export interface ExportLeftOutFinding extends ExportLeftOut {
  builds: string[];
}

/** The server packs and exports of the builds servers and launchers follow (recommended and latest), as checked. */
export interface ServerPacksReport {
  /** Builds checked. */
  builds: number;
  /** Set when the check as a whole could not run: nothing is known of the packs. */
  failed?: string;
  problems: ServerPackFinding[];
  /** What their exports (.mrpack, packwiz) leave out, one entry per cause and mod version. */
  exportsLeaveOut: ExportLeftOutFinding[];
}

/** Where launchers and Platform reach the API, and whether it answered Depot's own check. */
export interface ApiRootReport {
  /** The API root to give launchers and Platform (ending with `/api/`); null when unknown. */
  url: string | null;
  /** `PUBLIC_URL` (configured), `request` (this request's own origin) or `unset` (unknown). */
  source: 'PUBLIC_URL' | 'request' | 'unset';
  /** Whether `GET {url}` answered Depot's root in time; null when not checked. */
  reachable: boolean | null;
  /** What the check saw, or why there was none. */
  detail: string;
}

/** A version's archive that launchers would fail on, or that could not be checked. */
export interface ArchiveFinding {
  mod: string;
  version: string;
  /** Where launchers download it. */
  url: string;
  /** The recommended/latest builds holding it. */
  builds: string[];
  problem: 'missing' | 'md5_mismatch' | 'unchecked';
  /** What the check saw. */
  detail: string;
  recorded_md5: string;
  archive_md5?: string;
}

/** The archives of the builds launchers install (recommended and latest), as checked. */
export interface ArchivesReport {
  /** Versions checked. */
  versions: number;
  /** Set when the check as a whole could not run or finish: nothing is known of the archives. */
  failed?: string;
  problems: ArchiveFinding[];
}

export interface DoctorInput {
  modpack: {
    slug: string;
    name: string;
    hidden: boolean;
    private: boolean;
    recommended: string | null;
    latest: string | null;
  };
  /** Every build, creation order. */
  builds: DoctorBuild[];
  /** Launcher clients linked to the modpack. */
  linkedClients: number;
  apiRoot: ApiRootReport;
  /** The archives check (gather.ts); absent: not asked for. */
  archives?: ArchivesReport;
  /** The server packs check (gather.ts); absent: not asked for. */
  serverPacks?: ServerPacksReport;
}

/** What one kind of reader gets from the launcher routes. */
export interface LauncherView {
  /** In `GET /api/modpack`. */
  listed: boolean;
  /** `GET /api/modpack/{slug}` answers (else 404, which the launcher shows as offline). */
  shown: boolean;
  /** The `builds` of the modpack view. */
  builds: string[];
  /** The recommended build the launcher installs, with its number of mods; null: none it can see. */
  installs: { version: string; mods: number } | null;
}

export type Severity = 'error' | 'warning';

export interface Finding {
  /** Stable, machine-readable (see FINDING_CODES). */
  code: FindingCode;
  /** error: the pack shows offline or fails to install; warning: works but is fragile. */
  severity: Severity;
  message: string;
  fix: string;
}

export interface Diagnosis {
  modpack: { slug: string; name: string };
  api_root: ApiRootReport;
  linked_clients: number;
  launchers: { anonymous: LauncherView; linked_client: LauncherView; platform: LauncherView };
  /** Errors first, then warnings; within each, in the order of FINDING_CODES. */
  findings: Finding[];
}

/** Every finding the doctor can report, in report order. */
export const FINDING_CODES = [
  'no-published-build',
  'recommended-unset',
  'recommended-missing',
  'recommended-unpublished',
  'recommended-private',
  'latest-unset',
  'latest-missing',
  'latest-unpublished',
  'latest-private',
  'private-without-client',
  'modpack-hidden',
  'build-without-mods',
  'file-name-collision',
  'version-breaks-rule',
  'version-without-md5',
  'version-md5-invalid',
  'archive-missing',
  'archive-md5-mismatch',
  'archives-unchecked',
  'server-pack-unavailable',
  'server-packs-unchecked',
  'client-mod-on-server',
  'server-mod-on-client',
  'loader-unset',
  'export-without-jar',
  'export-loader-archive',
  'export-path-outside',
  'api-root-unreachable',
] as const;

export type FindingCode = (typeof FINDING_CODES)[number];
