// Changelogs (docs/releases.md#changelogs): what a build changes against another build of its
// modpack, the previous published one by default, and a modpack's releases (its published builds,
// each against the one before it). The mods of any number of build pairs are compared in one query
// (`diffPairs`); the catalog, which owns versions, names them in the gateway. Without an access
// nothing is refused but a missing modpack: the gateway applies the launcher's visibility per
// request, as it does for the launcher's build read, so that its cache serves every caller.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, formatTimestamp, type ModSide } from '@depot/common';
import type { AsyncHandlers, FullMessage } from '@depot/common/grpc';
import { enqueueEvent, type Orm, type OutboxRelay } from '@depot/common/runtime';
import type { BuildsServiceDefinition, buildsV1 } from '@depot/proto';
import { findWritableBuild, NO_ACCESS, type Access } from './access';
import { BuildSchema, type Build } from './entities/build';
import { ModpackSchema, type Modpack } from './entities/modpack';
import { toBuildMessage } from './messages';

/** One mod whose version or assignment side differ between two builds (0: absent from that build). */
export interface ModChange {
  modId: number;
  fromVersionId: number;
  toVersionId: number;
  fromSide: ModSide | null;
  toSide: ModSide | null;
}

export interface BuildChanges {
  build: Build;
  from: Build | null;
  fromMissing: boolean;
  notes: string | null;
  changes: ModChange[];
  unchanged: number;
}

export interface ChangesOf {
  modpack: Modpack;
  /** Null when the modpack has no build of that version (and no access was asked for). */
  changes: BuildChanges | null;
}

/** The most releases one list answers (the feed's entries). */
export const MAX_RELEASES = 50;

export class Changelogs {
  constructor(
    private readonly orm: Orm,
    private readonly relay: OutboxRelay | undefined,
  ) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /** `version` against `from` (a version), or the previous published build; checked as a write with `access`. */
  async changes(req: {
    slug: string;
    version: string;
    from?: string;
    access?: Access;
    withPrivate: boolean;
  }): Promise<ChangesOf> {
    const em = this.em();
    let modpack: Modpack;
    let build: Build | null;
    if (req.access) {
      ({ modpack, build } = await findWritableBuild(em, req.slug, req.version, req.access));
    } else {
      const found = await em.findOne(ModpackSchema, { slug: req.slug });
      if (!found) throw new DepotError('MODPACK_NOT_FOUND');
      modpack = found;
      build = await em.findOne(BuildSchema, { modpackId: modpack.id, version: req.version });
    }
    if (!build) return { modpack, changes: null };
    const from =
      req.from !== undefined
        ? await em.findOne(BuildSchema, { modpackId: modpack.id, version: req.from })
        : await em.findOne(
            BuildSchema,
            {
              modpackId: modpack.id,
              isPublished: true,
              id: { $lt: build.id },
              ...(req.withPrivate ? {} : { private: false }),
            },
            { orderBy: { id: 'desc' } },
          );
    const fromMissing = req.from !== undefined && !from;
    // (A `from` that names no build is refused by the caller: nothing to compare.)
    const [diff] = fromMissing ? [] : await diffPairs(em, [{ buildId: build.id, fromId: from?.id ?? null }]);
    const notes = await notesOf(em, [build.id]);
    return {
      modpack,
      changes: {
        build,
        from,
        fromMissing,
        notes: notes.get(build.id) ?? null,
        changes: diff?.changes ?? [],
        unchanged: diff?.unchanged ?? 0,
      },
    };
  }

  /**
   * The modpack's published builds, newest first (at most `limit`), each against the published
   * build before it; private ones left out (and not compared with) unless `withPrivate`. Five
   * queries whatever the number of releases.
   */
  async releases(
    slug: string,
    withPrivate: boolean,
    limit: number,
  ): Promise<{ modpack: Modpack; releases: BuildChanges[] }> {
    const em = this.em();
    const modpack = await em.findOne(ModpackSchema, { slug });
    if (!modpack) throw new DepotError('MODPACK_NOT_FOUND');
    const pairs = await em.execute<{ build_id: number; from_id: number | null }[]>(
      `select build_id, from_id from (
         select id as build_id, lag(id) over (order by id) as from_id from builds
          where modpack_id = ? and is_published and (? or not private)) r
        order by build_id desc limit ?`,
      [modpack.id, withPrivate, Math.max(0, Math.min(limit, MAX_RELEASES))],
    );
    if (!pairs.length) return { modpack, releases: [] };
    const ids = [...new Set(pairs.flatMap((p) => (p.from_id ? [p.build_id, p.from_id] : [p.build_id])))];
    const builds = new Map((await em.find(BuildSchema, { id: { $in: ids } })).map((b) => [b.id, b]));
    const diffs = new Map(
      (
        await diffPairs(
          em,
          pairs.map((p) => ({ buildId: p.build_id, fromId: p.from_id })),
        )
      ).map((d) => [d.buildId, d]),
    );
    const notes = await notesOf(
      em,
      pairs.map((p) => p.build_id),
    );
    return {
      modpack,
      releases: pairs.map((p) => ({
        build: builds.get(p.build_id)!,
        from: p.from_id ? builds.get(p.from_id)! : null,
        fromMissing: false,
        notes: notes.get(p.build_id) ?? null,
        changes: diffs.get(p.build_id)?.changes ?? [],
        unchanged: diffs.get(p.build_id)?.unchanged ?? 0,
      })),
    };
  }

