// Modpack writes (compat.md §4): create, update, delete and clone. The builds service applies
// the 404 → 403 order itself from the caller's access; creators and cloners get access granted.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { buildsV1 } from '@depot/proto';
import { accessOf, requirePermission, type Principal } from '../auth';
import { modpackRecord } from '../modpack-views';
import { named, orUnset, presentFields, rules, validBody } from '../validation';

const order = () => rules.nullable(rules.integer({ min: -2147483648 }));
export const createBody = z.object({
  name: rules.string(),
  slug: rules.slug(),
  url: rules.nullable(rules.url()),
  hidden: rules.boolean().optional(),
  private: rules.boolean().optional(),
  order: order(),
});
export const updateBody = createBody
  .extend({ recommended: rules.nullable(rules.version()), latest: rules.nullable(rules.version()) })
  .partial();
export const cloneBody = z.object({ name: rules.string(), slug: rules.slug(), hidden: rules.boolean().optional() });

type SlugParams = { slug: string };

export async function modpacksRoutes(app: FastifyInstance) {
  const { clients, logger } = app.deps;
  const { builds } = clients;

  /**
   * Gives the creator access to a new modpack. If that fails the modpack is removed again, so a
   * failed request leaves nothing behind that its author could not manage.
   */
  const grantOrUndo = async (principal: Principal, modpack: buildsV1.Modpack__Output) => {
    try {
      await clients.auth.GrantModpackAccess({ user_id: principal.user_id, modpack_id: modpack.id });
    } catch (err) {
      await builds
        .DeleteModpack({ slug: modpack.slug, access: { all: true, modpack_ids: [] } })
        .catch((undoErr) =>
          logger.error({ err: String(undoErr), modpack_id: modpack.id }, 'could not undo modpack creation'),
        );
      throw err;
    }
  };

  app.post('/api/modpack', async (req, reply) => {
    const principal = await requirePermission(req, clients, 'modpacks_create');
    const body = await validBody(createBody, req.body);
    const modpack = await builds.CreateModpack({
      name: body.name,
      slug: body.slug,
      url: orUnset(body.url),
      hidden: body.hidden,
      private: body.private,
      order: orUnset(body.order),
    });
    await grantOrUndo(principal, modpack);
    return reply.status(201).send(modpackRecord(modpack));
  });

  app.put<{ Params: SlugParams }>('/api/modpack/:slug', async (req) => {
    const principal = await requirePermission(req, clients, 'modpacks_manage');
    const slug = named(req.params.slug, 'MODPACK_NOT_FOUND');
    const access = accessOf(principal);
    const body = await validBody(updateBody, req.body, () => builds.CheckTarget({ slug, access }));
    const modpack = await builds.UpdateModpack({
      slug,
      access,
      name: body.name,
      new_slug: body.slug,
      url: orUnset(body.url),
      hidden: body.hidden,
      private: body.private,
      // A null order means the default, as on create.
      order: orUnset(body.order),
      recommended: orUnset(body.recommended),
      latest: orUnset(body.latest),
      update_mask: presentFields(body),
    });
    return modpackRecord(modpack);
  });

  app.delete<{ Params: SlugParams }>('/api/modpack/:slug', async (req) => {
    const principal = await requirePermission(req, clients, 'modpacks_delete');
    await builds.DeleteModpack({ slug: named(req.params.slug, 'MODPACK_NOT_FOUND'), access: accessOf(principal) });
    return { success: 'Modpack deleted.' };
  });

  app.post<{ Params: SlugParams }>('/api/modpack/:slug/clone', async (req, reply) => {
    const principal = await requirePermission(req, clients, 'modpacks_create');
    const slug = named(req.params.slug, 'MODPACK_NOT_FOUND');
    const access = accessOf(principal);
    const body = await validBody(cloneBody, req.body, () => builds.CheckTarget({ slug, access }));
    const modpack = await builds.CloneModpack({
      source_slug: slug,
      access,
      name: body.name,
      slug: body.slug,
      hidden: body.hidden,
    });
    await grantOrUndo(principal, modpack);
    return reply.status(201).send(modpackRecord(modpack));
  });
}
