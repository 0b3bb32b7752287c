// What a handler (and a target lookup) gets: the judged request and who is calling (route.ts
// `Context`), made once per request.
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { buildsV1 } from '@depot/proto';
import type { Principal } from './auth';
import type { AnyRoute, Context, ScopedBuilds } from './route';
import { fileOf } from './streamed-body';

type BuildsClient = FastifyRequest['server']['deps']['clients']['builds'];

/**
 * The context of a request; `params` instead of the request's own (a target looked up with the
 * segments judged so far). A class, not an object literal with getters: one is made per request
 * on the launcher's hot path, and its getters live once on the prototype.
 */
class RequestContext implements Context<never, never, never> {
  constructor(
    private readonly declaration: AnyRoute,
    readonly req: FastifyRequest,
    readonly reply: FastifyReply,
    readonly params: never,
  ) {}
  get query(): never {
    return this.req.query as never;
  }
  get body(): never {
    return this.req.body as never;
  }
  get principal(): Principal {
    if (!this.req.principal) throw new Error(`${this.declaration.url} uses the principal but declares no user access`);
    return this.req.principal;
  }
  get scope() {
    if (!this.req.scope) throw new Error(`${this.declaration.url} uses the scope but declares no user access`);
    return this.req.scope;
  }
  get readAccess() {
    if (!this.req.readAccess) throw new Error(`${this.declaration.url} uses read access but does not declare it`);
    return this.req.readAccess;
  }
  get showsPrivate() {
    return this.req.showsPrivate === true;
  }
  get file(): Readable {
    if (!this.declaration.streamedBody)
      throw new Error(`${this.declaration.url} reads a streamed body but does not declare it`);
    return fileOf(this.req, this.declaration.streamedBody);
  }
  get builds(): ScopedBuilds {
    if (!this.declaration.modpackAccess)
      throw new Error(`${this.declaration.url} uses the modpack access but does not declare it`);
    return withAccess(this.req.server.deps.clients.builds, this.scope);
  }
}

/** The builds client with `access` given to every call. */
function withAccess(builds: BuildsClient, access: buildsV1.Access): ScopedBuilds {
  return new Proxy(builds, {
    get: (target, method: keyof BuildsClient) => (request: object, options?: object) =>
      (target[method] as (r: object, o?: object) => Promise<unknown>)({ ...request, access }, options),
  }) as unknown as ScopedBuilds;
}

export function contextOf(
  declaration: AnyRoute,
  req: FastifyRequest,
  reply?: FastifyReply,
  params: unknown = req.params,
): Context<never, never, never> {
  return new RequestContext(declaration, req, reply as FastifyReply, params as never);
}
