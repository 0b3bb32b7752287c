// Mod and version rows as the proto messages the catalog's RPCs answer with (handlers.ts, and the
// management reads of management.ts).
import { formatTimestamp } from '@depot/common';
import { type FullMessage } from '@depot/common/grpc';
import type { catalogV1 } from '@depot/proto';
import type { Mod } from './entities/mod';
import type { ModVersion } from './entities/mod-version';
import type { ModFacts } from './archives/metadata';

/** A nullable column as an optional proto field: null is left unset. */
export const opt = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

export function toModMessage(mod: Mod, versions?: string[]): FullMessage<catalogV1.Mod__Output> {
  return {
    id: mod.id,
    name: mod.name,
    pretty_name: mod.prettyName,
    author: opt(mod.author),
    description: opt(mod.description),
    link: opt(mod.link),
    created_at: formatTimestamp(mod.createdAt),
    updated_at: formatTimestamp(mod.updatedAt),
    versions: versions ?? [],
    notes: opt(mod.notes),
  };
}

export function toVersionMessage(v: ModVersion): FullMessage<catalogV1.ModVersion__Output> {
  return {
    id: v.id,
    mod_id: v.modId,
    version: v.version,
    md5: v.md5,
    filesize: v.filesize === null ? undefined : Number(v.filesize),
    created_at: formatTimestamp(v.createdAt),
    updated_at: formatTimestamp(v.updatedAt),
    url: opt(v.url),
    notes: opt(v.notes),
    sha1: opt(v.sha1),
    sha256: opt(v.sha256),
    sha512: opt(v.sha512),
    hosted: opt(v.hosted),
    // (a raw row's timestamp may come as text)
    hosted_at: v.hostedAt ? formatTimestamp(new Date(v.hostedAt)) : undefined,
    // Unset unless loaded (a lazy column) and read at an upload.
    metadata: v.metadata ? { mods: v.metadata.mods.map(toFactsMessage) } : undefined,
    side: opt(v.side),
    // Only GetVersionsByIds fills it, when asked.
    metadata_side: undefined,
  };
}

/** A mod's facts as read from its archive (archives/metadata), as a proto message. */
export function toFactsMessage(f: ModFacts): FullMessage<catalogV1.ModFacts__Output> {
  return {
    format: f.format,
    file: f.file,
    id: f.id,
    name: f.name,
    version: f.version,
    authors: f.authors,
    description: f.description,
    url: f.url,
    minecraft: f.minecraft,
    loader: f.loader && { name: f.loader.name, range: f.loader.range },
    side: f.side,
  };
}
