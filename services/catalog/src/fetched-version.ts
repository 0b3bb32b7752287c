// A new version whose md5 was left blank: the catalog fetches its archive (its own url, else the
// mirror's form of URL), as Solder does when its form's md5 is empty, and records the md5 and size
// of what arrived. The fetch is a rehash's (archive-fetch.ts): the ARCHIVE_* limits and the egress
// policy apply. Nothing is created when the archive cannot be fetched.
import { DepotError, modDownloadUrls, versionArchiveUrl } from '@depot/common';
import { fetchArchiveDigest, type ArchiveDigest } from './archive-fetch';
import type { ArchivePolicy } from './archive-policy';
import { ArchiveFetchError, archiveError } from './archive-problems';
import type { ModVersion } from './entities/mod-version';
import type { Catalog } from './mods';

type Fetch = (url: string, policy: ArchivePolicy, options: { signal?: AbortSignal }) => Promise<ArchiveDigest>;

export interface FetchedVersionRequest {
  slug: string;
  version: string;
  url: string | null;
  notes: string | null;
}

export class FetchedVersions {
  private readonly urls: (name: string, version: string) => string;

  constructor(
    private readonly catalog: Catalog,
    mirrorUrl: string,
    private readonly policy: ArchivePolicy,
    private readonly fetch: Fetch = fetchArchiveDigest,
  ) {
    this.urls = modDownloadUrls(mirrorUrl);
  }

  /**
   * The mod must exist and the version must not (checked before the fetch, so that a refusal costs
   * no download; the create checks again). `signal`: the caller gave up.
   */
  async create(req: FetchedVersionRequest, signal?: AbortSignal): Promise<ModVersion> {
    const { mod, versions } = await this.catalog.getMod(req.slug);
    if (versions.includes(req.version)) throw new DepotError('VERSION_EXISTS');
    // The mod's own name, not the slug as typed: the mirror's paths are made of it.
    const url = versionArchiveUrl(this.urls, mod.name, { version: req.version, url: req.url });
    let digest: ArchiveDigest;
    try {
      digest = await this.fetch(url, this.policy, { signal });
    } catch (err) {
      throw err instanceof ArchiveFetchError ? archiveError(err) : err;
    }
    return this.catalog.createVersion(mod.name, req.version, {
      md5: digest.md5,
      filesize: digest.size,
      url: req.url,
      notes: req.notes,
    });
  }
}