  /** Sets (or, null, clears) a build's release notes; the build's launcher answer is unchanged. */
  async setNotes(slug: string, version: string, access: Access, notes: string | null): Promise<string | null> {
    await this.em().transactional(async (tx) => {
      const { modpack, build } = await findWritableBuild(tx, slug, version, access);
      if (notes === null) await tx.execute('delete from release_notes where build_id = ?', [build.id]);
      else {
        await tx.execute(
          `insert into release_notes (build_id, notes) values (?, ?)
           on conflict (build_id) do update set notes = excluded.notes`,
          [build.id, notes],
        );
      }
      // Changelogs are cached with the modpack's other reads: the same event makes them stale.
      enqueueEvent(tx, 'build.changed', { modpack_id: modpack.id, build_id: build.id });
    });
    this.relay?.kick();
    return notes;
  }
}

/**
 * The mods that differ between each build and the one it is compared with (`fromId` null: none,
 * every mod is added), and the number that do not: one query for any number of pairs.
 */
export async function diffPairs(
  em: SqlEntityManager,
  pairs: { buildId: number; fromId: number | null }[],
): Promise<{ buildId: number; changes: ModChange[]; unchanged: number }[]> {
  if (!pairs.length) return [];
  const rows = await em.execute<
    {
      build_id: number;
      unchanged: number;
      changes: {
        mod_id: number;
        from: number | null;
        to: number | null;
        from_side: ModSide | null;
        to_side: ModSide | null;
      }[];
    }[]
  >(
    `with pairs as (select * from jsonb_to_recordset(?::jsonb) as p(build_id int, from_id int)),
     a as (select p.build_id, bm.mod_id, bm.mod_version_id, bm.side
             from pairs p join build_mods bm on bm.build_id = p.from_id),
     b as (select p.build_id, bm.mod_id, bm.mod_version_id, bm.side
             from pairs p join build_mods bm on bm.build_id = p.build_id),
     d as (select coalesce(a.build_id, b.build_id) as build_id, coalesce(a.mod_id, b.mod_id) as mod_id,
                  a.mod_version_id as from_id, b.mod_version_id as to_id, a.side as from_side, b.side as to_side,
                  coalesce(a.mod_version_id = b.mod_version_id and a.side is not distinct from b.side, false) as same
             from a full join b on a.build_id = b.build_id and a.mod_id = b.mod_id)
     select build_id, (count(*) filter (where same))::int as unchanged,
            coalesce(jsonb_agg(jsonb_build_object('mod_id', mod_id, 'from', from_id, 'to', to_id,
                                                  'from_side', from_side, 'to_side', to_side)
                               order by mod_id) filter (where not same), '[]'::jsonb) as changes
       from d group by build_id`,
    [JSON.stringify(pairs.map((p) => ({ build_id: p.buildId, from_id: p.fromId })))],
  );
  return rows.map((r) => ({
    buildId: r.build_id,
    unchanged: r.unchanged,
    changes: r.changes.map((c) => ({
      modId: c.mod_id,
      fromVersionId: c.from ?? 0,
      toVersionId: c.to ?? 0,
      fromSide: c.from_side,
      toSide: c.to_side,
    })),
  }));
}

/** Build id → its release notes (one query). */
async function notesOf(em: SqlEntityManager, buildIds: number[]): Promise<Map<number, string>> {
  const rows = await em.execute<{ build_id: number; notes: string }[]>(
    'select build_id, notes from release_notes where build_id = any(?::int[])',
    [`{${buildIds.map((id) => Math.trunc(id)).join(',')}}`],
  );
  return new Map(rows.map((r) => [r.build_id, r.notes]));
}

export type ChangelogMethods = 'GetBuildChanges' | 'ListReleases' | 'SetReleaseNotes';

/** The gRPC methods of the changelogs. */
export function changelogHandlers(
  changelogs: Changelogs,
): Pick<AsyncHandlers<BuildsServiceDefinition>, ChangelogMethods> {
  const message = (c: BuildChanges): FullMessage<buildsV1.BuildChanges__Output> => ({
    build: toBuildMessage(c.build),
    from: c.from ? toBuildMessage(c.from) : undefined,
    from_missing: c.fromMissing,
    notes: c.notes ?? undefined,
    changes: c.changes.map((m) => ({
      mod_id: m.modId,
      from_version_id: m.fromVersionId,
      to_version_id: m.toVersionId,
      from_side: m.fromSide ?? undefined,
      to_side: m.toSide ?? undefined,
    })),
    unchanged: c.unchanged,
  });
  const modpackOf = (m: Modpack) => ({
    modpack_id: m.id,
    modpack_slug: m.slug,
    modpack_name: m.name,
    modpack_private: m.private,
  });
  return {
    async GetBuildChanges(req) {
      const { modpack, changes } = await changelogs.changes({
        slug: req.slug,
        version: req.version,
        ...(req.from !== undefined ? { from: req.from } : {}),
        ...(req.access ? { access: req.access } : {}),
        withPrivate: req.with_private,
      });
      return { ...modpackOf(modpack), ...(changes ? { changes: message(changes) } : {}) };
    },
    async ListReleases(req) {
      const { modpack, releases } = await changelogs.releases(req.slug, req.with_private, req.limit);
      return {
        ...modpackOf(modpack),
        releases: releases.map(message),
        modpack_updated_at: formatTimestamp(modpack.updatedAt),
      };
    },
    async SetReleaseNotes(req) {
      const notes = await changelogs.setNotes(req.slug, req.version, req.access ?? NO_ACCESS, req.notes ?? null);
      return notes === null ? {} : { notes };
    },
  };
}
