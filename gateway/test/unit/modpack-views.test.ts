import type { buildsV1 } from '@depot/proto';
import { bodyOf } from '../../src/cache/cache';
import { buildBody, modpackList, modpackView } from '../../src/api/launcher/views';
import { buildRecord, modpackRecord } from '../../src/api/modpacks/views';
import { required } from '../../src/api/views';

const TS = '2024-01-02T03:04:05.000000Z';

const modpack = (over: Partial<buildsV1.Modpack__Output> = {}): buildsV1.Modpack__Output => ({
  id: 1,
  name: 'Tekkit Lite',
  slug: 'tekkitlite',
  hidden: false,
  private: false,
  order: 0,
  created_at: TS,
  updated_at: TS,
  ...over,
});

const build = (over: Partial<buildsV1.Build__Output> = {}): buildsV1.Build__Output => ({
  id: 7,
  modpack_id: 1,
  version: '1.0.0',
  minecraft: '1.7.10',
  is_published: true,
  private: false,
  created_at: TS,
  updated_at: TS,
  ...over,
});

describe('modpackRecord', () => {
  it('has exactly the record fields, unset optionals as null', () => {
    expect(modpackRecord(modpack({ _url: 'url' } as Partial<buildsV1.Modpack__Output>))).toEqual({
      id: 1,
      name: 'Tekkit Lite',
      slug: 'tekkitlite',
      url: null,
      hidden: false,
      private: false,
      order: 0,
      recommended: null,
      latest: null,
      created_at: TS,
      updated_at: TS,
    });
  });

  it('keeps set values', () => {
    const r = modpackRecord(
      modpack({ url: 'https://x.test', recommended: '1.0', latest: '1.1', hidden: true, order: 3 }),
    );
    expect(r).toMatchObject({ url: 'https://x.test', recommended: '1.0', latest: '1.1', hidden: true, order: 3 });
  });
});

describe('buildRecord', () => {
  it('has exactly the record fields, unset optionals as null', () => {
    expect(buildRecord(build())).toEqual({
      id: 7,
      modpack_id: 1,
      version: '1.0.0',
      minecraft: '1.7.10',
      forge: null,
      is_published: true,
      private: false,
      min_java: null,
      min_memory: null,
      created_at: TS,
      updated_at: TS,
    });
  });

  it('keeps zero and empty values that were set', () => {
    expect(buildRecord(build({ min_memory: 0, min_java: '8', forge: '10.13.4.1614' }))).toMatchObject({
      min_memory: 0,
      min_java: '8',
      forge: '10.13.4.1614',
    });
  });
});

describe('modpackView', () => {
  it('names the slug `name`, the display name `display_name`, and nulls unset art', () => {
    expect(modpackView({ modpack: modpack(), builds: ['1.0', '1.1'] })).toEqual({
      id: 1,
      name: 'tekkitlite',
      display_name: 'Tekkit Lite',
      url: null,
      icon: null,
      icon_md5: null,
      logo: null,
      logo_md5: null,
      background: null,
      background_md5: null,
      recommended: null,
      latest: null,
      builds: ['1.0', '1.1'],
    });
  });

  it('maps art urls and md5s', () => {
    const v = modpackView({
      modpack: modpack({
        icon_url: 'https://a/i.png',
        icon_md5: 'i',
        logo_url: 'https://a/l.png',
        logo_md5: 'l',
        background_url: 'https://a/b.png',
        background_md5: 'b',
      }),
      builds: [],
    });
    expect(v).toMatchObject({
      icon: 'https://a/i.png',
      icon_md5: 'i',
      logo: 'https://a/l.png',
      logo_md5: 'l',
      background: 'https://a/b.png',
      background_md5: 'b',
      builds: [],
    });
  });

  it('refuses a view without a modpack (a service bug)', () => {
    expect(() => modpackView({ modpack: null, builds: [] })).toThrow();
  });
});

describe('modpackList', () => {
  const views = [
    { modpack: modpack(), builds: ['1.0'] },
    { modpack: modpack({ id: 2, slug: 'hexxit', name: 'Hexxit' }), builds: [] },
  ];
  const listed = (vs: typeof views) =>
    vs.map((v) => ({ slug: v.modpack.slug, name: v.modpack.name, view: modpackView(v) }));

  it('maps slug to display name and reports the mirror with a trailing slash', () => {
    const out = modpackList(listed(views), false, 'https://mirror.test/repo');
    expect(out).toEqual({
      modpacks: { tekkitlite: 'Tekkit Lite', hexxit: 'Hexxit' },
      mirror_url: 'https://mirror.test/repo/',
    });
    expect(Object.keys(out.modpacks)).toEqual(['tekkitlite', 'hexxit']);
  });

  it('lists integer-like slugs first, in numeric order, as a JavaScript object orders its keys', () => {
    const numbered = [
      { modpack: modpack({ id: 1, slug: 'zeta' }), builds: [] },
      { modpack: modpack({ id: 2, slug: '42' }), builds: [] },
      { modpack: modpack({ id: 3, slug: '7' }), builds: [] },
    ];
    expect(Object.keys(modpackList(listed(numbered), false, 'http://m').modpacks)).toEqual(['7', '42', 'zeta']);
  });

  it('keeps a mirror that already ends with a slash', () => {
    expect(modpackList([], false, 'https://mirror.test/').mirror_url).toBe('https://mirror.test/');
  });

  it('is an empty object for no modpacks', () => {
    expect(JSON.stringify(modpackList([], true, 'http://m/'))).toBe('{"modpacks":{},"mirror_url":"http://m/"}');
  });

  it('maps slug to the full view with include=full', () => {
    const out = modpackList(listed(views), true, 'http://m');
    expect(out.modpacks.tekkitlite).toEqual(modpackView(views[0]));
    expect(out.modpacks.hexxit).toMatchObject({ name: 'hexxit', display_name: 'Hexxit', builds: [] });
  });
});

describe('buildBody', () => {
  const json = (b: { buf: Buffer }) => JSON.parse(b.buf.toString());

  it('maps java, memory and forge, null when unset, and an empty mod list without mods', () => {
    expect(json(buildBody(build()))).toEqual({
      id: 7,
      minecraft: '1.7.10',
      java: null,
      memory: null,
      forge: null,
      mods: [],
    });
    expect(json(buildBody(build({ min_java: '17', min_memory: 4096, forge: '47.2.0' })))).toMatchObject({
      java: '17',
      memory: 4096,
      forge: '47.2.0',
    });
  });

  it("splices the catalog's rendered mods in unchanged, last, with an ETag of the whole body", () => {
    const mods = '[{"id":4,"name":"alpha"},{"id":3,"name":"mod2"}]';
    const body = buildBody(build(), Buffer.from(mods));
    expect(body.buf.toString()).toBe(
      `{"id":7,"minecraft":"1.7.10","java":null,"memory":null,"forge":null,"mods":${mods}}`,
    );
    expect(body.etag).toBe(bodyOf(body.buf.toString()).etag);
  });
});

describe('required', () => {
  it('passes values through and throws on null or undefined', () => {
    expect(required(0, 'x')).toBe(0);
    expect(() => required(null, 'x')).toThrow('x');
    expect(() => required(undefined, 'x')).toThrow('x');
  });
});
