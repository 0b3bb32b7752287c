// Management reads (docs/api.md#management-reads): what the console and the pack doctor show of
// modpacks and builds, unpublished and private builds included. No launcher visibility applies:
// who may read a record is who may write it, so the caller's write scope is checked as for a
// write (modpack missing → 404, not accessible → 403, build missing → 404). Each read is a fixed
// number of queries whatever the number of modpacks, builds or assignments.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { ModSide } from '@depot/common';
import type { AsyncHandlers } from '@depot/common/grpc';
import type { Orm } from '@depot/common/runtime';
import type { BuildsServiceDefinition } from '@depot/proto';
import { findWritableBuild, findWritableModpack, NO_ACCESS, type Access } from './access';
import { BuildSchema, type Build } from './entities/build';
import { ModpackSchema, type Modpack } from './entities/modpack';
import { toBuildMessage, toModpackMessage } from './messages';

export interface ManagedModpack {
  modpack: Modpack;
  buildCount: number;
  publishedBuildCount: number;
}

export interface ManagedBuild {
  build: Build;
  /** Mod version ids in assignment order. */
  modVersionIds: number[];
  /** Where a mod runs in this build, where its assignment says. */
  sides: { versionId: number; side: ModSide }[];
}

export interface VersionUse {
  modVersionId: number;
  modpackId: number;
  modpackSlug: string;
  modpackName: string;
  buildId: number;
  buildVersion: string;
  buildPublished: boolean;
}

const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

export class Management {
  constructor(private readonly orm: Orm) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /** The modpacks the caller may manage with their build counts, id order. Two queries. */
  async listModpacks(access: Access): Promise<ManagedModpack[]> {
    if (!access.all && !access.modpack_ids.length) return [];
    const em = this.em();
    const modpacks = await em.find(ModpackSchema, access.all ? {} : { id: { $in: access.modpack_ids } }, {
      orderBy: { id: 'asc' },
    });
    if (!modpacks.length) return [];
    const counts = await em.execute<{ modpack_id: number; total: number; published: number }[]>(
      `select modpack_id, count(*)::int as total, (count(*) filter (where is_published))::int as published
         from builds where modpack_id = any(?::int[]) group by modpack_id`,
      [intArray(modpacks.map((m) => m.id))],
    );
    const byModpack = new Map(counts.map((c) => [c.modpack_id, c]));
    return modpacks.map((modpack) => ({
      modpack,
      buildCount: byModpack.get(modpack.id)?.total ?? 0,
      publishedBuildCount: byModpack.get(modpack.id)?.published ?? 0,
    }));
  }

  /** One modpack and every build with its assignments and their sides, creation order. Three queries. */
  async getModpack(slug: string, access: Access): Promise<{ modpack: Modpack; builds: ManagedBuild[] }> {
    const em = this.em();
    const modpack = await findWritableModpack(em, slug, access);
    const builds = await em.find(BuildSchema, { modpackId: modpack.id }, { orderBy: { id: 'asc' } });
    const assigned = await this.assignments(
      em,
      builds.map((b) => b.id),
    );
    return {
      modpack,
      builds: builds.map((build) => ({ build, ...(assigned.get(build.id) ?? { modVersionIds: [], sides: [] }) })),
    };
  }

  /** One build (unpublished ones too) and its assignments. Three queries. */
  async getBuild(slug: string, version: string, access: Access): Promise<ManagedBuild> {
    const em = this.em();
    const { build } = await findWritableBuild(em, slug, version, access);
    // Its assignments, and the sides set on them, in one query.
    const rows = await em.execute<{ mod_version_id: number; side: ModSide | null }[]>(
      'select mod_version_id, side from build_mods where build_id = ? order by id',
      [build.id],
    );
    return {
      build,
      modVersionIds: rows.map((r) => r.mod_version_id),
      sides: rows.flatMap((r) => (r.side ? [{ versionId: r.mod_version_id, side: r.side }] : [])),
    };
  }

