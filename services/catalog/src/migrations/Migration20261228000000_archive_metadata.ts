import { Migration } from '@mikro-orm/migrations';

/**
 * What an uploaded archive's metadata files say (docs/archives.md#metadata), kept with its version.
 * A nullable column without a default: adding it rewrites nothing; the launcher's reads never
 * select it.
 */
export class Migration20261228000000_archive_metadata extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "mod_versions" add column "metadata" jsonb null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "mod_versions" drop column "metadata"');
  }
}
