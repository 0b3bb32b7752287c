// PUT /api/mod/{slug}/{version}/archive (docs/api.md#upload-an-archive): a version's archive as the
// raw body, streamed into the catalog's store; with `create=true` the version is created with it
// when it is missing. Access, the target and the order of checks are the pipeline's; the body's own
// checks (its media type, the query) come after the target's lookup, and the bytes are read only
// once all of them passed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { fromServiceError } from '@depot/common';
import type { CatalogServiceClient } from '@depot/proto';
import { answer, HttpError } from '../../errors';
import { ANSWERS, FIELD_MESSAGES, reasonMessage } from '../../messages';
import { exemptFromRequestTimeout } from '../../plugins/http-server';
import { route, SENT } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { mediaType } from '../../pipeline/streamed-body';
import { fieldErrors, rules } from '../../pipeline/validation';
import { tag } from '../../cache/cache';
import { managedVersion } from '../manage/views';
import { versionParams } from '../mods/routes';
import * as res from './schemas';
import { forwardUpload } from './upload-call';

/** What an archive's body may be sent as: a zip, a jar, or bytes. */
export const ARCHIVE_TYPES = [
  'application/octet-stream',
  'application/zip',
  'application/java-archive',
  'application/x-java-archive',
] as const;

const flag = (description: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: FIELD_MESSAGES.boolean })
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .meta({ description });

export const uploadQuery = z.object({
  file_name: rules.string().meta({
    description:
      "The file's name: `*.jar` is packaged as a zip holding `mods/<file_name>`, `*.zip` is checked and stored as it is.",
  }),
  create: flag('`true`: create the version with this archive when it does not exist (201).'),
  replace: flag('`true`: replace a different archive the version has (docs/archives.md#replacing-an-archive).'),
  notes: rules.nullable(rules.string({ max: 65535 })).meta({ description: "The new version's private notes." }),
});

/** How long the rest of a refused upload is read and dropped before the connection is closed. */
const LINGER_MS = 2_000;

/**
 * The rest of a refused upload is read and dropped, up to `lingerBytes` or LINGER_MS, so that the
 * client, still sending, reads the answer instead of a reset connection (a lingering close, as
 * nginx does); past that the connection is closed.
 */
function leaveBody(req: FastifyRequest, lingerBytes: number): void {
  const raw = req.raw;
  if (raw.complete || raw.destroyed) return;
  let dropped = 0;
  const close = () => raw.socket?.destroy();
  const timer = setTimeout(close, LINGER_MS).unref();
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > lingerBytes) close();
  });
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}

export function archiveUploadRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const { catalog } = clients;
  const raw = catalog.raw as unknown as CatalogServiceClient;
  const lingerBytes = 8 * config.BODY_LIMIT_BYTES;
  // The body is bounded by ARCHIVE_UPLOAD_IDLE_MS and ARCHIVE_UPLOAD_TIMEOUT_MS instead of
  // REQUEST_TIMEOUT_MS (upload-call.ts); the catalog then records it within a call's usual time.
  const recordMs = config.ARCHIVE_TRANSFER_TIMEOUT_MS + config.GRPC_DEADLINE_MS;
  const target = (slug: string, version: string, create: boolean) =>
    create ? catalog.GetMod({ slug }) : catalog.GetVersion({ slug, version });

  return [
    route({
      method: 'PUT',
      url: '/api/mod/:slug/:version/archive',
      tag: 'Mods',
      summary: "Upload a version's archive (a zip, or a jar Depot packages)",
      description:
        'The body is the file itself, streamed (Content-Length optional). A `.jar` becomes a zip holding ' +
        '`mods/<file_name>`, reproducibly; a `.zip` is checked and stored as it is. md5, size, sha1, sha256 and ' +
        'sha512 are computed from the stored bytes, and launchers download it from the mirror URL, which Depot ' +
        'answers (`GET /mods/{slug}/{slug}-{version}.zip`). Uploading the same bytes again changes nothing.',
      access: 'mods_manage',
      privateFields: 'mods_manage',
      params: versionParams,
      query: uploadQuery,
      upload: { types: ARCHIVE_TYPES, maxBytes: config.ARCHIVE_MAX_BYTES },
      response: res.archiveUpload,
      returns: "The archive is now the version's (or already was: `changed: false`).",
      answers: {
        201: { description: 'The version was created with the archive (`create=true`).', schema: res.archiveUpload },
        400: `"${ANSWERS.archiveCutShort.message}": the body ended early (or differed from its Content-Length).`,
        408: `"${ANSWERS.archiveUploadTimeout.message}" (nothing stored)`,
        409: `"${reasonMessage('ARCHIVE_EXISTS')}" (\`replace\` not asked); "${reasonMessage('ARCHIVE_UPLOAD_CONFLICT')}"`,
        413: `"${ANSWERS.archiveTooLarge.message}": refused at once when Content-Length says so, else as soon as it is passed.`,
        415: `"${ANSWERS.archiveMediaType.message}"`,
        422: invalid('`{"error": "The file is not a zip or jar archive: …"}`: not a .zip or .jar, or no readable zip'),
        503: '"The archive store is unavailable.": the store is down (nothing recorded; try again).',
      },
      invalidates: (params) => [tag.modName(params.slug)],
      handler: async ({ params, req, reply }): Promise<typeof SENT> => {
        const query = uploadQuery.safeParse(req.query ?? {});
        // Which record must exist does not wait for the rest of the query: the version unless
        // `create` (when `create` itself is refused, only the mod).
        const flag = uploadQuery.shape.create.safeParse((req.query as { create?: unknown }).create);
        const create = flag.success ? flag.data : true;
        if (!ARCHIVE_TYPES.includes(mediaType(req.headers['content-type']) as never) || !query.success) {
          leaveBody(req, lingerBytes);
          await target(params.slug, params.version, create);
          throw query.success ? answer('archiveMediaType') : new HttpError(422, fieldErrors(query.error));
        }
        const declared = req.headers['content-length'];
        // From here the body is the route's to bound (upload-call.ts), not REQUEST_TIMEOUT_MS's.
        exemptFromRequestTimeout(req.raw.socket);
        const bodyDeadline = Date.now() + config.ARCHIVE_UPLOAD_TIMEOUT_MS;
        try {
          const r = await forwardUpload(raw, {
            header: {
              slug: params.slug,
              version: params.version,
              create_version: create,
              replace: query.data.replace,
              file_name: query.data.file_name,
              ...(declared !== undefined ? { size: Number(declared) } : {}),
              ...(query.data.notes ? { notes: query.data.notes } : {}),
            },
            body: req.body as IncomingMessage,
            maxBytes: config.ARCHIVE_MAX_BYTES,
            bodyDeadline,
            recordMs,
            idleMs: config.ARCHIVE_UPLOAD_IDLE_MS,
          });
          const body: res.ArchiveUpload = {
            version: managedVersion(r.version!, true),
            created_version: r.created_version,
            changed: r.changed,
            stored: r.stored,
            packaged: r.packaged,
            warnings: r.warnings,
          };
          void reply.status(r.created_version ? 201 : 200).send(body);
          return SENT;
        } catch (err) {
          leaveBody(req, lingerBytes);
          // The catalog's refusals of the body, in the words of the gateway's table.
          const reason = fromServiceError(err)?.reason;
          if (reason === 'ARCHIVE_OVER_MAX') throw answer('archiveTooLarge');
          if (reason === 'ARCHIVE_INCOMPLETE') throw answer('archiveCutShort');
          throw err;
        }
      },
    }),
  ];
}
