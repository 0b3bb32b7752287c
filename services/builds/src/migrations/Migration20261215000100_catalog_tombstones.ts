import { Migration } from '@mikro-orm/migrations';

/**
 * Tombstones of mods and mod versions catalog deleted, written by the detach consumer in the
 * transaction that detaches them. An assignment whose catalog check passed just before the delete
 * meets its tombstone instead of landing after the detach (see Builds.detach). Catalog ids come
 * from sequences and are never reused, so a tombstone never hides a live mod or version.
 */
export class Migration20261215000100_catalog_tombstones extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "deleted_mods" (
      "mod_id" int primary key,
      "deleted_at" timestamptz(6) not null default now());`);
    this.addSql(`create table "deleted_mod_versions" (
      "mod_version_id" int primary key,
      "deleted_at" timestamptz(6) not null default now());`);
  }
}
