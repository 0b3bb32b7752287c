// Management reads (docs/api.md#management-reads): a mod with its version records, and versions
// by ids with their mods, for the console and the pack doctor. Two queries each, whatever the
// number of versions.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, sideOfFacts } from '@depot/common';
import { type AsyncHandlers } from '@depot/common/grpc';
import { type Orm } from '@depot/common/runtime';
import type { CatalogServiceDefinition } from '@depot/proto';
import { ModSchema, type Mod } from './entities/mod';
import { ModVersionSchema, type ModVersion } from './entities/mod-version';
import { toModMessage, toVersionMessage } from './messages';
import { sortByName } from './sort';

export interface VersionWithMod {
  version: ModVersion;
  mod: Pick<Mod, 'id' | 'name' | 'prettyName'>;
}

export class CatalogManagement {
  constructor(private readonly orm: Orm) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /** The mod by exact name and its versions in creation order, with what their archives' metadata said. */
  async modWithVersions(slug: string): Promise<{ mod: Mod; versions: ModVersion[] }> {
    const em = this.em();
    const mod = await em.findOne(ModSchema, { name: slug });
    if (!mod) throw new DepotError('MOD_NOT_FOUND');
    const versions = await em.find(
      ModVersionSchema,
      { modId: mod.id },
      { orderBy: { id: 'asc' }, populate: ['metadata'] },
    );
    return { mod, versions };
  }

  /**
   * The versions that still exist among `ids`, with their mods, in the launcher's mod order; with
   * `withMetadata`, what their archives' metadata said too (a lazy column).
   */
  async versionsByIds(ids: number[], withMetadata = false): Promise<VersionWithMod[]> {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return [];
    const em = this.em();
    const versions = await em.find(
      ModVersionSchema,
      { id: { $in: wanted } },
      withMetadata ? { populate: ['metadata'] } : {},
    );
    if (!versions.length) return [];
    const mods = await em.find(
      ModSchema,
      { id: { $in: [...new Set(versions.map((v) => v.modId))] } },
      { fields: ['id', 'name', 'prettyName'] },
    );
    const byId = new Map(mods.map((m) => [m.id, m]));
    const joined = versions.flatMap((version) => {
      const mod = byId.get(version.modId);
      return mod ? [{ version, mod }] : [];
    });
    return sortByName(
      joined,
      (v) => v.mod.name,
      (v) => v.version.id,
    );
  }
}

export type ManagementMethods = 'GetModVersions' | 'GetVersionsByIds';

/** The gRPC methods of the management reads. */
export function managementHandlers(
  management: CatalogManagement,
): Pick<AsyncHandlers<CatalogServiceDefinition>, ManagementMethods> {
  return {
    async GetModVersions(req) {
      const { mod, versions } = await management.modWithVersions(req.slug);
      return { mod: toModMessage(mod), versions: versions.map(toVersionMessage) };
    },
    async GetVersionsByIds(req) {
      const found = await management.versionsByIds(req.ids, req.with_metadata_side);
      return {
        versions: found.map(({ version, mod }) => ({
          // What the metadata says of the side, not the metadata itself: the answer stays small.
          version: {
            ...toVersionMessage({ ...version, metadata: undefined }),
            metadata_side: version.metadata ? sideOfFacts(version.metadata.mods) : undefined,
          },
          mod_name: mod.name,
          mod_pretty_name: mod.prettyName,
        })),
      };
    },
  };
}
