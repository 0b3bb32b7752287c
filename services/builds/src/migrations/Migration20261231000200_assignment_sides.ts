import { Migration } from '@mikro-orm/migrations';

/**
 * Where a mod runs in one build (docs/archives.md#sides): set on its assignment, it wins over its
 * version's side for that build alone. Null: the version's. A nullable column without a default:
 * adding it rewrites nothing; the launcher's build read finds the few set through a partial index of
 * them alone, so a build without one costs a probe of that (near empty) index.
 */
export class Migration20261231000200_assignment_sides extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "build_mods" add column "side" varchar(6) null');
    this.addSql(`alter table "build_mods" add constraint "build_mods_side_check"
      check ("side" in ('client', 'server', 'both'))`);
    this.addSql('create index "build_mods_sides" on "build_mods" ("build_id") where "side" is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index "build_mods_sides"');
    this.addSql('alter table "build_mods" drop column "side"');
  }
}
