// The mod reads (docs/api.md#mods): the catalog's answers, which no visibility rule narrows,
// pre-serialized, through the response cache while it is active (a hit answered without a
// promise), read for the request alone while it is not.
import type { ServiceClients } from '../../clients';
import { bodyOf, tag, taggedBody, type Body, type Filled, type ResponseCache } from '../../cache/cache';
import { modListView, modView, versionView } from './views';

const MODS_KEY = 'M';

export class ModReads {
  constructor(
    private readonly cache: ResponseCache,
    private readonly clients: ServiceClients,
    private readonly mirror: string,
  ) {}

  /** GET /api/mod. */
  modList(): Body | Promise<Body> {
    return this.cache.read(MODS_KEY, async () => {
      const { mods } = await this.clients.catalog.ListMods({});
      return filledBody(bodyOf(JSON.stringify(modListView(mods))), [tag.modList]);
    });
  }

  /**
   * GET /api/mod/{slug}. With private fields (a caller who may see notes) it is another entry,
   * with the same tags: invalidated alike, and an anonymous read never gets it.
   */
  mod(slug: string, showPrivate: boolean): Body | Promise<Body> {
    return this.cache.read(`m\0${slug}${showPrivate ? '\0p' : ''}`, async () => {
      const mod = await this.clients.catalog.GetMod({ slug });
      return filledBody(bodyOf(JSON.stringify(modView(mod, showPrivate))), [tag.mod(mod.id), tag.modName(mod.name)]);
    });
  }

  /** GET /api/mod/{slug}/{version}, with private fields in an entry of its own (as `mod`). */
  version(slug: string, version: string, showPrivate: boolean): Body | Promise<Body> {
    return this.cache.read(`v\0${slug}\0${version}${showPrivate ? '\0p' : ''}`, async () => {
      const v = await this.clients.catalog.GetVersion({ slug, version });
      const body = bodyOf(JSON.stringify(versionView(v, slug, this.mirror, showPrivate)));
      return filledBody(body, [tag.mod(v.mod_id), tag.modName(slug)]);
    });
  }
}
const filledBody = (body: Body, tags: string[]): Filled<Body> => ({
  value: taggedBody(body, tags),
  bytes: body.buf.length,
  tags,
});
