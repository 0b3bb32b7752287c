import { Migration } from '@mikro-orm/migrations';

/**
 * Releases (docs/releases.md): the file a version's archive was made from (its sha256 as sent and
 * its name: a jar is packaged under its name), so a client asks by the hash of the file it has; and
 * the files held for a release, stored before the release that names them. Nullable columns
 * without a default: adding them rewrites nothing. The partial index answers the lookup by hash
 * without reading the versions uploaded before it.
 */
export class Migration20261229000000_held_archives extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table "mod_versions" add column "source_sha256" varchar(64) null, add column "source_name" text null',
    );
    this.addSql(
      'create index "mod_versions_source" on "mod_versions" ("source_sha256") where "source_sha256" is not null',
    );
    this.addSql(`create table "held_archives" (
      "id" serial primary key,
      "source_sha256" varchar(64) not null,
      "source_name" text not null,
      "hosted" varchar(64) not null,
      "md5" varchar(32) not null,
      "filesize" bigint not null,
      "sha1" varchar(40) not null,
      "sha512" varchar(128) not null,
      "metadata" jsonb not null,
      "held_until" timestamptz(6) not null,
      "created_at" timestamptz(6) not null default now(),
      constraint "held_archives_source_unique" unique ("source_sha256", "source_name"))`);
    this.addSql('create index "held_archives_hosted" on "held_archives" ("hosted")');
  }

  override async down(): Promise<void> {
    this.addSql('drop table "held_archives"');
    this.addSql('drop index "mod_versions_source"');
    this.addSql('alter table "mod_versions" drop column "source_sha256", drop column "source_name"');
  }
}
