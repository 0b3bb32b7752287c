// Modpack and build rows as the proto messages every builds RPC answers with (handlers.ts, and
// the management reads of management.ts).
import { formatTimestamp } from '@depot/common';
import { type FullMessage } from '@depot/common/grpc';
import type { buildsV1 } from '@depot/proto';
import type { Build } from './entities/build';
import type { Modpack } from './entities/modpack';
import type { ModpackSource } from './modpacks';

const opt = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

export function toModpackMessage(m: Modpack): FullMessage<buildsV1.Modpack__Output> {
  return {
    id: m.id,
    name: m.name,
    slug: m.slug,
    url: opt(m.url),
    hidden: m.hidden,
    private: m.private,
    order: m.order ?? undefined,
    recommended: opt(m.recommended),
    latest: opt(m.latest),
    created_at: formatTimestamp(m.createdAt),
    updated_at: formatTimestamp(m.updatedAt),
    icon_url: opt(m.iconUrl),
    icon_md5: opt(m.iconMd5),
    logo_url: opt(m.logoUrl),
    logo_md5: opt(m.logoMd5),
    background_url: opt(m.backgroundUrl),
    background_md5: opt(m.backgroundMd5),
  };
}

export function toBuildMessage(b: Build): FullMessage<buildsV1.Build__Output> {
  return {
    id: b.id,
    modpack_id: b.modpackId,
    version: b.version,
    minecraft: b.minecraft,
    forge: opt(b.forge),
    is_published: b.isPublished,
    private: b.private,
    min_java: opt(b.minJava),
    min_memory: opt(b.minMemory),
    created_at: formatTimestamp(b.createdAt),
    updated_at: formatTimestamp(b.updatedAt),
    loader: opt(b.loader),
    loader_version: opt(b.loaderVersion),
  };
}

/** A launcher read's source: the modpack and its builds' flags (ListModpackSources, GetModpackSource). */
export function toSourceMessage(s: ModpackSource): FullMessage<buildsV1.ModpackSource__Output> {
  return {
    modpack: toModpackMessage(s.modpack),
    builds: s.builds.map((b) => ({ version: b.version, is_published: b.isPublished, private: b.private })),
  };
}
