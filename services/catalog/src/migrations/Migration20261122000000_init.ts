import { Migration } from '@mikro-orm/migrations';
import { OUTBOX_TABLE_SQL } from '@depot/common/runtime';

export class Migration20261122000000_init extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "mods" (
      "id" serial primary key,
      "name" varchar(255) not null,
      "pretty_name" varchar(255) not null,
      "author" varchar(255) null,
      "description" text null,
      "link" text null,
      "created_at" timestamptz(6) not null default now(),
      "updated_at" timestamptz(6) not null default now());`);
    // Slugs are unique case-insensitively (launchers cache {name}-{version}.zip on Windows too).
    this.addSql(`create unique index "mods_name_lower_unique" on "mods" (lower("name"));`);
    this.addSql(`create unique index "mods_name_exact" on "mods" ("name");`);
    this.addSql(`create table "mod_versions" (
      "id" serial primary key,
      "mod_id" int not null references "mods" ("id") on delete cascade,
      "version" varchar(255) not null,
      "md5" varchar(32) not null,
      "filesize" bigint null,
      "created_at" timestamptz(6) not null default now(),
      "updated_at" timestamptz(6) not null default now());`);
    this.addSql(`create unique index "mod_versions_mod_id_version_unique" on "mod_versions" ("mod_id", "version");`);
    for (const sql of OUTBOX_TABLE_SQL) this.addSql(sql);
  }
}
