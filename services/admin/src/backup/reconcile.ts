// After a restore: the three databases were read in three snapshots, a moment apart, while events
// travelled between them, so one may refer to what another does not hold. Each reference is made
// to agree with its owner, as the event that was in flight would have done:
// - builds' assignments of mod versions that catalog does not hold are detached, and the versions
//   (and mods catalog does not hold) tombstoned, as mod.deleted / mod.version.deleted do
//   (services/builds/src/tombstones.ts, Builds.detach); tombstones of versions and mods that
//   catalog does hold (its snapshot came before their delete) are lifted, or they could never be
//   assigned again;
// - auth's access-list and client links to modpacks that builds does not hold are removed, as
//   modpack.deleted does (services/auth/src/modpack-cleanup.ts).
// Restored sequences are past every id the backup refers to, so a tombstone never hides a new row.
import type { Client } from 'pg';
import type { Service } from './manifest';

export async function reconcile(clients: Record<Service, Client>) {
  const ids = async (client: Client, table: string) =>
    (await client.query<{ id: number }>(`select id from ${table}`)).rows.map((r) => r.id);

  const versions = await ids(clients.catalog, 'mod_versions');
  const mods = await ids(clients.catalog, 'mods');
  const { rows } = await clients.builds.query<{ n: number }>(
    `with gone as (
       delete from build_mods where mod_version_id <> all($1::int[]) returning mod_id, mod_version_id),
     versions as (
       insert into deleted_mod_versions (mod_version_id) select distinct mod_version_id from gone
       on conflict do nothing),
     mods as (
       insert into deleted_mods (mod_id) select distinct mod_id from gone where mod_id <> all($2::int[])
       on conflict do nothing)
     select count(*)::int as n from gone`,
    [versions, mods],
  );
  const lifted =
    ((await clients.builds.query('delete from deleted_mod_versions where mod_version_id = any($1::int[])', [versions]))
      .rowCount ?? 0) +
    ((await clients.builds.query('delete from deleted_mods where mod_id = any($1::int[])', [mods])).rowCount ?? 0);

  const modpacks = await ids(clients.builds, 'modpacks');
  let links = 0;
  for (const table of ['user_modpacks', 'client_modpacks']) {
    links +=
      (await clients.auth.query(`delete from ${table} where modpack_id <> all($1::int[])`, [modpacks])).rowCount ?? 0;
  }
  return { detached_assignments: rows[0].n, lifted_tombstones: lifted, removed_links: links };
}
