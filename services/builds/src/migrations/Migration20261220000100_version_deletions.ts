import { Migration } from '@mikro-orm/migrations';

/**
 * Reservations of catalog's version deletes in progress (tombstones.ts): while one holds, an
 * assignment of the version is refused as if the version were deleted. One row per delete request,
 * so that a delete that did not happen releases its own reservation and no other.
 */
export class Migration20261220000100_version_deletions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "version_deletions" (
      "id" serial primary key,
      "mod_version_id" int not null,
      "expires_at" timestamptz(6) not null);`);
    this.addSql(`create index "version_deletions_mod_version_id_index" on "version_deletions" ("mod_version_id");`);
  }
}
