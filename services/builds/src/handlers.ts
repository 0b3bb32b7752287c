// gRPC surface of the builds service: requests in, entity rows out as proto messages (messages.ts).
import { DepotError, type AsyncHandlers, type FieldErrors } from '@depot/common';
import type { BuildsServiceDefinition } from '@depot/proto';
import { NO_ACCESS } from './access';
import type { Assignments } from './assignments';
import type { BuildFields, Builds } from './builds';
import type { ManagementMethods } from './management';
import { toBuildMessage, toModpackMessage, toSourceMessage } from './messages';
import type { ModpackFields, Modpacks } from './modpacks';

interface MaskEntry<K> {
  /** Request field carrying the value (differs from the REST name for renames). */
  from: string;
  to: K;
  /** Columns that cannot hold null: masking them unset is a validation error, not a 500. */
  required?: boolean;
}

/** Fields named in update_mask (REST names), unset ones as null (proto presence = REST presence). */
function masked<K extends string>(
  req: object,
  mask: string[],
  map: Record<string, MaskEntry<K>>,
): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  const missing: FieldErrors = {};
  for (const field of mask) {
    const entry = map[field];
    if (!entry) continue;
    const value = (req as Record<string, unknown>)[entry.from];
    if (value === undefined && entry.required) missing[field] = [`The ${field} field is required.`];
    out[entry.to] = value === undefined ? null : value;
  }
  if (Object.keys(missing).length) throw DepotError.fields(missing);
  return out;
}

const MODPACK_MASK: Record<string, MaskEntry<keyof ModpackFields>> = {
  name: { from: 'name', to: 'name', required: true },
  slug: { from: 'new_slug', to: 'slug', required: true },
  url: { from: 'url', to: 'url' },
  hidden: { from: 'hidden', to: 'hidden', required: true },
  private: { from: 'private', to: 'private', required: true },
  order: { from: 'order', to: 'order', required: false },
  recommended: { from: 'recommended', to: 'recommended' },
  latest: { from: 'latest', to: 'latest' },
};

const BUILD_MASK: Record<string, MaskEntry<keyof BuildFields>> = {
  version: { from: 'new_version', to: 'version', required: true },
  minecraft: { from: 'minecraft', to: 'minecraft', required: true },
  forge: { from: 'forge', to: 'forge' },
  is_published: { from: 'is_published', to: 'isPublished', required: true },
  private: { from: 'private', to: 'private', required: true },
  min_java: { from: 'min_java', to: 'minJava' },
  min_memory: { from: 'min_memory', to: 'minMemory' },
};

/** Every method but the management reads (management.ts). */
export function buildsHandlers(
  modpacks: Modpacks,
  builds: Builds,
  assignments: Assignments,
): Omit<AsyncHandlers<BuildsServiceDefinition>, ManagementMethods> {
  return {
    async ListModpackSources() {
      return { modpacks: (await modpacks.sources()).map(toSourceMessage) };
    },
    async GetModpackSource(req) {
      return toSourceMessage(await modpacks.source(req.slug));
    },
    async GetBuildSource(req) {
      const source = await builds.getBuildSource(req.slug, req.version);
      return {
        modpack_id: source.modpackId,
        modpack_private: source.modpackPrivate,
        build: source.build ? toBuildMessage(source.build) : null,
        mod_version_ids: source.modVersionIds,
      };
    },

    async CreateModpack(req) {
      const modpack = await modpacks.create({
        name: req.name,
        slug: req.slug,
        url: req.url ?? null,
        hidden: req.hidden,
        private: req.private,
        order: req.order,
      });
      return toModpackMessage(modpack);
    },
    async UpdateModpack(req) {
      const fields = masked(req, req.update_mask, MODPACK_MASK) as ModpackFields;
      return toModpackMessage(await modpacks.update(req.slug, req.access ?? NO_ACCESS, fields));
    },
    async DeleteModpack(req) {
      return { modpack_id: await modpacks.delete(req.slug, req.access ?? NO_ACCESS) };
    },
    async CloneModpack(req) {
      const modpack = await modpacks.clone(req.source_slug, req.access ?? NO_ACCESS, {
        name: req.name,
        slug: req.slug,
        hidden: req.hidden,
      });
      return toModpackMessage(modpack);
    },
    async CheckTarget(req) {
      if (req.mod_slug !== undefined && req.version !== undefined) {
        const { modpackId, buildId } = await assignments.checkAssignment(
          req.slug,
          req.version,
          req.access ?? NO_ACCESS,
          req.mod_slug,
        );
        return { modpack_id: modpackId, build_id: buildId };
      }
      const { modpackId, buildId } = await modpacks.checkTarget(req.slug, req.access ?? NO_ACCESS, req.version);
      return { modpack_id: modpackId, build_id: buildId ?? 0 };
    },
    async GetModpacksBySlugs(req) {
      const refs = await modpacks.refsBySlugs(req.slugs);
      return { modpacks: refs.map((r) => ({ id: r.id, slug: r.slug })) };
    },
    async GetModpacksByIds(req) {
      const refs = await modpacks.refsByIds(req.ids);
      return { modpacks: refs.map((r) => ({ id: r.id, slug: r.slug })) };
    },

    async CreateBuild(req) {
      const build = await builds.create(
        req.slug,
        req.access ?? NO_ACCESS,
        {
          version: req.version,
          minecraft: req.minecraft,
          forge: req.forge ?? null,
          isPublished: req.is_published,
          private: req.private,
          minJava: req.min_java ?? null,
          minMemory: req.min_memory ?? null,
        },
        req.clone_from === undefined ? undefined : { from: req.clone_from, modpack: req.clone_from_modpack },
      );
      return toBuildMessage(build);
    },
    async UpdateBuild(req) {
      const fields = masked(req, req.update_mask, BUILD_MASK) as BuildFields;
      return toBuildMessage(await builds.update(req.slug, req.version, req.access ?? NO_ACCESS, fields));
    },
    async DeleteBuild(req) {
      return { build_id: await builds.delete(req.slug, req.version, req.access ?? NO_ACCESS) };
    },

    async AddBuildMod(req) {
      await assignments.addMod(req.slug, req.version, req.access ?? NO_ACCESS, req.mod_slug, req.mod_version);
      return {};
    },
    async UpdateBuildMod(req) {
      await assignments.updateMod(req.slug, req.version, req.access ?? NO_ACCESS, req.mod_slug, req.mod_version);
      return {};
    },
    async RemoveBuildMod(req) {
      await assignments.removeMod(req.slug, req.version, req.access ?? NO_ACCESS, req.mod_slug);
      return {};
    },
    async CountBuildsUsingVersion(req) {
      return { count: await assignments.countUsingVersion(req.mod_version_id) };
    },
    async ReserveVersionDeletion(req) {
      const { count, reservationId } = await assignments.reserveVersionDeletion(req.mod_version_id, req.lease_ms);
      return { count, reservation_id: reservationId };
    },
    async ReleaseVersionDeletion(req) {
      await assignments.releaseVersionDeletion(req.reservation_id);
      return {};
    },
  };
}
