import { Migration } from '@mikro-orm/migrations';
import { OUTBOX_TABLE_SQL } from '@depot/common/runtime';

export class Migration20261122000100_init extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "modpacks" (
      "id" serial primary key,
      "name" varchar(255) not null,
      "slug" varchar(255) not null,
      "url" text null,
      "hidden" boolean not null default true,
      "private" boolean not null default false,
      "order" int null,
      "recommended" varchar(255) null,
      "latest" varchar(255) null,
      "icon_url" text null,
      "icon_md5" varchar(32) null,
      "logo_url" text null,
      "logo_md5" varchar(32) null,
      "background_url" text null,
      "background_md5" varchar(32) null,
      "created_at" timestamptz(6) not null default now(),
      "updated_at" timestamptz(6) not null default now());`);
    // Unique case-insensitively; the exact index serves lookups by slug as stored.
    this.addSql(`create unique index "modpacks_name_lower_unique" on "modpacks" (lower("name"));`);
    this.addSql(`create unique index "modpacks_slug_lower_unique" on "modpacks" (lower("slug"));`);
    this.addSql(`create unique index "modpacks_slug_exact" on "modpacks" ("slug");`);

    this.addSql(`create table "builds" (
      "id" serial primary key,
      "modpack_id" int not null references "modpacks" ("id") on delete cascade,
      "version" varchar(255) not null,
      "minecraft" varchar(255) not null,
      "forge" varchar(255) null,
      "is_published" boolean not null default false,
      "private" boolean not null default false,
      "min_java" varchar(255) null,
      "min_memory" int null,
      "created_at" timestamptz(6) not null default now(),
      "updated_at" timestamptz(6) not null default now());`);
    // Also the index for every "builds of a modpack" read.
    this.addSql(`create unique index "builds_modpack_id_version_unique" on "builds" ("modpack_id", "version");`);

    this.addSql(`create table "build_mods" (
      "id" serial primary key,
      "build_id" int not null references "builds" ("id") on delete cascade,
      "mod_id" int not null,
      "mod_version_id" int not null,
      "created_at" timestamptz(6) not null default now());`);
    // One version of a mod per build; also the index for "assignments of a build".
    this.addSql(`create unique index "build_mods_build_id_mod_id_unique" on "build_mods" ("build_id", "mod_id");`);
    this.addSql(`create index "build_mods_mod_version_id_index" on "build_mods" ("mod_version_id");`);
    this.addSql(`create index "build_mods_mod_id_index" on "build_mods" ("mod_id");`);

    for (const sql of OUTBOX_TABLE_SQL) this.addSql(sql);
  }
}
