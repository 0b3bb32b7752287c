// Releases (docs/releases.md): which files Depot holds, and a build released in one request. The
// release is two calls: the catalog resolves the mods to versions, creating those made from held
// files (one transaction), then the builds service makes the build from them (one transaction,
// where launchers see it). When the second refuses, the versions the first created are deleted
// again, so that a refused release leaves nothing behind. Files are held by the hold route
// (archives/upload.ts), with the uploads it shares its body handling with.
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import type { PromiseClient } from '@depot/common/grpc';
import type { catalogV1, CatalogServiceDefinition } from '@depot/proto';
import { answerWith } from '../../pipeline/answers';
import { route } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { presentFields } from '../../pipeline/validation';
import { reasonMessage } from '../../messages';
import { modpackParams, staleModpack } from '../modpacks/modpacks';
import * as res from './schemas';
import { archiveLookup, releaseAnswer } from './views';

/** The versions a refused release created, deleted again; what cannot be is logged (a re-run reuses it). */
async function discardCreated(
  catalog: PromiseClient<CatalogServiceDefinition>,
  created: catalogV1.ReleaseVersion__Output[],
  logger: FastifyBaseLogger,
): Promise<void> {
  for (const v of created) {
    try {
      await catalog.DeleteVersion({ slug: v.mod, version: v.version });
    } catch (err) {
      logger.warn({ mod: v.mod, version: v.version, err: String(err) }, 'a refused release left a version behind');
    }
  }
}

export function releaseRoutes(app: FastifyInstance) {
  const { catalog } = app.deps.clients;
  return [
    route({
      method: 'POST',
      url: '/api/manage/archives/lookup',
      tag: 'Mods',
      summary: 'Which of these files Depot holds (by name and sha256)',
      description:
        'Before sending files for a release, a client asks which of them Depot already holds, so that it sends only ' +
        'the others (docs/releases.md#which-files-depot-holds).',
      access: 'mods_manage',
      body: res.lookupBody,
      response: res.lookupAnswer,
      returns: 'Each file asked about, in the order asked.',
      answers: { 422: invalid() },
      handler: async ({ body }) => ({
        files: (await catalog.LookupArchives({ files: body.files })).files.map(archiveLookup),
      }),
    }),
    route({
      method: 'POST',
      url: '/api/manage/modpacks/:slug/releases',
      tag: 'Builds',
      summary: 'Release a build in one request',
      description:
        "A new build from another build's mods (or none), with mods set (files Depot holds, or versions that exist) and " +
        'removed, published and made latest or recommended: all or nothing, idempotent, with a dry run ' +
        '(docs/releases.md#release-a-build).',
      access: 'modpacks_manage',
      alsoNeeds: 'mods_manage',
      modpackAccess: true,
      params: modpackParams,
      body: res.releaseBody,
      status: 201,
      response: res.releaseAnswer,
      returns: 'The build was made.',
      answers: {
        200: {
          description: 'A dry run, or the build exists already exactly as asked (nothing changed).',
          schema: res.releaseAnswer,
        },
        409: `"${reasonMessage('RELEASE_BUILD_DIFFERS')}": the build exists with other mods or settings.`,
        422: invalid(
          '`{"error": {"mods.3.file": ["Depot does not hold jei-1.0.jar with this sha256: send it first."]}}` and the ' +
            'other refusals of docs/releases.md',
        ),
      },
      invalidates: staleModpack,
      handler: async ({ params, body, builds, req }) => {
        const prepared = await catalog.PrepareRelease({
          mods: body.mods.map((m) => ({ file: m.file, mod: m.mod, version: m.version })),
          remove: body.remove,
          dry_run: body.dry_run,
        });
        const created = body.dry_run ? [] : prepared.mods.filter((m) => m.created);
        const settings = {
          minecraft: body.minecraft,
          forge: body.forge ?? undefined,
          min_java: body.min_java ?? undefined,
          min_memory: body.min_memory ?? undefined,
        };
        let released;
        try {
          released = await builds.ReleaseBuild({
            slug: params.slug,
            version: body.build,
            from: body.from ?? '',
            ...settings,
            update_mask: presentFields({
              minecraft: body.minecraft,
              forge: body.forge,
              min_java: body.min_java,
              min_memory: body.min_memory,
            }),
            mods: prepared.mods.map((m) => ({ mod_id: m.mod_id, mod_version_id: m.version_id })),
            remove: prepared.remove.map((m) => m.mod_id),
            ...(body.notes ? { notes: body.notes } : {}),
            publish: body.publish,
            set_latest: body.set_latest,
            set_recommended: body.set_recommended,
            dry_run: body.dry_run,
          });
        } catch (err) {
          await discardCreated(catalog, created, req.log);
          throw err;
        }
        // The versions the changes name: the release's own, and from's (one call).
        const names = new Map(prepared.mods.map((m) => [m.version_id, { mod: m.mod, version: m.version }]));
        const unknown = [
          ...new Set(released.changes.map((c) => c.from_version_id).filter((id) => id > 0 && !names.has(id))),
        ];
        if (unknown.length) {
          for (const v of (await catalog.GetVersionsByIds({ ids: unknown })).versions) {
            names.set(v.version!.id, { mod: v.mod_name, version: v.version!.version });
          }
        }
        return answerWith(released.created ? 201 : 200, releaseAnswer(released, prepared, names, body.dry_run));
      },
    }),
  ];
}
