// The release routes' JSON bodies (docs/releases.md), built from proto messages.
import type { buildsV1, catalogV1 } from '@depot/proto';
import { modFacts } from '../manage/views';
import { buildRecord } from '../modpacks/views';
import type * as res from './schemas';

/** A file as Depot holds it (a lookup's entry, and a hold's). */
export function archiveLookup(l: catalogV1.ArchiveLookup__Output): res.ArchiveLookupAnswer {
  return {
    name: l.name,
    sha256: l.sha256,
    held: l.held,
    versions: l.versions.map((v) => ({ mod: v.mod, version: v.version })),
    ...(l.held ? { metadata: { mods: (l.metadata?.mods ?? []).map(modFacts) }, mod: l.mod ?? null } : {}),
  };
}

/**
 * A release's answer: the changes named by mod and version. `names`: every version the changes
 * name, by id (the release's own, and from's).
 */
export function releaseAnswer(
  r: buildsV1.ReleaseBuildResponse__Output,
  prepared: catalogV1.PrepareReleaseResponse__Output,
  names: Map<number, { mod: string; version: string }>,
  dryRun: boolean,
): res.ReleaseAnswer {
  const released = new Map(prepared.mods.map((m) => [m.mod_id, m]));
  const modOf = (c: buildsV1.ReleaseChange__Output) =>
    released.get(c.mod_id)?.mod ?? names.get(c.from_version_id)?.mod ?? String(c.mod_id);
  const versionOf = (id: number, modId: number) =>
    names.get(id)?.version ?? (id === 0 ? released.get(modId)?.version : undefined) ?? String(id);
  const changes = r.changes;
  return {
    ...(r.build ? { build: buildRecord(r.build) } : {}),
    changed: r.changed,
    created: r.created,
    dry_run: dryRun,
    from: r.from || null,
    added: changes
      .filter((c) => !c.removed && c.from_version_id === 0)
      .map((c) => ({ mod: modOf(c), version: versionOf(c.to_version_id, c.mod_id) })),
    removed: changes
      .filter((c) => c.removed)
      .map((c) => ({ mod: modOf(c), version: versionOf(c.from_version_id, c.mod_id) })),
    updated: changes
      .filter((c) => !c.removed && c.from_version_id !== 0)
      .map((c) => ({
        mod: modOf(c),
        from: versionOf(c.from_version_id, c.mod_id),
        to: versionOf(c.to_version_id, c.mod_id),
      })),
    unchanged: r.unchanged,
    versions_created: prepared.mods.filter((m) => m.created).map((m) => ({ mod: m.mod, version: m.version })),
    latest: r.latest,
    recommended: r.recommended,
  };
}
