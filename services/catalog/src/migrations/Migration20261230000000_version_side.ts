import { Migration } from '@mikro-orm/migrations';

/**
 * Where a version's mod runs (docs/archives.md#sides): client, server or both; null when neither its
 * metadata nor the author said (then both). A nullable column without a default: adding it rewrites
 * nothing. The build read keeps its index-only probes: the few server-only versions, which the
 * launcher's build answer leaves out, are found through a partial index of them alone, as a
 * version's own url is (migration 20261215).
 */
export class Migration20261230000000_version_side extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "mod_versions" add column "side" varchar(6) null');
    this.addSql(`alter table "mod_versions" add constraint "mod_versions_side_check"
      check ("side" in ('client', 'server', 'both'))`);
    this.addSql('create index "mod_versions_server_only" on "mod_versions" ("id") where "side" = \'server\'');
  }

  override async down(): Promise<void> {
    this.addSql('drop index "mod_versions_server_only"');
    this.addSql('alter table "mod_versions" drop column "side"');
  }
}
