// Mods and mod versions (docs/api.md#mods): reads for anyone (reads.ts, cached), writes by permission.
import { mirrorUrlOf } from '@depot/common/process';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer } from '../../errors';
import { ModReads } from './reads';
import * as schemas from '../schemas';
import * as res from './schemas';
import { route, segment, type Guard } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { tag } from '../../cache/cache';
import { presentFields, rules, unsetNulls } from '../../pipeline/validation';
import { modRecord, versionRecord, versionRehash } from './views';

/** Private notes (docs/api.md#private-notes), on mods and versions alike. */
const notes = rules.nullable(rules.string({ max: 65535 }));
const modFields = {
  pretty_name: rules.string(),
  author: rules.nullable(rules.string()),
  description: rules.nullable(rules.string({ max: 65535 })),
  link: rules.nullable(rules.url()),
  notes,
};
const createModBody = z.object({ name: rules.slug(), ...modFields });
const updateModBody = z.object({ name: rules.slug(), ...modFields }).partial();
export const createVersionBody = z.object({
  version: rules.version(),
  md5: rules.md5(),
  filesize: rules.nullable(rules.integer({ max: Number.MAX_SAFE_INTEGER })),
  /** Its own download url, shown instead of the mirror's (docs/api.md#download-urls). */
  url: rules.nullable(rules.url()),
  notes,
});
const updateVersionBody = createVersionBody.omit({ version: true }).partial();
/**
 * Without MOD_VERSION_URLS a version's `url` is no field of the API: ignored when sent, like any
 * unknown field (docs/api.md#request-bodies). A download address outside the mirror sends every
 * launcher to another host, so the operator opts in.
 */
const mirrorOnly = {
  create: createVersionBody.omit({ url: true }),
  update: updateVersionBody.omit({ url: true }),
};
const rehashBody = z.object({
  store: rules
    .boolean()
    .optional()
    .meta({ description: 'Write the md5 and filesize found when they differ from the recorded ones.' }),
});

export const modParams = z.object({ slug: segment('MOD_NOT_FOUND', 'Slug of the mod, percent-encoded.') });
export const versionParams = modParams.extend({
  version: segment('VERSION_NOT_FOUND', 'Mod version string, percent-encoded.'),
});

