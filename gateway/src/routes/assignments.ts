// Build-mod assignments (compat.md §4): one version of a mod per build. The builds service
// resolves the mod version with the catalog; body errors answer only once the build, the mod and
// (for an update) its assignment were found (compat.md §6).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DepotError } from '@depot/common';
import type { buildsV1 } from '@depot/proto';
import { accessOf, requirePermission } from '../auth';
import { isStorableText, rules, validBody } from '../validation';
import { buildTarget } from './builds';

export const addBody = z.object({ mod_slug: rules.string(), mod_version: rules.string() });
export const updateBody = addBody.pick({ mod_version: true });

type BuildParams = { slug: string; build: string };
type AssignmentParams = BuildParams & { mod_slug: string };

export async function assignmentsRoutes(app: FastifyInstance) {
  const { clients } = app.deps;
  const { builds, catalog } = clients;

  /** A mod segment that cannot name a mod answers as an absent mod does, after the build's checks. */
  const modSlugOf = async (target: { slug: string; version: string }, modSlug: string, access: buildsV1.Access) => {
    if (isStorableText(modSlug)) return modSlug;
    await builds.CheckTarget({ ...target, access });
    throw new DepotError('MOD_NOT_FOUND');
  };

  app.post<{ Params: BuildParams }>('/api/modpack/:slug/:build/mod', async (req, reply) => {
    const principal = await requirePermission(req, clients, 'modpacks_manage');
    const access = accessOf(principal);
    const { slug, version } = await buildTarget(builds, req.params, access);
    // A mod the body names that does not exist answers 404 before the other fields are judged.
    const body = await validBody(addBody, req.body, async () => {
      await builds.CheckTarget({ slug, access, version });
      const named = (req.body as { mod_slug?: unknown } | undefined)?.mod_slug;
      if (typeof named === 'string' && named !== '' && isStorableText(named)) await catalog.GetMod({ slug: named });
    });
    await builds.AddBuildMod({ slug, version, access, mod_slug: body.mod_slug, mod_version: body.mod_version });
    return reply.status(201).send({ success: 'Mod added to build.' });
  });

  app.put<{ Params: AssignmentParams }>('/api/modpack/:slug/:build/mod/:mod_slug', async (req) => {
    const principal = await requirePermission(req, clients, 'modpacks_manage');
    const access = accessOf(principal);
    const { slug, version } = await buildTarget(builds, req.params, access);
    const mod_slug = await modSlugOf({ slug, version }, req.params.mod_slug, access);
    // The mod and its assignment answer 404 before the body is judged.
    const body = await validBody(updateBody, req.body, () => builds.CheckTarget({ slug, access, version, mod_slug }));
    await builds.UpdateBuildMod({ slug, version, access, mod_slug, mod_version: body.mod_version });
    return { success: 'Mod version updated in build.' };
  });

  app.delete<{ Params: AssignmentParams }>('/api/modpack/:slug/:build/mod/:mod_slug', async (req) => {
    const principal = await requirePermission(req, clients, 'modpacks_manage');
    const access = accessOf(principal);
    const { slug, version } = await buildTarget(builds, req.params, access);
    const mod_slug = await modSlugOf({ slug, version }, req.params.mod_slug, access);
    await builds.RemoveBuildMod({ slug, version, access, mod_slug });
    return { success: 'Mod removed from build.' };
  });
}