  /** Every build of any modpack holding any of the versions, modpack then build order. One query. */
  async versionUses(versionIds: number[]): Promise<VersionUse[]> {
    if (!versionIds.length) return [];
    const rows = await this.em().execute<
      {
        mod_version_id: number;
        modpack_id: number;
        slug: string;
        name: string;
        build_id: number;
        version: string;
        is_published: boolean;
      }[]
    >(
      `select bm.mod_version_id, m.id as modpack_id, m.slug, m.name, b.id as build_id, b.version, b.is_published
         from build_mods bm
         join builds b on b.id = bm.build_id
         join modpacks m on m.id = b.modpack_id
        where bm.mod_version_id = any(?::int[])
        order by m.id, b.id, bm.mod_version_id`,
      [intArray(versionIds)],
    );
    return rows.map((r) => ({
      modVersionId: r.mod_version_id,
      modpackId: r.modpack_id,
      modpackSlug: r.slug,
      modpackName: r.name,
      buildId: r.build_id,
      buildVersion: r.version,
      buildPublished: r.is_published,
    }));
  }

  /**
   * Build id → its mod version ids in assignment order and the sides set on them: one query for
   * any number of builds.
   */
  private async assignments(
    em: SqlEntityManager,
    buildIds: number[],
  ): Promise<Map<number, Pick<ManagedBuild, 'modVersionIds' | 'sides'>>> {
    if (!buildIds.length) return new Map();
    const rows = await em.execute<{ build_id: number; ids: number[]; sides: [number, ModSide][] | null }[]>(
      `select build_id, array_agg(mod_version_id order by id) as ids,
              json_agg(json_build_array(mod_version_id, side)) filter (where side is not null) as sides
         from build_mods where build_id = any(?::int[]) group by build_id`,
      [intArray(buildIds)],
    );
    return new Map(
      rows.map((r) => [
        r.build_id,
        { modVersionIds: r.ids, sides: (r.sides ?? []).map(([versionId, side]) => ({ versionId, side })) },
      ]),
    );
  }
}

export type ManagementMethods = 'ListManagedModpacks' | 'GetManagedModpack' | 'GetManagedBuild' | 'ListVersionUses';

/** The gRPC methods of the management reads. */
export function managementHandlers(
  management: Management,
): Pick<AsyncHandlers<BuildsServiceDefinition>, ManagementMethods> {
  const managedBuild = (b: ManagedBuild, withIds: boolean) => ({
    build: toBuildMessage(b.build),
    mod_count: b.modVersionIds.length,
    mod_version_ids: withIds ? b.modVersionIds : [],
    sides: withIds ? b.sides.map((s) => ({ mod_version_id: s.versionId, side: s.side })) : [],
  });
  return {
    async ListManagedModpacks(req) {
      const list = await management.listModpacks(req.access ?? NO_ACCESS);
      return {
        modpacks: list.map((m) => ({
          modpack: toModpackMessage(m.modpack),
          build_count: m.buildCount,
          published_build_count: m.publishedBuildCount,
        })),
      };
    },
    async GetManagedModpack(req) {
      const { modpack, builds } = await management.getModpack(req.slug, req.access ?? NO_ACCESS);
      return {
        modpack: toModpackMessage(modpack),
        builds: builds.map((b) => managedBuild(b, req.with_mod_version_ids)),
      };
    },
    async GetManagedBuild(req) {
      return managedBuild(await management.getBuild(req.slug, req.version, req.access ?? NO_ACCESS), true);
    },
    async ListVersionUses(req) {
      const uses = await management.versionUses(req.mod_version_ids);
      return {
        uses: uses.map((u) => ({
          mod_version_id: u.modVersionId,
          modpack_id: u.modpackId,
          modpack_slug: u.modpackSlug,
          modpack_name: u.modpackName,
          build_id: u.buildId,
          build_version: u.buildVersion,
          build_published: u.buildPublished,
        })),
      };
    },
  };
}
