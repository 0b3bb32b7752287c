// PUT /api/mod/{slug}/{version}/archive (docs/api.md#upload-an-archive): a version's archive as the
// raw body, streamed into the catalog's store; with `create=true` the version is created with it
// when it is missing. Access, the target and the order of checks are the pipeline's; the body's own
// checks (its media type, the query) come after the target's lookup, and the bytes are read only
// once all of them passed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { fromServiceError } from '@depot/common';
import type { catalogV1 } from '@depot/proto';
import { answer, HttpError } from '../../errors';
import { ANSWERS, FIELD_MESSAGES, reasonMessage } from '../../messages';
import { exemptFromRequestTimeout } from '../../plugins/http-server';
import { route, segment, SENT } from '../../pipeline/route';
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
  replace_in_builds: flag(
    '`true`, with `replace`: replace an archive that builds use; without it such a replace is refused (409) before ' +
      'the file is read, naming the builds.',
  ),
  notes: rules.nullable(rules.string({ max: 65535 })).meta({ description: "The new version's private notes." }),
});

/** A new mod's upload: its display name, and the file (docs/api.md#create-a-mod-from-an-archive). */
export const newModQuery = z.object({
  file_name: uploadQuery.shape.file_name,
  pretty_name: rules.string().meta({ description: "The new mod's display name." }),
  notes: uploadQuery.shape.notes,
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
  const lingerBytes = 8 * config.BODY_LIMIT_BYTES;
  // The body is bounded by ARCHIVE_UPLOAD_IDLE_MS and ARCHIVE_UPLOAD_TIMEOUT_MS instead of
  // REQUEST_TIMEOUT_MS (upload-call.ts); the catalog then records it within a call's usual time.
  const recordMs = config.ARCHIVE_TRANSFER_TIMEOUT_MS + config.GRPC_DEADLINE_MS;
  const upload = { types: ARCHIVE_TYPES, maxBytes: config.ARCHIVE_MAX_BYTES };
  const bodyAnswers = {
    400: `"${ANSWERS.archiveCutShort.message}": the body ended early (or differed from its Content-Length).`,
    408: `"${ANSWERS.archiveUploadTimeout.message}" (nothing stored)`,
    413: `"${ANSWERS.archiveTooLarge.message}": refused at once when Content-Length says so, else as soon as it is passed.`,
    415: `"${ANSWERS.archiveMediaType.message}"`,
    503: '"The archive store is unavailable.": the store is down (nothing recorded; try again).',
  };

  /**
   * The query judged (with the media type), then the body streamed to the catalog under `header`:
   * the answer, or the refusal once the rest of the body is left to linger. A refused query looks
   * up `target` first (the order of checks: a missing record answers before the query's 422).
   */
  async function receive<Q extends z.ZodType>(
    req: FastifyRequest,
    reply: FastifyReply,
    query: Q,
    target: () => Promise<unknown>,
    header: (q: z.output<Q>) => Omit<catalogV1.UploadArchiveHeader, 'size'>,
  ): Promise<typeof SENT> {
    const parsed = query.safeParse(req.query ?? {});
    if (!ARCHIVE_TYPES.includes(mediaType(req.headers['content-type']) as never) || !parsed.success) {
      leaveBody(req, lingerBytes);
      await target();
      throw parsed.success ? answer('archiveMediaType') : new HttpError(422, fieldErrors(parsed.error));
    }
    const declared = req.headers['content-length'];
    // From here the body is the route's to bound (upload-call.ts), not REQUEST_TIMEOUT_MS's.
    exemptFromRequestTimeout(req.raw.socket);
    try {
      const r = await forwardUpload(catalog, {
        header: { ...header(parsed.data), ...(declared !== undefined ? { size: Number(declared) } : {}) },
        body: req.body as IncomingMessage,
        bodyDeadline: Date.now() + config.ARCHIVE_UPLOAD_TIMEOUT_MS,
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
        builds: r.builds.map((b) => ({
          modpack: b.modpack_slug,
          modpack_name: b.modpack_name,
          build: b.build_version,
          published: b.published,
        })),
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
  }

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
        'answers (`GET /mods/{slug}/{slug}-{version}.zip`). Uploading the same bytes again changes nothing. A ' +
        'version created with `create=true` follows the rules of every new version (422).',
      access: 'mods_manage',
      privateFields: 'mods_manage',
      params: versionParams,
      query: uploadQuery,
      upload,
      response: res.archiveUpload,
      returns: "The archive is now the version's (or already was: `changed: false`).",
      answers: {
        ...bodyAnswers,
        201: { description: 'The version was created with the archive (`create=true`).', schema: res.archiveUpload },
        409:
          `"${reasonMessage('ARCHIVE_EXISTS')}" (\`replace\` not asked); "${reasonMessage('ARCHIVE_UPLOAD_CONFLICT')}"; ` +
          '"The version is in <n> build(s): <modpack> <build> (published), …" (`replace` of an archive builds use, ' +
          'without `replace_in_builds`; the file is not read).',
        422: invalid(
          'a new version (`create=true`) that breaks the version rules; `{"error": "The file is not a zip or jar archive: …"}`: not a .zip or .jar, or no readable zip',
        ),
      },
      invalidates: (params) => [tag.modName(params.slug)],
      handler: ({ params, req, reply }) => {
        // Which record must exist does not wait for the rest of the query: the version unless
        // `create` (when `create` itself is refused, only the mod).
        const flag = uploadQuery.shape.create.safeParse((req.query as { create?: unknown }).create);
        const create = flag.success ? flag.data : true;
        return receive(
          req,
          reply,
          uploadQuery,
          () => (create ? catalog.GetMod({ slug: params.slug }) : catalog.GetVersion(params)),
          (q) => ({
            slug: params.slug,
            version: params.version,
            create_version: q.create,
            replace: q.replace,
            replace_in_builds: q.replace_in_builds,
            file_name: q.file_name,
            ...(q.notes ? { notes: q.notes } : {}),
          }),
        );
      },
    }),
    route({
      method: 'PUT',
      url: '/api/manage/mods/:slug/:version/archive',
      tag: 'Mods',
      summary: 'Create a mod with its first version, from the archive',
      description:
        'As the upload to an existing mod with `create=true`, the mod created too, in the same transaction: a file ' +
        'that is refused leaves no mod behind. The slug follows the rules of `POST /api/mod`, the version those of ' +
        'every new version.',
      access: 'mods_create',
      alsoNeeds: 'mods_manage',
      params: z.object({
        slug: segment('MOD_NOT_FOUND', "The new mod's slug (its `name`), percent-encoded."),
        version: segment('VERSION_NOT_FOUND', 'The first version string, percent-encoded.'),
      }),
      query: newModQuery,
      upload,
      status: 201,
      response: res.archiveUpload,
      returns: 'The mod was created with its first version and the archive.',
      answers: {
        ...bodyAnswers,
        422: invalid(
          '`{"error": {"name": ["The name has already been taken."]}}`: the mod exists (upload to it instead); ' +
            'a slug or version that breaks the rules; `{"error": "The file is not a zip or jar archive: …"}`',
        ),
      },
      invalidates: (params) => [tag.modList, tag.modName(params.slug)],
      handler: ({ params, req, reply }) =>
        receive(
          req,
          reply,
          newModQuery,
          async () => undefined,
          (q) => ({
            slug: params.slug,
            version: params.version,
            create_version: true,
            replace: false,
            replace_in_builds: false,
            file_name: q.file_name,
            new_mod: { pretty_name: q.pretty_name },
            ...(q.notes ? { notes: q.notes } : {}),
          }),
        ),
    }),
  ];
}
