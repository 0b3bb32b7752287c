// The launcher read API (docs/api.md#launcher-reads): no credentials needed; `k`, `cid` or a
// bearer token widen what is visible. One implementation per read (reads.ts): the services'
// unfiltered sources, through the response cache while it is active, with visibility applied per
// request; at most one RPC to auth, then builds, then (build) catalog.
import { mirrorUrlOf } from '@depot/common/process';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LauncherReads } from './reads';
import * as res from './schemas';
import { route, segment } from '../../pipeline/route';

/**
 * Whether `?include=` asks for `what`. Tolerant: repeated parameters and comma-separated lists
 * count, case is ignored, anything else is ignored.
 */
export function includes(query: unknown, what: string): boolean {
  const raw = (query as Record<string, unknown> | undefined)?.include;
  const values = Array.isArray(raw) ? raw : [raw];
  return values.some((v) => typeof v === 'string' && v.split(',').some((part) => part.trim().toLowerCase() === what));
}

const credentials = {
  k: z.string().optional().meta({ description: 'Technic Platform API key: every modpack becomes accessible.' }),
  cid: z.string().optional().meta({ description: 'Launcher client id: the modpacks linked to it become accessible.' }),
};
// Documented, never refused: unknown values are ignored (see `includes`).
const listQuery = z.object({
  include: z
    .enum(['full'])
    .optional()
    .meta({ description: '`full`: each value is the modpack view instead of its display name.' }),
  ...credentials,
});
const buildQuery = z.object({
  include: z
    .enum(['mods'])
    .optional()
    .meta({ description: '`mods`: each mod also has pretty_name, author, description and link.' }),
  ...credentials,
});
const modpackParams = z.object({ slug: segment('MODPACK_NOT_FOUND', 'Slug of the modpack, percent-encoded.') });
const buildParams = modpackParams.extend({
  build: segment('BUILD_NOT_FOUND', 'Build version string (exact, case-sensitive), percent-encoded.'),
});

export function launcherRoutes(app: FastifyInstance) {
  const reads = new LauncherReads(app.responseCache, app.deps.clients, mirrorUrlOf(app.deps.config));

  return [
    route({
      method: 'GET',
      url: '/api/modpack',
      tag: 'Launcher',
      summary: 'List modpacks',
      description: 'Public modpacks, plus hidden and private ones when accessible (`k`, `cid` or a token).',
      access: 'read',
      query: listQuery,
      response: res.modpackList,
      returns: 'Modpacks in id order and the mirror url.',
      cached: true,
      handler: ({ req, readAccess }) => reads.modpackList(readAccess, includes(req.query, 'full')),
    }),
    route({
      method: 'GET',
      url: '/api/modpack/:slug',
      tag: 'Launcher',
      summary: 'Show a modpack',
      access: 'read',
      params: modpackParams,
      query: z.object(credentials),
      response: res.modpackView,
      returns: 'The modpack and the builds visible to this request.',
      cached: true,
      handler: ({ params, readAccess }) => reads.modpack(params.slug, readAccess),
    }),
    route({
      method: 'GET',
      url: '/api/modpack/:slug/:build',
      tag: 'Launcher',
      summary: 'Show a build (what the launcher downloads)',
      access: 'read',
      params: buildParams,
      query: buildQuery,
      // A build segment that cannot name a build: the modpack answers first (missing or not visible).
      target: ({ params, readAccess }) => reads.modpack(params.slug!, readAccess),
      response: res.buildView,
      returns: 'The build and its mods.',
      cached: true,
      handler: ({ req, params, readAccess }) =>
        reads.build(params.slug, params.build, readAccess, includes(req.query, 'mods')),
    }),
  ];
}
