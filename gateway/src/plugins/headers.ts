// The headers every answer carries, set by the first hook so that answers of later hooks (CORS
// preflights, 429s, 401s) carry them too: `X-Content-Type-Options: nosniff` (no sniffing a JSON
// error into HTML) and `X-Request-Id`, the request's id, taken from a well-formed `X-Request-Id`
// (a proxy's) or made here, so that a user can quote it; the access log names it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's X-Request-Id when it is safe to log, else a new one. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export const answerHeaders = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (req, reply, done) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-request-id', req.id);
      done();
    });
  },
  { name: 'answer-headers' },
);
