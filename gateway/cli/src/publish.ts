// `depot publish`, step by step (docs/cli.md#what-it-does): hash the files, ask Depot which it
// holds, send the others, create the mods asked for, and release the build in one request. Each
// step is idempotent on Depot's side, so a run cut short is simply run again.
import type { DepotClient } from '@depot/api-client';
import { readFile } from 'node:fs/promises';
import {
  DepotApiError,
  type DepotApi,
  type FileRef,
  type HoldAnswer,
  type LookupEntry,
  type ModFacts,
  type ReleaseAnswer,
  type ReleaseMod,
  type ReleaseRequest,
} from './api';
import { checkFiles, hashFiles, type LocalFile } from './files';
import { UsageError, type FileOverride, type PublishOptions } from './options';
import { hashedLine, sentLine, type Reporter } from './report';
import { sendFiles } from './send';

export interface PublishContext {
  api: DepotApi;
  /** The generated client, for the routes it knows (creating a mod). */
  client: DepotClient;
  reporter: Reporter;
}

export interface PublishResult {
  request: ReleaseRequest;
  answer: ReleaseAnswer;
}

/**
 * The mod a file is first of all: its own metadata's (an entry without `file`), else the first of
 * those its inner jars name (a Technic zip of jars). Undefined when its metadata names none.
 */
export function principalMod(metadata: { mods: ModFacts[] } | undefined): ModFacts | undefined {
  const mods = (metadata?.mods ?? []).filter((m) => m.id);
  return mods.find((m) => m.file === undefined) ?? mods[0];
}

/** One `mods` entry: the held file, with the mod and version given (or created), else left to its metadata. */
export function modEntry(file: FileRef, override: FileOverride | undefined, createdMod?: string): ReleaseMod {
  const mod = override?.mod ?? createdMod;
  return {
    file: { name: file.name, sha256: file.sha256 },
    ...(mod !== undefined ? { mod } : {}),
    ...(override?.version !== undefined ? { version: override.version } : {}),
  };
}

/** The release's body: the options given, and nothing for those not given (Depot's defaults apply). */
export function releaseRequest(opts: PublishOptions, mods: ReleaseMod[], notes: string | undefined): ReleaseRequest {
  return {
    build: opts.build,
    ...(opts.from !== undefined ? { from: opts.from } : {}),
    ...(opts.minecraft !== undefined ? { minecraft: opts.minecraft } : {}),
    ...(opts.forge !== undefined ? { forge: opts.forge } : {}),
    ...(opts.minJava !== undefined ? { min_java: opts.minJava } : {}),
    ...(opts.minMemory !== undefined ? { min_memory: opts.minMemory } : {}),
    mods,
    ...(opts.remove.length ? { remove: opts.remove } : {}),
    ...(notes !== undefined ? { notes } : {}),
    ...(opts.publish ? { publish: true } : {}),
    ...(opts.setLatest ? { set_latest: true } : {}),
    ...(opts.setRecommended ? { set_recommended: true } : {}),
    ...(opts.dryRun ? { dry_run: true } : {}),
  };
}

async function readNotes(opts: PublishOptions): Promise<string | undefined> {
  if (opts.notesFile === undefined) return opts.notes;
  try {
    return await readFile(opts.notesFile, 'utf8');
  } catch (err) {
    throw new UsageError(`--notes-file: ${opts.notesFile} cannot be read (${(err as NodeJS.ErrnoException).code})`);
  }
}

/**
 * Create a mod (POST /api/mod). "taken": it exists already (made by someone else since the
 * lookup, or a retry meeting its own create, docs/api.md#writes-answered-503): fine either way.
 */
export async function createMod(client: DepotClient, name: string, prettyName: string): Promise<'created' | 'taken'> {
  const { response, error } = await client.POST('/api/mod', { body: { name, pretty_name: prettyName } });
  if (response.ok) return 'created';
  const fields = (error as { error?: unknown } | undefined)?.error;
  const nameErrors = typeof fields === 'object' && fields ? (fields as Record<string, string[]>).name : undefined;
  if (response.status === 422 && nameErrors?.some((m) => /already been taken/.test(m))) return 'taken';
  throw new DepotApiError(response.status, error, `the new mod ${name}`);
}

/** A file whose metadata names a mod Depot lacks, and no --mod names its mod. */
interface Unknown {
  index: number;
  facts: ModFacts | undefined;
}

