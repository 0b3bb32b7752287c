import { Migration } from '@mikro-orm/migrations';
import { OUTBOX_TRACE_SQL } from '@depot/common/runtime';

/** The outbox's `trace` column: the W3C trace context an event carries as NATS headers. */
export class Migration20261201000100_outbox_trace extends Migration {
  override async up(): Promise<void> {
    for (const sql of OUTBOX_TRACE_SQL) this.addSql(sql);
  }
}
