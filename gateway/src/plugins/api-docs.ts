// The OpenAPI 3.1 document of the public API, generated from the registered routes: each route's
// declaration (pipeline/route.ts) gives its schemas, access and answers; @fastify/swagger collects them
// (dynamic mode) and fastify-type-provider-zod turns the zod schemas into JSON Schema: bodies as
// *input* (what a client may send), answers as *output*; schemas with an `id` become components.
// Served at GET /api/openapi.json, with Swagger UI at /docs. The typed client (@depot/api-client)
// is generated from this document. See docs/api.md for the prose reference.
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { RouteOptions } from 'fastify';
import { API_INFO } from '../about';
import type { AnyRoute } from '../pipeline/route';
import { answersOf } from '../pipeline/route-docs';
import { ANSWERS } from '../messages';

type JsonSchema = Record<string, unknown>;

/** Who may call: the security requirements of each access level (an empty one: no credentials needed). */
const SECURITY: Record<'public' | 'identified' | 'read' | 'user', Record<string, string[]>[]> = {
  public: [],
  // A public route that shows private fields to callers who send credentials (pipeline/route.ts privateFields).
  identified: [{}, { bearerAuth: [] }, { sessionCookie: [] }],
  read: [{}, { bearerAuth: [] }, { platformKey: [] }, { launcherClient: [] }, { sessionCookie: [] }],
  user: [{ bearerAuth: [] }, { sessionCookie: [] }],
};
const securityOf = (declaration: AnyRoute) => {
  const { access } = declaration;
  if (access === 'public') return SECURITY[declaration.privateFields ? 'identified' : 'public'];
  return SECURITY[access === 'read' ? access : 'user'];
};

/**
 * Preprocessed fields (a nullable field takes "" as unset, a list takes null as empty) show as the
 * schema they are checked against; this notes what they accept besides. Then what the library's
 * own override does for OpenAPI 3.1 (no empty branches in a union).
 */
function override(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  const def = (ctx.zodSchema as { _zod?: { def?: ZodDef } })._zod?.def;
  const js = ctx.jsonSchema;
  if (def?.type === 'union' && Array.isArray(js.anyOf)) {
    js.anyOf = (js.anyOf as JsonSchema[]).filter((branch) => Object.keys(branch).length > 0);
  }
  if (def?.type !== 'pipe' || def.in?._zod.def.type !== 'transform') return;
  // The schema checked after the preprocessing; a list checked against a service is a pipe from an array.
  const checked = def.out?._zod.def.type === 'pipe' ? def.out._zod.def.in?._zod.def : def.out?._zod.def;
  if (checked?.type === 'array') {
    const copy = { ...js };
    for (const k of Object.keys(js)) delete js[k];
    Object.assign(js, { anyOf: [copy, { type: 'null' }], description: 'null counts as an empty list.' });
  } else {
    js.description = [js.description, 'Absent, null or an empty string leaves it unset.'].filter(Boolean).join(' ');
  }
}
interface ZodDef {
  type?: string;
  in?: { _zod: { def: ZodDef } };
  out?: { _zod: { def: ZodDef } };
}

const zodToJsonConfig = { target: 'draft-2020-12' as const, override };
const zodTransform = createJsonSchemaTransform({ skipList: [], zodToJsonConfig });
const zodTransformObject = createJsonSchemaTransformObject({ zodToJsonConfig });

/** One route of the document: its zod schemas as JSON Schema, plus what its declaration says of access and answers. */
function transform(document: Parameters<typeof zodTransform>[0] & { route: RouteOptions }) {
  const declaration = document.route.config?.route;
  if (!declaration) return { schema: { ...document.schema, hide: true }, url: document.url };
  const answers = answersOf(declaration);
  const withBody: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(answers)) {
    if (answer.schema) withBody[status] = { description: answer.description, content: json(answer.schema) };
  }
  const converted = zodTransform({ ...document, schema: { ...document.schema, response: withBody } });
  const schema = converted.schema as JsonSchema;
  const response = schema.response as Record<string, JsonSchema>;
  for (const [status, answer] of Object.entries(answers)) {
    if (!answer.schema) response[status] = { description: answer.description, type: 'null' };
  }
  if (declaration.cached)
    response[declaration.status ?? 200].headers = {
      etag: { type: 'string', description: 'Send it back in If-None-Match.' },
    };
  if (response[429]) response[429].headers = { 'retry-after': { type: 'integer', description: 'Seconds.' } };
  // A file's answers (a download): its bytes in its media type, not JSON.
  if (declaration.file) {
    for (const status of ['200', '206']) {
      const content = response[status]?.content as Record<string, { schema: unknown }> | undefined;
      if (content?.['application/json']) {
        response[status].content = { [declaration.file]: content['application/json'] };
      }
    }
  }
  // A streamed body is the file itself (route.ts `streamedBody`), in any of its media types.
  if (declaration.streamedBody) {
    schema.body = { type: 'string', format: 'binary', description: 'The file, streamed.' };
    schema.consumes = [...declaration.streamedBody.types];
  }
  schema.operationId = operationId(declaration);
  schema.security = securityOf(declaration);
  // Machine-readable: who may call (public, read, user or a permission) and whether modpack access is needed.
  schema['x-access'] = declaration.access;
  if (declaration.alsoNeeds) schema['x-also-needs'] = declaration.alsoNeeds;
  if (declaration.modpackAccess) schema['x-modpack-access'] = true;
  if (declaration.privateFields) schema['x-private-fields'] = declaration.privateFields;
  // The user acted on (`named`) and the rights given (`grants`): the caller must cover them.
  if (declaration.actsOnUser) schema['x-acts-on-user'] = declaration.actsOnUser;
  const description = [declaration.description, permissionNote(declaration)].filter(Boolean).join('\n\n');
  if (description) schema.description = description;
  return converted;
}

