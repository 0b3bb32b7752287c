/** The mirror URL as the API reports it: always ending with `/`. */
export function mirrorBase(mirror: string): string {
  return mirror.endsWith('/') ? mirror : `${mirror}/`;
}

/**
 * `(name, version) => {mirror}/mods/{name}/{name}-{version}.zip`, each segment percent-encoded
 * (docs/api.md#download-urls): the mirror's part worked out once for the many mods of a build.
 */
export function modDownloadUrls(mirror: string): (name: string, version: string) => string {
  const base = `${mirror.replace(/\/+$/, '')}/mods/`;
  return (name, version) => {
    const n = encodeURIComponent(name);
    return `${base}${n}/${n}-${encodeURIComponent(version)}.zip`;
  };
}

/**
 * The version a mirror file name names (`{name}-{version}.zip`, the last segment of a download
 * URL, percent-decoded), or undefined when the name is not of that form or names no version.
 */
export function versionOfMirrorFile(name: string, fileName: string): string | undefined {
  const prefix = `${name}-`;
  const suffix = '.zip';
  if (!fileName.startsWith(prefix) || !fileName.endsWith(suffix)) return undefined;
  if (fileName.length <= prefix.length + suffix.length) return undefined;
  return fileName.slice(prefix.length, -suffix.length);
}

/** `{mirror}/mods/{name}/{name}-{version}.zip`, each segment percent-encoded (docs/api.md#download-urls). */
export function modDownloadUrl(mirror: string, name: string, version: string): string {
  return modDownloadUrls(mirror)(name, version);
}

/**
 * Where a version's archive is downloaded from: its own url when it has one (a mod whose licence
 * forbids rehosting), else the mirror's form. `urls` is modDownloadUrls(mirror).
 */
export function versionArchiveUrl(
  urls: (name: string, version: string) => string,
  modName: string,
  version: { version: string; url?: string | null },
): string {
  return version.url ?? urls(modName, version.version);
}
