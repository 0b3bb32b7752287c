// Adding a version with its md5 left blank (docs/api.md#add-a-version-md5-optional), as Solder's
// form allows: the catalog fetches the archive (its own url, else the mirror's) and records the md5
// and size of what arrived. The public POST /api/mod/{slug}/version keeps requiring md5 (Solder's
// API does): this is the management route the console's form uses. An archive that cannot be
// fetched is a refusal of the blank md5 (422 under `md5`, saying what to do), never a 502: the
// person fixes it in the form.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DepotError, md5FromChecksumLine, MOD_SIDES, type Reason } from '@depot/common';
import { fromServiceError } from '@depot/common/grpc';
import { HttpError } from '../../errors';
import { archiveFetchFailed } from '../../messages';
import { tag } from '../../cache/cache';
import { route } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { rules, SELECTED_INVALID, unsetNulls } from '../../pipeline/validation';
import { createVersionBody, modParams, versionParams } from '../mods/routes';
import * as manageRes from './schemas';
import { managedVersion } from './views';
import * as res from '../mods/schemas';
import { versionRecord } from '../mods/views';

/** A pasted md5 is trimmed, and a checksum tool's whole line gives its digits. */
const pastedMd5 = z.preprocess(
  (v) => (typeof v === 'string' ? md5FromChecksumLine(v) : v),
  rules.nullable(rules.md5()).meta({
    description:
      'Optional: blank (absent, null or "") has Depot fetch the archive and record its md5 and size. A whole ' +
      '`md5sum` line may be given: its first token is taken.',
  }),
);

/** Where a version runs; null: not said. */
const sideBody = z.object({
  side: z
    .enum(MOD_SIDES, { error: SELECTED_INVALID })
    .nullable()
    .meta({ description: '`client`, `server`, `both`; `null`: not said (both).' }),
});

/** The public create's body, but md5 optional; with a blank md5 the size is the archive's. */
const body = createVersionBody.extend({ md5: pastedMd5 });
const mirrorOnly = body.omit({ url: true });

/** Why a fetch failed (the rehash's reasons): a refusal of the blank md5. */
const FETCH_FAILURES = new Set<Reason>([
  'ARCHIVE_REFUSED',
  'ARCHIVE_MISSING',
  'ARCHIVE_UPSTREAM',
  'ARCHIVE_TOO_LARGE',
  'ARCHIVE_TIMEOUT',
  'ARCHIVE_UNREACHABLE',
]);

export function manageVersionRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const { catalog } = clients;
  // The archive is fetched within ARCHIVE_TRANSFER_TIMEOUT_MS: the call may take that long.
  const fetchDeadlineMs = config.ARCHIVE_TRANSFER_TIMEOUT_MS + config.GRPC_DEADLINE_MS;

  return [
    route({
      method: 'POST',
      url: '/api/manage/mods/:slug/versions',
      tag: 'Management',
      summary: 'Add a version to a mod, its md5 and size computed by Depot when the md5 is left blank',
      description:
        'As `POST /api/mod/{slug}/version`, but `md5` may be left blank: the catalog then fetches the archive ' +
        "(the version's own `url`, else the mirror's `{mirror}mods/{slug}/{slug}-{version}.zip`) within the " +
        'limits of a rehash (`ARCHIVE_HOSTS`, timeouts, `ARCHIVE_MAX_BYTES`) and records its md5 and size. ' +
        'Nothing is created when it cannot be fetched.',
      access: 'mods_manage',
      privateFields: 'mods_manage',
      params: modParams,
      target: ({ params }) => catalog.GetMod({ slug: params.slug }),
      body: config.MOD_VERSION_URLS ? body : mirrorOnly,
      status: 201,
      response: res.versionRecord,
      returns: 'The new version.',
      answers: {
        422: invalid(
          '`{"error": "Version already exists for this mod."}`; with a blank md5 and an archive that could not be ' +
            'fetched, `{"error": {"md5": ["The archive is missing: <url> answered 404. Depot computes the md5 …"]}}`',
        ),
      },
      invalidates: (params) => [tag.modName(params.slug)],
      handler: async ({ params, body: b, showsPrivate }) => {
        const fields = unsetNulls(b);
        if (fields.md5 !== undefined) {
          return versionRecord(
            await catalog.CreateVersion({ slug: params.slug, ...fields, md5: fields.md5 }),
            showsPrivate,
          );
        }
        // (absent without MOD_VERSION_URLS: the mirror's form)
        const { url } = fields as { url?: string };
        try {
          const created = await catalog.CreateFetchedVersion(
            { slug: params.slug, version: fields.version, url, notes: fields.notes },
            { deadlineMs: fetchDeadlineMs },
          );
          return versionRecord(created, showsPrivate);
        } catch (err) {
          const depot = err instanceof DepotError ? err : fromServiceError(err);
          if (depot && FETCH_FAILURES.has(depot.reason)) {
            throw new HttpError(422, { md5: [archiveFetchFailed(depot.message)] });
          }
          throw err;
        }
      },
    }),
    route({
      method: 'PUT',
      url: '/api/manage/mods/:slug/versions/:version/side',
      tag: 'Management',
      summary: 'Say where a version runs: client, server or both',
      description:
        "The side taken from the archive's metadata at its upload, changed by the author (docs/archives.md#sides); " +
        "`null`: not said (both). A version that runs on the server only is left out of the launcher's build " +
        'answers.',
      access: 'mods_manage',
      privateFields: 'mods_manage',
      params: versionParams,
      target: ({ params }) => catalog.GetVersion({ slug: params.slug, version: params.version }),
      body: sideBody,
      response: manageRes.managedVersion,
      returns: 'The version, with its side.',
      answers: { 422: invalid() },
      invalidates: (params) => [tag.modName(params.slug)],
      handler: async ({ params, body: b, showsPrivate }) =>
        managedVersion(
          await catalog.UpdateVersion({
            slug: params.slug,
            version: params.version,
            ...(b.side ? { side: b.side } : {}),
            update_mask: ['side'],
          }),
          showsPrivate,
        ),
    }),
  ];
}
