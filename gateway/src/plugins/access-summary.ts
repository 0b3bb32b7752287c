// When the access lines go to a file of their own (ACCESS_LOG_FILE, npm start's default), the
// terminal still sees the traffic: every ACCESS_LOG_SUMMARY_SECONDS in which requests were
// answered, one line counting them by status class and naming the file where each has its line.
// Counting is an increment per request; the line is written off the hot path, by a timer.
import type { Logger } from '@depot/common/process';

export class AccessSummary {
  /** Requests answered since the last summary, by status class: 1xx..5xx at 1..5, 499 counted as 4xx. */
  private readonly counts = [0, 0, 0, 0, 0, 0];
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly logger: Logger,
    private readonly file: string,
    private readonly seconds: number,
  ) {}

  start(): void {
    if (this.seconds <= 0) return;
    this.timer = setInterval(() => this.flush(), this.seconds * 1000);
    this.timer.unref();
  }

  count(status: number): void {
    this.counts[Math.min(5, Math.max(0, Math.trunc(status / 100)))]++;
  }

  /** Writes the summary line if requests were answered since the last one. */
  flush(): void {
    const total = this.counts.reduce((a, b) => a + b, 0);
    if (total === 0) return;
    const byClass: Record<string, number> = {};
    this.counts.forEach((n, i) => {
      if (n > 0 && i > 0) byClass[`${i}xx`] = n;
    });
    this.counts.fill(0);
    const classes = Object.entries(byClass)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    this.logger.info(
      { requests: total, ...byClass, access_log: this.file },
      `${total} requests in the last ${this.seconds} s (${classes}); one line each in ${this.file}`,
    );
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.flush();
  }
}
