// `archives push <dir>`: moves a Solder repository folder into Depot's store. Each file is first
// compared on this side with what its version records (md5 read from disk), so that a dry run
// and a real one decide alike and nothing is sent that would be refused or change nothing:
// - no such mod, or no such version (without --create-versions): reported, not sent;
// - the version hosts these very bytes already: "already hosted", not sent;
// - the recorded md5 differs: "mismatching", not sent unless --replace (the file then becomes the
//   version's archive, and its md5 the recorded one);
// - otherwise the file is streamed to the catalog (UploadVersionArchive), which records its
//   digests; with --create-versions a missing version of a known mod is created with it.
// Files are handled `concurrency` at a time; a mod's records are read once (GetModVersions).
import { DepotError } from '@depot/common';
import { fromServiceError } from '@depot/common/grpc';
import type { catalogV1 } from '@depot/proto';
import type { Services } from '../services';
import { mapLimit } from './pool';
import { md5OfFile, readRepository, type RepositoryFile } from './repository';
import { ServiceCallError } from '../errors';
import { uploadFile } from './upload';

export type PushOutcome =
  'uploaded' | 'created' | 'already_hosted' | 'mismatching' | 'no_version' | 'no_mod' | 'failed';
export const PUSH_OUTCOMES: readonly PushOutcome[] = [
  'uploaded',
  'created',
  'already_hosted',
  'mismatching',
  'no_version',
  'no_mod',
  'failed',
];

export interface PushItem {
  outcome: PushOutcome;
  mod: string;
  version: string;
  file: string;
  size: number;
  md5?: string;
  recorded_md5?: string;
  /** What happened, in words (and the fix for what was left). */
  detail: string;
  /** The catalog's warnings (a zip without mods/, config/ or bin/ at its top). */
  warnings?: string[];
}

export interface PushReport {
  dir: string;
  dry_run: boolean;
  files: number;
  bytes_sent: number;
  counts: Record<PushOutcome, number>;
  /** Not `{slug}/{slug}-{version}.zip`: left alone. */
  unrecognised: string[];
  items: PushItem[];
  seconds: number;
}

export interface PushOptions {
  dryRun: boolean;
  replace: boolean;
  createVersions: boolean;
  concurrency: number;
  /** GRPC_DEADLINE_MS: an upload's deadline grows with its size from there. */
  deadlineMs: number;
  /** One line per file, as it is done. */
  progress?: (item: PushItem, done: number, total: number) => void;
}

type Records = { mod: catalogV1.Mod__Output; versions: Map<string, catalogV1.ModVersion__Output> } | null;

/** A mod's version records, or null when there is no such mod. */
async function recordsOf(catalog: Services['catalog'], slug: string): Promise<Records> {
  try {
    const r = await catalog.GetModVersions({ slug });
    return { mod: r.mod as catalogV1.Mod__Output, versions: new Map(r.versions.map((v) => [v.version, v])) };
  } catch (err) {
    if (fromServiceError((err as { cause?: unknown }).cause ?? err)?.reason === 'MOD_NOT_FOUND') return null;
    throw err;
  }
}

export async function pushRepository(
  services: Pick<Services, 'catalog'>,
  dir: string,
  opts: PushOptions,
): Promise<PushReport> {
  const started = Date.now();
  const repo = await readRepository(dir);
  const slugs = [...new Set(repo.files.map((f) => f.slug))];
  const records = new Map<string, Records>();
  await mapLimit(
    slugs,
    opts.concurrency,
    async (slug) => void records.set(slug, await recordsOf(services.catalog, slug)),
  );
  let done = 0;
  let sent = 0;

  const one = async (f: RepositoryFile): Promise<PushItem> => {
    const base = { mod: f.slug, version: f.version, file: f.name, size: f.size };
    const rec = records.get(f.slug);
    if (!rec) return { ...base, outcome: 'no_mod', detail: `no mod "${f.slug}": create it first` };
    const version = rec.versions.get(f.version);
    if (!version && !opts.createVersions) {
      return {
        ...base,
        outcome: 'no_version',
        detail: `${f.slug} has no version "${f.version}": add it, or push with --create-versions`,
      };
    }
    const md5 = await md5OfFile(f.file);
    if (version) {
      const recorded = { md5, recorded_md5: version.md5 };
      if (version.hosted && version.md5 === md5) {
        return { ...base, ...recorded, outcome: 'already_hosted', detail: 'Depot hosts this archive already' };
      }
      if (version.url && !opts.replace) {
        return {
          ...base,
          ...recorded,
          outcome: 'mismatching',
          detail:
            `the version downloads from its own url (${version.url}): not uploaded ` +
            '(push with --replace to host this file instead)',
        };
      }
      if (version.md5 !== md5 && !opts.replace) {
        return {
          ...base,
          ...recorded,
          outcome: 'mismatching',
          detail:
            `the version records md5 ${version.md5 || '(none)'}, the file is ${md5}: not uploaded ` +
            '(push with --replace to make this file the archive and its md5 the recorded one)',
        };
      }
    }
    const outcome: PushOutcome = version ? 'uploaded' : 'created';
    const verb = version ? (version.md5 === md5 ? 'uploaded' : 'uploaded, replacing the recorded md5') : 'created';
    if (opts.dryRun) return { ...base, md5, recorded_md5: version?.md5, outcome, detail: `would be ${verb}` };
    try {
      const answer = await uploadFile(
        services.catalog,
        {
          slug: f.slug,
          version: f.version,
          create_version: !version,
          replace: !!version && (version.md5 !== md5 || !!version.url),
          file_name: `${f.slug}-${f.version}.zip`,
          size: f.size,
        },
        f.file,
        opts.deadlineMs,
      );
      sent += f.size;
      return {
        ...base,
        md5: answer.version?.md5 ?? md5,
        recorded_md5: version?.md5,
        outcome,
        detail: answer.changed ? verb : 'the version had this archive already',
        ...(answer.warnings.length ? { warnings: answer.warnings } : {}),
      };
    } catch (err) {
      // (the catalog client tags its failures with the service: services.ts)
      const cause = err instanceof ServiceCallError ? err.cause : err;
      const depot = fromServiceError(cause);
      return { ...base, md5, outcome: 'failed', detail: depot ? `${depot.reason}: ${depot.message}` : describe(cause) };
    }
  };

  const items = await mapLimit(repo.files, opts.concurrency, async (f) => {
    const item = await one(f);
    opts.progress?.(item, ++done, repo.files.length);
    return item;
  });
  const counts = Object.fromEntries(PUSH_OUTCOMES.map((o) => [o, 0])) as Record<PushOutcome, number>;
  for (const item of items) counts[item.outcome]++;
  return {
    dir: repo.modsDir,
    dry_run: opts.dryRun,
    files: items.length,
    bytes_sent: sent,
    counts,
    unrecognised: repo.unrecognised,
    items,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

const describe = (err: unknown) =>
  err instanceof DepotError ? err.message : ((err as { details?: string; message?: string }).details ?? String(err));
