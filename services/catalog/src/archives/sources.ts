// Where a version's archive is: the URL launchers are given (its own url, else the mirror's form),
// and where the catalog fetches it from to hash it. The two differ when Depot is its own mirror
// (SERVICE_MIRROR_URL unset): its address answers from the store (read there directly) or passes
// the download to the old mirror (ARCHIVE_UPSTREAM_URL), which is then fetched itself. Depot never
// asks itself over HTTP: an archive it neither hosts nor can pass on is missing, and it says so.
import { modDownloadUrls, versionArchiveUrl } from '@depot/common';
import { ArchiveFetchError } from './problems';

type Urls = (name: string, version: string) => string;
type VersionRef = { version: string; url?: string | null };

export class ArchiveSources {
  private readonly urls: Urls;
  private readonly upstreamUrls?: Urls;

  /** `ownMirror`: set when Depot is its own mirror, with the old mirror its downloads pass to, if any. */
  constructor(
    readonly mirrorUrl: string,
    private readonly ownMirror?: { upstream?: string },
  ) {
    this.urls = modDownloadUrls(mirrorUrl);
    if (ownMirror?.upstream) this.upstreamUrls = modDownloadUrls(ownMirror.upstream);
  }

  /** The URL launchers download the version's archive from. */
  urlOf(mod: string, version: VersionRef): string {
    return versionArchiveUrl(this.urls, mod, version);
  }

  /** Where an archive Depot does not host is fetched from; throws `missing` when nowhere. */
  sourceOf(mod: string, version: VersionRef): string {
    if (version.url || !this.ownMirror) return this.urlOf(mod, version);
    if (this.upstreamUrls) return this.upstreamUrls(mod, version.version);
    throw new ArchiveFetchError(
      'missing',
      'Depot is its own mirror (SERVICE_MIRROR_URL is unset), hosts no archive of this version, and has no ' +
        'ARCHIVE_UPSTREAM_URL to pass its downloads to',
    );
  }
}
