// A new version whose md5 was left blank: the catalog fetches its archive (its own url, else the
// mirror's form of URL: sources.ts), as Solder does when its form's md5 is empty, and records the md5 and size
// of what arrived. The fetch is a rehash's (fetch.ts): the ARCHIVE_* limits and the egress
// policy apply. Nothing is created when the archive cannot be fetched.
import { DepotError, refuseNewVersion } from '@depot/common';
import type { ArchiveSources } from './sources';
import { fetchArchiveDigest, type ArchiveDigest } from './fetch';
import type { ArchivePolicy } from './policy';
import { ArchiveFetchError, archiveError } from './problems';
import type { ModVersion } from '../entities/mod-version';
import type { Catalog } from '../mods';

type Fetch = (url: string, policy: ArchivePolicy, options: { signal?: AbortSignal }) => Promise<ArchiveDigest>;

export interface FetchedVersionRequest {
  slug: string;
  version: string;
  url: string | null;
  notes: string | null;
}

export class FetchedVersions {
  constructor(
    private readonly catalog: Catalog,
    private readonly sources: ArchiveSources,
    private readonly policy: ArchivePolicy,
    private readonly fetch: Fetch = fetchArchiveDigest,
  ) {}

  /**
   * The mod must exist and the version must not (checked before the fetch, so that a refusal costs
   * no download; the create checks again). `signal`: the caller gave up.
   */
  async create(req: FetchedVersionRequest, signal?: AbortSignal): Promise<ModVersion> {
    const { mod, versions } = await this.catalog.getMod(req.slug);
    if (versions.includes(req.version)) throw new DepotError('VERSION_EXISTS');
    refuseNewVersion(req.version);
    let digest: ArchiveDigest;
    try {
      // The mod's own name, not the slug as typed: the mirror's paths are made of it.
      const source = this.sources.sourceOf(mod.name, { version: req.version, url: req.url });
      digest = await this.fetch(source, this.policy, { signal });
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
