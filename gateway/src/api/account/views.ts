// The signed-in user's own account, as its routes answer it.
import type { authV1 } from '@depot/proto';
import { userWithEmailView } from '../users/views';
import type * as res from './schemas';

/** The signed-in user's own account. */
export function accountView(u: authV1.User__Output, slugs: ReadonlyMap<number, string>): res.Account {
  const { created_at, updated_at, ...rest } = userWithEmailView(u, slugs);
  return { ...rest, has_password: u.has_password, created_at, updated_at };
}
