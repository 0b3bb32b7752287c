// `import-solder --from <url>`: a Technic Solder database into Depot in one step. Reads Solder
// (MySQL/MariaDB or PostgreSQL, by the URL's scheme) in one consistent snapshot, plans by natural
// keys, then hands each service's share to that service's own import module
// (services/<svc>/src/import.ts), which writes set-wise into the service's database
// (CATALOG/BUILDS/AUTH_DATABASE_URL) in one transaction: catalog first (its ids are needed for the
// assignments), then builds (its modpack ids are needed for client links and access lists), then
// auth (keys, clients, users, tokens, two-factor sign-in). Idempotent: a second run updates what
// changed at the source and nothing else, so an interrupted import is finished by running it
// again. `--dry-run` does all of it and rolls every transaction back: the counts are those a real
// run would have.
import { MultiBar } from 'cli-progress';
import { redactUrl, type ImportCounts } from '@depot/common/runtime';
import { openAuthImport, type ImportedTwoFactor } from '#auth-import';
import { openBuildsImport } from '#builds-import';
import { openCatalogImport, versionKey } from '#catalog-import';
import type { ImportConfig } from './config';
import { CliError, EXIT_USAGE, redactUrlsIn } from './errors';
import { decryptFortifyTwoFactor, laravelKey, LaravelDecryptError } from './solder/laravel-crypt';
import { planImport } from './solder/plan';
import type { PlannedTwoFactor } from './solder/plan-auth';
import { groupedWarning } from './solder/plan-report';
import { readSolder, SOLDER_TABLES } from './solder/read';

export interface ImportOptions {
  from: string;
  /** Count everything a real run would do, write nothing. */
  dryRun?: boolean;
  /** Solder's APP_KEY (`base64:…`), to carry two-factor secrets over. */
  appKey?: string;
  progress?: ImportProgress;
}

/** What the operator sees while it runs: a bar on a terminal, plain lines otherwise. */
export interface ImportProgress {
  start(total: number): void;
  /** One step done (a table read, a service written). */
  step(label: string): void;
  line(text: string): void;
  stop(): void;
}

export const silentProgress: ImportProgress = {
  start: () => undefined,
  step: () => undefined,
  line: () => undefined,
  stop: () => undefined,
};

