import { Migration } from '@mikro-orm/migrations';

/**
 * Hosted archives (docs/archives.md): a version's other digests, and the object in the store that
 * holds its archive (`hosted`, its sha256) with when it was recorded. Nullable columns without a
 * default: adding them rewrites nothing. The partial index answers "does any version still name
 * this object?" (a delete and the sweep ask it) without reading the versions that are not hosted.
 */
export class Migration20261226000000_hosted_archives extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "mod_versions"
      add column "sha1" varchar(40) null,
      add column "sha256" varchar(64) null,
      add column "sha512" varchar(128) null,
      add column "hosted" varchar(64) null,
      add column "hosted_at" timestamptz(6) null`);
    this.addSql('create index "mod_versions_hosted" on "mod_versions" ("hosted") where "hosted" is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index "mod_versions_hosted"');
    this.addSql(
      'alter table "mod_versions" drop column "sha1", drop column "sha256", drop column "sha512", drop column "hosted", drop column "hosted_at"',
    );
  }
}
