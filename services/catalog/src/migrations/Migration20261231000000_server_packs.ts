import { Migration } from '@mikro-orm/migrations';

/**
 * Server packs (docs/archives.md#server-packs): one per build state, named by the digest of what it
 * is made from (its key), its zip an object of the archive store like every archive. The last one
 * made for a build is kept; the others are removed as the next is made.
 */
export class Migration20261231000000_server_packs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "server_packs" (
      "key" varchar(64) primary key,
      "modpack" text not null,
      "build" text not null,
      "hosted" varchar(64) not null,
      "md5" varchar(32) not null,
      "size" bigint not null,
      "made_at" timestamptz(6) not null default now())`);
    this.addSql('create index "server_packs_build" on "server_packs" ("modpack", "build")');
    this.addSql('create index "server_packs_hosted" on "server_packs" ("hosted")');
  }

  override async down(): Promise<void> {
    this.addSql('drop table "server_packs"');
  }
}
