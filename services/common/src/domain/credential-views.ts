// Platform keys and API tokens as the API and the admin CLI show them: the same JSON from both
// (docs/api.md#platform-keys, #tokens). A key's value or a token's plaintext only in the answer that
// creates it.
import type { authV1 } from '@depot/proto';

/** GET /api/key: never the key's value. */
export function keyList(keys: authV1.Key__Output[]) {
  return { keys: keys.map((k) => ({ id: k.id, name: k.name, created_at: k.created_at })) };
}

/** POST /api/key: the value, shown this once. */
export function keyCreated(k: authV1.IssuedKey__Output) {
  return { id: k.id, name: k.name, api_key: k.api_key, created_at: k.created_at };
}

/** GET /api/token: never a token's value. */
export function tokenList(tokens: authV1.Token__Output[]) {
  return {
    tokens: tokens.map((t) => ({
      id: t.id,
      name: t.name,
      last_used_at: t.last_used_at ?? null,
      created_at: t.created_at,
    })),
  };
}

/** POST /api/token: the plaintext, shown this once. */
export function tokenIssued(t: authV1.IssuedToken__Output) {
  return { token: { id: t.id, name: t.name, plaintext: t.plaintext, created_at: t.created_at } };
}
