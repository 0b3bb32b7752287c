// Assertions the end-to-end tests share: what a client sees, exactly, and that a refused write
// changed nothing.
import type { Api, Reply } from './api';

/** Exact status and body, compared together so that a failure shows both. */
export function expectReply(res: Reply, status: number, body: unknown) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body });
}

/** 422 whose field errors are exactly `fields`, one message string each. */
export function expectFieldErrors(res: Reply, fields: string[]) {
  expect(res.status).toBe(422);
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(Object.keys(res.body.error).sort()).toEqual([...fields].sort());
  for (const f of fields) expect(res.body.error[f]).toEqual([expect.any(String)]);
}

/**
 * Runs a write that must be refused: its status (and body, when given) exactly, and `state` (what
 * the API shows of the data it targets) the same afterwards as before.
 */
export async function expectRefused(
  state: () => Promise<unknown>,
  write: () => Promise<Reply>,
  status: number,
  body?: unknown,
): Promise<Reply> {
  const before = await state();
  const res = await write();
  if (body === undefined) expect(res.status).toBe(status);
  else expectReply(res, status, body);
  expect(await state()).toEqual(before);
  return res;
}

const enc = encodeURIComponent;

/** Everything the public API shows of the catalogue: the list, every mod and every version. */
export async function catalogState(api: Api) {
  const list = await api.get('/api/mod', { token: null });
  expect(list.status).toBe(200);
  const mods: Record<string, unknown> = {};
  for (const slug of Object.keys(list.body.mods)) {
    const mod = await api.get(`/api/mod/${enc(slug)}`, { token: null });
    expect(mod.status).toBe(200);
    const versions: Record<string, unknown> = {};
    for (const v of mod.body.versions as string[]) {
      const ver = await api.get(`/api/mod/${enc(slug)}/${enc(v)}`, { token: null });
      expect(ver.status).toBe(200);
      versions[v] = ver.body;
    }
    mods[slug] = { mod: mod.body, versions };
  }
  return { list: list.body, mods };
}
