import { Migration } from '@mikro-orm/migrations';

/**
 * Each mod jar its own file (docs/exports.md#jars): the jars under mods/ of every hosted archive,
 * each an object of the archive store named by its sha256, with the digests launchers of other
 * formats check (sha1, sha512) and its size. An archive's jars are taken out once (at upload, or by
 * the backfill, `depot-admin archives jars`): jar_extractions says which archives are done, and
 * why one could not be (its problem; then it has no jars). Both go with the archive's object.
 * Exports (.mrpack, packwiz) of a build state: like server packs, one per key, the last kept; a
 * packwiz tree is a zip of its files, stored, with where each file's bytes lie in it (files).
 */
export class Migration20270101000000_archive_jars extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "archive_jars" (
      "archive" varchar(64) not null,
      "path" text not null,
      "sha256" varchar(64) not null,
      "sha1" varchar(40) not null,
      "sha512" varchar(128) not null,
      "md5" varchar(32) not null,
      "size" bigint not null,
      "made_at" timestamptz(6) not null default now(),
      primary key ("archive", "path"))`);
    this.addSql('create index "archive_jars_sha256" on "archive_jars" ("sha256")');
    this.addSql(`create table "jar_extractions" (
      "archive" varchar(64) primary key,
      "jars" int not null,
      "problem" text null,
      "made_at" timestamptz(6) not null default now())`);
    this.addSql(`create table "exports" (
      "key" varchar(64) primary key,
      "format" text not null,
      "modpack" text not null,
      "build" text not null,
      "hosted" varchar(64) not null,
      "md5" varchar(32) not null,
      "size" bigint not null,
      "problems" jsonb not null default '[]',
      "files" jsonb null,
      "made_at" timestamptz(6) not null default now())`);
    this.addSql('create index "exports_build" on "exports" ("modpack", "build", "format")');
    this.addSql('create index "exports_hosted" on "exports" ("hosted")');
  }

  override async down(): Promise<void> {
    this.addSql('drop table "exports"');
    this.addSql('drop table "jar_extractions"');
    this.addSql('drop table "archive_jars"');
  }
}
