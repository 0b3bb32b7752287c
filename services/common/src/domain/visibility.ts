// Launcher visibility (docs/api.md#visibility), the one implementation: the gateway's launcher
// reads apply it per request to the builds service's unfiltered sources, cached or not (the
// services filter nothing). Everything reduces to one question per modpack, "is it accessible to
// this request?", so callers can also precompute both answers.

/** What a read request may see: everything (platform key, solder_full), or these modpacks. */
export interface ReadAccess {
  all?: boolean | null;
  modpack_ids?: readonly number[] | null;
}

/** A valid `k`, a `cid` linked to the modpack, or a token whose user has access to it. */
export function canAccess(access: ReadAccess, modpackId: number): boolean {
  return access.all === true || (access.modpack_ids?.includes(modpackId) ?? false);
}

/** In `GET /api/modpack`: public ones always, hidden or private ones only when accessible. */
export function modpackListed(modpack: { hidden: boolean; private: boolean }, accessible: boolean): boolean {
  return accessible || (!modpack.hidden && !modpack.private);
}

/** Shown by slug (modpack and build reads): hidden ones to anyone, private ones only when accessible. */
export function modpackShown(modpack: { private: boolean }, accessible: boolean): boolean {
  return accessible || !modpack.private;
}

/** In `builds` and served: published only (even with a key); private ones only when accessible. */
export function buildVisible(build: { published: boolean; private: boolean }, accessible: boolean): boolean {
  return build.published && (accessible || !build.private);
}
