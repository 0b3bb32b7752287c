// The words of the pack doctor's findings (diagnose.ts, archives.ts, sides.ts): lists as a person
// reads them, JSON bodies as written in a fix, and the mod versions of builds grouped for one
// finding each.
import type { DoctorBuild, DoctorMod } from './report';

/** A JSON body as written in a fix. */
export const json = (body: Record<string, unknown>) =>
  `{${Object.entries(body)
    .map(([k, v]) => `"${k}": ${JSON.stringify(v)}`)
    .join(', ')}}`;

/** "a", "a and b", "a, b and c"; beyond `max` items, "a, b, c, d, e and 3 more". */
export function list(items: string[], max = 5): string {
  if (items.length > max) return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Mod versions of the builds that `isBad`, each with the builds holding it (in their order). */
export function versionsWhere(builds: DoctorBuild[], isBad: (mod: DoctorMod) => boolean) {
  const bad = new Map<string, { mod: DoctorMod; builds: string[] }>();
  for (const build of builds) {
    for (const mod of build.mods) {
      if (!isBad(mod)) continue;
      const key = JSON.stringify([mod.name, mod.version]);
      const entry = bad.get(key) ?? { mod, builds: [] };
      entry.builds.push(build.version);
      bad.set(key, entry);
    }
  }
  return [...bad.values()];
}
