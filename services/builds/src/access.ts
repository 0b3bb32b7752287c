// Who may see or touch which modpack, and the lookups every write starts with, in the check
// order of docs/api.md#order-of-checks: modpack missing → 404, not accessible → 403, build missing → 404.
import type { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { canAccess, DepotError, selectedInvalid } from '@depot/common';
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

/**
 * The modpack whose build a new build's mods are copied from: the target itself, or the one named
 * by `clone_from_modpack`, which the caller must be able to manage too (Solder's 403). One that is
 * gone answers as the gateway answers an unknown slug: it existed when the body was judged.
 */
export async function findCloneSource(
  em: SqlEntityManager,
  targetId: number,
  access: Access,
  slug: string | undefined,
): Promise<number> {
  if (slug === undefined) return targetId;
  const source = await em.findOne(ModpackSchema, { slug }, { fields: ['id'] });
  if (!source) throw selectedInvalid('clone_from_modpack');
  if (!canAccess(access, source.id)) throw new DepotError('CLONE_SOURCE_FORBIDDEN');
  return source.id;
}
