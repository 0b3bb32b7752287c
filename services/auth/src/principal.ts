// Who a request is, as auth answers it for a bearer token (credentials.ts) or a console session
// (sessions.ts): the user, what they may do and their access list, read with the credential in
// one statement.

export interface Principal {
  userId: number;
  username: string;
  permissions: string[];
  modpackIds: number[];
  tokenId: number;
}

export interface PrincipalRow {
  token_id: number;
  token_hash: string;
  user_id: number;
  username: string;
  permissions: string[];
  modpack_ids: number[];
}

/** The principal's columns of user `u`: who, what they may do, their access list. */
export const USER_PRINCIPAL_COLUMNS = `u.id as user_id, u.username, u.permissions,
         array(select m.modpack_id from user_modpacks m where m.user_id = u.id order by m.modpack_id) as modpack_ids`;

/** The principal of a row read with USER_PRINCIPAL_COLUMNS. */
export function principalOf(row: Omit<PrincipalRow, 'token_hash'>): Principal {
  return {
    userId: row.user_id,
    username: row.username,
    permissions: row.permissions,
    modpackIds: row.modpack_ids,
    tokenId: row.token_id,
  };
}
