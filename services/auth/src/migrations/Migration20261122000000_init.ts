import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_init extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "users" (
      "id" serial primary key,
      "username" varchar(255) not null,
      "permissions" text[] not null default '{}',
      "created_at" timestamptz(6) not null default now(),
      "updated_at" timestamptz(6) not null default now());`);
    this.addSql(`create unique index "users_username_lower_unique" on "users" (lower("username"));`);
    this.addSql(`create table "user_modpacks" (
      "user_id" int not null references "users" ("id") on delete cascade,
      "modpack_id" int not null,
      primary key ("user_id", "modpack_id"));`);
    // modpack.deleted removes a modpack from every list.
    this.addSql(`create index "user_modpacks_modpack_id_idx" on "user_modpacks" ("modpack_id");`);

    // Secrets are kept only as SHA-256 hex digests.
    this.addSql(`create table "tokens" (
      "id" serial primary key,
      "user_id" int not null references "users" ("id") on delete cascade,
      "name" varchar(255) not null,
      "token_hash" char(64) not null constraint "tokens_token_hash_unique" unique,
      "last_used_at" timestamptz(6) null,
      "created_at" timestamptz(6) not null default now());`);
    this.addSql(`create index "tokens_user_id_idx" on "tokens" ("user_id");`);

    this.addSql(`create table "keys" (
      "id" serial primary key,
      "name" varchar(255) not null,
      "key_hash" char(64) not null constraint "keys_key_hash_unique" unique,
      "created_at" timestamptz(6) not null default now(),
      "updated_at" timestamptz(6) not null default now());`);

    this.addSql(`create table "clients" (
      "id" serial primary key,
      "name" varchar(255) not null,
      "uuid" varchar(255) not null,
      "uuid_hash" char(64) not null constraint "clients_uuid_hash_unique" unique,
      "created_at" timestamptz(6) not null default now(),
      "updated_at" timestamptz(6) not null default now());`);
    this.addSql(`create unique index "clients_uuid_lower_unique" on "clients" (lower("uuid"));`);
    this.addSql(`create table "client_modpacks" (
      "client_id" int not null references "clients" ("id") on delete cascade,
      "modpack_id" int not null,
      primary key ("client_id", "modpack_id"));`);
    this.addSql(`create index "client_modpacks_modpack_id_idx" on "client_modpacks" ("modpack_id");`);
  }
}
