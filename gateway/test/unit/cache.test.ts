import type { FastifyRequest } from 'fastify';
import { bodyOf, notModified, ResponseCache, tag } from '../../src/cache/cache';
import { tagsForEvent } from '../../src/cache/invalidation';

const filled =
  (value: string, tags: string[], bytes = 10) =>
  async () => ({ value, bytes, tags });

function liveCache(maxBytes = 1024 * 1024) {
  const cache = new ResponseCache(maxBytes);
  cache.setLive(true);
  return cache;
}

/** A promise with its resolve function outside. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ResponseCache', () => {
  it('fills once, then serves from memory', async () => {
    const cache = liveCache();
    const fill = jest.fn(filled('a', ['t']));
    expect(await cache.load('k', fill)).toBe('a');
    expect(await cache.load('k', fill)).toBe('a');
    expect(cache.peek('k')).toBe('a');
    expect(fill).toHaveBeenCalledTimes(1);
    expect(cache.stats()).toMatchObject({ active: true, entries: 1, misses: 1 });
  });

  it('joins concurrent loads of one key into one fill; failures are not cached', async () => {
    const cache = liveCache();
    const d = deferred<{ value: string; bytes: number; tags: string[] }>();
    const fill = jest.fn(() => d.promise);
    const both = Promise.all([cache.load('k', fill), cache.load('k', fill)]);
    d.resolve({ value: 'x', bytes: 1, tags: [] });
    expect(await both).toEqual(['x', 'x']);
    expect(fill).toHaveBeenCalledTimes(1);

    const failing = jest.fn(async () => {
      throw new Error('down');
    });
    await expect(cache.load('f', failing)).rejects.toThrow('down');
    await expect(cache.load('f', failing)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('drops exactly the entries carrying an invalidated tag', async () => {
    const cache = liveCache();
    await cache.load('a', filled('a', ['x', 'y']));
    await cache.load('b', filled('b', ['y']));
    await cache.load('c', filled('c', ['z']));
    cache.invalidate(['x']);
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([undefined, 'b', 'c']);
    cache.invalidate(['y', 'nothing']);
    expect([cache.peek('b'), cache.peek('c')]).toEqual([undefined, 'c']);
  });

  it('never stores (nor hands to later requests) a fill that overlapped an invalidation', async () => {
    const cache = liveCache();
    const stale = deferred<{ value: string; bytes: number; tags: string[] }>();
    const first = cache.load('k', () => stale.promise);
    cache.invalidate(['anything']);
    // A request after the invalidation does not join the stale fill: it fills again.
    const fresh = jest.fn(filled('new', ['t']));
    const second = cache.load('k', fresh);
    stale.resolve({ value: 'old', bytes: 1, tags: ['t'] });
    expect(await first).toBe('old');
    expect(await second).toBe('new');
    expect(fresh).toHaveBeenCalledTimes(1);
    expect(cache.peek('k')).toBe('new');
  });

  it('read: while active, one kept fill; while not, a fill per read, neither kept nor shared', async () => {
    const cache = new ResponseCache(1024 * 1024);
    const kept: boolean[] = [];
    const fill = (kept_: boolean) => {
      kept.push(kept_);
      return Promise.resolve({ value: `v${kept.length}`, bytes: 1, tags: ['t'] });
    };
    // Two concurrent reads while inactive: two fills, each answering its own read.
    expect(await Promise.all([cache.read('k', fill), cache.read('k', fill)])).toEqual(['v1', 'v2']);
    expect(cache.peek('k')).toBeUndefined();
    cache.setLive(true);
    expect(await cache.read('k', fill)).toBe('v3');
    expect(await cache.read('k', fill)).toBe('v3');
    expect(kept).toEqual([false, false, true]);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it('stores nothing and starts empty while not live; a disabled cache never goes live', async () => {
    const cache = new ResponseCache(1024 * 1024);
    expect(cache.active).toBe(false);
    await cache.load('k', filled('a', []));
    expect(cache.peek('k')).toBeUndefined();
    cache.setLive(true);
    await cache.load('k', filled('a', []));
    expect(cache.peek('k')).toBe('a');
    cache.setLive(false);
    expect(cache.active).toBe(false);
    expect(cache.stats().entries).toBe(0);
    cache.setLive(true);
    expect(cache.peek('k')).toBeUndefined();

    const disabled = new ResponseCache(1024 * 1024, false);
    disabled.setLive(true);
    expect(disabled.active).toBe(false);
  });

  it('stays within its byte bound, evicting the least recently used, and keeps its tag index clean', async () => {
    const cache = liveCache(2 * 1024 * 1024);
    const mb = 700 * 1024;
    await cache.load('a', filled('a', ['t'], mb));
    await cache.load('b', filled('b', ['t'], mb));
    cache.peek('a'); // a is now more recent than b
    await cache.load('c', filled('c', ['u'], mb));
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe('a');
    expect(cache.peek('c')).toBe('c');
    expect(cache.stats().bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    // Larger than the whole cache: answered, never stored.
    expect(await cache.load('huge', filled('h', [], 3 * 1024 * 1024))).toBe('h');
    expect(cache.peek('huge')).toBeUndefined();
    cache.invalidate(['t']);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('c')).toBe('c');
    expect((cache as unknown as { index: Map<string, Set<string>> }).index.has('t')).toBe(false);
  });
});

describe('bodies and If-None-Match', () => {
  const req = (header?: string) =>
    ({ headers: header === undefined ? {} : { 'if-none-match': header } }) as FastifyRequest;

  it('gives a strong ETag derived from the bytes', () => {
    const a = bodyOf('{"a":1}');
    expect(a.buf.toString()).toBe('{"a":1}');
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(bodyOf('{"a":1}').etag).toBe(a.etag);
    expect(bodyOf('{"a":2}').etag).not.toBe(a.etag);
  });

  it('matches the ETag alone, in a list, weak, or *', () => {
    const etag = '"abc"';
    expect(notModified(req(), etag)).toBe(false);
    expect(notModified(req('"abc"'), etag)).toBe(true);
    expect(notModified(req('"x", "abc"'), etag)).toBe(true);
    expect(notModified(req('W/"abc"'), etag)).toBe(true);
    expect(notModified(req('*'), etag)).toBe(true);
    expect(notModified(req('"abcd"'), etag)).toBe(false);
    expect(notModified(req(''), etag)).toBe(false);
  });
});

describe('what goes stale', () => {
  it('maps every event type to tags, and anything unexpected to "everything"', () => {
    expect(tagsForEvent('mod.updated', { mod_id: 3 })).toEqual([tag.modList, tag.mod(3)]);
    expect(tagsForEvent('mod.deleted', { mod_id: 3, version_ids: [1] })).toEqual([tag.modList, tag.mod(3)]);
    expect(tagsForEvent('mod.version.updated', { mod_id: 3, version_id: 9 })).toEqual([tag.mod(3)]);
    expect(tagsForEvent('mod.version.deleted', { mod_id: 3, version_id: 9 })).toEqual([tag.mod(3)]);
    expect(tagsForEvent('build.changed', { modpack_id: 4, build_id: 1 })).toEqual([tag.modpackList, tag.modpack(4)]);
    expect(tagsForEvent('modpack.deleted', { modpack_id: 4 })).toEqual([tag.modpackList, tag.modpack(4)]);
    // (told to webhooks; the build.changed or mod.updated of the same write drops what is stale)
    expect(tagsForEvent('build.published', { modpack_id: 4, modpack_slug: 'p', build_id: 1, version: '1' })).toEqual(
      [],
    );
    expect(tagsForEvent('build.promoted', { modpack_id: 4 })).toEqual([]);
    expect(tagsForEvent('mod.version.added', { mod_id: 3 })).toEqual([tag.modList]);
    expect(tagsForEvent('build.changed', {})).toBeNull();
    expect(tagsForEvent('mod.updated', undefined)).toBeNull();
    expect(tagsForEvent('mod.version.updated', { mod_id: 3 })).toBeNull();
    expect(tagsForEvent('mod.updated', { mod_id: '3' })).toBeNull();
    expect(tagsForEvent('something.new', { mod_id: 1 })).toBeNull();
  });
});
