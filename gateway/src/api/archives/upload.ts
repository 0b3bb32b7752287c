// PUT /api/mod/{slug}/{version}/archive (docs/api.md#upload-an-archive): a version's archive as the
// raw body, streamed into the catalog's store; with `create=true` the version is created with it
// when it is missing. Access, the target, the body's own checks (its media type, the query, after
// the target's lookup) and its size limit are the pipeline's (pipeline/streamed-body.ts): the bytes
// are read only once all of them passed. The file's name comes from the query, a
// `Content-Disposition` header or, on the `…/archive/{file_name}` forms (`curl -T`), the path
// (pipeline/file-name.ts); each upload is one declaration under two paths.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { catalogV1 } from '@depot/proto';
import { ANSWERS, FIELD_MESSAGES, reasonMessage } from '../../messages';
import { exemptFromRequestTimeout } from '../../plugins/http-server';
import { answerWith, type StatusAnswer } from '../../pipeline/answers';
import {
  route,
  routedSegment,
  segment,
  type Context,
  type StreamedBody,
  type TargetContext,
} from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { rules } from '../../pipeline/validation';
import { tag } from '../../cache/cache';
import { managedVersion, modFacts } from '../manage/views';
import { versionParams } from '../mods/routes';
import * as releases from '../releases/schemas';
import { archiveLookup } from '../releases/views';
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

/** Where the file's name may come from, and which wins (pipeline/file-name.ts). */
const NAME_SOURCES =
  "The file's name is taken from the `file_name` query field; without it, from the `filename*` (RFC 8187, UTF-8) or " +
  "else `filename` parameter of a `Content-Disposition` request header; without either, from the path's last " +
  'segment on the `…/archive/{file_name}` form (what `curl -T <file> <url>/archive/` sends). The query wins over ' +
  'the header, the header over the path; the name is judged by the same rules whichever it came from (422 under ' +
  '`file_name`), and with none of them the upload is refused as without `file_name`.';

export const uploadQuery = z.object({
  file_name: rules.string().meta({
    description:
      "The file's name: `*.jar` is packaged as a zip holding `mods/<file_name>`, `*.zip` is checked and stored as it " +
      'is. Required unless a `Content-Disposition` header or the path names the file; the query wins over both.',
  }),
  create: flag('`true`: create the version with this archive when it does not exist (201).'),
  replace: flag('`true`: replace a different archive the version has (docs/archives.md#replacing-an-archive).'),
  replace_in_builds: flag(
    '`true`, with `replace`: replace an archive that builds use; without it such a replace is refused (409) before ' +
      'the file is read, naming the builds.',
  ),
  notes: rules.nullable(rules.string({ max: 65535 })).meta({ description: "The new version's private notes." }),
});

/**
 * The file's name as the last segment of the path (`curl -T jei-1.0.jar https://…/archive/`):
 * `*.jar` or `*.zip`, any case; any other last segment is no route (404 `Not found.`).
 */
const ARCHIVE_NAME = /^[\s\S]*\.(?:[jJ][aA][rR]|[zZ][iI][pP])$/;
const fileNameSegment = routedSegment(
  ARCHIVE_NAME,
  "The file's name, percent-encoded, ending in `.jar` or `.zip` (any case): what `curl -T <file>` appends to a URL " +
    'ending in `/`. Any other last segment is no route (404 `Not found.`). The `file_name` query field and a ' +
    '`Content-Disposition` header win over it.',
);

/** An upload whose version the archive names: created when missing (the query of an upload without `create`). */
export const versionFromArchiveQuery = uploadQuery.omit({ create: true });

/** An archive read without storing it: its name only. */
export const inspectQuery = uploadQuery.pick({ file_name: true });

/** A new mod's upload: its display name, and the file (docs/api.md#create-a-mod-from-an-archive). */
export const newModQuery = z.object({
  file_name: uploadQuery.shape.file_name,
  pretty_name: rules.string().meta({ description: "The new mod's display name." }),
  notes: uploadQuery.shape.notes,
});

