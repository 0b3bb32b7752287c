// The caching policy of every answer, defined here once and documented in one table
// (docs/caching.md): what a browser, a launcher and a shared cache in front of the gateways (a CDN,
// Varnish) may keep, for how long, under which surrogate keys, and for whom. Decided from the
// route's declaration (route.ts: `cached` and `sharedCache` reads, `file` downloads, its access)
// and the request (credentials sent), by one onSend hook on the app, so that every answer gets one,
// refusals of earlier hooks (401, 429) and unknown paths too:
// - anonymous reads of a shared route: `public, max-age, s-maxage, stale-while-revalidate,
//   stale-if-error`, with the surrogate keys of what the answer was built from (the tags of its
//   response cache entry, cache.ts `Body.tags`, those change events name) in the headers CDNs read;
// - anything read with `k`, `cid`, a token or a session (and every `user` or permission route):
//   `private, no-store`, never kept by a shared cache; `Vary: Authorization, Cookie` on every
//   route whose answer depends on them, since the URL alone does not say;
// - downloads (their handlers, with `downloadCacheControl`): a day for browsers as before, and,
//   with a purger, long-lived in shared caches with their mod's key, purged when replaced;
// - refusals of those reads (404, 400, 422): briefly (SHARED_CACHE_ERROR_SECONDS), so that a slug
//   created a moment later is seen; 401, 403, 429, 5xx and every write: `no-store`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { carriesIdentity, readCredentials } from '../pipeline/auth';
import type { AnyRoute } from '../pipeline/route';
import { isEventTag, isNameTag, tag } from './cache';
import { sharedMaxAge, type KeyHeader, type SharedCacheSettings } from './shared-settings';

export const NO_STORE = 'no-store';
export const PERSONAL = 'private, no-store';

/** The keys a write made stale, for the Varnish in front (its VCL purges them and drops the header). */
export const WRITE_PURGE_HEADER = 'x-depot-purge';

/** The key every cacheable answer carries: a purge of it empties the shared cache of Depot's answers. */
export const ALL_KEY = 'all';

/** Refusals a shared cache may keep briefly: the same for everyone, and over once the record exists. */
const BRIEF_REFUSALS = new Set([400, 404, 405, 410, 414, 422]);

type Settings = Pick<
  SharedCacheSettings,
  | 'SHARED_CACHE_PURGE'
  | 'SHARED_CACHE_MAX_AGE_SECONDS'
  | 'SHARED_CACHE_S_MAXAGE_SECONDS'
  | 'SHARED_CACHE_STALE_WHILE_REVALIDATE_SECONDS'
  | 'SHARED_CACHE_STALE_IF_ERROR_SECONDS'
  | 'SHARED_CACHE_ERROR_SECONDS'
  | 'SHARED_CACHE_KEY_PREFIX'
  | 'SHARED_CACHE_KEY_HEADERS'
>;

/** The policy's answers for one gateway's settings. */
export class CachePolicy {
  /** `Cache-Control` of an anonymous shared read. */
  readonly sharedRead: string;
  /** `Cache-Control` of a brief refusal. */
  readonly briefRefusal: string;
  private readonly prefix: string;
  private readonly headers: readonly KeyHeader[];
  private readonly purged: boolean;
  private readonly purgesOnWrite: boolean;
  private readonly staleIfError: number;
  private readonly sMaxAge: number;
  /** Key headers of a tag list, made once per list (a cached body's tags are one array). */
  private readonly keyHeaderMemo = new WeakMap<readonly string[], [string, string][]>();

  constructor(s: Settings) {
    this.sMaxAge = sharedMaxAge(s);
    this.staleIfError = s.SHARED_CACHE_STALE_IF_ERROR_SECONDS;
    this.purged = s.SHARED_CACHE_PURGE !== 'none';
    this.purgesOnWrite = s.SHARED_CACHE_PURGE === 'varnish';
    this.sharedRead =
      `public, max-age=${s.SHARED_CACHE_MAX_AGE_SECONDS}, s-maxage=${this.sMaxAge}, ` +
      `stale-while-revalidate=${s.SHARED_CACHE_STALE_WHILE_REVALIDATE_SECONDS}, stale-if-error=${this.staleIfError}`;
    this.briefRefusal = `public, max-age=0, s-maxage=${s.SHARED_CACHE_ERROR_SECONDS}`;
    this.prefix = s.SHARED_CACHE_KEY_PREFIX;
    this.headers = s.SHARED_CACHE_KEY_HEADERS;
  }

