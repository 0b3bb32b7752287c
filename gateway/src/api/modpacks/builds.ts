// Builds of a modpack (docs/api.md#builds): modpacks_manage plus access to the modpack. Body
// errors answer only after the modpack (and build) were found accessible.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SLUG_PATTERN } from '@depot/common';
import * as schemas from '../schemas';
import * as res from './schemas';
import { buildRecord } from './views';
import { route, segment } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { FIELD_MESSAGES } from '../../messages';
import { presentFields, rules, SELECTED_INVALID, unsetNulls } from '../../pipeline/validation';
import { modpackParams, staleModpack } from './modpacks';

const buildFields = {
  version: rules.version(),
  minecraft: rules.string(),
  forge: rules.nullable(rules.string()),
  is_published: rules.boolean().optional(),
  private: rules.boolean().optional(),
  min_java: rules.nullable(rules.string()),
  min_memory: rules.nullable(rules.integer()),
};
const updateBody = z.object(buildFields).partial();

export const buildParams = modpackParams.extend({
  build: segment('BUILD_NOT_FOUND', 'Build version string (exact, case-sensitive), percent-encoded.'),
});
const DUPLICATE = '`{"error": "Build version already exists for this modpack."}`';
const CLONE_FORBIDDEN =
  '"You do not have permission to clone from that modpack.": `clone_from` and `clone_from_modpack` name a modpack the caller has no access to.';

export function buildsRoutes(app: FastifyInstance) {
  const { builds } = app.deps.clients;

  /**
   * The modpack `clone_from` is looked up in (Solder's `exists` rule): a slug checked against builds
   * in one call, even without `clone_from`; an unknown one is reported with the other field errors.
   */
  const cloneFromModpack = rules.nullable(
    z
      .string({ error: FIELD_MESSAGES.string })
      .refine(
        async (slug) =>
          SLUG_PATTERN.test(slug) && (await builds.GetModpacksBySlugs({ slugs: [slug] })).modpacks.length > 0,
        SELECTED_INVALID,
      )
      .meta({ description: 'Slug of the modpack `clone_from` names a build of; absent: this modpack.' }),
  );
  const createBody = z.object({
    ...buildFields,
    clone_from: rules.nullable(rules.string()),
    clone_from_modpack: cloneFromModpack,
  });

  return [
    route({
      method: 'POST',
      url: '/api/modpack/:slug/build',
      tag: 'Builds',
      summary: 'Create a build',
      description:
        '`clone_from` copies the assignments of that build of the modpack `clone_from_modpack` (this one when absent), ' +
        'which the caller must have access to; a build that does not exist is ignored.',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: modpackParams,
      body: createBody,
      status: 201,
      response: res.buildRecord,
      returns: 'The new build.',
      answers: { 403: CLONE_FORBIDDEN, 422: invalid(DUPLICATE) },
      invalidates: staleModpack,
      handler: async ({ params, body, builds: scoped }) =>
        buildRecord(await scoped.CreateBuild({ slug: params.slug, ...unsetNulls(body) })),
    }),
    route({
      method: 'PUT',
      url: '/api/modpack/:slug/:build',
      tag: 'Builds',
      summary: 'Update a build',
      description: 'Only the fields sent change; publish a build with `is_published`.',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: buildParams,
      body: updateBody,
      response: res.buildRecord,
      returns: 'The updated build.',
      answers: { 422: invalid(DUPLICATE) },
      invalidates: staleModpack,
      handler: async ({ params, body: { version, ...fields }, builds: scoped }) =>
        buildRecord(
          await scoped.UpdateBuild({
            slug: params.slug,
            version: params.build,
            new_version: version,
            ...unsetNulls(fields),
            update_mask: presentFields({ version, ...fields }),
          }),
        ),
    }),
    route({
      method: 'DELETE',
      url: '/api/modpack/:slug/:build',
      tag: 'Builds',
      summary: 'Delete a build and its assignments',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: buildParams,
      response: schemas.success('Build deleted.'),
      returns: 'Deleted.',
      invalidates: staleModpack,
      handler: async ({ params, builds: scoped }) => {
        await scoped.DeleteBuild({ slug: params.slug, version: params.build });
        return { success: 'Build deleted.' as const };
      },
    }),
  ];
}
