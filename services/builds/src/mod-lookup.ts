// The seam between builds and catalog: assignments name mods by slug and version, catalog owns
// them and answers with ids (or MOD_NOT_FOUND / VERSION_NOT_FOUND, passed on unchanged).
import { DepotError } from '@depot/common';
import { fromServiceError, isUnavailable, type PromiseClient } from '@depot/common/grpc';
import type { CatalogServiceDefinition } from '@depot/proto';

export interface ModLookup {
  findVersion(modSlug: string, version: string): Promise<{ id: number; modId: number }>;
  findModId(modSlug: string): Promise<number>;
}

function asDepotError(err: unknown): unknown {
  return fromServiceError(err) ?? (isUnavailable(err) ? new DepotError('UNAVAILABLE') : err);
}

export function catalogModLookup(catalog: PromiseClient<CatalogServiceDefinition>): ModLookup {
  return {
    async findVersion(modSlug, version) {
      try {
        const v = await catalog.GetVersion({ slug: modSlug, version });
        return { id: v.id, modId: v.mod_id };
      } catch (err) {
        throw asDepotError(err);
      }
    },
    async findModId(modSlug) {
      try {
        return (await catalog.GetMod({ slug: modSlug })).id;
      } catch (err) {
        throw asDepotError(err);
      }
    },
  };
}
