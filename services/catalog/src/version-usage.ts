// The seam between catalog and builds: before a version is deleted, catalog asks how many builds
// use it (and, before its archive is replaced, which). Builds owns assignments, so the answer comes over gRPC, together with a reservation
// that keeps new assignments of the version out until the delete is done (or has failed): an
// assignment is either counted, and the delete refused, or refused itself.
import type { BuildsServiceDefinition } from '@depot/proto';
import type { Logger } from '@depot/common/process';
import type { PromiseClient } from '@depot/common/grpc';

/**
 * How long builds holds a reservation, and the part of it within which catalog may still commit
 * its delete. Past the lease builds takes catalog's answer as final, so the margin covers a
 * commit that starts just before the budget runs out.
 */
export const RESERVATION_LEASE_MS = 30_000;
export const RESERVATION_BUDGET_MS = 10_000;

export interface VersionDeletion {
  /** Builds holding the version: the 409's count. Nothing is reserved unless it is 0. */
  count: number;
  /** Whether the delete may still commit (inside the budget of the reservation). */
  holds(): boolean;
  /** The delete did not happen: assignments of the version are allowed again. Never throws. */
  release(): Promise<void>;
}

/** A build that holds a version (what a replace of its archive changes for launchers). */
export interface BuildUse {
  modpackSlug: string;
  modpackName: string;
  buildVersion: string;
  published: boolean;
}

export interface VersionUsage {
  reserveDeletion(versionId: number): Promise<VersionDeletion>;
  /** The builds holding the version, in modpack then build order: one call. */
  buildsUsing(versionId: number): Promise<BuildUse[]>;
}

export function buildsVersionUsage(builds: PromiseClient<BuildsServiceDefinition>, logger: Logger): VersionUsage {
  return {
    async buildsUsing(versionId) {
      const { uses } = await builds.ListVersionUses({ mod_version_ids: [versionId] });
      return uses.map((u) => ({
        modpackSlug: u.modpack_slug,
        modpackName: u.modpack_name,
        buildVersion: u.build_version,
        published: u.build_published,
      }));
    },
    async reserveDeletion(versionId) {
      // Measured from before the request: builds starts the lease later than this.
      const started = performance.now();
      const res = await builds.ReserveVersionDeletion({ mod_version_id: versionId, lease_ms: RESERVATION_LEASE_MS });
      return {
        count: res.count,
        holds: () => performance.now() - started < RESERVATION_BUDGET_MS,
        async release() {
          if (!res.reservation_id) return;
          try {
            await builds.ReleaseVersionDeletion({ reservation_id: res.reservation_id });
          } catch (err) {
            // The lease ends it: until then assignments of the version are refused.
            logger.warn(
              { err: String(err), mod_version_id: versionId, lease_ms: RESERVATION_LEASE_MS },
              'could not release a version delete reservation',
            );
          }
        },
      };
    },
  };
}
