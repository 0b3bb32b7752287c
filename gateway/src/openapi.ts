// The OpenAPI 3.1 document of the public API, made from the same zod schemas the routes validate
// request bodies with (exported by routes/*.ts) and from the response schemas of
// response-schemas.ts. Served at GET /api/openapi.json, with Swagger UI at /docs.
//
// zod → JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1): bodies as *input* (what a client
// may send: optional fields not required), responses as *output*. Preprocessed fields are shown
// as the schema they are checked against, noting what the preprocessing accepts besides (an empty
// string for a nullable field, null for a list); refinements show as their base type (URL fields
// carry `format: uri` from validation.ts). Schemas with an `id` go to components.schemas.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_INFO } from './routes/root';
import { addBody as addBuildModBody, updateBody as updateBuildModBody } from './routes/assignments';
import { createBody as createBuildBody, updateBody as updateBuildBody } from './routes/builds';
import { createClientBody, updateClientBody } from './routes/clients';
import { createKeyBody } from './routes/keys';
import {
  cloneBody as cloneModpackBody,
  createBody as createModpackBody,
  updateBody as updateModpackBody,
} from './routes/modpacks';
import { createModBody, createVersionBody, updateModBody, updateVersionBody } from './routes/mods';
import { tokenBody } from './routes/tokens';
import { createUserBody, updateUserBody } from './routes/users';
import * as res from './response-schemas';

type Method = 'get' | 'post' | 'put' | 'delete';
type JsonSchema = Record<string, unknown>;
type Access = 'public' | 'read' | 'token';

interface Operation {
  method: Method;
  /** Fastify pattern, e.g. `/api/mod/:slug`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** public: no credentials; read: optional k, cid or token widen what is visible; token: bearer token required. */
  access: Access;
  /** Permission named in the description and answered 403 without it. */
  permission?: string;
  query?: Record<string, { description: string; schema: z.ZodType }>;
  body?: z.ZodType;
  /** Status → description and body schema (undefined: no body). */
  responses: Record<number, { description: string; schema?: z.ZodType }>;
  /** Answers 304 to a matching If-None-Match (ETag on 200). */
  etag?: boolean;
  /** Outside the general rate limit. */
  unlimited?: boolean;
}

const PARAMS: Record<string, string> = {
  slug: 'Slug of the mod or modpack, percent-encoded.',
  version: 'Mod version string, percent-encoded.',
  build: 'Build version string (exact, case-sensitive), percent-encoded.',
  mod_slug: 'Slug of the mod in the build.',
  username: 'Username.',
  id: 'Numeric id.',
  uuid: 'Launcher client id (a UUID).',
  key: 'The platform API key to verify.',
};

const err = (description: string) => ({ description, schema: res.errorBody });
const notFound = (...messages: string[]) => err(`Not found: ${messages.map((m) => `"${m}"`).join(', ')}.`);
const invalid = (extra?: string) =>
  err(
    `Validation failed: \`{"error": {"<field>": ["<message>"]}}\`, one entry per failing field${extra ? `; or ${extra}` : ''}.`,
  );

const launcherQuery = {
  k: { description: 'Technic Platform API key: every modpack becomes accessible.', schema: z.string() },
  cid: { description: 'Launcher client id: the modpacks linked to it become accessible.', schema: z.string() },
};

