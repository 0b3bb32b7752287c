// The benchmark's dataset, written straight into the services' databases in a few set-based
// statements (seconds, where 25,000 API writes would take minutes on two cores). Same shape as
// /work/shared/fixtures/solder-sample.sql, on Depot's schema: mods "mod-0001".. with 3 versions
// each, 5 public modpacks pack1..pack5 with 10 published builds A..J of 150 mods each (pack1/B is
// the measured build), and a hidden modpack "bench-writes" with unpublished builds W0..W9 for the
// write mix. The scale step adds mods up to 20,000 and a modpack "scale" whose build K has 1,000.
// Run before any read: rows written here emit no change events, so they must not be cached yet.
import { Client } from 'pg';

export const BASE_MODS = 2000;
export const SCALE_MODS = 20000;
export const MODS_PER_BUILD = 150;
export const SCALE_BUILD_MODS = 1000;

export const modName = (i: number) => `mod-${String(i).padStart(4, '0')}`;
/** The version strings of mod i: j = 1, 2, 3. */
export const versionName = (i: number, j: number) => `1.20.1-${j}.0.${i % 10}`;

const NAME = `'mod-' || lpad(i::text, greatest(4, length(i::text)), '0')`;

async function withClient<T>(url: string, run: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Mods from..to with 3 versions each. On the empty tables of a fresh stack (`explicitIds`) the
 * ids are the fixture's: mod id = i, version id = (i-1)*3 + j. Later (the scale step, after the
 * write mix created versions through the API) the sequences give them, and callers look rows up
 * by name.
 */
async function seedMods(catalogUrl: string, from: number, to: number, explicitIds: boolean): Promise<void> {
  await withClient(catalogUrl, async (c) => {
    await c.query('begin');
    await c.query(
      `insert into mods (${explicitIds ? 'id, ' : ''}name, pretty_name, description, author, link, created_at, updated_at)
       select ${explicitIds ? 'i, ' : ''}${NAME}, 'Example Mod ' || i, 'Example mod number ' || i || ' for the perf anchor dataset.',
              'Author ' || (i % 97), 'https://example.test/mods/' || ${NAME},
              timestamp '2024-01-01 00:00:00' + i * interval '1 minute', timestamp '2024-01-01 00:00:00' + i * interval '1 minute'
         from generate_series($1::int, $2::int) as i order by i`,
      [from, to],
    );
    await c.query(
      `insert into mod_versions (${explicitIds ? 'id, ' : ''}mod_id, version, md5, filesize, created_at, updated_at)
       select ${explicitIds ? '(i - 1) * 3 + j, ' : ''}m.id, '1.20.1-' || j || '.0.' || (i % 10), md5('mod-' || i || '-v' || j),
              10240 + ('x' || substr(md5('size-' || i || '-' || j), 1, 6))::bit(24)::int,
              timestamp '2024-02-01 00:00:00' + ((i - 1) * 3 + j) * interval '1 minute',
              timestamp '2024-02-01 00:00:00' + ((i - 1) * 3 + j) * interval '1 minute'
         from generate_series($1::int, $2::int) as i
         cross join generate_series(1, 3) as j
         join mods m on m.name = ${NAME}
        order by i, j`,
      [from, to],
    );
    if (explicitIds) {
      await c.query(
        `select setval('mods_id_seq', (select max(id) from mods)), setval('mod_versions_id_seq', (select max(id) from mod_versions))`,
      );
    }
    await c.query('commit');
    // What autovacuum does to a table after bulk inserts: statistics, and the visibility map that
    // lets the build read's probes be index-only scans.
    for (const table of ['mods', 'mod_versions']) await c.query(`vacuum analyze ${table}`);
  });
}

