import { Migration } from '@mikro-orm/migrations';

/**
 * Endpoints, the events they are told of, and one delivery per endpoint and event: the rows are
 * the queue (docs/webhooks.md#delivery), so a restart of the service or of NATS loses nothing.
 */
export class Migration20270101000100_init extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "endpoints" (
      "id" serial primary key,
      "modpack_id" int null,
      "url" text not null,
      "events" text[] not null,
      "format" text not null,
      "description" text not null default '',
      "secret" text not null,
      "key_id" text not null,
      "enabled" boolean not null default true,
      "disabled_reason" text not null default '',
      "created_at" timestamptz(6) not null default now(),
      "updated_at" timestamptz(6) not null default now())`);
    this.addSql('create index "endpoints_modpack_idx" on "endpoints" ("modpack_id")');
    this.addSql(`create table "hook_events" (
      "id" bigserial primary key,
      "stream_seq" bigint null unique,
      "type" text not null,
      "modpack_id" int null,
      "body" jsonb not null,
      "created_at" timestamptz(6) not null default now())`);
    this.addSql(`create table "deliveries" (
      "id" uuid primary key,
      "endpoint_id" int not null references "endpoints" ("id") on delete cascade,
      "event_id" bigint not null references "hook_events" ("id") on delete cascade,
      "state" text not null default 'pending',
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz(6) not null default now(),
      "leased_until" timestamptz(6) null,
      "status" int null,
      "latency_ms" int null,
      "response" text null,
      "created_at" timestamptz(6) not null default now(),
      "delivered_at" timestamptz(6) null)`);
    this.addSql(
      `create index "deliveries_pending_idx" on "deliveries" ("endpoint_id", "event_id") where "state" = 'pending'`,
    );
    this.addSql('create index "deliveries_log_idx" on "deliveries" ("endpoint_id", "created_at" desc)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table "deliveries"');
    this.addSql('drop table "hook_events"');
    this.addSql('drop table "endpoints"');
  }
}
