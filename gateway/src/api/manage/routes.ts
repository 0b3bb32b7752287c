// Management reads (docs/api.md#management-reads) and the pack doctor (docs/api.md#pack-doctor):
// what the console and scripts need to manage records, under /api/manage, where no Solder route
// can match. Who may read a record is who may write it: the modpack routes need modpacks_manage
// and access to the modpack (the builds service answers 404, then 403, then the build's 404), the
// mod with its usage mods_manage; the pickers (mods, a mod's versions), which show what the mod
// reads show anyone, and the settings that decide which fields a write takes, need any user. No
// launcher visibility applies and nothing is cached. Each answer takes a fixed number of RPCs
// whatever the size of the pack or mod.
import type { FastifyInstance } from 'fastify';
import { buildLoader, diagnosePack } from '@depot/common';
import { checkApiRoot, gatherPackDoctor } from '@depot/common/grpc';
import { managedBuild, managedMod, managedModpack, managedModpackList } from './views';
import * as res from './schemas';
import { route } from '../../pipeline/route';
import { buildParams } from '../modpacks/builds';
import { assignmentParams } from '../modpacks/assignments';
import { modpackParams, staleModpack } from '../modpacks/modpacks';
import { invalid } from '../../pipeline/route-docs';
import { modParams } from '../mods/routes';

