// The access log: one line per request at `info` (ACCESS_LOG=false turns it off, e.g. for
// benchmarks), so an operator sees the traffic. It names the route pattern, never the URL: paths
// and queries carry keys (`/api/verify/{key}`, `?k=`, `?cid=`), and headers carry tokens. Each
// request has an id, taken from a well-formed `X-Request-Id` (a proxy's) or made here, and
// answered in `X-Request-Id` so that a user can quote it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '@depot/common';
import { UNMATCHED_ROUTE } from './observability';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's X-Request-Id when it is safe to log, else a new one. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export function registerAccessLog(app: FastifyInstance, logger: Logger, enabled: boolean): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  if (!enabled) return;
  app.addHook('onResponse', (req, reply, done) => {
    logger.info(
      {
        reqId: req.id,
        method: req.method,
        route: req.routeOptions?.url ?? UNMATCHED_ROUTE,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
    done();
  });
}
