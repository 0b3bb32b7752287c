// What an upload makes of the archive's metadata (docs/archives.md#metadata): read from the staged
// object, the version it names when the sender gave none, and warnings where it disagrees with
// the slug or version the sender gave. The metadata is the author's claim about the file, so a
// disagreement is worth a look but never a refusal (a Solder slug is often not the mod's id).
import { compactName, DepotError, fieldError, principalFacts } from '@depot/common';
import type { StagedObject } from '@depot/common/archive-store';
import { readModMetadata, type ModFacts, type ModMetadata } from './metadata';

/** The archive's metadata: a packaged jar's from the jar inside (its bytes lie in the object as sent). */
export function readStagedMetadata(
  staged: Pick<StagedObject, 'read' | 'digests'>,
  jar: { start: number; size: number } | undefined,
): Promise<ModMetadata> {
  const base = jar?.start ?? 0;
  return readModMetadata({
    size: jar?.size ?? staged.digests.size,
    read: (start, end) => staged.read(base + start, base + end),
  });
}

const where = (m: ModFacts) => (m.file ? `${m.file} (${m.format})` : m.format);

/** The one version the archive names; a `version` field error when it names none or several. */
export function versionFromFacts(metadata: ModMetadata): string {
  const versions = [...new Set(principalFacts(metadata.mods).flatMap((m) => (m.version ? [m.version] : [])))];
  if (versions.length === 1) return versions[0];
  const problem = versions.length
    ? `The archive names several versions (${versions.join(', ')}): give the version in the path.`
    : "The archive's metadata names no version: give the version in the path.";
  throw DepotError.fields(fieldError('version', problem));
}

/**
 * Where the metadata disagrees with what the sender gave: another mod id than the slug, another
 * version than the one typed (a typed version that contains the mod's, as Solder packs write
 * `1.20.1-15.2.0.27` for a jar's `15.2.0.27`, agrees).
 */
export function disagreements(metadata: ModMetadata, slug: string, version: string): string[] {
  const facts = principalFacts(metadata.mods);
  if (!facts.length) return [];
  const warnings: string[] = [];
  const named = (m: ModFacts) => [m.id, m.name ?? ''].some((n) => n && compactName(n) === compactName(slug));
  if (!facts.some(named)) {
    const ids = facts.map((m) => `"${m.id}" (${where(m)})`).join(', ');
    warnings.push(`The archive's metadata names the mod ${ids}, not "${slug}": is it the right file?`);
  }
  const versions = facts.flatMap((m) => (m.version ? [m.version] : []));
  if (versions.length && !versions.some((v) => v === version || version.includes(v))) {
    warnings.push(
      `The archive's metadata says version ${[...new Set(versions)].map((v) => `"${v}"`).join(', ')}, not "${version}".`,
    );
  }
  return warnings;
}
