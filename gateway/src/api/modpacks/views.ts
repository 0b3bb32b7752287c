// The modpack and build records as the writes (and the management reads) answer them.
import type { buildsV1 } from '@depot/proto';
import { nullable } from '../views';
import type * as res from './schemas';

/** The full modpack record (writes). */
export function modpackRecord(m: buildsV1.Modpack__Output): res.ModpackRecord {
  return {
    id: m.id,
    name: m.name,
    slug: m.slug,
    url: nullable(m.url),
    hidden: m.hidden,
    private: m.private,
    order: nullable(m.order),
    recommended: nullable(m.recommended),
    latest: nullable(m.latest),
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}

/** The full build record (writes). */
export function buildRecord(b: buildsV1.Build__Output): res.BuildRecord {
  return {
    id: b.id,
    modpack_id: b.modpack_id,
    version: b.version,
    minecraft: b.minecraft,
    forge: nullable(b.forge),
    is_published: b.is_published,
    private: b.private,
    min_java: nullable(b.min_java),
    min_memory: nullable(b.min_memory),
    created_at: b.created_at,
    updated_at: b.updated_at,
  };
}
