import { Migration } from '@mikro-orm/migrations';

/**
 * Tokens imported from Solder (Laravel Sanctum): the plain token is `{id}|{secret}` with `id`
 * Solder's, kept here as `sanctum_id` (the token is looked up by it, credentials.ts), and an
 * expiry where Sanctum had one. Depot's own tokens have neither. An imported token deleted here
 * (revoked by its user or an admin, or with its user) leaves its Solder id behind, so that running
 * the import again, while Solder still holds the token, does not bring it back: a trigger, so that
 * every way of deleting one (a cascade included) is covered.
 */
export class Migration20261230000000_imported_tokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "tokens"
      add column "sanctum_id" bigint null constraint "tokens_sanctum_id_unique" unique,
      add column "expires_at" timestamptz(6) null;`);
    this.addSql(`create table "revoked_imported_tokens" (
      "sanctum_id" bigint primary key,
      "revoked_at" timestamptz(6) not null default now());`);
    this.addSql(`create or replace function "remember_revoked_imported_token"() returns trigger language plpgsql as $$
      begin
        insert into "revoked_imported_tokens" ("sanctum_id") values (old."sanctum_id") on conflict do nothing;
        return old;
      end $$;`);
    this.addSql(`create trigger "tokens_remember_revoked_import" after delete on "tokens"
      for each row when (old."sanctum_id" is not null) execute function "remember_revoked_imported_token"();`);
  }
}