/** Every route of the public API (contract.md and compat.md). */
export const OPERATIONS: Operation[] = [
  // ---- root, verification ----
  {
    method: 'get',
    path: '/api',
    tag: 'Root',
    summary: 'Service name, version and stream',
    description: 'Also answers at `/api/` (with the trailing slash).',
    access: 'public',
    responses: { 200: { description: 'The API root.', schema: res.apiInfo } },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Root',
    summary: 'This OpenAPI document',
    access: 'public',
    responses: { 200: { description: 'OpenAPI 3.1 document.', schema: res.openApiDocument } },
  },
  {
    method: 'get',
    path: '/api/verify/:key',
    tag: 'Platform keys',
    summary: 'Verify a platform key (Technic Platform)',
    description: 'Limited to `VERIFY_RATE_LIMIT_PER_MINUTE` (default 10) requests a minute per client address.',
    access: 'public',
    responses: {
      200: { description: 'The key is valid.', schema: res.keyVerified },
      403: err('"Invalid key provided."'),
    },
  },
  // ---- mods ----
  {
    method: 'get',
    path: '/api/mod',
    tag: 'Mods',
    summary: 'List mods',
    access: 'public',
    etag: true,
    responses: {
      200: { description: 'Every mod: slug → pretty name.', schema: res.modList },
      404: notFound('Mod API has been disabled'),
    },
  },
  {
    method: 'get',
    path: '/api/mod/:slug',
    tag: 'Mods',
    summary: 'Show a mod',
    access: 'public',
    etag: true,
    responses: {
      200: { description: 'The mod and its version strings.', schema: res.modView },
      404: notFound('Mod does not exist', 'Mod API has been disabled'),
    },
  },
  {
    method: 'get',
    path: '/api/mod/:slug/:version',
    tag: 'Mods',
    summary: 'Show a mod version',
    access: 'public',
    etag: true,
    responses: {
      200: { description: 'The version with its download url.', schema: res.versionView },
      404: notFound('Mod does not exist', 'Mod version does not exist', 'Mod API has been disabled'),
    },
  },
  {
    method: 'post',
    path: '/api/mod',
    tag: 'Mods',
    summary: 'Create a mod',
    access: 'token',
    permission: 'mods_create',
    body: createModBody,
    responses: {
      201: { description: 'The new mod.', schema: res.modRecord },
      422: invalid('`{"error": {"name": ["The name has already been taken."]}}`'),
    },
  },
  {
    method: 'put',
    path: '/api/mod/:slug',
    tag: 'Mods',
    summary: 'Update a mod',
    description: 'Only the fields sent change.',
    access: 'token',
    permission: 'mods_manage',
    body: updateModBody,
    responses: {
      200: { description: 'The updated mod.', schema: res.modRecord },
      404: notFound('Mod not found.'),
      422: invalid('a duplicate name'),
    },
  },
  {
    method: 'delete',
    path: '/api/mod/:slug',
    tag: 'Mods',
    summary: 'Delete a mod and its versions',
    description: 'The versions are detached from every build (through an event, within seconds).',
    access: 'token',
    permission: 'mods_delete',
    responses: {
      200: { description: 'Deleted.', schema: res.success('Mod deleted.') },
      404: notFound('Mod not found.'),
    },
  },
  {
    method: 'post',
    path: '/api/mod/:slug/version',
    tag: 'Mods',
    summary: 'Add a version to a mod',
    access: 'token',
    permission: 'mods_manage',
    body: createVersionBody,
    responses: {
      201: { description: 'The new version.', schema: res.versionRecord },
      404: notFound('Mod not found.'),
      422: invalid('`{"error": "Version already exists for this mod."}`'),
    },
  },
  {
    method: 'put',
    path: '/api/mod/:slug/:version',
    tag: 'Mods',
    summary: 'Update a mod version (md5, filesize)',
    access: 'token',
    permission: 'mods_manage',
    body: updateVersionBody,
    responses: {
      200: { description: 'The updated version.', schema: res.versionRecord },
      404: notFound('Mod not found.', 'Mod version not found.'),
      422: invalid(),
    },
  },
  {
    method: 'delete',
    path: '/api/mod/:slug/:version',
    tag: 'Mods',
    summary: 'Delete a mod version',
    access: 'token',
    permission: 'mods_manage',
    responses: {
      200: { description: 'Deleted.', schema: res.success('Mod version deleted.') },
      404: notFound('Mod not found.', 'Mod version not found.'),
      409: err('"Mod version is in use by <n> build(s) and cannot be deleted."'),
    },
  },
  // ---- launcher reads ----
  {
    method: 'get',
    path: '/api/modpack',
    tag: 'Launcher',
    summary: 'List modpacks',
    description: 'Public modpacks, plus hidden and private ones when accessible (`k`, `cid` or a token).',
    access: 'read',
    etag: true,
    query: {
      include: {
        description: '`full`: each value is the modpack view instead of its display name.',
        schema: z.enum(['full']),
      },
      ...launcherQuery,
    },
    responses: { 200: { description: 'Modpacks in id order and the mirror url.', schema: res.modpackList } },
  },
  {
    method: 'get',
    path: '/api/modpack/:slug',
    tag: 'Launcher',
    summary: 'Show a modpack',
    access: 'read',
    etag: true,
    query: launcherQuery,
    responses: {
      200: { description: 'The modpack and the builds visible to this request.', schema: res.modpackView },
      404: notFound('Modpack does not exist'),
    },
  },
  {
    method: 'get',
    path: '/api/modpack/:slug/:build',
    tag: 'Launcher',
    summary: 'Show a build (what the launcher downloads)',
    access: 'read',
    etag: true,
    query: {
      include: {
        description: '`mods`: each mod also has pretty_name, author, description and link.',
        schema: z.enum(['mods']),
      },
      ...launcherQuery,
    },
    responses: {
      200: { description: 'The build and its mods.', schema: res.buildView },
      404: notFound('Modpack does not exist', 'Build does not exist'),
    },
  },
  // ---- modpack writes ----
  {
    method: 'post',
    path: '/api/modpack',
    tag: 'Modpacks',
    summary: 'Create a modpack',
    description: 'The creator is given access to the new modpack.',
    access: 'token',
    permission: 'modpacks_create',
    body: createModpackBody,
    responses: { 201: { description: 'The new modpack.', schema: res.modpackRecord }, 422: invalid() },
  },
  {
    method: 'put',
    path: '/api/modpack/:slug',
    tag: 'Modpacks',
    summary: 'Update a modpack',
    access: 'token',
    permission: 'modpacks_manage',
    body: updateModpackBody,
    responses: {
      200: { description: 'The updated modpack.', schema: res.modpackRecord },
      404: notFound('Modpack not found.'),
      422: invalid(),
    },
  },
  {
    method: 'delete',
    path: '/api/modpack/:slug',
    tag: 'Modpacks',
    summary: 'Delete a modpack, its builds and assignments',
    access: 'token',
    permission: 'modpacks_delete',
    responses: {
      200: { description: 'Deleted.', schema: res.success('Modpack deleted.') },
      404: notFound('Modpack not found.'),
    },
  },
  {
    method: 'post',
    path: '/api/modpack/:slug/clone',
    tag: 'Modpacks',
    summary: 'Clone a modpack with every build and assignment',
    access: 'token',
    permission: 'modpacks_create',
    body: cloneModpackBody,
    responses: {
      201: { description: 'The new modpack.', schema: res.modpackRecord },
      404: notFound('Modpack not found.'),
      422: invalid(),
    },
  },
  // ---- builds ----
  {
    method: 'post',
    path: '/api/modpack/:slug/build',
    tag: 'Builds',
    summary: 'Create a build',
    description:
      '`clone_from` copies the assignments of that build of the same modpack (ignored when it does not exist).',
    access: 'token',
    permission: 'modpacks_manage',
    body: createBuildBody,
    responses: {
      201: { description: 'The new build.', schema: res.buildRecord },
      404: notFound('Modpack not found.'),
      422: invalid('`{"error": "Build version already exists for this modpack."}`'),
    },
  },
  {
    method: 'put',
    path: '/api/modpack/:slug/:build',
    tag: 'Builds',
    summary: 'Update a build',
    access: 'token',
    permission: 'modpacks_manage',
    body: updateBuildBody,
    responses: {
      200: { description: 'The updated build.', schema: res.buildRecord },
      404: notFound('Modpack not found.', 'Build not found.'),
      422: invalid('`{"error": "Build version already exists for this modpack."}`'),
    },
  },
  {
    method: 'delete',
    path: '/api/modpack/:slug/:build',
    tag: 'Builds',
    summary: 'Delete a build and its assignments',
    access: 'token',
    permission: 'modpacks_manage',
    responses: {
      200: { description: 'Deleted.', schema: res.success('Build deleted.') },
      404: notFound('Modpack not found.', 'Build not found.'),
    },
  },
  {
    method: 'post',
    path: '/api/modpack/:slug/:build/mod',
    tag: 'Builds',
    summary: 'Add a mod version to a build',
    access: 'token',
    permission: 'modpacks_manage',
    body: addBuildModBody,
    responses: {
      201: { description: 'Added.', schema: res.success('Mod added to build.') },
      404: notFound('Modpack not found.', 'Build not found.', 'Mod not found.', 'Mod version not found.'),
      422: invalid(
        '`{"error": "Mod version already in build."}` or `{"error": "Another version of this mod is already in the build. Use PUT to update it."}`',
      ),
    },
  },
  {
    method: 'put',
    path: '/api/modpack/:slug/:build/mod/:mod_slug',
    tag: 'Builds',
    summary: 'Change the version of a mod in a build',
    access: 'token',
    permission: 'modpacks_manage',
    body: updateBuildModBody,
    responses: {
      200: { description: 'Updated.', schema: res.success('Mod version updated in build.') },
      404: notFound('Modpack not found.', 'Build not found.', 'Mod not in this build.', 'Mod version not found.'),
      422: invalid(),
    },
  },
  {
    method: 'delete',
    path: '/api/modpack/:slug/:build/mod/:mod_slug',
    tag: 'Builds',
    summary: 'Remove a mod from a build',
    access: 'token',
    permission: 'modpacks_manage',
    responses: {
      200: { description: 'Removed.', schema: res.success('Mod removed from build.') },
      404: notFound('Modpack not found.', 'Build not found.', 'Mod not in this build.'),
    },
  },
  // ---- platform keys ----
  {
    method: 'get',
    path: '/api/key',
    tag: 'Platform keys',
    summary: 'List platform keys (never their values)',
    access: 'token',
    permission: 'solder_keys',
    responses: { 200: { description: 'The keys.', schema: res.keyList } },
  },
  {
    method: 'post',
    path: '/api/key',
    tag: 'Platform keys',
    summary: 'Create a platform key',
    description: 'Without `api_key` one is generated. The value is shown in this answer only.',
    access: 'token',
    permission: 'solder_keys',
    body: createKeyBody,
    responses: { 201: { description: 'The new key, with its value.', schema: res.keyCreated }, 422: invalid() },
  },
  {
    method: 'delete',
    path: '/api/key/:id',
    tag: 'Platform keys',
    summary: 'Delete a platform key',
    access: 'token',
    permission: 'solder_keys',
    responses: {
      200: { description: 'Deleted.', schema: res.success('Key deleted.') },
      404: notFound('Key not found.'),
    },
  },
  // ---- launcher clients ----
  {
    method: 'get',
    path: '/api/client',
    tag: 'Launcher clients',
    summary: 'List launcher clients',
    access: 'token',
    permission: 'solder_clients',
    responses: { 200: { description: 'The clients.', schema: res.clientList } },
  },
  {
    method: 'post',
    path: '/api/client',
    tag: 'Launcher clients',
    summary: 'Register a launcher client',
    access: 'token',
    permission: 'solder_clients',
    body: createClientBody,
    responses: { 201: { description: 'The new client.', schema: res.client }, 422: invalid() },
  },
  {
    method: 'put',
    path: '/api/client/:uuid',
    tag: 'Launcher clients',
    summary: 'Rename a client or replace its linked modpacks',
    description: 'Without `modpacks` the links are kept.',
    access: 'token',
    permission: 'solder_clients',
    body: updateClientBody,
    responses: {
      200: { description: 'The updated client.', schema: res.client },
      404: notFound('Client not found.'),
      422: invalid(),
    },
  },
  {
    method: 'delete',
    path: '/api/client/:uuid',
    tag: 'Launcher clients',
    summary: 'Delete a launcher client',
    access: 'token',
    permission: 'solder_clients',
    responses: {
      200: { description: 'Deleted.', schema: res.success('Client deleted.') },
      404: notFound('Client not found.'),
    },
  },
  // ---- users ----
  {
    method: 'get',
    path: '/api/user',
    tag: 'Users',
    summary: 'List users',
    access: 'token',
    permission: 'solder_users',
    responses: { 200: { description: 'The users.', schema: res.userList } },
  },
  {
    method: 'post',
    path: '/api/user',
    tag: 'Users',
    summary: 'Create a user',
    description: 'Only a `solder_full` user may grant `solder_full` (403 otherwise).',
    access: 'token',
    permission: 'solder_users',
    body: createUserBody,
    responses: { 201: { description: 'The new user.', schema: res.user }, 422: invalid() },
  },
  {
    method: 'put',
    path: '/api/user/:username',
    tag: 'Users',
    summary: 'Update a user (fields sent replace the old values)',
    access: 'token',
    permission: 'solder_users',
    body: updateUserBody,
    responses: {
      200: { description: 'The updated user.', schema: res.user },
      404: notFound('User not found.'),
      422: invalid(),
    },
  },
  {
    method: 'delete',
    path: '/api/user/:username',
    tag: 'Users',
    summary: 'Delete a user',
    access: 'token',
    permission: 'solder_users',
    responses: {
      200: { description: 'Deleted.', schema: res.success('User deleted.') },
      404: notFound('User not found.'),
    },
  },
  {
    method: 'post',
    path: '/api/user/:username/token',
    tag: 'Tokens',
    summary: 'Issue a token for another user',
    access: 'token',
    permission: 'solder_users',
    body: tokenBody,
    responses: {
      201: { description: 'The new token, with its value.', schema: res.tokenIssued },
      404: notFound('User not found.'),
      422: invalid(),
    },
  },
  // ---- own tokens ----
  {
    method: 'get',
    path: '/api/token',
    tag: 'Tokens',
    summary: 'List your tokens',
    access: 'token',
    responses: { 200: { description: 'Your tokens.', schema: res.tokenList } },
  },
  {
    method: 'post',
    path: '/api/token',
    tag: 'Tokens',
    summary: 'Issue yourself a token',
    access: 'token',
    body: tokenBody,
    responses: { 201: { description: 'The new token, with its value.', schema: res.tokenIssued }, 422: invalid() },
  },
  {
    method: 'delete',
    path: '/api/token/:id',
    tag: 'Tokens',
    summary: 'Revoke one of your tokens',
    access: 'token',
    responses: {
      200: { description: 'Revoked.', schema: res.success('Token revoked.') },
      404: notFound('Token not found.'),
    },
  },
  // ---- operations (outside /api) ----
  {
    method: 'get',
    path: '/healthz',
    tag: 'Operations',
    summary: 'Liveness',
    access: 'public',
    unlimited: true,
    responses: { 200: { description: 'The gateway process is up.', schema: res.healthy } },
  },
  {
    method: 'get',
    path: '/readyz',
    tag: 'Operations',
    summary: 'Readiness: every service answers its gRPC health check',
    access: 'public',
    unlimited: true,
    responses: {
      200: { description: 'Ready.', schema: res.ready },
      503: { description: 'Services not SERVING.', schema: res.unready },
    },
  },
];