/** The header of a file sent to no version: only read (`inspect`), or held for a release (`hold`). */
const notAVersion = (fileName: string, what: 'inspect' | 'hold') => ({
  slug: '',
  version: '',
  [what]: true,
  create_version: false,
  replace: false,
  replace_in_builds: false,
  file_name: fileName,
});

/** The path segments every form of an upload has. */
type Version = { slug: string; version: string };

export function archiveUploadRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const { catalog } = clients;
  // The body is bounded by ARCHIVE_UPLOAD_IDLE_MS and ARCHIVE_UPLOAD_TIMEOUT_MS instead of
  // REQUEST_TIMEOUT_MS (upload-call.ts); the catalog then records it within a call's usual time.
  const recordMs = config.ARCHIVE_TRANSFER_TIMEOUT_MS + config.GRPC_DEADLINE_MS;
  const streamedBody: StreamedBody = {
    types: ARCHIVE_TYPES,
    maxBytes: config.ARCHIVE_MAX_BYTES,
    answers: { wrongType: 'archiveMediaType', tooLarge: 'archiveTooLarge', cutShort: 'archiveCutShort' },
    reasons: { tooLarge: 'ARCHIVE_OVER_MAX', cutShort: 'ARCHIVE_INCOMPLETE' },
    nameField: 'file_name',
  };
  const bodyAnswers = {
    400: `"${ANSWERS.archiveCutShort.message}": the body ended early (or differed from its Content-Length).`,
    408: `"${ANSWERS.archiveUploadTimeout.message}" (nothing stored)`,
    413: `"${ANSWERS.archiveTooLarge.message}": refused at once when Content-Length says so, else as soon as it is passed.`,
    415: `"${ANSWERS.archiveMediaType.message}"`,
    503: '"The archive store is unavailable.": the store is down (nothing recorded; try again).',
  };

  /** The body streamed to the catalog under `header` (every check passed), and its answer. */
  async function send(req: FastifyRequest, file: Readable, header: Omit<catalogV1.UploadArchiveHeader, 'size'>) {
    const declared = req.headers['content-length'];
    // From here the body is the route's to bound (upload-call.ts), not REQUEST_TIMEOUT_MS's.
    exemptFromRequestTimeout(req.raw.socket);
    return forwardUpload(catalog, {
      header: { ...header, ...(declared !== undefined ? { size: Number(declared) } : {}) },
      body: file,
      bodyDeadline: Date.now() + config.ARCHIVE_UPLOAD_TIMEOUT_MS,
      recordMs,
      idleMs: config.ARCHIVE_UPLOAD_IDLE_MS,
    });
  }

  /** An upload: 201 when it created the version. */
  async function receive(
    req: FastifyRequest,
    file: Readable,
    header: Omit<catalogV1.UploadArchiveHeader, 'size'>,
  ): Promise<StatusAnswer> {
    const r = await send(req, file, header);
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
    return answerWith(r.created_version ? 201 : 200, body);
  }

  // An upload to an existing mod: one declaration under two paths, the second naming the file.
  const upload = {
    method: 'PUT',
    tag: 'Mods',
    description:
      'The body is the file itself, streamed (Content-Length optional). A `.jar` becomes a zip holding ' +
      '`mods/<file_name>`, reproducibly; a `.zip` is checked and stored as it is. md5, size, sha1, sha256 and ' +
      'sha512 are computed from the stored bytes, and launchers download it from the mirror URL, which Depot ' +
      'answers (`GET /mods/{slug}/{slug}-{version}.zip`). Uploading the same bytes again changes nothing. A ' +
      `version created with \`create=true\` follows the rules of every new version (422). ${NAME_SOURCES}`,
    access: 'mods_manage',
    privateFields: 'mods_manage',
    query: uploadQuery,
    streamedBody,
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
    invalidates: (params: Version) => [tag.modName(params.slug)],
    // Looked up for a refused body (its media type, its query): which record must exist does not
    // wait for the rest of the query, the version unless `create` (when `create` itself is
    // refused, only the mod). A version segment that names none answers its own 404.
    target: ({ params: { slug, version }, req }: TargetContext<Version>) => {
      if (version === undefined) return undefined;
      const flag = uploadQuery.shape.create.safeParse((req.query as { create?: unknown }).create);
      const create = flag.success ? flag.data : true;
      return create ? catalog.GetMod({ slug }) : catalog.GetVersion({ slug, version });
    },
    handler: ({ params, query, req, file }: Context<Version, z.output<typeof uploadQuery>, undefined>) =>
      receive(req, file, {
        slug: params.slug,
        version: params.version,
        create_version: query.create,
        replace: query.replace,
        replace_in_builds: query.replace_in_builds,
        file_name: query.file_name,
        ...(query.notes ? { notes: query.notes } : {}),
      }),
  } as const;

  // An upload to an existing mod whose version is the one the archive names, likewise.
  const modParams = z.object({ slug: versionParams.shape.slug });
  const versionFromArchive = {
    method: 'PUT',
    tag: 'Mods',
    description:
      "As the upload with `create=true`, the version being the one the archive's metadata names " +
      '(docs/archives.md#metadata): created when the mod has no such version, else the upload goes to it. An ' +
      `archive whose metadata names no version, or several, is refused (422 under \`version\`), nothing stored. ${NAME_SOURCES}`,
    access: 'mods_manage',
    privateFields: 'mods_manage',
    query: versionFromArchiveQuery,
    streamedBody,
    response: res.archiveUpload,
    returns: 'The version the archive names already had this archive, or now has it.',
    answers: {
      ...bodyAnswers,
      201: { description: 'The version the archive names was created with it.', schema: res.archiveUpload },
      409: upload.answers[409],
      422: invalid(
        '`{"error": {"version": ["The archive\'s metadata names no version: give the version in the path."]}}`; ' +
          'a version that breaks the version rules; `{"error": "The file is not a zip or jar archive: …"}`',
      ),
    },
    invalidates: (params: { slug: string }) => [tag.modName(params.slug)],
    target: ({ params: { slug } }: TargetContext<{ slug: string }>) => catalog.GetMod({ slug }),
    handler: ({
      params,
      query,
      req,
      file,
    }: Context<{ slug: string }, z.output<typeof versionFromArchiveQuery>, undefined>) =>
      receive(req, file, {
        slug: params.slug,
        version: '',
        version_from_archive: true,
        create_version: true,
        replace: query.replace,
        replace_in_builds: query.replace_in_builds,
        file_name: query.file_name,
        ...(query.notes ? { notes: query.notes } : {}),
      }),
  } as const;

  // An archive read, nothing stored (the console's files, before the person saves), likewise.
  const inspect = {
    method: 'POST',
    tag: 'Mods',
    description:
      'The archive is read as an upload reads it (its checks, then its metadata files: docs/archives.md#metadata) ' +
      'and let go: nothing is stored or recorded. The console shows what it says (a mod id, name, version, side) ' +
      `before the person saves. ${NAME_SOURCES}`,
    access: 'mods_manage',
    query: inspectQuery,
    streamedBody,
    response: res.archiveInspection,
    returns: 'What the archive holds.',
    answers: {
      ...bodyAnswers,
      422: invalid('`{"error": "The file is not a zip or jar archive: …"}`: not a .zip or .jar, or no readable zip'),
    },
    handler: async ({ query, req, file }: Context<object, z.output<typeof inspectQuery>, undefined>) => {
      const r = await send(req, file, notAVersion(query.file_name, 'inspect'));
      const body: res.ArchiveInspection = {
        metadata: { mods: (r.metadata?.mods ?? []).map(modFacts) },
        warnings: r.warnings,
        packaged: r.packaged,
        md5: r.md5,
        filesize: r.size,
      };
      return body;
    },
  } as const;

  // A file held for a release (docs/releases.md#hold-a-file), likewise.
  const hold = {
    method: 'PUT',
    tag: 'Mods',
    description:
      'The file is stored as an upload stores it (its checks, its packaging, its metadata read) and held for a ' +
      'release, which names it by its name and sha256 (docs/releases.md). A file held already, or already a ' +
      `version's archive, is kept once (200). ${NAME_SOURCES}`,
    access: 'mods_manage',
    query: inspectQuery,
    streamedBody,
    status: 201,
    response: releases.heldArchive,
    returns: 'The file is held now.',
    answers: {
      ...bodyAnswers,
      200: { description: "The file was held already, or is a version's archive.", schema: releases.heldArchive },
      422: invalid('`{"error": "The file is not a zip or jar archive: …"}`: not a .zip or .jar, or no readable zip'),
    },
    handler: async ({ query, req, file }: Context<object, z.output<typeof inspectQuery>, undefined>) => {
      const r = await send(req, file, notAVersion(query.file_name, 'hold'));
      const body: z.input<typeof releases.heldArchive> = {
        ...archiveLookup(r.lookup!),
        archive: { md5: r.md5, filesize: r.size, packaged: r.packaged },
        warnings: r.warnings,
      };
      return answerWith(r.changed ? 201 : 200, body);
    },
  } as const;

  // A new mod with its first version, likewise under two paths.
  const newModParams = z.object({
    slug: segment('MOD_NOT_FOUND', "The new mod's slug (its `name`), percent-encoded."),
    version: segment('VERSION_NOT_FOUND', 'The first version string, percent-encoded.'),
  });
  const newMod = {
    method: 'PUT',
    tag: 'Mods',
    description:
      'As the upload to an existing mod with `create=true`, the mod created too, in the same transaction: a file ' +
      'that is refused leaves no mod behind. The slug follows the rules of `POST /api/mod`, the version those of ' +
      `every new version. ${NAME_SOURCES}`,
    access: 'mods_create',
    alsoNeeds: 'mods_manage',
    query: newModQuery,
    streamedBody,
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
    invalidates: (params: Version) => [tag.modList, tag.modName(params.slug)],
    handler: ({ params, query, req, file }: Context<Version, z.output<typeof newModQuery>, undefined>) =>
      receive(req, file, {
        slug: params.slug,
        version: params.version,
        create_version: true,
        replace: false,
        replace_in_builds: false,
        file_name: query.file_name,
        new_mod: { pretty_name: query.pretty_name },
        ...(query.notes ? { notes: query.notes } : {}),
      }),
  } as const;

  return [
    route({
      ...upload,
      url: '/api/mod/:slug/:version/archive',
      summary: "Upload a version's archive (a zip, or a jar Depot packages)",
      params: versionParams,
    }),
    route({
      ...upload,
      url: '/api/mod/:slug/:version/archive/:file_name',
      summary: "Upload a version's archive named by the path (`curl -T`)",
      params: versionParams.extend({ file_name: fileNameSegment }),
    }),
    route({
      ...versionFromArchive,
      url: '/api/manage/mods/:slug/archive',
      summary: 'Upload an archive to the version its metadata names (created when missing)',
      params: modParams,
    }),
    route({
      ...versionFromArchive,
      url: '/api/manage/mods/:slug/archive/:file_name',
      summary: 'Upload an archive named by the path to the version its metadata names (`curl -T`)',
      params: modParams.extend({ file_name: fileNameSegment }),
    }),
    route({
      ...inspect,
      url: '/api/manage/archives/inspect',
      summary: 'Read what an archive holds (its metadata), storing nothing',
    }),
    route({
      ...inspect,
      url: '/api/manage/archives/inspect/:file_name',
      summary: 'Read what an archive named by the path holds, storing nothing (`curl -T`)',
      params: z.object({ file_name: fileNameSegment }),
    }),
    route({
      ...hold,
      url: '/api/manage/archives',
      summary: 'Hold a file for a release',
    }),
    route({
      ...hold,
      url: '/api/manage/archives/:file_name',
      summary: 'Hold a file named by the path for a release (`curl -T`)',
      params: z.object({ file_name: fileNameSegment }),
    }),
    route({
      ...newMod,
      url: '/api/manage/mods/:slug/:version/archive',
      summary: 'Create a mod with its first version, from the archive',
      params: newModParams,
    }),
    route({
      ...newMod,
      url: '/api/manage/mods/:slug/:version/archive/:file_name',
      summary: 'Create a mod with its first version, from the archive named by the path (`curl -T`)',
      params: newModParams.extend({ file_name: fileNameSegment }),
    }),
  ];
}
