// gRPC surface of the builds service: requests in, entity rows out as proto messages (messages.ts).
import { masked, type AsyncHandlers, type MaskedField } from '@depot/common/grpc';
import type { BuildsServiceDefinition } from '@depot/proto';
import { MOD_SIDES, selectedInvalid, type ModSide } from '@depot/common';
import { NO_ACCESS } from './access';
import type { Assignments } from './assignments';
import type { BuildFields, Builds } from './builds';
import type { ChangelogMethods } from './changelogs';
import type { ManagementMethods } from './management';
import { toBuildMessage, toModpackMessage, toSourceMessage } from './messages';
import type { ModpackFields, Modpacks } from './modpacks';
import type { BuildSettings, Releases } from './releases';

/** Update masks name REST fields; columns that hold no null refuse a masked field left unset. */
const MODPACK_MASK: Record<string, keyof ModpackFields | MaskedField<keyof ModpackFields>> = {
  name: { to: 'name', unset: 'refuse' },
  slug: { from: 'new_slug', to: 'slug', unset: 'refuse' },
  url: 'url',
  hidden: { to: 'hidden', unset: 'refuse' },
  private: { to: 'private', unset: 'refuse' },
  order: 'order',
  recommended: 'recommended',
  latest: 'latest',
};

const BUILD_MASK: Record<string, keyof BuildFields | MaskedField<keyof BuildFields>> = {
  version: { from: 'new_version', to: 'version', unset: 'refuse' },
  minecraft: { to: 'minecraft', unset: 'refuse' },
  forge: 'forge',
  is_published: { to: 'isPublished', unset: 'refuse' },
  private: { to: 'private', unset: 'refuse' },
  min_java: 'minJava',
  min_memory: 'minMemory',
  loader: 'loader',
  loader_version: 'loaderVersion',
};

/** A release's settings given (the others are from's build's). */
const RELEASE_MASK: Record<string, keyof BuildSettings | MaskedField<keyof BuildSettings>> = {
  minecraft: { to: 'minecraft', unset: 'refuse' },
  forge: 'forge',
  min_java: 'minJava',
  min_memory: 'minMemory',
};

/** Every method but the management reads (management.ts) and the changelogs (changelogs.ts). */
export function buildsHandlers(
  modpacks: Modpacks,
  builds: Builds,
  assignments: Assignments,
  releases: Releases,
): Omit<AsyncHandlers<BuildsServiceDefinition>, ManagementMethods | ChangelogMethods> {
  return {
    async ReleaseBuild(req) {
      const given = masked(req, req.update_mask, RELEASE_MASK) as Partial<BuildSettings>;
      const r = await releases.release({
        slug: req.slug,
        access: req.access ?? NO_ACCESS,
        version: req.version,
        from: req.from,
        settings: given,
        mods: req.mods.map((m) => ({ modId: m.mod_id, versionId: m.mod_version_id })),
        remove: req.remove,
        ...(req.notes ? { notes: req.notes } : {}),
        publish: req.publish,
        setLatest: req.set_latest,
        setRecommended: req.set_recommended,
        dryRun: req.dry_run,
      });
      return {
        ...(r.build ? { build: toBuildMessage(r.build) } : {}),
        changed: r.changed,
        from: r.from,
        changes: r.changes.map((c) => ({
          mod_id: c.modId,
          from_version_id: c.from,
          to_version_id: c.to,
          removed: c.removed,
        })),
        unchanged: r.unchanged,
        latest: r.latest,
        recommended: r.recommended,
        created: r.created,
      };
    },
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
        sides: source.sides.map((s) => ({ mod_version_id: s.versionId, side: s.side })),
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
    async SetAssignmentSide(req) {
      const side = req.side ?? null;
      if (side !== null && !(MOD_SIDES as readonly string[]).includes(side)) throw selectedInvalid('side');
      await assignments.setSide(req.slug, req.version, req.access ?? NO_ACCESS, req.mod_slug, side as ModSide | null);
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
