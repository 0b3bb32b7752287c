import { Migration } from '@mikro-orm/migrations';

/** Two-factor sign-in (TOTP): secrets, recovery codes, and the challenges between both steps. */
export class Migration20261220000000_two_factor extends Migration {
  override async up(): Promise<void> {
    // The secret is stored encrypted (AES-256-GCM, two-factor-secrets.ts) under TOTP_ENCRYPTION_KEY;
    // key_id names that key, so that a wrong key is caught at start and an old one rotated out.
    // confirmed_at is null until the user proved a first code; last_used_step refuses a replay.
    this.addSql(`create table "two_factor_secrets" (
      "user_id" int primary key references "users" ("id") on delete cascade,
      "secret" text not null,
      "key_id" char(16) not null,
      "confirmed_at" timestamptz(6) null,
      "last_used_step" bigint null,
      "created_at" timestamptz(6) not null default now(),
      "updated_at" timestamptz(6) not null default now());`);
    this.addSql(`create index "two_factor_secrets_key_id_idx" on "two_factor_secrets" ("key_id");`);

    // Kept only as SHA-256 digests of the normalized code (100 random bits each); used once.
    this.addSql(`create table "recovery_codes" (
      "id" serial primary key,
      "user_id" int not null references "users" ("id") on delete cascade,
      "code_hash" char(64) not null,
      "used_at" timestamptz(6) null,
      "created_at" timestamptz(6) not null default now(),
      constraint "recovery_codes_user_code_unique" unique ("user_id", "code_hash"));`);

    // A password accepted for a user with two-factor sign-in: the token (a cookie) is stored as
    // its SHA-256 digest; `login` as sent, lowercased, for the limits of failed sign-ins.
    this.addSql(`create table "sign_in_challenges" (
      "id" serial primary key,
      "user_id" int not null references "users" ("id") on delete cascade,
      "token_hash" char(64) not null constraint "sign_in_challenges_token_hash_unique" unique,
      "login" varchar(255) not null,
      "expires_at" timestamptz(6) not null,
      "created_at" timestamptz(6) not null default now());`);
    this.addSql(`create index "sign_in_challenges_user_id_idx" on "sign_in_challenges" ("user_id");`);
  }
}
