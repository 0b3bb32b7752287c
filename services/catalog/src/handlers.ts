// gRPC surface of the catalog: requests in, entity rows out as proto messages (a build's mods as
// rendered JSON, build-mods.ts).
import { MOD_SIDES, selectedInvalid } from '@depot/common';
import { masked, type AsyncHandlers } from '@depot/common/grpc';
import type { CatalogServiceDefinition } from '@depot/proto';
import type { ArchiveMethods } from './archives/handlers';
import { renderBuildMods } from './build-mods';
import type { ManagementMethods } from './management';
import { toModMessage, toVersionMessage } from './messages';
import type { Catalog, ModFields, VersionFields } from './mods';

/** Every method but the management reads (management.ts) and the archives' (archives/handlers.ts). */
export function catalogHandlers(
  catalog: Catalog,
): Omit<AsyncHandlers<CatalogServiceDefinition>, ManagementMethods | ArchiveMethods> {
  return {
    async ListMods() {
      const mods = await catalog.listMods();
      return { mods: mods.map((m) => ({ id: m.id, name: m.name, pretty_name: m.prettyName })) };
    },
    async GetMod(req) {
      const { mod, versions } = await catalog.getMod(req.slug);
      return toModMessage(mod, versions);
    },
    async CreateMod(req) {
      const mod = await catalog.createMod({
        name: req.name,
        prettyName: req.pretty_name,
        author: req.author ?? null,
        description: req.description ?? null,
        link: req.link ?? null,
        notes: req.notes ?? null,
      });
      return toModMessage(mod);
    },
    async UpdateMod(req) {
      const fields = masked(req, req.update_mask, {
        name: 'name',
        pretty_name: 'prettyName',
        author: 'author',
        description: 'description',
        link: 'link',
        notes: 'notes',
      }) as ModFields;
      return toModMessage(await catalog.updateMod(req.slug, fields));
    },
    async DeleteMod(req) {
      const { modId, versionIds } = await catalog.deleteMod(req.slug);
      return { mod_id: modId, version_ids: versionIds };
    },
    async GetVersion(req) {
      return toVersionMessage(await catalog.getVersion(req.slug, req.version));
    },
    async CreateVersion(req) {
      const row = await catalog.createVersion(req.slug, req.version, {
        md5: req.md5,
        filesize: req.filesize ?? null,
        url: req.url ?? null,
        notes: req.notes ?? null,
      });
      return toVersionMessage(row);
    },
    async UpdateVersion(req) {
      const fields = masked(req, req.update_mask, {
        md5: 'md5',
        filesize: 'filesize',
        url: 'url',
        notes: 'notes',
        side: 'side',
      }) as VersionFields;
      if (
        fields.side !== undefined &&
        fields.side !== null &&
        !(MOD_SIDES as readonly string[]).includes(fields.side)
      ) {
        throw selectedInvalid('side');
      }
      return toVersionMessage(await catalog.updateVersion(req.slug, req.version, fields));
    },
    async DeleteVersion(req) {
      const { modId, versionId } = await catalog.deleteVersion(req.slug, req.version);
      return { mod_id: modId, version_id: versionId };
    },
    async RenderBuildMods(req) {
      const rows = await catalog.getVersionsByIds(req.ids, req.with_details);
      const sides = new Map(req.sides.map((s) => [s.id, s.side]));
      const mods = renderBuildMods(rows, req.mirror_url, req.with_details, sides);
      return req.with_mods
        ? { mods_json: mods.json, mod_ids: mods.modIds, mod_names: mods.modNames }
        : { mods_json: mods.json };
    },
  };
}