  /**
   * The surrogate keys of an answer built from `tags`: those change events name, ALL_KEY, and the
   * names a write's path gives (`writeKeys`) of the records the answer is about: a mod's read and
   * download name their mod, a build's read its modpack; a build's many mods are keyed by id
   * alone, so that its headers stay within a cache's limits (Varnish: 8 KiB a header).
   */
  keys(tags: readonly string[]): string[] {
    const keys = new Set<string>();
    let modNames = 0;
    for (const t of tags) if (t.startsWith('mn:')) modNames++;
    for (const t of tags) {
      if (isEventTag(t) || (isNameTag(t) && (modNames <= 1 || !t.startsWith('mn:')))) keys.add(this.key(t));
    }
    keys.add(this.prefix + ALL_KEY);
    return [...keys];
  }

  /** A tag as a surrogate key: names percent-encoded (keys are separated by spaces or commas). */
  private key(t: string): string {
    return this.prefix + (isNameTag(t) ? t.slice(0, 3) + encodeURIComponent(t.slice(3)) : t);
  }

  /** The surrogate keys a write's success makes stale (its route's `invalidates`). */
  writeKeys(tags: readonly string[]): string[] {
    return [...new Set(tags.filter((t) => isEventTag(t) || isNameTag(t)).map((t) => this.key(t)))];
  }

  /** The surrogate keys a change event's tags purge (invalidation.ts `tagsForEvent`; null: every answer). */
  purgeKeys(tags: readonly string[] | null): string[] {
    if (!tags) return [this.prefix + ALL_KEY];
    return [...new Set(tags.filter(isEventTag).map((t) => this.prefix + t))];
  }

  /** The headers naming the surrogate keys of an answer built from `tags` (Surrogate-Key, Cache-Tag, xkey). */
  keyHeaders(tags: readonly string[]): [string, string][] {
    let headers = this.keyHeaderMemo.get(tags);
    if (!headers) {
      const keys = this.keys(tags);
      headers = this.headers.map((h) => [h, keys.join(h === 'cache-tag' ? ',' : ' ')]);
      this.keyHeaderMemo.set(tags, headers);
    }
    return headers;
  }

  /**
   * Keys a file made from a build (its server pack, its .mrpack) by what it is made from: the
   * build's launcher answer `built` (its modpack, and each of its mods), so that the purge of a
   * build change and that of one of its mods' archives replaced (`mod.version.updated`) reach it.
   */
  keyMadeFrom(headers: Record<string, string>, built: { readonly tags: readonly string[] }): void {
    for (const [name, value] of this.keyHeaders(built.tags)) headers[name] = value;
  }

  /**
   * `Cache-Control` of a download that anyone may fetch by its URL: browsers and launchers keep it
   * `maxAgeSeconds` (ARCHIVE_CACHE_MAX_AGE_SECONDS), as ever; with a purger, shared caches keep it
   * as long as the reads, purged by its key when the archive is replaced.
   */
  downloadCacheControl(maxAgeSeconds: number): string {
    return this.purged
      ? `public, max-age=${maxAgeSeconds}, s-maxage=${this.sMaxAge}, stale-if-error=${this.staleIfError}`
      : `public, max-age=${maxAgeSeconds}`;
  }

  /** Sets the headers of an answer (the app's onSend hook). */
  apply(req: FastifyRequest, reply: FastifyReply): void {
    const declaration = req.routeOptions.config.route;
    const status = reply.statusCode;
    const own = reply.getHeader('cache-control');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // Through Varnish, what a write made stale is purged before its answer reaches its caller
      // (deploy/varnish/default.vcl): the caller's next read is fresh; the change event purges the rest.
      if (this.purgesOnWrite && status < 400 && declaration?.invalidates)
        reply.header(WRITE_PURGE_HEADER, this.writeKeys(declaration.invalidates(req.params as never)).join(' '));
      return void reply.header('cache-control', NO_STORE);
    }
    // An unknown path, the console's files: their own, else a 404 briefly, anything else not at all.
    if (!declaration) {
      if (own === undefined) reply.header('cache-control', status === 404 ? this.briefRefusal : NO_STORE);
      return;
    }
    const varies = declaration.access === 'read' || declaration.privateFields !== undefined;
    if (varies) vary(reply, 'Authorization, Cookie');
    if (personal(declaration, req)) {
      // A handler's own private or no-store one stands (a restricted server pack's `private, no-cache`).
      const kept = typeof own === 'string' && (own.startsWith('private') || own === NO_STORE);
      if (!kept) reply.header('cache-control', PERSONAL);
      return;
    }
    const shared = declaration.cached || declaration.sharedCache || declaration.file;
    if (!shared) return void reply.header('cache-control', NO_STORE);
    if (status < 400) {
      if (own !== undefined) {
        // A file the handler did not key (pulled through from the old mirror): the key of everything.
        const keyed = this.headers.length === 0 || reply.getHeader(this.headers[0]) !== undefined;
        if (declaration.file && !keyed && !/no-store|private/.test(String(own))) this.setKeys(reply, []);
        return;
      }
      reply.header('cache-control', this.sharedRead);
      this.setKeys(reply, reply.answeredTags ?? []);
      return;
    }
    // An answer that failed after its success's headers were set (a pull-through cut short) keeps none of its keys.
    for (const name of this.headers) reply.removeHeader(name);
    if (!BRIEF_REFUSALS.has(status)) return void reply.header('cache-control', NO_STORE);
    reply.header('cache-control', this.briefRefusal);
    this.setKeys(reply, refusalTags(declaration, req.params));
  }

  private setKeys(reply: FastifyReply, tags: readonly string[]): void {
    for (const [name, value] of this.keyHeaders(tags)) reply.header(name, value);
  }
}

