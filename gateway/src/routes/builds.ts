// Build writes (contract.md §4.4): modpacks_manage plus access to the modpack. Body errors answer
// only after the modpack (and build) were found accessible (compat.md §6 order of checks).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DepotError } from '@depot/common';
import type { buildsV1 } from '@depot/proto';
import { accessOf, requirePermission } from '../auth';
import type { ServiceClients } from '../clients';
import { buildRecord } from '../modpack-views';
import { isStorableText, named, orUnset, presentFields, rules, validBody } from '../validation';

const buildFields = {
  version: rules.version(),
  minecraft: rules.string(),
  forge: rules.nullable(rules.string()),
  is_published: rules.boolean().optional(),
  private: rules.boolean().optional(),
  min_java: rules.nullable(rules.string()),
  min_memory: rules.nullable(rules.integer()),
};
export const createBody = z.object({ ...buildFields, clone_from: rules.nullable(rules.string()) });
export const updateBody = z.object(buildFields).partial();

type SlugParams = { slug: string };
type BuildParams = { slug: string; build: string };

/**
 * The modpack and build of a path, checked for values that cannot name one (validation.ts
 * `named`): those answer as absent ones do, a build only after its modpack's 404 and 403.
 */
export async function buildTarget(
  builds: ServiceClients['builds'],
  params: BuildParams,
  access: buildsV1.Access,
): Promise<{ slug: string; version: string }> {
  const slug = named(params.slug, 'MODPACK_NOT_FOUND');
  if (isStorableText(params.build)) return { slug, version: params.build };
  await builds.CheckTarget({ slug, access });
  throw new DepotError('BUILD_NOT_FOUND');
}

export async function buildsRoutes(app: FastifyInstance) {
  const { clients } = app.deps;
  const { builds } = clients;

  app.post<{ Params: SlugParams }>('/api/modpack/:slug/build', async (req, reply) => {
    const principal = await requirePermission(req, clients, 'modpacks_manage');
    const slug = named(req.params.slug, 'MODPACK_NOT_FOUND');
    const access = accessOf(principal);
    const body = await validBody(createBody, req.body, () => builds.CheckTarget({ slug, access }));
    const build = await builds.CreateBuild({
      slug,
      access,
      version: body.version,
      minecraft: body.minecraft,
      forge: orUnset(body.forge),
      is_published: body.is_published,
      private: body.private,
      min_java: orUnset(body.min_java),
      min_memory: orUnset(body.min_memory),
      clone_from: orUnset(body.clone_from),
    });
    return reply.status(201).send(buildRecord(build));
  });

  app.put<{ Params: BuildParams }>('/api/modpack/:slug/:build', async (req) => {
    const principal = await requirePermission(req, clients, 'modpacks_manage');
    const access = accessOf(principal);
    const { slug, version } = await buildTarget(builds, req.params, access);
    const body = await validBody(updateBody, req.body, () => builds.CheckTarget({ slug, access, version }));
    const build = await builds.UpdateBuild({
      slug,
      version,
      access,
      new_version: body.version,
      minecraft: body.minecraft,
      forge: orUnset(body.forge),
      is_published: body.is_published,
      private: body.private,
      min_java: orUnset(body.min_java),
      min_memory: orUnset(body.min_memory),
      update_mask: presentFields(body),
    });
    return buildRecord(build);
  });

  app.delete<{ Params: BuildParams }>('/api/modpack/:slug/:build', async (req) => {
    const principal = await requirePermission(req, clients, 'modpacks_manage');
    const access = accessOf(principal);
    const { slug, version } = await buildTarget(builds, req.params, access);
    await builds.DeleteBuild({ slug, version, access });
    return { success: 'Build deleted.' };
  });
}
