// The events a build's release tells (docs/webhooks.md#events), beside build.changed: enqueued in
// the transaction of the write, so a webhook hears of a publish or a promotion exactly when
// launchers can see it, and never of one that was rolled back.
import type { EntityManager } from '@mikro-orm/core';
import { enqueueEvent } from '@depot/common/runtime';
import type { Build } from './entities/build';
import type { Modpack } from './entities/modpack';

export type Promotions = Pick<Modpack, 'recommended' | 'latest'>;

/**
 * build.changed for `build` (`published`: what launchers had changed, as `changesPublished` says:
 * by default, whether the build was published before the write), and build.published when it was
 * not published before the write and is now.
 */
export function enqueueBuildChange(
  tx: EntityManager,
  modpack: Modpack,
  build: Build,
  wasPublished: boolean,
  changesPublished = wasPublished,
): void {
  enqueueEvent(tx, 'build.changed', { modpack_id: modpack.id, build_id: build.id, published: changesPublished });
  if (build.isPublished && !wasPublished) {
    enqueueEvent(tx, 'build.published', {
      modpack_id: modpack.id,
      modpack_slug: modpack.slug,
      build_id: build.id,
      version: build.version,
    });
  }
}

/** build.promoted for each of `recommended` and `latest` that differs from `before`. */
export function enqueuePromotions(tx: EntityManager, modpack: Modpack, before: Promotions): void {
  for (const which of ['recommended', 'latest'] as const) {
    if (modpack[which] === before[which]) continue;
    enqueueEvent(tx, 'build.promoted', {
      modpack_id: modpack.id,
      modpack_slug: modpack.slug,
      which,
      from: before[which],
      to: modpack[which],
    });
  }
}
