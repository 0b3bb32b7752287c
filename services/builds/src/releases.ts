// A release (docs/releases.md): a new build made from another's mods (or none), with mods set and
// removed, published and made the modpack's latest or recommended, all in one transaction: the
// launcher's reads see the old state or the whole new build. The same request again finds the
// build exactly as asked and changes nothing (its end flags are still applied, so a release can be
// promoted by asking again with set_recommended); a build of that version with other contents is
// refused. The modpack's row is locked for the whole transaction: releases, build creates and the
// latest/recommended flags of one modpack are taken one at a time.
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, FIELD_MESSAGES, fieldError, selectedInvalid } from '@depot/common';
import { type Orm, type OutboxRelay } from '@depot/common/runtime';
import { findWritableModpack, type Access } from './access';
import { BuildSchema, type Build } from './entities/build';
import { enqueueBuildChange, enqueuePromotions } from './release-events';
import { enterAssignmentWrite } from './tombstones';

export type BuildSettings = Pick<Build, 'minecraft' | 'forge' | 'minJava' | 'minMemory' | 'loader' | 'loaderVersion'>;

export interface ReleaseRequest {
  slug: string;
  access: Access;
  version: string;
  /** '': nothing; 'recommended', 'latest', or a build's version. */
  from: string;
  /** The settings given (the others are from's). */
  settings: Partial<BuildSettings>;
  /** Mod id → version id (0: to be created, in a dry run). */
  mods: { modId: number; versionId: number }[];
  remove: number[];
  notes?: string;
  publish: boolean;
  setLatest: boolean;
  setRecommended: boolean;
  dryRun: boolean;
}

export interface ReleaseResult {
  build?: Build;
  changed: boolean;
  from: string;
  /** from 0: added; removed: left out (to 0). */
  changes: { modId: number; from: number; to: number; removed: boolean }[];
  unchanged: number;
  latest: boolean;
  recommended: boolean;
  created: boolean;
}

const SETTINGS = ['minecraft', 'forge', 'minJava', 'minMemory', 'loader', 'loaderVersion'] as const;

export class Releases {
  constructor(
    private readonly orm: Orm,
    private readonly relay: OutboxRelay | undefined,
  ) {}

  async release(req: ReleaseRequest): Promise<ReleaseResult> {
    const em = this.orm.em.fork() as SqlEntityManager;
    const result = await em.transactional((tx) => this.run(tx, req));
    if (result.changed && !req.dryRun) this.relay?.kick();
    return result;
  }

