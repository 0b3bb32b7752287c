// Publishing files of several mods at once (the mod library's and the build's "from files"): the
// mods that do not exist yet are created with their first file (nothing is left of a mod whose
// files are all refused), every file uploaded as a version of its mod, and, on a build, each mod's
// newest uploaded version assigned to the build (added, or its version changed). Each step's
// refusal is kept with the mod or the file it concerns; the rest goes on.
import { api, ApiError, call } from '../api';
import { runBounded, UPLOAD_CONCURRENCY } from './queue';
import type { FileRow } from './rows';
import { uploadRows, uploadSummary, type RowOutcome } from './run';

/** A mod the files go to: one of the library, or one to create. */
export interface ModGroup {
  slug: string;
  pretty: string;
  exists: boolean;
  rows: FileRow[];
}

/** The build the mods go to, and the versions its mods have now (slug → version). */
export interface BuildTarget {
  modpack: string;
  build: string;
  assigned: Map<string, string>;
}

export interface Outcome {
  /** Refusals by mod slug: creating the mod, reading its versions, assigning it. */
  groupErrors: Map<string, unknown>;
  /** What the accepted uploads did (run.ts uploadSummary). */
  summary: string;
  failed: number;
  created: string[];
  assigned: string[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** A refusal of the new mod itself (its slug taken or malformed, its display name): its other files would meet it too. */
const refusesMod = (error: unknown) =>
  error instanceof ApiError && ['name', 'pretty_name'].some((field) => field in error.fields);

export async function publishGroups(
  groups: ModGroup[],
  update: (id: number, change: Partial<FileRow>) => void,
  build?: BuildTarget,
): Promise<Outcome> {
  const out: Outcome = { groupErrors: new Map(), summary: '', failed: 0, created: [], assigned: [] };
  const outcomes: { slug: string; outcome: RowOutcome }[] = [];
  // 1. The versions the mods of the library have (to create only what is missing).
  const versionsOf = new Map<string, string[]>();
  await runBounded(
    groups.filter((g) => g.exists),
    UPLOAD_CONCURRENCY,
    async (g) => {
      try {
        const { versions } = await call(
          api.GET('/api/manage/mods/{slug}/versions', { params: { path: { slug: g.slug } } }),
        );
        versionsOf.set(
          g.slug,
          versions.map((v) => v.version),
        );
      } catch (error) {
        out.groupErrors.set(g.slug, error);
      }
    },
  );
  // 2. Each new mod, created with the first of its files Depot takes (the API creates both in one
  // transaction): a refused file leaves no mod behind, and the next file is tried.
  const first = new Set<number>();
  await runBounded(
    groups.filter((g) => !g.exists),
    UPLOAD_CONCURRENCY,
    async (g) => {
      for (const row of g.rows) {
        const [outcome] = await uploadRows(
          [row],
          () => ({ slug: g.slug, create: true, newMod: { prettyName: g.pretty } }),
          update,
        );
        outcomes.push({ slug: g.slug, outcome });
        first.add(row.id);
        if (outcome.answer) {
          out.created.push(g.pretty);
          versionsOf.set(g.slug, [outcome.answer.version.version]);
          return;
        }
        if (refusesMod(outcome.error)) {
          out.groupErrors.set(g.slug, outcome.error);
          return;
        }
      }
    },
  );
  // 3. The other files of the mods that exist now.
  const ready = groups.filter((g) => versionsOf.has(g.slug));
  const rows = ready.flatMap((g) => g.rows.filter((row) => !first.has(row.id)).map((row) => ({ row, slug: g.slug })));
  const slugOf = new Map(rows.map(({ row, slug }) => [row.id, slug]));
  const rest = await uploadRows(
    rows.map((r) => r.row),
    (row) => {
      const slug = slugOf.get(row.id)!;
      return { slug, create: !versionsOf.get(slug)!.includes(row.version.trim()) };
    },
    update,
  );
  rest.forEach((outcome, i) => outcomes.push({ slug: rows[i].slug, outcome }));
  const answers = outcomes.flatMap((o) => (o.outcome.answer ? [o.outcome.answer] : []));
  out.summary = uploadSummary(answers);
  out.failed = outcomes.length - answers.length;
  if (!build) return out;
  // 4. Each mod's newest version uploaded now, into the build.
  const newest = new Map<string, string>();
  outcomes.forEach(({ slug, outcome }) => {
    if (!outcome.answer) return;
    const v = outcome.answer.version.version;
    const seen = newest.get(slug);
    if (seen === undefined || collator.compare(v, seen) > 0) newest.set(slug, v);
  });
  await runBounded([...newest], UPLOAD_CONCURRENCY, async ([slug, version]) => {
    const path = { slug: build.modpack, build: build.build };
    const current = build.assigned.get(slug);
    if (current === version) return;
    try {
      if (current === undefined) {
        await call(
          api.POST('/api/modpack/{slug}/{build}/mod', {
            params: { path },
            body: { mod_slug: slug, mod_version: version },
          }),
        );
      } else {
        await call(
          api.PUT('/api/modpack/{slug}/{build}/mod/{mod_slug}', {
            params: { path: { ...path, mod_slug: slug } },
            body: { mod_version: version },
          }),
        );
      }
      out.assigned.push(slug);
    } catch (error) {
      out.groupErrors.set(slug, error);
    }
  });
  return out;
}