export function manageRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const { builds, catalog } = clients;

  return [
    route({
      method: 'GET',
      url: '/api/manage/modpacks',
      tag: 'Management',
      summary: 'The modpacks the caller may manage',
      description: 'Every modpack with `solder_full`, else those on the access list; id order.',
      access: 'modpacks_manage',
      response: res.managedModpackList,
      returns: 'Each modpack record with its numbers of builds and of published builds.',
      handler: async ({ scope }) => managedModpackList(await builds.ListManagedModpacks({ access: scope })),
    }),
    route({
      method: 'GET',
      url: '/api/manage/modpacks/:slug',
      tag: 'Management',
      summary: 'A modpack and all its builds',
      description: 'Unpublished and private builds included.',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: modpackParams,
      response: res.managedModpack,
      returns: 'The modpack record and every build record with its number of mods, in creation order.',
      handler: async ({ params, builds: scoped }) =>
        managedModpack(await scoped.GetManagedModpack({ slug: params.slug })),
    }),
    route({
      method: 'GET',
      url: '/api/manage/modpacks/:slug/builds/:build',
      tag: 'Management',
      summary: 'A build and its mods',
      description: 'Unpublished and private builds included.',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: buildParams,
      response: res.managedBuild,
      returns: "The build record and each assigned mod with its version, in the launcher's order.",
      handler: async ({ params, builds: scoped }) => {
        const build = await scoped.GetManagedBuild({ slug: params.slug, version: params.build });
        const ids = build.mod_version_ids;
        const { versions } = ids.length ? await catalog.GetVersionsByIds({ ids }) : { versions: [] };
        return managedBuild(build, versions);
      },
    }),
    route({
      method: 'PUT',
      url: '/api/manage/modpacks/:slug/builds/:build/loader',
      tag: 'Management',
      summary: "Set a build's loader (what a server runs it with)",
      description:
        'The loader and its version a server runs the build with (docs/archives.md#loaders), given in the server ' +
        "pack's manifest. `null`: not set (a build whose `forge` holds a version is taken as Forge's). The launcher's " +
        'build answer does not change.',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: buildParams,
      body: res.loaderBody,
      response: res.buildLoaderAnswer,
      returns: "The build's loader as it is now.",
      answers: { 422: invalid() },
      invalidates: staleModpack,
      handler: async ({ params, body, builds: scoped }) => {
        const build = await scoped.UpdateBuild({
          slug: params.slug,
          version: params.build,
          ...(body.name ? { loader: body.name } : {}),
          ...(body.version ? { loader_version: body.version } : {}),
          update_mask: ['loader', 'loader_version'],
        });
        return {
          loader: buildLoader({ loader: build.loader, loaderVersion: build.loader_version, forge: build.forge }),
        };
      },
    }),
    route({
      method: 'PUT',
      url: '/api/manage/modpacks/:slug/builds/:build/mods/:mod_slug/side',
      tag: 'Management',
      summary: 'Say where a mod runs in one build',
      description:
        "Wins over its version's side for this build alone (docs/archives.md#sides): a `server` mod is left out of " +
        "the build's launcher answer, a `client` one out of its server pack. `null`: the version's own again.",
      access: 'modpacks_manage',
      modpackAccess: true,
      params: assignmentParams,
      body: res.assignmentSideBody,
      response: res.assignmentSideAnswer,
      returns: 'Where the mod runs in this build now.',
      missing: ['ASSIGNMENT_NOT_FOUND'],
      answers: { 422: invalid() },
      invalidates: staleModpack,
      handler: async ({ params, body, builds: scoped }) => {
        await scoped.SetAssignmentSide({
          slug: params.slug,
          version: params.build,
          mod_slug: params.mod_slug,
          ...(body.side ? { side: body.side } : {}),
        });
        return { mod: params.mod_slug, build_side: body.side };
      },
    }),
    route({
      method: 'GET',
      url: '/api/manage/modpacks/:slug/doctor',
      tag: 'Management',
      summary: 'The pack doctor: why launchers would show the modpack offline or fail to install it',
      description:
        'What an anonymous launcher, a launcher with a linked client and Technic Platform with a key see of the ' +
        'modpack, and each problem found with its cause and fix. The archives of the recommended and latest builds ' +
        'are checked (hosted ones in the store, others fetched as a rehash does; a minute at most), and whether ' +
        'their server packs can be made; each mod sent to the wrong side is said. With ' +
        '`PUBLIC_URL` set, also checks that the API root answers (a few seconds at most).',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: modpackParams,
      response: res.packDiagnosis,
      returns: 'The diagnosis.',
      // The doctor reads the modpack through the client with the caller's access, as the reads above.
      handler: async ({ params, scope, req, builds: scoped }) =>
        diagnosePack(
          await gatherPackDoctor(
            { ...clients, builds: scoped },
            params.slug,
            scope,
            () => checkApiRoot(config.PUBLIC_URL, `${req.protocol}://${req.host}`),
            { transferTimeoutMs: config.ARCHIVE_TRANSFER_TIMEOUT_MS, deadlineMs: config.GRPC_DEADLINE_MS },
          ),
        ),
    }),
    route({
      method: 'GET',
      url: '/api/manage/mods',
      tag: 'Management',
      summary: 'Every mod, to pick one',
      description: 'Works while the mod API is disabled (`SERVICE_DISABLE_MOD_API`).',
      access: 'user',
      response: res.modChoices,
      returns: 'Each mod id, slug and pretty name, in creation order.',
      handler: async () => ({
        mods: (await catalog.ListMods({})).mods.map((m) => ({ id: m.id, name: m.name, pretty_name: m.pretty_name })),
      }),
    }),
    route({
      method: 'GET',
      url: '/api/manage/mods/:slug',
      tag: 'Management',
      summary: 'A mod, its versions and the builds using each',
      description:
        'Every build of every modpack is listed, whatever the caller may manage: deleting the mod removes it from ' +
        'all of them, and a version cannot be deleted while any holds it.',
      access: 'mods_manage',
      privateFields: 'mods_manage',
      params: modParams,
      response: res.managedMod,
      returns: 'The mod record and each version record with the builds holding it.',
      handler: async ({ params, showsPrivate }) => {
        const mod = await catalog.GetModVersions({ slug: params.slug });
        const ids = mod.versions.map((v) => v.id);
        const { uses } = ids.length ? await builds.ListVersionUses({ mod_version_ids: ids }) : { uses: [] };
        return managedMod(mod, uses, showsPrivate);
      },
    }),
    route({
      method: 'GET',
      url: '/api/manage/settings',
      tag: 'Management',
      summary: 'The settings of the gateway that change which fields a client may write',
      description: 'What a management client needs to show only the fields the API accepts.',
      access: 'user',
      response: res.manageSettings,
      returns: '`mod_version_urls`: whether version writes take `url` (`MOD_VERSION_URLS`).',
      handler: async () => ({ mod_version_urls: config.MOD_VERSION_URLS }),
    }),
    route({
      method: 'GET',
      url: '/api/manage/mods/:slug/versions',
      tag: 'Management',
      summary: 'The versions of a mod, to pick one for a build',
      description: 'Works while the mod API is disabled (`SERVICE_DISABLE_MOD_API`).',
      access: 'user',
      params: modParams,
      response: res.versionChoices,
      returns: 'Each version id and string, in creation order.',
      handler: async ({ params }) => ({
        versions: (await catalog.GetModVersions({ slug: params.slug })).versions.map((v) => ({
          id: v.id,
          version: v.version,
        })),
      }),
    }),
  ];
}
