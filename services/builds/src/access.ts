// Who may see or touch which modpack, and the lookups every write starts with, in the check
// order of docs/api.md#order-of-checks: modpack missing → 404, not accessible → 403, build missing → 404.
import type { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { canAccess, DepotError } from '@depot/common';
import { BuildSchema, type Build } from './entities/build';
import { ModpackSchema, type Modpack } from './entities/modpack';

/** What the gateway resolved for the caller: everything, or a list of modpack ids. */
export interface Access {
  all: boolean;
  modpack_ids: number[];
}

export const NO_ACCESS: Access = { all: false, modpack_ids: [] };

// The visibility rules live in @depot/common (shared with the gateway's response cache).
export { canAccess };

export async function findWritableModpack(
  em: SqlEntityManager,
  slug: string,
  access: Access,
  lockMode?: LockMode,
): Promise<Modpack> {
  const modpack = await em.findOne(ModpackSchema, { slug }, lockMode ? { lockMode } : {});
  if (!modpack) throw new DepotError('MODPACK_NOT_FOUND');
  if (!canAccess(access, modpack.id)) throw new DepotError('FORBIDDEN');
  return modpack;
}

export async function findBuild(em: SqlEntityManager, modpackId: number, version: string): Promise<Build> {
  const build = await em.findOne(BuildSchema, { modpackId, version });
  if (!build) throw new DepotError('BUILD_NOT_FOUND');
  return build;
}

export async function findWritableBuild(
  em: SqlEntityManager,
  slug: string,
  version: string,
  access: Access,
): Promise<{ modpack: Modpack; build: Build }> {
  const modpack = await findWritableModpack(em, slug, access);
  return { modpack, build: await findBuild(em, modpack.id, version) };
}
