// Sends what the queue says is due (deliveries.ts), up to HOOKS_CONCURRENCY at a time, and
// records each attempt: 2xx delivered; 410 Gone disables the endpoint (and says so); anything
// else is tried again after the next delay of HOOKS_RETRY_SCHEDULE until HOOKS_RETRY_FOR after
// the event. Woken when an event is recorded or a delivery finishes, else every second.
import type { Logger } from '@depot/common/process';
import type { Deliveries, DueDelivery } from './deliveries';
import { discordMessage } from './discord';
import type { Endpoints } from './endpoints';
import { nextDelay } from './retry-schedule';
import type { Sender } from './sender';

const POLL_MS = 1000;
const PRUNE_EVERY_MS = 3600_000;
const KEEP_DAYS = 30;

export interface WorkerSettings {
  concurrency: number;
  schedule: number[];
  retryForMs: number;
  timeoutMs: number;
}

export class Worker {
  private inFlight = new Set<Promise<void>>();
  private wake?: () => void;
  private kicked = false;
  private stopping = false;
  private loop?: Promise<void>;

  constructor(
    private readonly deliveries: Deliveries,
    private readonly endpoints: Endpoints,
    private readonly sender: Sender,
    private readonly settings: WorkerSettings,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  /** Ends the loop; attempts under way finish (each within HOOKS_TIMEOUT_MS). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  private async run(): Promise<void> {
    let lastPrune = 0;
    while (!this.stopping) {
      this.kicked = false;
      try {
        const due = await this.deliveries.claim(
          this.settings.concurrency - this.inFlight.size,
          this.settings.timeoutMs + 5000,
        );
        for (const d of due) this.track(this.attempt(d));
        if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
          lastPrune = Date.now();
          await this.deliveries.prune(KEEP_DAYS);
        }
      } catch (err) {
        this.logger.warn({ err: String(err) }, 'webhook deliveries could not be read; retrying');
      }
      if (this.kicked || this.stopping) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  private track(p: Promise<void>): void {
    this.inFlight.add(p);
    void p.finally(() => {
      this.inFlight.delete(p);
      this.kick();
    });
  }

  private async attempt(d: DueDelivery): Promise<void> {
    try {
      const body = JSON.stringify(d.format === 'discord' ? discordMessage(d.body) : d.body);
      const secret = this.endpoints.secretOf({ id: d.endpoint_id, secret: d.secret });
      const result = await this.sender.send({ id: d.id, event: d.type, url: d.url, secret, body });
      if (result.outcome === 'delivered') return await this.deliveries.finish(d.id, { state: 'delivered', ...result });
      if (result.outcome === 'gone') {
        await this.deliveries.disable(d.endpoint_id, `The endpoint answered 410 Gone at ${new Date().toISOString()}.`);
        this.logger.info({ endpoint: d.endpoint_id }, 'webhook endpoint answered 410 Gone: disabled');
        return await this.deliveries.finish(d.id, { state: 'failed', ...result });
      }
      const delay = nextDelay(this.settings.schedule, d.attempts, new Date(d.created_at), this.settings.retryForMs);
      this.logger.debug(
        { delivery: d.id, attempts: d.attempts, status: result.status, delay },
        'webhook attempt failed',
      );
      await this.deliveries.finish(
        d.id,
        { state: delay === undefined ? 'failed' : 'pending', ...result },
        delay === undefined ? undefined : new Date(Date.now() + delay),
      );
    } catch (err) {
      // The lease runs out and the delivery is tried again.
      this.logger.warn({ err: String(err), delivery: d.id }, 'webhook attempt could not be recorded');
    }
  }
}