  private async run(tx: SqlEntityManager, req: ReleaseRequest): Promise<ReleaseResult> {
    // Assignments are stored: no detach may run in between (tombstones.ts).
    await enterAssignmentWrite(tx);
    const modpack = await findWritableModpack(tx, req.slug, req.access, LockMode.PESSIMISTIC_WRITE);
    const fromVersion =
      req.from === 'recommended' ? modpack.recommended : req.from === 'latest' ? modpack.latest : req.from;
    if (fromVersion === null) throw selectedInvalid('from');
    const base = fromVersion ? await tx.findOne(BuildSchema, { modpackId: modpack.id, version: fromVersion }) : null;
    if (fromVersion && !base) throw selectedInvalid('from');
    const baseMods = base ? await modsOf(tx, base.id) : new Map<number, number>();

    const settings: BuildSettings = {
      minecraft: base?.minecraft ?? '',
      forge: base?.forge ?? null,
      minJava: base?.minJava ?? null,
      minMemory: base?.minMemory ?? null,
      loader: base?.loader ?? null,
      loaderVersion: base?.loaderVersion ?? null,
      ...req.settings,
    };
    if (!settings.minecraft) throw DepotError.fields(fieldError('minecraft', FIELD_MESSAGES.required));

    const wanted = new Map(baseMods);
    const notInBase = req.remove.flatMap((modId, i) => (baseMods.has(modId) ? [] : [i]));
    if (notInBase.length) {
      throw DepotError.fields(
        Object.fromEntries(
          notInBase.map((i) => [`remove.${i}`, ['The mod is not in the build the release starts from.']]),
        ),
      );
    }
    for (const modId of req.remove) wanted.delete(modId);
    for (const m of req.mods) wanted.set(m.modId, m.versionId);
    await assertNoneDeleted(tx, req.mods);

    const changes: ReleaseResult['changes'] = [];
    let unchanged = 0;
    for (const modId of new Set([...baseMods.keys(), ...wanted.keys()])) {
      const from = baseMods.get(modId) ?? 0;
      const to = wanted.get(modId) ?? 0;
      // (A version to be created, 0 in a dry run, is a change even for a mod from does not have.)
      if (baseMods.has(modId) && wanted.has(modId) && from === to) unchanged++;
      else changes.push({ modId, from, to, removed: !wanted.has(modId) });
    }
    const summary = { from: fromVersion, changes, unchanged };

    const existing = await tx.findOne(BuildSchema, { modpackId: modpack.id, version: req.version });
    if (existing) {
      const same =
        SETTINGS.every((k) => existing[k] === settings[k]) && sameMods(await modsOf(tx, existing.id), wanted);
      if (!same) {
        throw new DepotError('RELEASE_BUILD_DIFFERS', {}, `Build ${req.version} exists with other contents.`);
      }
    }
    // What the end flags change (an existing build may be published or promoted again).
    const publish = req.publish && !existing?.isPublished;
    const latest = req.setLatest && modpack.latest !== req.version;
    const recommended = req.setRecommended && modpack.recommended !== req.version;
    const changed = !existing || publish || latest || recommended;
    // What the build is after the release (the modpack's latest, recommended), asked now or before.
    const flags = {
      latest: req.setLatest || modpack.latest === req.version,
      recommended: req.setRecommended || modpack.recommended === req.version,
    };
    if (req.dryRun || !changed) return { ...summary, build: existing ?? undefined, changed, ...flags, created: false };

    const before = { recommended: modpack.recommended, latest: modpack.latest };
    const wasPublished = existing?.isPublished ?? false;
    let build = existing;
    if (!build) {
      build = tx.create(BuildSchema, {
        modpackId: modpack.id,
        version: req.version,
        ...settings,
        isPublished: req.publish,
        private: false,
      } as Build);
      await tx.flush();
      // A mod kept from `from` keeps where it runs in that build (docs/archives.md#sides).
      const sides = base ? await sidesOf(tx, base.id) : new Map<number, string>();
      await tx.execute(
        `insert into build_mods (build_id, mod_id, mod_version_id, side)
         select ?, m.mod_id, m.version_id, m.side
           from jsonb_to_recordset(?::jsonb) as m(mod_id int, version_id int, side text)`,
        [
          build.id,
          JSON.stringify(
            [...wanted].map(([mod_id, version_id]) => ({ mod_id, version_id, side: sides.get(mod_id) ?? null })),
          ),
        ],
      );
      if (req.notes)
        await tx.execute('insert into release_notes (build_id, notes) values (?, ?)', [build.id, req.notes]);
    } else if (publish) {
      build.isPublished = true;
    }
    if (latest) modpack.latest = req.version;
    if (recommended) modpack.recommended = req.version;
    await tx.flush();
    // An existing build is released only as it is: no published contents change.
    enqueueBuildChange(tx, modpack, build, wasPublished, false);
    enqueuePromotions(tx, modpack, before);
    return { ...summary, build, changed, ...flags, created: !existing };
  }
}

/** A build's mods: mod id → version id (one query). */
async function modsOf(tx: SqlEntityManager, buildId: number): Promise<Map<number, number>> {
  const rows = await tx.execute<{ mod_id: number; mod_version_id: number }[]>(
    'select mod_id, mod_version_id from build_mods where build_id = ?',
    [buildId],
  );
  return new Map(rows.map((r) => [r.mod_id, r.mod_version_id]));
}

/** The sides set on a build's assignments: mod id → side (one query). */
async function sidesOf(tx: SqlEntityManager, buildId: number): Promise<Map<number, string>> {
  const rows = await tx.execute<{ mod_id: number; side: string }[]>(
    'select mod_id, side from build_mods where build_id = ? and side is not null',
    [buildId],
  );
  return new Map(rows.map((r) => [r.mod_id, r.side]));
}

const sameMods = (a: Map<number, number>, b: Map<number, number>) =>
  a.size === b.size && [...a].every(([mod, version]) => b.get(mod) === version);

/**
 * Refuses mods and versions catalog deleted, or whose delete is reserved, since it answered (as
 * assertNotDeleted does for one assignment, tombstones.ts), in one query. A version created by this
 * release (0 in a dry run) is new: nothing can have deleted it.
 */
async function assertNoneDeleted(tx: SqlEntityManager, mods: { modId: number; versionId: number }[]): Promise<void> {
  const versions = mods.map((m) => m.versionId).filter((id) => id > 0);
  if (!mods.length) return;
  const [row] = await tx.execute<{ gone: boolean }[]>(
    `select exists(select 1 from deleted_mods where mod_id = any(string_to_array(?, ',')::int[]))
         or exists(select 1 from deleted_mod_versions where mod_version_id = any(string_to_array(?, ',')::int[]))
         or exists(select 1 from version_deletions where mod_version_id = any(string_to_array(?, ',')::int[])) as gone`,
    [mods.map((m) => m.modId).join(','), versions.join(','), versions.join(',')],
  );
  if (row.gone) throw new DepotError('VERSION_NOT_FOUND');
}