/** A bar on a terminal (lines printed above it); plain lines otherwise, as in a log. */
export function importProgressTo(stream: NodeJS.WriteStream): ImportProgress {
  if (!stream.isTTY) {
    return {
      start: () => undefined,
      step: () => undefined,
      line: (t) => stream.write(`${t}\n`),
      stop: () => undefined,
    };
  }
  const bars = new MultiBar({
    stream,
    format: 'import-solder {bar} {value}/{total} | {label}',
    hideCursor: true,
    clearOnComplete: true,
  });
  let bar: ReturnType<MultiBar['create']> | undefined;
  return {
    start: (total) => (bar = bars.create(total, 0, { label: 'connecting' })),
    step: (label) => bar?.increment(1, { label }),
    line: (t) => bars.log(`${t}\n`),
    stop: () => bars.stop(),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The APP_KEY as Laravel's .env holds it, checked before anything is read. */
export function parseAppKey(value: string): Buffer {
  try {
    return laravelKey(value);
  } catch (err) {
    if (err instanceof LaravelDecryptError) throw new CliError(`--app-key: ${err.message}`, EXIT_USAGE);
    throw err;
  }
}

interface TwoFactorPlan {
  users: ImportedTwoFactor[];
  skipped: { username: string; reason: string }[];
}

/** Solder's two-factor secrets decrypted for the auth import, or why a user's is left out. */
function decryptTwoFactor(planned: PlannedTwoFactor[], appKey: Buffer | undefined, totpKey: string | undefined) {
  const out: TwoFactorPlan = { users: [], skipped: [] };
  for (const p of planned) {
    const skip = (reason: string) => out.skipped.push({ username: p.username, reason });
    if (!appKey) skip("Solder's APP_KEY was not given (--app-key): they set up two-factor sign-in again");
    else if (!totpKey)
      skip("TOTP_ENCRYPTION_KEY (the auth service's) is not set: they set up two-factor sign-in again");
    else {
      try {
        const tf = decryptFortifyTwoFactor(p.columns, [appKey]);
        if (tf) out.users.push({ username: p.username, ...tf });
      } catch (err) {
        if (!(err instanceof LaravelDecryptError)) throw err;
        skip(err.message);
      }
    }
  }
  return out;
}

export async function importSolder(config: ImportConfig, opts: ImportOptions) {
  const progress = opts.progress ?? silentProgress;
  const appKey = opts.appKey ? parseAppKey(opts.appKey) : undefined;
  const dryRun = !!opts.dryRun;
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

  progress.start(SOLDER_TABLES.length + 3);
  try {
    progress.line(`reading Solder at ${redactUrl(opts.from)}${dryRun ? ' (dry run: nothing will be written)' : ''}`);
    const data = await step(`cannot read the Solder database at ${redactUrl(opts.from)}`, () =>
      readSolder(opts.from, (table, rows) => progress.step(`read ${table} (${rows})`)),
    );
    progress.line(
      `read ${data.mods.length} mods, ${data.modversions.length} versions, ${data.modpacks.length} modpacks, ` +
        `${data.builds.length} builds, ${data.buildModversions.length} assignments, ${data.clients.length} clients, ` +
        `${data.keys.length} keys, ${data.users.length} users, ${data.tokens.length} tokens (${seconds(lap())})`,
    );
    const absent = new Set(data.absent);
    const plan = planImport(data, {
      hasUsers: !absent.has('users'),
      hasTokens: !absent.has('users') && !absent.has('personal_access_tokens'),
      now: new Date(),
    });
    const twoFactor = decryptTwoFactor(plan.twoFactor, appKey, config.TOTP_ENCRYPTION_KEY);
    const say = (w: string) => progress.line(`${dryRun ? 'would leave out or report' : 'warning'}: ${w}`);
    [...data.notes, ...plan.warnings].forEach(say);

    // Opened one after the other (each applies its pending migrations); closed whatever happens.
    const open = async <T extends { pending: number }>(name: string, url: string, fn: (url: string) => Promise<T>) => {
      const db = await step(`cannot open ${name}_DATABASE_URL (${redactUrl(url)})`, () => fn(url));
      if (db.pending) {
        throw new CliError(
          `dry run: the ${name.toLowerCase()} database is not set up for this Depot yet (${db.pending} migration(s) ` +
            'pending): start Depot once, or run the import without --dry-run (it applies them)',
        );
      }
      return db;
    };
    let catalogDb: Awaited<ReturnType<typeof openCatalogImport>> | undefined;
    let buildsDb: Awaited<ReturnType<typeof openBuildsImport>> | undefined;
    let authDb: Awaited<ReturnType<typeof openAuthImport>> | undefined;
    try {
      catalogDb = await open('CATALOG', config.CATALOG_DATABASE_URL, (u) => openCatalogImport(u, undefined, dryRun));
      buildsDb = await open('BUILDS', config.BUILDS_DATABASE_URL, (u) => openBuildsImport(u, undefined, dryRun));
      authDb = await open('AUTH', config.AUTH_DATABASE_URL, (u) => openAuthImport(u, undefined, dryRun));
      progress.line(`opened the service databases (${seconds(lap())})`);

      const catalogImport = catalogDb;
      const catalog = await step('catalog import failed (nothing of it was written)', () =>
        catalogImport.run({ mods: plan.mods, versions: plan.versions, dryRun }),
      );
      progress.step('catalog');
      progress.line(`catalog: mods ${fmt(catalog.mods)}; versions ${fmt(catalog.versions)} (${seconds(lap())})`);

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
        dryRun,
      };
      const buildsImport = buildsDb;
      const builds = await step('builds import failed (catalog is imported; run again)', () =>
        buildsImport.run(buildsInput),
      );
      progress.step('builds');
      progress.line(
        `builds: modpacks ${fmt(builds.modpacks)}; builds ${fmt(builds.builds)}; assignments ${fmt(builds.assignments)}, ` +
          `${builds.assignments.removed} removed (${seconds(lap())})`,
      );

      const modpackId = (slug: string) => {
        const id = builds.modpackIds.get(slug);
        if (id === undefined) throw new Error(`builds did not return an id for modpack ${slug}`);
        return id;
      };
      const authInput = {
        keys: plan.keys,
        clients: plan.clients.map(({ modpacks, ...c }) => ({ ...c, modpackIds: modpacks.map(modpackId) })),
        users: plan.users?.map(({ modpacks, ...u }) => ({ ...u, modpackIds: modpacks.map(modpackId) })),
        tokens: plan.tokens,
        managedModpackIds: [...builds.modpackIds.values()],
        ...(twoFactor.users.length
          ? { twoFactor: { encryptionKey: config.TOTP_ENCRYPTION_KEY!, users: twoFactor.users } }
          : {}),
        dryRun,
      };
      const authImport = authDb;
      const auth = await step('auth import failed (catalog and builds are imported; run again)', () =>
        authImport.run(authInput),
      );
      progress.step('auth');
      progress.line(
        `auth: keys ${fmt(auth.keys)}; clients ${fmt(auth.clients)}` +
          (auth.users ? `; users ${fmt(auth.users)}` : '') +
          (auth.tokens
            ? `; tokens ${fmt(auth.tokens)}, ${auth.tokens.removed} revoked, ` +
              `${auth.tokens.revokedInDepot} revoked in Depot since an earlier import (not brought back)`
            : '') +
          ` (${seconds(lap())})`,
      );

      const twoFactorSkipped = [...twoFactor.skipped, ...(auth.twoFactor?.skipped ?? [])];
      const late = [
        ...listed('users imported without their e-mail address (another Depot user has it)', auth.emailsTaken),
        ...listed("users who already had another password in Depot (theirs kept, not Solder's)", auth.passwordsKept),
        ...listed(
          'users whose two-factor sign-in was not imported (they set it up again)',
          twoFactorSkipped.map((s) => `"${s.username}": ${s.reason}`),
        ),
      ];
      late.forEach(say);
      const warnings = [...data.notes, ...plan.warnings, ...late];

      return {
        source: redactUrl(opts.from),
        dry_run: dryRun,
        duration_ms: Date.now() - started,
        mods: catalog.mods,
        versions: catalog.versions,
        modpacks: builds.modpacks,
        builds: builds.builds,
        assignments: builds.assignments,
        keys: auth.keys,
        clients: auth.clients,
        client_links: auth.links,
        users: auth.users ?? none(),
        user_links: auth.userLinks ?? { inserted: 0, removed: 0, unchanged: 0 },
        tokens: auth.tokens ?? { ...none(), removed: 0, revokedInDepot: 0 },
        two_factor: {
          imported: auth.twoFactor?.imported ?? 0,
          unchanged: auth.twoFactor?.unchanged ?? 0,
          skipped: twoFactorSkipped.length,
        },
        warnings,
      };
    } finally {
      await Promise.all([catalogDb?.close(), buildsDb?.close(), authDb?.close()]);
    }
  } finally {
    progress.stop();
  }
}

const none = (): ImportCounts => ({ inserted: 0, updated: 0, unchanged: 0 });

/** A warning of the plan's shape (a count and the first few) for a list of names, if any. */
function listed(kind: string, items: string[] | undefined): string[] {
  return items?.length ? [groupedWarning(kind, items)] : [];
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
