// Mods and mod versions: contract.md §4.2–4.3 and compat.md's PUT of a version.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DepotError } from '@depot/common';
import { requirePermission } from '../auth';
import { bodyOf, sendBody } from '../cache';
import { modListView } from '../cached-reads';
import { HttpError, READ_MESSAGES } from '../errors';
import { isStorableText, named, orUnset, presentFields, rules, validBody } from '../validation';
import { modRecord, modView, versionRecord, versionView } from '../views';

const modFields = {
  pretty_name: rules.string(),
  author: rules.nullable(rules.string()),
  description: rules.nullable(rules.string({ max: 65535 })),
  link: rules.nullable(rules.url()),
};
export const createModBody = z.object({ name: rules.slug(), ...modFields });
export const updateModBody = z.object({ name: rules.slug(), ...modFields }).partial();
export const createVersionBody = z.object({
  version: rules.version(),
  md5: rules.md5(),
  filesize: rules.nullable(rules.integer({ max: Number.MAX_SAFE_INTEGER })),
});
export const updateVersionBody = createVersionBody.omit({ version: true }).partial();

type SlugParams = { slug: string };
type VersionParams = { slug: string; version: string };

export async function modRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const { catalog } = clients;
  const read = { config: { errorMessages: READ_MESSAGES } };
  const disabled = () => {
    if (config.SERVICE_DISABLE_MOD_API) throw new HttpError(404, 'Mod API has been disabled');
  };

  // Cached while the response cache is active (cached-reads.ts); the mod API has no visibility rules.
  const cached = app.cachedReads;

  /** Path segments that cannot name a record answer as absent ones do (validation.ts `named`). */
  const modSlug = (slug: string) => named(slug, 'MOD_NOT_FOUND');
  const versionOf = async (slug: string, version: string) => {
    modSlug(slug);
    if (isStorableText(version)) return version;
    await catalog.GetMod({ slug }); // an absent mod answers first
    throw new DepotError('VERSION_NOT_FOUND');
  };

  app.get('/api/mod', read, async (req, reply) => {
    disabled();
    if (cached.active) return sendBody(req, reply, await cached.modList());
    const { mods } = await catalog.ListMods({});
    return sendBody(req, reply, bodyOf(JSON.stringify(modListView(mods))));
  });

  app.get<{ Params: SlugParams }>('/api/mod/:slug', read, async (req, reply) => {
    disabled();
    modSlug(req.params.slug);
    if (cached.active) return sendBody(req, reply, await cached.mod(req.params.slug));
    return sendBody(req, reply, bodyOf(JSON.stringify(modView(await catalog.GetMod({ slug: req.params.slug })))));
  });

  app.get<{ Params: VersionParams }>('/api/mod/:slug/:version', read, async (req, reply) => {
    disabled();
    const { slug } = req.params;
    const version = await versionOf(slug, req.params.version);
    if (cached.active) return sendBody(req, reply, await cached.version(slug, version));
    const v = await catalog.GetVersion({ slug, version });
    return sendBody(req, reply, bodyOf(JSON.stringify(versionView(v, slug, config.SERVICE_MIRROR_URL))));
  });

  app.post('/api/mod', async (req, reply) => {
    await requirePermission(req, clients, 'mods_create');
    const body = await validBody(createModBody, req.body);
    const mod = await catalog.CreateMod({
      name: body.name,
      pretty_name: body.pretty_name,
      author: orUnset(body.author),
      description: orUnset(body.description),
      link: orUnset(body.link),
    });
    return reply.status(201).send(modRecord(mod));
  });

  app.put<{ Params: SlugParams }>('/api/mod/:slug', async (req) => {
    await requirePermission(req, clients, 'mods_manage');
    const slug = modSlug(req.params.slug);
    const body = await validBody(updateModBody, req.body, () => catalog.GetMod({ slug }));
    const mod = await catalog.UpdateMod({
      slug,
      name: body.name,
      pretty_name: body.pretty_name,
      author: orUnset(body.author),
      description: orUnset(body.description),
      link: orUnset(body.link),
      update_mask: presentFields(body),
    });
    return modRecord(mod);
  });

  app.delete<{ Params: SlugParams }>('/api/mod/:slug', async (req) => {
    await requirePermission(req, clients, 'mods_delete');
    await catalog.DeleteMod({ slug: modSlug(req.params.slug) });
    return { success: 'Mod deleted.' };
  });

  app.post<{ Params: SlugParams }>('/api/mod/:slug/version', async (req, reply) => {
    await requirePermission(req, clients, 'mods_manage');
    const slug = modSlug(req.params.slug);
    const body = await validBody(createVersionBody, req.body, () => catalog.GetMod({ slug }));
    const v = await catalog.CreateVersion({
      slug,
      version: body.version,
      md5: body.md5,
      filesize: orUnset(body.filesize),
    });
    return reply.status(201).send(versionRecord(v));
  });

  app.put<{ Params: VersionParams }>('/api/mod/:slug/:version', async (req) => {
    await requirePermission(req, clients, 'mods_manage');
    const { slug } = req.params;
    const version = await versionOf(slug, req.params.version);
    const body = await validBody(updateVersionBody, req.body, () => catalog.GetVersion({ slug, version }));
    const v = await catalog.UpdateVersion({
      slug,
      version,
      md5: body.md5,
      filesize: orUnset(body.filesize),
      update_mask: presentFields(body),
    });
    return versionRecord(v);
  });

  app.delete<{ Params: VersionParams }>('/api/mod/:slug/:version', async (req) => {
    await requirePermission(req, clients, 'mods_manage');
    const { slug } = req.params;
    const version = await versionOf(slug, req.params.version);
    await catalog.DeleteVersion({ slug, version });
    return { success: 'Mod version deleted.' };
  });
}
