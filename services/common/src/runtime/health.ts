// The gRPC health of a service follows its database: every few seconds a `select 1`; when it
// fails the server turns NOT_SERVING (Kubernetes takes the replica out of rotation, the gateway's
// /readyz reports it), and SERVING again once it answers. NATS being down does not make a service
// NOT_SERVING: writes still commit (events wait in the outbox) and consumers resume by themselves,
// so it is only logged and shown by the `depot_nats_connected` metric.
import type { Logger } from 'pino';
import type { GrpcServer } from '../grpc/server';
import { withTimeout } from '../process/metrics';
import type { Bus } from '../bus/nats';
import type { Orm } from './orm';

export interface HealthMonitor {
  /** Runs one check now (tests); resolves to whether the database answered. */
  check(): Promise<boolean>;
  /** Last known states. */
  state(): { database: boolean; nats: boolean };
  stop(): void;
}

export function startHealthMonitor(opts: {
  orm: Orm;
  bus: Bus;
  server: Pick<GrpcServer, 'setServing'>;
  logger: Logger;
  /** Between checks, default 5 s. */
  intervalMs?: number;
  /** How long `select 1` may take, default 3 s. */
  timeoutMs?: number;
}): HealthMonitor {
  const intervalMs = opts.intervalMs ?? 5000;
  const timeoutMs = opts.timeoutMs ?? 3000;
  let database = true;
  let nats = opts.bus.connected();
  let running: Promise<boolean> | undefined;
  let stopped = false;
  opts.server.setServing(true);

  const probe = async (): Promise<boolean> => {
    try {
      await withTimeout(opts.orm.em.getConnection().execute('select 1'), timeoutMs);
      return true;
    } catch (err) {
      if (database) opts.logger.warn({ err: String(err) }, 'database unreachable: gRPC health NOT_SERVING');
      return false;
    }
  };

  const check = (): Promise<boolean> => {
    running ??= (async () => {
      const ok = await probe();
      if (stopped) return ok;
      if (ok && !database) opts.logger.info('database reachable again: gRPC health SERVING');
      database = ok;
      opts.server.setServing(ok);
      const natsUp = opts.bus.connected();
      if (natsUp !== nats) {
        if (natsUp) opts.logger.info('NATS reachable again');
        else opts.logger.warn('NATS unreachable: events wait in the outbox, consumers resume when it is back');
      }
      nats = natsUp;
      return ok;
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return {
    check,
    state: () => ({ database, nats }),
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
