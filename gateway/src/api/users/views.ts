// The user routes' JSON bodies: modpack access as slugs.
import type { authV1 } from '@depot/proto';
import { nullable } from '../views';
import type * as res from './schemas';

/** A user with its modpack access as slugs (`slugs`: id → slug; ids gone meanwhile are left out). */
export function userView(u: authV1.User__Output, slugs: ReadonlyMap<number, string>): res.User {
  return {
    username: u.username,
    permissions: u.permissions,
    modpacks: u.modpack_ids.flatMap((id) => slugs.get(id) ?? []),
    created_at: u.created_at,
    updated_at: u.updated_at,
  };
}

/** A user with its e-mail address, in the same order of fields (`?include=email`). */
export function userWithEmailView(u: authV1.User__Output, slugs: ReadonlyMap<number, string>): res.UserWithEmail {
  const { username, ...rest } = userView(u, slugs);
  return { username, email: nullable(u.email), ...rest };
}

/**
 * A user with the details `?include=` asked for, in the order of the record: `email` after
 * `username`, then `two_factor`.
 */
export function userWithDetailsView(
  u: authV1.User__Output,
  slugs: ReadonlyMap<number, string>,
  details: { email: boolean; twoFactor: boolean },
): res.User | res.UserWithEmail | res.UserWithEmailAndTwoFactor {
  const { username, ...rest } = userView(u, slugs);
  return {
    username,
    ...(details.email ? { email: nullable(u.email) } : {}),
    ...(details.twoFactor ? { two_factor: u.two_factor ?? false } : {}),
    ...rest,
  } as res.UserWithEmailAndTwoFactor;
}