export function modRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const { catalog } = clients;
  const reads = new ModReads(app.responseCache, clients, mirrorUrlOf(config));
  // A rehash fetches an archive within ARCHIVE_TRANSFER_TIMEOUT_MS: the call may take that long.
  const rehashDeadlineMs = config.ARCHIVE_TRANSFER_TIMEOUT_MS + config.GRPC_DEADLINE_MS;
  /** SERVICE_DISABLE_MOD_API: the mod reads answer 404 (docs/api.md#mods). */
  const modApi: Guard = {
    refusal: 'modApiDisabled',
    check() {
      if (config.SERVICE_DISABLE_MOD_API) throw answer('modApiDisabled');
    },
  };
  /** The mod, or its version once the mod was found (a write or a bad segment's 404 comes after the mod's). */
  const modOrVersion = ({ params }: { params: { slug?: string; version?: string } }) =>
    params.version === undefined
      ? catalog.GetMod({ slug: params.slug })
      : catalog.GetVersion({ slug: params.slug, version: params.version });
  /** A write to a mod (or its versions) makes its reads stale; to the mod itself, the list too. */
  const staleMod = (list: boolean) => (params: { slug: string }) => [
    ...(list ? [tag.modList] : []),
    tag.modName(params.slug),
  ];

  return [
    route({
      method: 'GET',
      url: '/api/mod',
      tag: 'Mods',
      summary: 'List mods',
      access: 'public',
      guard: modApi,
      response: res.modList,
      returns: 'Every mod: slug → pretty name.',
      cached: true,
      handler: () => reads.modList(),
    }),
    route({
      method: 'GET',
      url: '/api/mod/:slug',
      tag: 'Mods',
      summary: 'Show a mod',
      access: 'public',
      privateFields: 'mods_manage',
      guard: modApi,
      params: modParams,
      response: res.modView,
      returns: 'The mod and its version strings.',
      cached: true,
      handler: ({ params, showsPrivate }) => reads.mod(params.slug, showsPrivate),
    }),
    route({
      method: 'GET',
      url: '/api/mod/:slug/:version',
      tag: 'Mods',
      summary: 'Show a mod version',
      access: 'public',
      privateFields: 'mods_manage',
      guard: modApi,
      params: versionParams,
      target: modOrVersion,
      response: res.versionView,
      returns: 'The version with its download url.',
      cached: true,
      handler: ({ params, showsPrivate }) => reads.version(params.slug, params.version, showsPrivate),
    }),
    route({
      method: 'POST',
      url: '/api/mod',
      tag: 'Mods',
      summary: 'Create a mod',
      access: 'mods_create',
      privateFields: 'mods_manage',
      body: createModBody,
      status: 201,
      response: res.modRecord,
      returns: 'The new mod.',
      answers: { 422: invalid('`{"error": {"name": ["The name has already been taken."]}}`') },
      invalidates: () => [tag.modList],
      handler: async ({ body, showsPrivate }) => modRecord(await catalog.CreateMod(unsetNulls(body)), showsPrivate),
    }),
    route({
      method: 'PUT',
      url: '/api/mod/:slug',
      tag: 'Mods',
      summary: 'Update a mod',
      description: 'Only the fields sent change.',
      access: 'mods_manage',
      privateFields: 'mods_manage',
      params: modParams,
      target: modOrVersion,
      body: updateModBody,
      response: res.modRecord,
      returns: 'The updated mod.',
      answers: { 422: invalid('a duplicate name') },
      invalidates: staleMod(true),
      handler: async ({ params, body, showsPrivate }) =>
        modRecord(
          await catalog.UpdateMod({ slug: params.slug, ...unsetNulls(body), update_mask: presentFields(body) }),
          showsPrivate,
        ),
    }),
    route({
      method: 'DELETE',
      url: '/api/mod/:slug',
      tag: 'Mods',
      summary: 'Delete a mod and its versions',
      description: 'The versions are detached from every build (through an event, within seconds).',
      access: 'mods_delete',
      params: modParams,
      response: schemas.success('Mod deleted.'),
      returns: 'Deleted.',
      invalidates: staleMod(true),
      handler: async ({ params }) => {
        await catalog.DeleteMod({ slug: params.slug });
        return { success: 'Mod deleted.' as const };
      },
    }),
    route({
      method: 'POST',
      url: '/api/mod/:slug/version',
      tag: 'Mods',
      summary: 'Add a version to a mod',
      access: 'mods_manage',
      privateFields: 'mods_manage',
      params: modParams,
      target: modOrVersion,
      body: config.MOD_VERSION_URLS ? createVersionBody : mirrorOnly.create,
      status: 201,
      response: res.versionRecord,
      returns: 'The new version.',
      answers: {
        422: invalid('`{"error": "Version already exists for this mod."}`'),
      },
      invalidates: staleMod(false),
      handler: async ({ params, body, showsPrivate }) =>
        versionRecord(await catalog.CreateVersion({ slug: params.slug, ...unsetNulls(body) }), showsPrivate),
    }),
    route({
      method: 'PUT',
      url: '/api/mod/:slug/:version',
      tag: 'Mods',
      summary: 'Update a mod version (md5, filesize, url, notes)',
      access: 'mods_manage',
      privateFields: 'mods_manage',
      params: versionParams,
      target: modOrVersion,
      body: config.MOD_VERSION_URLS ? updateVersionBody : mirrorOnly.update,
      response: res.versionRecord,
      returns: 'The updated version.',
      answers: { 422: invalid() },
      invalidates: staleMod(false),
      handler: async ({ params, body, showsPrivate }) =>
        versionRecord(
          await catalog.UpdateVersion({
            slug: params.slug,
            version: params.version,
            ...unsetNulls(body),
            update_mask: presentFields(body),
          }),
          showsPrivate,
        ),
    }),
    route({
      method: 'DELETE',
      url: '/api/mod/:slug/:version',
      tag: 'Mods',
      summary: 'Delete a mod version',
      access: 'mods_manage',
      params: versionParams,
      target: modOrVersion,
      response: schemas.success('Mod version deleted.'),
      returns: 'Deleted.',
      answers: {
        409: '"Mod version is in use by <n> build(s) and cannot be deleted."',
      },
      invalidates: staleMod(false),
      handler: async ({ params }) => {
        await catalog.DeleteVersion({ slug: params.slug, version: params.version });
        return { success: 'Mod version deleted.' as const };
      },
    }),
    route({
      method: 'POST',
      url: '/api/mod/:slug/:version/rehash',
      tag: 'Mods',
      summary: 'Rehash a mod version: fetch its archive, compare md5 and size',
      description:
        "Fetches the version's archive (its own `url`, else the mirror's), computing md5 and size while it " +
        'streams, and compares them with the recorded ones; `store: true` writes them when they differ. ' +
        'Only http(s) URLs of the hosts in `ARCHIVE_HOSTS` (default: the mirror), never private addresses ' +
        'unless `ARCHIVE_ALLOW_PRIVATE`, within the connect and transfer timeouts and `ARCHIVE_MAX_BYTES`.',
      access: 'mods_manage',
      params: versionParams,
      target: modOrVersion,
      body: rehashBody,
      response: res.versionRehash,
      returns: 'What the archive is, and whether it matches the version.',
      answers: {
        422: invalid(
          '`{"error": "The archive URL may not be fetched: <why>."}`: not http(s), a host not allowed, a private address',
        ),
        502: '"The archive is missing: <url> answered 404." (or 410); "The archive server failed: …" (another status, too many redirects, a body cut short); "The archive is too large: …"; "The archive server cannot be reached: …".',
        504: '"The archive did not arrive in time: …": no connection within the connect timeout, or not complete within the transfer timeout.',
      },
      invalidates: staleMod(false),
      handler: async ({ params, body }) =>
        versionRehash(
          await catalog.RehashVersion(
            { slug: params.slug, version: params.version, store: body.store ?? false },
            { deadlineMs: rehashDeadlineMs },
          ),
        ),
    }),
  ];
}