/** The request's answer is its caller's alone: a `user` or permission route, or credentials a route reads. */
function personal(declaration: AnyRoute, req: FastifyRequest): boolean {
  switch (declaration.access) {
    case 'read':
      return readCredentials(req) !== undefined;
    case 'public':
      return declaration.privateFields !== undefined && carriesIdentity(req);
    default:
      return true;
  }
}

/**
 * What a refusal of a read was looked up in: the list a record's creation changes, purged by its
 * event (a modpack's or a build's `build.changed`, a mod's `mod.updated`, a version's
 * `mod.version.added`: invalidation.ts `tagsForEvent`) and, through Varnish, by the write creating
 * it before its answer leaves (WRITE_PURGE_HEADER: a modpack's and a build's writes name the
 * modpack list). A version's write names its mod, not the list: a mod read's refusal also carries
 * the mod's name from its path, so that a version deleted and created again is read at once, never
 * the refusal kept in between. A modpack's refusal carries no name: a private modpack's must stay
 * the same as an absent one's, and the list's key is purged by every modpack write.
 */
const refusalTagLists: Record<string, readonly string[]> = {
  modpacks: [tag.modpackList],
  mods: [tag.modList],
  none: [],
};
function refusalTags(declaration: AnyRoute, params: unknown): readonly string[] {
  const slug = (params as { slug?: unknown } | undefined)?.slug;
  const named = typeof slug === 'string' && slug !== '';
  if (declaration.tag === 'Launcher' || declaration.url.startsWith('/server-packs/')) return refusalTagLists.modpacks;
  if (declaration.tag === 'Mods' || declaration.url.startsWith('/mods/'))
    return named ? [tag.modList, tag.modName(slug)] : refusalTagLists.mods;
  return refusalTagLists.none;
}

/** Adds `fields` to the answer's Vary (CORS may have put `Origin` there). */
function vary(reply: FastifyReply, fields: string): void {
  const current = reply.getHeader('vary');
  if (current === undefined || current === '') reply.header('vary', fields);
  else if (current !== '*' && !String(current).toLowerCase().includes('authorization'))
    reply.header('vary', `${String(current)}, ${fields}`);
}

/**
 * The tags of the body a read answered (pipeline/register.ts, for a cached Body), on its reply: a
 * field every reply has from the start (decorated below), where a WeakMap entry per request cost a
 * cached read more than the policy itself (docs/performance.md).
 */
export function answeredWith(reply: FastifyReply, tags: readonly string[]): void {
  if (tags.length) reply.answeredTags = tags;
}

declare module 'fastify' {
  interface FastifyInstance {
    cachePolicy: CachePolicy;
  }
  interface FastifyReply {
    /** The tags of the cached body it answered with, if any (answeredWith). */
    answeredTags: readonly string[] | null;
  }
}

/** The policy on the app (`cachePolicy`), applied to every answer. */
export const cachePolicy = fp(
  async (app: FastifyInstance) => {
    const policy = new CachePolicy(app.deps.config);
    app.decorate('cachePolicy', policy);
    app.decorateReply('answeredTags', null);
    app.addHook('onSend', (req, reply, payload, done) => {
      policy.apply(req, reply);
      done(null, payload);
    });
  },
  { name: 'cache-policy' },
);
