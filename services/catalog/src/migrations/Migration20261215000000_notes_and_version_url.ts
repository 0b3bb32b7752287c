import { Migration } from '@mikro-orm/migrations';

/**
 * Private notes on mods and versions, and a version's own download URL (docs/api.md#mod-versions).
 * Nullable columns without a default: adding them rewrites nothing. The build read keeps its
 * index-only probes: the url is looked up through a partial index of the few versions that have
 * one, so a version without one costs a probe of that (near empty) index and no table read.
 */
export class Migration20261215000000_notes_and_version_url extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "mods" add column "notes" text null');
    this.addSql('alter table "mod_versions" add column "url" text null, add column "notes" text null');
    this.addSql('create index "mod_versions_own_url" on "mod_versions" ("id") where "url" is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index "mod_versions_own_url"');
    this.addSql('alter table "mod_versions" drop column "url", drop column "notes"');
    this.addSql('alter table "mods" drop column "notes"');
  }
}
