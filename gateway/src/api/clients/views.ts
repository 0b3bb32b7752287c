// The launcher client routes' JSON bodies.
import type { authV1 } from '@depot/proto';
import type * as res from './schemas';

export function clientRecord(c: authV1.Client__Output): res.Client {
  return {
    id: c.id,
    name: c.name,
    uuid: c.uuid,
    modpacks: c.modpack_ids,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}
