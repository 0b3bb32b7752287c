import { Migration } from '@mikro-orm/migrations';

/**
 * A build's loader and its version (docs/archives.md#loaders), set in the management views: what a
 * server runs the build with. Null: not set (a build with a `forge` version is taken as Forge's).
 * Nullable columns without a default: adding them rewrites nothing.
 */
export class Migration20261231000100_build_loaders extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table "builds" add column "loader" varchar(10) null, add column "loader_version" varchar(255) null',
    );
    this.addSql(`alter table "builds" add constraint "builds_loader_check"
      check ("loader" in ('forge', 'neoforge', 'fabric', 'quilt', 'none'))`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "builds" drop column "loader", drop column "loader_version"');
  }
}