/** The body schema of an operation's response (tests validate recorded responses with it). */
export function responseSchema(method: string, path: string, status: number): z.ZodType | undefined {
  const op = findOperation(method, path);
  if (!op) return undefined;
  return (op.responses[status] ?? standardResponses(op)[status])?.schema;
}

export function findOperation(method: string, path: string): Operation | undefined {
  const m = method.toLowerCase();
  const p = normalizePath(path);
  return OPERATIONS.find((o) => o.method === m && normalizePath(o.path) === p);
}

/** `/api/mod/:slug/` → `/api/mod/{slug}`. */
export function normalizePath(path: string): string {
  const p = path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** Answers every operation may give besides its own. */
function standardResponses(op: Operation): Record<number, { description: string; schema?: z.ZodType }> {
  const out: Record<number, { description: string; schema?: z.ZodType }> = {};
  if (op.body) {
    out[400] = err('"The request body is not valid JSON." (judged after authentication)');
    out[413] = err('"Payload too large." (over `BODY_LIMIT_BYTES`)');
    out[415] = err('Unsupported media type: send application/json.');
  }
  if (op.access === 'token') {
    out[401] = err('"Unauthenticated.": no bearer token, or an unknown one.');
    if (op.permission || op.path.startsWith('/api/modpack/')) {
      out[403] = err('"This action is unauthorized.": the permission or the access to the modpack is missing.');
    }
  }
  if (op.etag) out[304] = { description: 'Not modified: the `If-None-Match` header names the current ETag.' };
  if (!op.unlimited && op.path.startsWith('/api'))
    out[429] = err('"Too many requests." (see the `Retry-After` header)');
  if (op.path !== '/api' && op.path !== '/api/openapi.json' && op.path !== '/healthz') {
    out[503] = err('"Service unavailable.": a service did not answer in time.');
  }
  out[500] = err('"Internal error."');
  return out;
}

// ---- zod → JSON Schema ----

/** Marks what preprocessed fields accept besides their schema (see the header comment). */
function override(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  const def = (
    ctx.zodSchema as {
      _zod?: {
        def?: { type?: string; in?: { _zod: { def: { type: string } } }; out?: { _zod: { def: { type: string } } } };
      };
    }
  )._zod?.def;
  if (def?.type !== 'pipe' || def.in?._zod.def.type !== 'transform') return;
  const js = ctx.jsonSchema;
  if (def.out?._zod.def.type === 'array') {
    const copy = { ...js };
    for (const k of Object.keys(js)) delete js[k];
    Object.assign(js, { anyOf: [copy, { type: 'null' }], description: 'null counts as an empty list.' });
  } else {
    js.description = [js.description, 'Absent, null or an empty string leaves it unset.'].filter(Boolean).join(' ');
  }
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : rewriteRefs(v),
      ]),
    );
  }
  return value;
}

