// The seam between catalog and builds: before a version is deleted, catalog asks how many builds
// use it. Builds owns assignments, so the answer comes over gRPC.
import type { BuildsServiceDefinition } from '@depot/proto';
import type { PromiseClient } from '@depot/common';

export interface VersionUsage {
  countBuilds(versionId: number): Promise<number>;
}

export function buildsVersionUsage(builds: PromiseClient<BuildsServiceDefinition>): VersionUsage {
  return {
    async countBuilds(versionId) {
      const res = await builds.CountBuildsUsingVersion({ mod_version_id: versionId });
      return res.count;
    },
  };
}
