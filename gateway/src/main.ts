// The gateway process: its settings, its clients of the three services, the change feed of the
// response cache, the purges of the shared cache in front (cache/purging.ts), and the app (app.ts)
// listening until it is told to stop.
import { createLogger, runMain } from '@depot/common/process';
import { buildGateway } from './app';
import { createServiceClients } from './clients';
import { loadGatewayConfig } from './config';
import { natsChangeFeed } from './cache/invalidation';
import { startPurging } from './cache/purging';

runMain('gateway', async () => {
  const config = loadGatewayConfig();
  // Buffered: the access log writes a line per request (logger.ts, bufferedStdout).
  const logger = createLogger('gateway', config.LOG_LEVEL, 'buffered');
  const clients = createServiceClients(config);
  const changes = config.CACHE_ENABLED ? natsChangeFeed(config.NATS_URL, config.EVENTS_NAMESPACE, logger) : undefined;
  const app = await buildGateway({ config, clients, logger, changes });
  await app.listen({ host: config.GATEWAY_HOST, port: config.GATEWAY_PORT });
  const purging = startPurging(config, logger);
  return {
    async stop() {
      // Stops accepting connections and lets in-flight requests finish.
      await app.close();
      await purging?.stop();
      for (const c of Object.values(clients)) c.close();
    },
  };
});
