// Build-mod assignments (docs/api.md#build-mods): one version of a mod per build. The builds
// service resolves the mod version with the catalog; body errors answer only once the build, the
// mod and (for an update) its assignment were found.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isStorableText } from '@depot/common';
import * as res from '../schemas';
import { route, segment } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { rawField, rules } from '../../pipeline/validation';
import { buildParams } from './builds';
import { staleModpack } from './modpacks';

const addBody = z.object({ mod_slug: rules.string(), mod_version: rules.string() });
const updateBody = addBody.pick({ mod_version: true });
export const assignmentParams = buildParams.extend({
  mod_slug: segment('MOD_NOT_FOUND', 'Slug of the mod in the build, percent-encoded.'),
});

export function assignmentsRoutes(app: FastifyInstance) {
  const { catalog } = app.deps.clients;

  return [
    route({
      method: 'POST',
      url: '/api/modpack/:slug/:build/mod',
      tag: 'Builds',
      summary: 'Add a mod version to a build',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: buildParams,
      // A mod the body names that does not exist answers 404 before the body's other fields are judged.
      target: async ({ req }) => {
        const named = rawField(req.body, 'mod_slug');
        if (typeof named === 'string' && named !== '' && isStorableText(named)) await catalog.GetMod({ slug: named });
      },
      missing: ['MOD_NOT_FOUND', 'VERSION_NOT_FOUND'],
      body: addBody,
      status: 201,
      response: res.success('Mod added to build.'),
      returns: 'Added.',
      answers: {
        422: invalid(
          '`{"error": "Mod version already in build."}` or `{"error": "Another version of this mod is already in the build. Use PUT to update it."}`',
        ),
      },
      invalidates: staleModpack,
      handler: async ({ params, body, builds }) => {
        await builds.AddBuildMod({
          slug: params.slug,
          version: params.build,
          mod_slug: body.mod_slug,
          mod_version: body.mod_version,
        });
        return { success: 'Mod added to build.' as const };
      },
    }),
    route({
      method: 'PUT',
      url: '/api/modpack/:slug/:build/mod/:mod_slug',
      tag: 'Builds',
      summary: 'Change the version of a mod in a build',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: assignmentParams,
      missing: ['ASSIGNMENT_NOT_FOUND', 'VERSION_NOT_FOUND'],
      body: updateBody,
      response: res.success('Mod version updated in build.'),
      returns: 'Updated.',
      answers: {
        422: invalid(),
      },
      invalidates: staleModpack,
      handler: async ({ params, body, builds }) => {
        await builds.UpdateBuildMod({
          slug: params.slug,
          version: params.build,
          mod_slug: params.mod_slug,
          mod_version: body.mod_version,
        });
        return { success: 'Mod version updated in build.' as const };
      },
    }),
    route({
      method: 'DELETE',
      url: '/api/modpack/:slug/:build/mod/:mod_slug',
      tag: 'Builds',
      summary: 'Remove a mod from a build',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: assignmentParams,
      missing: ['ASSIGNMENT_NOT_FOUND'],
      response: res.success('Mod removed from build.'),
      returns: 'Removed.',
      invalidates: staleModpack,
      handler: async ({ params, builds }) => {
        await builds.RemoveBuildMod({
          slug: params.slug,
          version: params.build,
          mod_slug: params.mod_slug,
        });
        return { success: 'Mod removed from build.' as const };
      },
    }),
  ];
}
