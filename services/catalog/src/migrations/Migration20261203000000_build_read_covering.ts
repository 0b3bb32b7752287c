import { Migration } from '@mikro-orm/migrations';

/**
 * Covering indexes for RenderBuildMods, which looks up every version of a build and its mod by
 * primary key: with the columns it reads in the index, each probe is an index-only scan and skips
 * the table (once vacuum has marked the pages all-visible, which autovacuum does).
 */
export class Migration20261203000000_build_read_covering extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create index mod_versions_id_build_read on mod_versions (id) include (mod_id, version, md5, filesize)',
    );
    this.addSql('create index mods_id_build_read on mods (id) include (name)');
  }

  override async down(): Promise<void> {
    this.addSql('drop index mod_versions_id_build_read');
    this.addSql('drop index mods_id_build_read');
  }
}
