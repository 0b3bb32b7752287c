// `import-solder --from <postgres url>`: a Technic Solder database into Depot in one step. Reads
// Solder in one consistent snapshot, plans by natural keys, then hands each service's share to
// that service's own import module (services/<svc>/src/import.ts), which writes set-wise into
// the service's database (CATALOG/BUILDS/AUTH_DATABASE_URL) in one transaction: catalog first
// (its ids are needed for the assignments), then builds (its modpack ids are needed for client
// links), then auth. Idempotent: a second run updates what changed at the source and nothing
// else, so an interrupted import is finished by running it again.
import { redactUrl } from '@depot/common';
import { openAuthImport } from '#auth-import';
import { openBuildsImport } from '#builds-import';
import { openCatalogImport, versionKey } from '#catalog-import';
import type { ImportConfig } from './config';
import { CliError, redactUrlsIn } from './errors';
import { planImport } from './solder/plan';
import { readSolder } from './solder/read';

export interface ImportOptions {
  from: string;
  /** Progress lines (stderr in the CLI). */
  progress?: (line: string) => void;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function importSolder(config: ImportConfig, opts: ImportOptions) {
  const progress = opts.progress ?? (() => undefined);
  const started = Date.now();
  const lap = (() => {
    let last = started;
    return () => {
      const now = Date.now();
      const ms = now - last;
      last = now;
      return ms;
    };
  })();

  progress(`reading Solder at ${redactUrl(opts.from)}`);
  const data = await step(`cannot read the Solder database at ${redactUrl(opts.from)}`, () => readSolder(opts.from));
  progress(
    `read ${data.mods.length} mods, ${data.modversions.length} versions, ${data.modpacks.length} modpacks, ` +
      `${data.builds.length} builds, ${data.buildModversions.length} assignments, ${data.clients.length} clients, ` +
      `${data.keys.length} keys (${seconds(lap())})`,
  );
  const plan = planImport(data);
  const warnings = [...data.notes, ...plan.warnings];
  for (const w of warnings) progress(`warning: ${w}`);

  // Opened one after the other (each applies its pending migrations); closed whatever happens.
  const open = <T>(name: string, url: string, fn: (url: string) => Promise<T>): Promise<T> =>
    step(`cannot open ${name}_DATABASE_URL (${redactUrl(url)})`, () => fn(url));
  let catalogDb: Awaited<ReturnType<typeof openCatalogImport>> | undefined;
  let buildsDb: Awaited<ReturnType<typeof openBuildsImport>> | undefined;
  let authDb: Awaited<ReturnType<typeof openAuthImport>> | undefined;
  try {
    catalogDb = await open('CATALOG', config.CATALOG_DATABASE_URL, openCatalogImport);
    buildsDb = await open('BUILDS', config.BUILDS_DATABASE_URL, openBuildsImport);
    authDb = await open('AUTH', config.AUTH_DATABASE_URL, openAuthImport);
    progress(`opened the service databases (${seconds(lap())})`);

    const catalogImport = catalogDb;
    const catalog = await step('catalog import failed (nothing of it was written)', () =>
      catalogImport.run({ mods: plan.mods, versions: plan.versions }),
    );
    progress(`catalog: mods ${fmt(catalog.mods)}; versions ${fmt(catalog.versions)} (${seconds(lap())})`);

    const buildsInput = {
      modpacks: plan.modpacks,
      builds: plan.builds.map((b) => ({
        ...b,
        mods: b.mods.map((m) => {
          const ids = catalog.versionIds.get(versionKey(m.mod, m.version));
          if (!ids) throw new Error(`catalog did not return an id for ${m.mod} ${m.version}`);
          return { modId: ids.modId, modVersionId: ids.versionId };
        }),
      })),
    };
    const buildsImport = buildsDb;
    const builds = await step('builds import failed (catalog is imported; run again)', () =>
      buildsImport.run(buildsInput),
    );
    progress(
      `builds: modpacks ${fmt(builds.modpacks)}; builds ${fmt(builds.builds)}; assignments ${fmt(builds.assignments)}, ` +
        `${builds.assignments.removed} removed (${seconds(lap())})`,
    );

    const authInput = {
      keys: plan.keys,
      clients: plan.clients.map(({ modpacks, ...c }) => ({
        ...c,
        modpackIds: modpacks.map((slug) => {
          const id = builds.modpackIds.get(slug);
          if (id === undefined) throw new Error(`builds did not return an id for modpack ${slug}`);
          return id;
        }),
      })),
      managedModpackIds: [...builds.modpackIds.values()],
    };
    const authImport = authDb;
    const auth = await step('auth import failed (catalog and builds are imported; run again)', () =>
      authImport.run(authInput),
    );
    progress(`auth: keys ${fmt(auth.keys)}; clients ${fmt(auth.clients)} (${seconds(lap())})`);

    return {
      source: redactUrl(opts.from),
      duration_ms: Date.now() - started,
      mods: catalog.mods,
      versions: catalog.versions,
      modpacks: builds.modpacks,
      builds: builds.builds,
      assignments: builds.assignments,
      keys: auth.keys,
      clients: auth.clients,
      client_links: auth.links,
      warnings,
    };
  } finally {
    await Promise.all([catalogDb?.close(), buildsDb?.close(), authDb?.close()]);
  }
}

/** Runs one step; a failure other than the CLI's own says which step failed. */
async function step<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`${what}: ${redactUrlsIn((err as Error)?.message ?? String(err))}`);
  }
}

function fmt(c: { inserted: number; updated: number; unchanged: number }): string {
  return `${c.inserted} new, ${c.updated} updated, ${c.unchanged} unchanged`;
}
