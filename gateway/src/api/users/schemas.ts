// What the user routes answer; the account's fields are a user's (api/account).
import { z } from 'zod';
import { timestamp } from '../schemas';

// The fields of a user record, in the order answers list them.
export const username = z.string();

export const email = z
  .string()
  .nullable()
  .meta({ description: 'E-mail address, a way to sign in besides the username.' });

export const permissions = z.array(z.string());

export const modpackSlugs = z.array(z.string()).meta({ description: 'Slugs of the modpacks the user has access to.' });

export const user = z
  .strictObject({ username, permissions, modpacks: modpackSlugs, created_at: timestamp, updated_at: timestamp })
  .meta({ id: 'User' });

export const userList = z.strictObject({ users: z.array(user) }).meta({ id: 'UserList' });

/** A user with its e-mail address (`GET /api/user?include=email`). */
export const userWithEmail = z
  .strictObject({ username, email, permissions, modpacks: modpackSlugs, created_at: timestamp, updated_at: timestamp })
  .meta({ id: 'UserWithEmail' });

export const userListWithEmails = z.strictObject({ users: z.array(userWithEmail) }).meta({ id: 'UserListWithEmails' });

const twoFactor = z
  .boolean()
  .meta({ description: 'Whether signing in asks for a second factor (two-factor sign-in).' });

/** A user with whether it has two-factor sign-in (`GET /api/user?include=two_factor`). */
export const userWithTwoFactor = z
  .strictObject({
    username,
    two_factor: twoFactor,
    permissions,
    modpacks: modpackSlugs,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'UserWithTwoFactor' });

export const userListWithTwoFactor = z
  .strictObject({ users: z.array(userWithTwoFactor) })
  .meta({ id: 'UserListWithTwoFactor' });

/** Both (`GET /api/user?include=email,two_factor`). */
export const userWithEmailAndTwoFactor = z
  .strictObject({
    username,
    email,
    two_factor: twoFactor,
    permissions,
    modpacks: modpackSlugs,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'UserWithEmailAndTwoFactor' });

export const userListWithEmailsAndTwoFactor = z
  .strictObject({ users: z.array(userWithEmailAndTwoFactor) })
  .meta({ id: 'UserListWithEmailsAndTwoFactor' });

export type User = z.infer<typeof user>;
export type UserWithEmail = z.infer<typeof userWithEmail>;
export type UserWithEmailAndTwoFactor = z.infer<typeof userWithEmailAndTwoFactor>;
