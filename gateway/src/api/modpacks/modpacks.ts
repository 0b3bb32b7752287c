// Modpack writes (docs/api.md#modpacks): create, update, delete and clone. The builds service
// applies the 404 → 403 order itself from the caller's access (`modpackAccess`: the handlers'
// `builds`); creators and cloners are given access to the new modpack.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { buildsV1 } from '@depot/proto';
import type { Principal } from '../../pipeline/auth';
import { tag } from '../../cache/cache';
import * as schemas from '../schemas';
import * as res from './schemas';
import { modpackRecord } from './views';
import { route, segment } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { presentFields, rules, unsetNulls } from '../../pipeline/validation';

const order = () => rules.nullable(rules.integer({ min: -2147483648 }));
const createBody = z.object({
  name: rules.string(),
  slug: rules.slug(),
  url: rules.nullable(rules.url()),
  hidden: rules.boolean().optional(),
  private: rules.boolean().optional(),
  order: order(),
});
const updateBody = createBody
  .extend({ recommended: rules.nullable(rules.version()), latest: rules.nullable(rules.version()) })
  .partial();
const cloneBody = z.object({ name: rules.string(), slug: rules.slug(), hidden: rules.boolean().optional() });

export const modpackParams = z.object({ slug: segment('MODPACK_NOT_FOUND', 'Slug of the modpack, percent-encoded.') });

/** A write to a modpack, its builds or their mods makes the list and that modpack's reads stale. */
export const staleModpack = (params: { slug?: string }) =>
  params.slug === undefined ? [tag.modpackList] : [tag.modpackList, tag.modpackSlug(params.slug)];

export function modpacksRoutes(app: FastifyInstance) {
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
    return modpackRecord(modpack);
  };

  return [
    route({
      method: 'POST',
      url: '/api/modpack',
      tag: 'Modpacks',
      summary: 'Create a modpack',
      description: 'The creator is given access to the new modpack.',
      access: 'modpacks_create',
      body: createBody,
      status: 201,
      response: res.modpackRecord,
      returns: 'The new modpack.',
      answers: { 422: invalid() },
      invalidates: staleModpack,
      handler: async ({ body, principal }) => grantOrUndo(principal, await builds.CreateModpack(unsetNulls(body))),
    }),
    route({
      method: 'PUT',
      url: '/api/modpack/:slug',
      tag: 'Modpacks',
      summary: 'Update a modpack',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: modpackParams,
      body: updateBody,
      response: res.modpackRecord,
      returns: 'The updated modpack.',
      answers: { 422: invalid() },
      invalidates: staleModpack,
      handler: async ({ params, body: { slug, ...fields }, builds: scoped }) =>
        modpackRecord(
          await scoped.UpdateModpack({
            slug: params.slug,
            new_slug: slug,
            // A null field (a null order means the default, as on create) travels as unset; the mask says it was sent.
            ...unsetNulls(fields),
            update_mask: presentFields({ slug, ...fields }),
          }),
        ),
    }),
    route({
      method: 'DELETE',
      url: '/api/modpack/:slug',
      tag: 'Modpacks',
      summary: 'Delete a modpack, its builds and assignments',
      access: 'modpacks_delete',
      modpackAccess: true,
      params: modpackParams,
      response: schemas.success('Modpack deleted.'),
      returns: 'Deleted.',
      invalidates: staleModpack,
      handler: async ({ params, builds: scoped }) => {
        await scoped.DeleteModpack({ slug: params.slug });
        return { success: 'Modpack deleted.' as const };
      },
    }),
    route({
      method: 'POST',
      url: '/api/modpack/:slug/clone',
      tag: 'Modpacks',
      summary: 'Clone a modpack with every build and assignment',
      description: 'Needs access to the source modpack too; the cloner is given access to the new one.',
      access: 'modpacks_create',
      modpackAccess: true,
      params: modpackParams,
      body: cloneBody,
      status: 201,
      response: res.modpackRecord,
      returns: 'The new modpack.',
      answers: { 422: invalid() },
      invalidates: staleModpack,
      handler: async ({ params, body, principal, builds: scoped }) =>
        grantOrUndo(
          principal,
          await scoped.CloneModpack({
            source_slug: params.slug,
            name: body.name,
            slug: body.slug,
            hidden: body.hidden,
          }),
        ),
    }),
  ];
}
