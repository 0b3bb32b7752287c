// Publishing files of several mods at once (the mod library's and the build's "from files"): the
// mods that do not exist yet are created, every file uploaded as a version of its mod, and, on a
// build, each mod's newest uploaded version assigned to the build (added, or its version changed).
// Each step's refusal is kept with the mod or the file it concerns; the rest goes on.
import { api, call } from '../api';
import { runBounded, UPLOAD_CONCURRENCY } from './queue';
import type { FileRow } from './rows';
import { uploadRows } from './run';

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
  uploaded: number;
  failed: number;
  created: string[];
  assigned: string[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export async function publishGroups(
  groups: ModGroup[],
  update: (id: number, change: Partial<FileRow>) => void,
  build?: BuildTarget,
): Promise<Outcome> {
  const out: Outcome = { groupErrors: new Map(), uploaded: 0, failed: 0, created: [], assigned: [] };
  // 1. The new mods, and the versions the others have (to create only what is missing).
  const versionsOf = new Map<string, string[]>();
  await runBounded(groups, UPLOAD_CONCURRENCY, async (g) => {
    try {
      if (!g.exists) {
        await call(api.POST('/api/mod', { body: { name: g.slug, pretty_name: g.pretty } }));
        out.created.push(g.pretty);
        versionsOf.set(g.slug, []);
      } else {
        const { versions } = await call(
          api.GET('/api/manage/mods/{slug}/versions', { params: { path: { slug: g.slug } } }),
        );
        versionsOf.set(
          g.slug,
          versions.map((v) => v.version),
        );
      }
    } catch (error) {
      out.groupErrors.set(g.slug, error);
    }
  });
  // 2. The files of the mods that exist now.
  const ready = groups.filter((g) => versionsOf.has(g.slug));
  const rows = ready.flatMap((g) => g.rows.map((row) => ({ row, slug: g.slug })));
  const slugOf = new Map(rows.map(({ row, slug }) => [row.id, slug]));
  const answers = await uploadRows(
    rows.map((r) => r.row),
    (row) => {
      const slug = slugOf.get(row.id)!;
      return { slug, create: !versionsOf.get(slug)!.includes(row.version.trim()) };
    },
    update,
  );
  out.uploaded = answers.filter(Boolean).length;
  out.failed = answers.length - out.uploaded;
  if (!build) return out;
  // 3. Each mod's newest version uploaded now, into the build.
  const newest = new Map<string, string>();
  answers.forEach((answer, i) => {
    if (!answer) return;
    const slug = rows[i].slug;
    const v = answer.version.version;
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
