// The platform key routes' JSON bodies: the same JSON as the admin CLI's.
import type { authV1 } from '@depot/proto';
import type * as res from './schemas';
export { keyCreated, keyList } from '@depot/common';

/** GET /api/verify/{key}: the key is valid. */
export function keyVerified(k: authV1.VerifyKeyResponse__Output): res.KeyVerified {
  return { valid: 'Key validated.', name: k.name, created_at: k.created_at };
}
