/** The mirror URL as the API reports it: always ending with `/`. */
export function mirrorBase(mirror: string): string {
  return mirror.endsWith('/') ? mirror : `${mirror}/`;
}

/** `{mirror}/mods/{name}/{name}-{version}.zip`, each segment percent-encoded (compat.md §6). */
export function modDownloadUrl(mirror: string, name: string, version: string): string {
  const base = mirror.endsWith('/') ? mirror.replace(/\/+$/, '') : mirror;
  const n = encodeURIComponent(name);
  return `${base}/mods/${n}/${n}-${encodeURIComponent(version)}.zip`;
}