function converter(components: Record<string, JsonSchema>) {
  return (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', override }) as JsonSchema;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    for (const [name, def] of Object.entries(defs)) components[name] ??= rewriteRefs(def) as JsonSchema;
    return rewriteRefs(json) as JsonSchema;
  };
}

const SECURITY: Record<Access, Record<string, string[]>[] | undefined> = {
  public: [],
  read: [{}, { bearerAuth: [] }, { platformKey: [] }, { launcherClient: [] }],
  token: [{ bearerAuth: [] }],
};

/** Builds the OpenAPI 3.1 document. */
export function buildOpenApiDocument(): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const convert = converter(components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const path = normalizePath(op.path);
    const parameters: unknown[] = [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      description: PARAMS[name],
      schema: { type: 'string' },
    }));
    for (const [name, q] of Object.entries(op.query ?? {})) {
      parameters.push({
        name,
        in: 'query',
        required: false,
        description: q.description,
        schema: convert(q.schema, 'input'),
      });
    }
    if (op.etag) {
      parameters.push({
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'ETag of a previous answer: 304 when unchanged.',
        schema: { type: 'string' },
      });
    }
    const responses: Record<string, unknown> = {};
    const all = { ...standardResponses(op), ...op.responses };
    for (const status of Object.keys(all)
      .map(Number)
      .sort((a, b) => a - b)) {
      const r = all[status];
      responses[String(status)] = {
        description: r.description,
        ...(status === 200 && op.etag ? { headers: { ETag: { schema: { type: 'string' } } } } : {}),
        ...(status === 429
          ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds.' } } }
          : {}),
        ...(r.schema ? { content: { 'application/json': { schema: convert(r.schema, 'output') } } } : {}),
      };
    }
    const description = [
      op.description,
      op.permission ? `Needs the \`${op.permission}\` permission (or \`solder_full\`).` : '',
    ]
      .filter(Boolean)
      .join('\n\n');
    paths[path] ??= {};
    paths[path][op.method] = {
      tags: [op.tag],
      summary: op.summary,
      ...(description ? { description } : {}),
      operationId: operationId(op),
      ...(SECURITY[op.access] ? { security: SECURITY[op.access] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: convert(op.body, 'input') } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Depot API',
      version: API_INFO.version,
      description:
        'Technic Solder compatible API of Depot. Every body is JSON; every error is `{"error": "<message>"}` or, for ' +
        'validation (422), `{"error": {"<field>": ["<message>"]}}`.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'A Depot token (`POST /api/token`).' },
        platformKey: { type: 'apiKey', in: 'query', name: 'k', description: 'Technic Platform API key (read routes).' },
        launcherClient: { type: 'apiKey', in: 'query', name: 'cid', description: 'Launcher client id (read routes).' },
      },
    },
  };
}

