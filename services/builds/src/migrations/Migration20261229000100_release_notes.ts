import { Migration } from '@mikro-orm/migrations';

/**
 * A release's notes (docs/releases.md), kept with the build it made, apart from the builds table:
 * the launcher's build reads never read them.
 */
export class Migration20261229000100_release_notes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "release_notes" (
      "build_id" int primary key references "builds" ("id") on delete cascade,
      "notes" text not null)`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table "release_notes"');
  }
}
