// The launcher read API (compat.md §3): no credentials needed; `k`, `cid` or a bearer token widen
// what is visible. Cached (cached-reads.ts): visibility applied per request to access-independent
// cached data. Uncached (cache disabled, or its change feed down): visibility applied by the builds
// service from the resolved access. Both with the same rules (@depot/common visibility.ts) and a
// constant number of RPCs per request: at most one to auth, then builds, then (build) catalog.
import type { FastifyInstance } from 'fastify';
import { DepotError } from '@depot/common';
import { readAccess } from '../auth';
import { bodyOf, sendBody } from '../cache';
import { READ_MESSAGES } from '../errors';
import { buildBody, modpackList, modpackView, required } from '../modpack-views';
import { isStorableText, named } from '../validation';

type SlugParams = { slug: string };
type BuildParams = { slug: string; build: string };

/**
 * Whether `?include=` asks for `what`. Tolerant: repeated parameters and comma-separated lists
 * count, case is ignored, anything else is ignored.
 */
export function includes(query: unknown, what: string): boolean {
  const raw = (query as Record<string, unknown> | undefined)?.include;
  const values = Array.isArray(raw) ? raw : [raw];
  return values.some((v) => typeof v === 'string' && v.split(',').some((part) => part.trim().toLowerCase() === what));
}

export async function launcherRoutes(app: FastifyInstance) {
  const { clients, config, logger } = app.deps;
  const { builds, catalog } = clients;
  const read = { config: { errorMessages: READ_MESSAGES } };
  const cached = app.cachedReads;

  app.get('/api/modpack', read, async (req, reply) => {
    const access = await readAccess(req, clients, logger);
    const full = includes(req.query, 'full');
    if (cached.active) return sendBody(req, reply, await cached.modpackList(access, full));
    const { modpacks } = await builds.ListModpacks({ access, with_builds: full });
    return sendBody(req, reply, bodyOf(JSON.stringify(modpackList(modpacks, full, config.SERVICE_MIRROR_URL))));
  });

  app.get<{ Params: SlugParams }>('/api/modpack/:slug', read, async (req, reply) => {
    named(req.params.slug, 'MODPACK_NOT_FOUND');
    const access = await readAccess(req, clients, logger);
    if (cached.active) return sendBody(req, reply, await cached.modpack(req.params.slug, access));
    const view = modpackView(await builds.GetModpack({ slug: req.params.slug, access }));
    return sendBody(req, reply, bodyOf(JSON.stringify(view)));
  });

  app.get<{ Params: BuildParams }>('/api/modpack/:slug/:build', read, async (req, reply) => {
    named(req.params.slug, 'MODPACK_NOT_FOUND');
    const access = await readAccess(req, clients, logger);
    if (!isStorableText(req.params.build)) {
      // A build that cannot exist, of a modpack that may be missing or not visible (checked first).
      await (cached.active
        ? cached.modpack(req.params.slug, access)
        : builds.GetModpack({ slug: req.params.slug, access }));
      throw new DepotError('BUILD_NOT_FOUND');
    }
    const withMods = includes(req.query, 'mods');
    if (cached.active)
      return sendBody(req, reply, await cached.build(req.params.slug, req.params.build, access, withMods));
    const view = await builds.GetBuild({ slug: req.params.slug, version: req.params.build, access });
    const ids = view.mod_version_ids;
    const mods = ids.length
      ? await catalog.RenderBuildMods({ ids, mirror_url: config.SERVICE_MIRROR_URL, with_details: withMods })
      : undefined;
    return sendBody(req, reply, buildBody(required(view.build, 'build'), mods?.mods_json));
  });
}