const json = (schema: unknown) => ({ 'application/json': { schema } });

/** The document's components: every schema with an id, minus those no operation refers to. */
function transformObject(document: Parameters<typeof zodTransformObject>[0]) {
  const object = zodTransformObject(document) as JsonSchema & { components: { schemas: Record<string, unknown> } };
  const schemas = object.components.schemas;
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
          const name = v.slice('#/components/schemas/'.length);
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(v);
      }
    }
  };
  visit(object.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return object;
}

function permissionNote(declaration: AnyRoute): string {
  const { access } = declaration;
  const notes = declaration.privateFields
    ? `Private \`notes\` are answered only when set and the caller holds \`${declaration.privateFields}\` (or \`solder_full\`)${access === 'public' ? ', identified by a bearer token or a session (wrong ones count as none, never 401)' : ''}.`
    : '';
  if (access === 'public' || access === 'read') return notes;
  const who =
    access === 'user'
      ? 'Any user with a bearer token or a session'
      : `Needs the \`${access}\` permission${declaration.alsoNeeds ? ` and the \`${declaration.alsoNeeds}\` permission` : ''} (or \`solder_full\`)`;
  const acts = declaration.actsOnUser;
  const covered = acts && [acts.named && "the user's rights", acts.grants && 'the rights given'].filter(Boolean);
  const user = covered ? `The caller must cover ${covered.join(' and ')} (docs/api.md#acting-on-users).` : '';
  return [`${who}${declaration.modpackAccess ? ' and access to the modpack' : ''}.`, user, notes]
    .filter(Boolean)
    .join(' ');
}

/** `getModBySlugByVersion`: method, then the path's words and parameters. */
function operationId(declaration: AnyRoute): string {
  const words = declaration.url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    // (`*`: the rest of the path, a packwiz tree's file)
    .map((s) => (s.startsWith(':') ? `by_${s.slice(1)}` : s === '*' ? 'by_path' : s))
    .map((s) => s.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : '')));
  const name = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('') || 'Root';
  return `${declaration.method.toLowerCase()}${name}`;
}

const OPTIONS: FastifyDynamicSwaggerOptions = {
  openapi: {
    // No jsonSchemaDialect: the default of OpenAPI 3.1 is what the schemas use, and Swagger UI
    // warns about any other value.
    openapi: '3.1.0',
    info: {
      title: 'Depot API',
      version: API_INFO.version,
      description:
        'Technic Solder compatible API of Depot (docs/api.md in the repository). Every body is JSON; every error is ' +
        '`{"error": "<message>"}` or, for validation (422), `{"error": {"<field>": ["<message>"]}}`.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'A Depot token (`POST /api/token`).' },
        platformKey: { type: 'apiKey', in: 'query', name: 'k', description: 'Technic Platform API key (read routes).' },
        launcherClient: { type: 'apiKey', in: 'query', name: 'cid', description: 'Launcher client id (read routes).' },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'depot_session',
          description:
            'A console session (`POST /api/session`), used when no Authorization header is sent. Writes made with it ' +
            `need the \`X-CSRF-Token\` header (403 \`${ANSWERS.csrfMismatch.message}\` without).`,
        },
      },
    },
  },
  transform: transform as FastifyDynamicSwaggerOptions['transform'],
  transformObject: transformObject as FastifyDynamicSwaggerOptions['transformObject'],
};

/**
 * @fastify/swagger (collecting every route registered after it) and Swagger UI at /docs. The
 * document itself is a declared route (api/root), served by `app.swagger()`.
 */
export const apiDocs = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, OPTIONS);
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true } });
  },
  { name: 'api-docs' },
);