function operationId(op: Operation): string {
  const words = op.path
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? `by_${s.slice(1)}` : s))
    .map((s) => s.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : '')));
  const name = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('') || 'Root';
  return `${op.method}${name}`;
}

// ---- serving ----

const seenRoutes = new WeakMap<FastifyInstance, Set<string>>();

/** Routes registered under /api that the document does not describe (`GET /api/x/{y}`). */
export function undocumentedRoutes(app: FastifyInstance): string[] {
  return [...(seenRoutes.get(app) ?? [])].filter((r) => {
    const [method, path] = r.split(' ');
    return !findOperation(method, path);
  });
}

/** Every route registered under /api so far, as `METHOD /path/{param}` (HEAD and OPTIONS aside). */
export function apiRoutes(app: FastifyInstance): string[] {
  return [...(seenRoutes.get(app) ?? [])];
}

/**
 * GET /api/openapi.json and Swagger UI at /docs. Call on the root instance before the routes are
 * registered: it also records them, so tests can check that every /api route is documented.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const seen = new Set<string>();
  seenRoutes.set(app, seen);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS' || !/^\/api(\/|$)/.test(route.url)) continue;
      seen.add(`${method} ${normalizePath(route.url)}`);
    }
  });
  const document = buildOpenApiDocument();
  app.get('/api/openapi.json', async () => document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true } });
}