export async function publish(opts: PublishOptions, ctx: PublishContext): Promise<PublishResult> {
  const { api, reporter } = ctx;
  // Everything local is checked before the first request: a typo costs no upload.
  const files: LocalFile[] = await checkFiles(opts.files);
  const notes = await readNotes(opts);
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);

  // 1. Hash.
  const hashing = reporter.hashing(files.length);
  let hashes: string[];
  try {
    hashes = await hashFiles(files, (file) => hashing.hashed(file));
  } finally {
    hashing.done();
  }
  reporter.note(hashedLine(files.length, totalBytes));
  const refs: FileRef[] = files.map((f, i) => ({ name: f.name, sha256: hashes[i] }));

  // 2. Which does Depot hold?
  const known: (LookupEntry | HoldAnswer)[] = await api.lookup(refs);

  // 3. Send the others.
  const missing = files.map((_, i) => i).filter((i) => !known[i].held);
  let bytesSent = 0;
  if (missing.length) {
    const sending = reporter.sending(
      missing.length,
      missing.reduce((sum, i) => sum + files[i].size, 0),
    );
    let answers: HoldAnswer[];
    try {
      answers = await sendFiles(
        api,
        missing.map((i) => files[i]),
        missing.map((i) => hashes[i]),
        {
          bytes: (n) => {
            bytesSent = n;
            sending.bytes(n);
          },
          sent: (file, answer) => {
            sending.sent(file, answer);
            for (const warning of answer.warnings ?? []) reporter.note(`${file.name}: ${warning}`);
          },
        },
      );
    } finally {
      sending.done();
    }
    missing.forEach((fileIndex, k) => (known[fileIndex] = answers[k]));
  }
  reporter.note(sentLine({ files: files.length, sent: missing.length, bytesSent, bytesTotal: totalBytes }));

  // 4. Mods Depot does not have: created when asked, else pointed out (Depot refuses them).
  const unknown: Unknown[] = known
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry, index }) => entry.mod === null && opts.overrides.get(files[index].name)?.mod === undefined)
    .map(({ entry, index }) => ({ index, facts: principalMod(entry.metadata) }));
  const createdMods = new Map<number, string>();
  const leftOut = new Set<number>();
  if (unknown.length && opts.createMods) {
    const done = new Map<string, string | undefined>();
    for (const { index, facts } of unknown) {
      const name = files[index].name;
      if (!facts) {
        reporter.note(`${name}: its metadata names no mod to create: give one with --mod ${name}=<slug>.`);
        continue;
      }
      const pretty = facts.name || facts.id;
      if (opts.dryRun) {
        // A dry run changes nothing, mods included: the file is left out of it instead.
        reporter.note(
          `Dry run: would create mod ${facts.id} (${pretty}) for ${name}, which is left out of the dry run.`,
        );
        leftOut.add(index);
        continue;
      }
      const key = facts.id.toLowerCase();
      if (!done.has(key)) {
        const outcome = await createMod(ctx.client, facts.id, pretty);
        reporter.note(
          outcome === 'created' ? `Created mod ${facts.id} (${pretty}).` : `Mod ${facts.id} exists already.`,
        );
        // A mod that someone else created is left for Depot to find from the metadata, as it
        // matches names (its slug may differ in case from the id).
        done.set(key, outcome === 'created' ? facts.id : undefined);
      }
      const mod = done.get(key);
      if (mod !== undefined) createdMods.set(index, mod);
    }
  } else if (unknown.length) {
    reporter.note(`${unknown.length} file(s) name a mod Depot does not have; Depot will refuse them:`);
    for (const { index, facts } of unknown) {
      const what = facts ? `${facts.id}${facts.name ? ` (${facts.name})` : ''}` : 'its metadata names no mod';
      reporter.note(`  ${files[index].name}: ${what}`);
    }
    reporter.note('Add --create-mods to create them, or give each its mod with --mod <file>=<slug>.');
  }

  // 5. Release, in one request.
  const included = refs.map((_, i) => i).filter((i) => !leftOut.has(i));
  const request = releaseRequest(
    opts,
    included.map((i) => modEntry(refs[i], opts.overrides.get(refs[i].name), createdMods.get(i))),
    notes,
  );
  try {
    return { request, answer: await api.release(opts.pack, request) };
  } catch (err) {
    if (err instanceof DepotApiError) err.entryNames = included.map((i) => refs[i].name);
    throw err;
  }
}