export async function seedBase(databases: { catalog: string; builds: string }): Promise<void> {
  await seedMods(databases.catalog, 1, BASE_MODS, true);
  await withClient(databases.builds, async (c) => {
    await c.query('begin');
    await c.query(
      `insert into modpacks (id, name, slug, url, hidden, private, "order", recommended, latest, created_at, updated_at)
       select p, 'Pack ' || p, 'pack' || p, null, false, false, p, 'B', 'J',
              timestamp '2024-03-01 00:00:00', timestamp '2024-03-01 00:00:00'
         from generate_series(1, 5) as p
       union all
       select 6, 'Bench writes', 'bench-writes', null, true, false, 6, null, null, now(), now()`,
    );
    // Build id = (p-1)*10 + b; versions A..J; all published.
    await c.query(
      `insert into builds (id, modpack_id, version, minecraft, forge, is_published, private, min_java, min_memory, created_at, updated_at)
       select (p - 1) * 10 + b, p, chr(64 + b), '1.20.1', null, true, false, '17', 4096,
              timestamp '2024-03-01 00:00:00' + b * interval '1 day', timestamp '2024-03-01 00:00:00' + b * interval '1 day'
         from generate_series(1, 5) as p, generate_series(1, 10) as b
       union all
       select 51 + w, 6, 'W' || w, '1.20.1', null, false, false, null, null, now(), now() from generate_series(0, 9) as w`,
    );
    // 150 distinct mods per build, one of their 3 versions each.
    await c.query(
      `insert into build_mods (build_id, mod_id, mod_version_id)
       select n, m, (m - 1) * 3 + 1 + (k % 3)
         from (select n, k, ((n - 1) * ${MODS_PER_BUILD} + k) % ${BASE_MODS} + 1 as m
                 from generate_series(1, 50) as n, generate_series(0, ${MODS_PER_BUILD - 1}) as k) s
        order by n, k`,
    );
    await c.query(`select setval('modpacks_id_seq', 6), setval('builds_id_seq', 60)`);
    await c.query('commit');
    for (const table of ['modpacks', 'builds', 'build_mods']) await c.query(`vacuum analyze ${table}`);
  });
}

/** Mods up to 20,000 and modpack "scale" with build K of 1,000 mods (ids looked up, not assumed). */
export async function seedScale(databases: { catalog: string; builds: string }): Promise<void> {
  await seedMods(databases.catalog, BASE_MODS + 1, SCALE_MODS, false);
  // 17 and 20,000 are coprime: k*17 mod 20,000 are distinct mods; one of their 3 versions each.
  const picks = Array.from({ length: SCALE_BUILD_MODS }, (_, k) => {
    const m = ((k * 17) % SCALE_MODS) + 1;
    return { m, version: versionName(m, 1 + (k % 3)) };
  });
  const versions = await withClient(
    databases.catalog,
    async (c) =>
      (
        await c.query(
          `select v.id, v.mod_id from unnest($1::text[], $2::text[]) with ordinality as x(name, version, n)
           join mods m on m.name = x.name
           join mod_versions v on v.mod_id = m.id and v.version = x.version order by x.n`,
          [picks.map((p) => modName(p.m)), picks.map((p) => p.version)],
        )
      ).rows as { id: number; mod_id: number }[],
  );
  if (versions.length !== SCALE_BUILD_MODS)
    throw new Error(`scale build: found ${versions.length} of ${SCALE_BUILD_MODS} versions`);
  await withClient(databases.builds, async (c) => {
    await c.query('begin');
    const [{ id: modpackId }] = (
      await c.query(
        `insert into modpacks (name, slug, url, hidden, private, "order", recommended, latest, created_at, updated_at)
         values ('Scale', 'scale', null, false, false, 7, 'K', 'K', now(), now()) returning id`,
      )
    ).rows;
    const [{ id: buildId }] = (
      await c.query(
        `insert into builds (modpack_id, version, minecraft, forge, is_published, private, min_java, min_memory, created_at, updated_at)
         values ($1, 'K', '1.20.1', null, true, false, '17', 8192, now(), now()) returning id`,
        [modpackId],
      )
    ).rows;
    await c.query(
      `insert into build_mods (build_id, mod_id, mod_version_id)
       select $1, x.mod_id, x.id from unnest($2::int[], $3::int[]) with ordinality as x(mod_id, id, n) order by x.n`,
      [buildId, versions.map((v) => v.mod_id), versions.map((v) => v.id)],
    );
    await c.query('commit');
    for (const table of ['modpacks', 'builds', 'build_mods']) await c.query(`vacuum analyze ${table}`);
  });
}
