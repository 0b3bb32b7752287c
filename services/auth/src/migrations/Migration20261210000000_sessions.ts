import { Migration } from '@mikro-orm/migrations';

/** Passwords and e-mail addresses of users, console sessions, and what the bootstrap applied. */
export class Migration20261210000000_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users"
      add column "email" varchar(255) null,
      add column "password_hash" varchar(255) null;`);
    this.addSql(`create unique index "users_email_lower_unique" on "users" (lower("email"));`);

    // The session token is kept only as its SHA-256 digest, like bearer tokens.
    this.addSql(`create table "sessions" (
      "id" serial primary key,
      "user_id" int not null references "users" ("id") on delete cascade,
      "token_hash" char(64) not null constraint "sessions_token_hash_unique" unique,
      "created_at" timestamptz(6) not null default now(),
      "last_seen_at" timestamptz(6) not null default now(),
      "expires_at" timestamptz(6) not null,
      "user_agent" varchar(255) null,
      "address" varchar(64) null);`);
    this.addSql(`create index "sessions_user_id_idx" on "sessions" ("user_id");`);

    // The bcrypt hash of the last ADMIN_PASSWORD applied, so that a restart with the same value
    // does not undo a password changed since (bootstrap.ts).
    this.addSql(`create table "bootstrap_secrets" (
      "name" varchar(64) primary key,
      "secret_hash" varchar(255) not null,
      "applied_at" timestamptz(6) not null default now());`);
  }
}
