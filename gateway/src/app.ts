// The public HTTP face of Depot: Solder's REST contract over the three gRPC services. The gateway
// is the plugins below, in the order a request meets them: the headers every answer carries, its
// metrics, trace and log line, CORS, the HTTP checks, the rate limits, then the declared routes,
// each with its checks (pipeline/register.ts). Every failure is a JSON error (plugins/failures.ts);
// a service that does not answer is a 503.
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from '@depot/common/process';
import { allRoutes } from './api';
import type { ServiceClients } from './clients';
import type { GatewayConfig } from './config';
import { routes } from './pipeline/register';
import { cookies } from './pipeline/session';
import { apiDocs } from './plugins/api-docs';
import { bodies } from './plugins/bodies';
import { DEFAULT_CONSOLE_DIR, webConsole } from './plugins/console';
import { crossOrigin } from './plugins/cors';
import { failures } from './plugins/failures';
import { answerHeaders, requestId } from './plugins/headers';
import { httpChecks, serverOptions } from './plugins/http-server';
import { observability } from './plugins/observability';
import { pullThrough } from './plugins/pull-through';
import { rateLimits } from './plugins/rate-limits';
import { lazyChildLoggerFactory } from './plugins/request-logger';
import { routeTable } from './plugins/route-table';
import { trustProxyOption } from './plugins/trust-proxy';
import { responseCache, type ChangeFeed } from './cache/invalidation';
import { cachePolicy } from './cache/policy';
import { replay } from './cache/replay';

export interface GatewayDeps {
  config: GatewayConfig;
  clients: ServiceClients;
  logger: Logger;
  /** Change events that keep the response cache fresh; without them reads are never cached. */
  changes?: ChangeFeed;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: GatewayDeps;
  }
}

export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    // Timeouts of slow and idle clients, and JSON for what Node and the router refuse. Headers are
    // limited to Node's 16 KiB (431).
    ...serverOptions(config),
    // Fastify's own two lines per request are off; observability.ts writes one, without URLs.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    // Each request's child logger (reqId) is made only if the request logs (request-logger.ts).
    childLoggerFactory: lazyChildLoggerFactory,
  });
  app.decorate('deps', deps);
  await app.register(routeTable);
  await app.register(answerHeaders);
  await app.register(observability, {
    logger: deps.logger,
    accessLog: config.ACCESS_LOG,
    accessLogFile: config.ACCESS_LOG_FILE,
    accessSummarySeconds: config.ACCESS_LOG_SUMMARY_SECONDS,
  });
  await app.register(crossOrigin, { origins: config.CORS_ORIGINS });
  await app.register(cookies);
  await app.register(httpChecks);
  await app.register(rateLimits);
  await app.register(bodies);
  await app.register(failures);
  await app.register(apiDocs);
  await app.register(responseCache);
  await app.register(cachePolicy);
  await app.register(replay);
  if (config.ARCHIVE_UPSTREAM_URL) {
    await app.register(pullThrough, {
      upstream: config.ARCHIVE_UPSTREAM_URL,
      timeoutMs: config.ARCHIVE_TRANSFER_TIMEOUT_MS,
    });
  }
  await app.register(routes, { declare: allRoutes });
  if (config.CONSOLE_ENABLED) {
    await app.register(webConsole, { dir: config.CONSOLE_DIR || DEFAULT_CONSOLE_DIR, logger: deps.logger });
  }
  return app;
}
