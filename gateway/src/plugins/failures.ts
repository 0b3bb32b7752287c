// Every failure answered as a clear JSON error (docs/api.md#errors): the services' reasons and the
// gateway's own refusals through errors.ts, Fastify's (bad JSON, size, media type) as 4xx, an
// unknown path 404 (counted by the general rate limit), and anything else, a bug, logged and 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Reason } from '@depot/common';
import { answer, HttpError, toHttpError } from '../errors';
import { ANSWERS, errorBody } from '../messages';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's words for reasons (read routes say "does not exist"; pipeline/route-docs.ts). */
    errorMessages?: Partial<Record<Reason, string>>;
  }
}

export const failures = fp(
  async (app: FastifyInstance) => {
    const { config } = app.deps;
    app.setErrorHandler((err: FastifyError, req, reply) => {
      const http = toHttpError(err, req.routeOptions?.config?.errorMessages) ?? fastifyError(err);
      if (http) {
        if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') lingerOnOversizedBody(req, reply, config.BODY_LIMIT_BYTES);
        return reply.status(http.status).headers(http.headers).send({ error: http.error });
      }
      // The route pattern, not the URL: paths and queries can carry keys (verify/{key}, ?k=, ?cid=).
      req.log.error({ err, route: req.routeOptions.url, method: req.method }, 'unhandled error');
      return reply.status(500).send(errorBody('internal'));
    });
    // Unknown paths count towards the general limit too (docs/api.md#rate-limits).
    app.setNotFoundHandler(config.RATE_LIMIT_PER_MINUTE > 0 ? { preHandler: app.rateLimit() } : {}, (_req, reply) =>
      reply.status(404).send(errorBody('notFound')),
    );
  },
  { name: 'failures', dependencies: ['rate-limits'] },
);

/**
 * Fastify answers a body it will not parse with `Connection: close` and closes the socket while the
 * client may still be sending, so the client often sees EPIPE/ECONNRESET instead of our 413. For a
 * declared length within a few times the limit we keep the connection: Node then reads and discards
 * the rest of the body and the client reads a clean 413 (a "lingering close", as nginx does).
 * Anything larger, or of unknown length, is still cut off.
 */
function lingerOnOversizedBody(req: FastifyRequest, reply: FastifyReply, bodyLimit: number): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared <= LINGER_FACTOR * bodyLimit) reply.removeHeader('connection');
}
const LINGER_FACTOR = 8;

/** Fastify's own failures (bad JSON, size, media type) as clear 4xx JSON errors. */
function fastifyError(err: FastifyError): HttpError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answer('payloadTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return answer('unsupportedMediaType');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return answer('malformedJson');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return answer('invalidContentLength');
  }
  if (err instanceof SyntaxError || (err.statusCode === 400 && /JSON/i.test(err.message))) {
    return answer('malformedJson');
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new HttpError(err.statusCode, err.message || ANSWERS.badRequest.message);
  }
  return null;
}
