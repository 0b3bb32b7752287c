// An upload's file name from each place a client may put it (docs/api.md#upload-an-archive): the
// query's `file_name`, else a `Content-Disposition` header, else the path's last segment (`curl -T`),
// against fake services: what the catalog is sent, the same 422 from every source, and the 404 of
// a last segment that is no archive's name, as of any unknown path.
import { DepotError } from '@depot/common';
import type { catalogV1 } from '@depot/proto';
import { bearer, startHarness, type Harness } from './modpack-harness';

const TS = '2024-01-02T03:04:05.000000Z';
const MOD: catalogV1.Mod = { id: 4, name: 'jei', pretty_name: 'JEI', created_at: TS, updated_at: TS, versions: [] };
const VERSION: catalogV1.ModVersion = {
  id: 7,
  mod_id: 4,
  version: '1.0',
  md5: 'a'.repeat(32),
  filesize: 3,
  created_at: TS,
  updated_at: TS,
};
const JAR = Buffer.from('PK\u0003\u0004 a jar');

let h: Harness;
/** The headers of the uploads the catalog received. */
let received: catalogV1.UploadArchiveHeader[];

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.reset();
  received = [];
  h.catalog.stubs.GetMod = async () => MOD;
  h.catalog.stubs.GetVersion = async ({ version }: { version: string }) => {
    if (version !== '1.0') throw new DepotError('VERSION_NOT_FOUND');
    return VERSION;
  };
  h.catalog.stubs.UploadVersionArchive = async (
    call: AsyncIterable<{ header?: catalogV1.UploadArchiveHeader; data?: Buffer }>,
  ) => {
    let header: catalogV1.UploadArchiveHeader | undefined;
    for await (const message of call) if (message.header) received.push((header = message.header));
    // A version created: one other than the version that exists, or a new mod's.
    const created = header!.version !== VERSION.version || header!.new_mod !== undefined;
    const version = { ...VERSION, version: header!.version! };
    return { version, created_version: created, changed: true, stored: true, packaged: true, warnings: [] };
  };
});

const put = (path: string, headers: Record<string, string> = {}) =>
  h.request('PUT', path, {
    headers: { ...bearer('admin'), 'content-type': 'application/java-archive', ...headers },
    body: JAR,
  });
const disposition = (value: string) => ({ 'content-disposition': value });
const names = () => received.map((r) => r.file_name);

describe('the name the catalog is sent', () => {
  it.each([
    ['the query', '/api/mod/jei/1.0/archive?file_name=q.jar', {}, 'q.jar'],
    ['the header', '/api/mod/jei/1.0/archive', disposition('attachment; filename="h.jar"'), 'h.jar'],
    [
      "the header's filename* (UTF-8)",
      '/api/mod/jei/1.0/archive',
      disposition('attachment; filename="x.jar"; filename*=UTF-8\'\'%C3%A9t%C3%A9.jar'),
      'été.jar',
    ],
    ['the path (curl -T)', '/api/mod/jei/1.0/archive/jei%201.0.jar', {}, 'jei 1.0.jar'],
    ['the path, a zip in capitals', '/api/mod/jei/1.0/archive/PACK.ZIP', {}, 'PACK.ZIP'],
    [
      'the query over the header and the path',
      '/api/mod/jei/1.0/archive/p.jar?file_name=q.jar',
      disposition('attachment; filename=h.jar'),
      'q.jar',
    ],
    ['the header over the path', '/api/mod/jei/1.0/archive/p.jar', disposition('attachment; filename=h.jar'), 'h.jar'],
    ['the path under a header without a name', '/api/mod/jei/1.0/archive/p.jar', disposition('attachment'), 'p.jar'],
  ])('from %s', async (_from, path, headers, name) => {
    const res = await put(path, headers);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ changed: true, version: { version: '1.0' } });
    expect(received).toEqual([expect.objectContaining({ slug: 'jei', version: '1.0' })]);
    expect(names()).toEqual([name]);
  });

  it('with the other query fields as they are on the path form', async () => {
    const res = await put('/api/mod/jei/2.0/archive/jei-2.0.jar?create=true&notes=hello');
    expect(res.status).toBe(201);
    expect(received).toEqual([
      expect.objectContaining({ version: '2.0', file_name: 'jei-2.0.jar', create_version: true, notes: 'hello' }),
    ]);
  });

  it('for a new mod too, with its display name in the query', async () => {
    const path = '/api/manage/mods/newmod/1.0/archive';
    expect((await put(`${path}/newmod-1.0.jar?pretty_name=New`)).status).toBe(201);
    expect((await put(`${path}?pretty_name=New`, disposition('attachment; filename=h.jar'))).status).toBe(201);
    expect(received).toEqual([
      expect.objectContaining({ slug: 'newmod', file_name: 'newmod-1.0.jar', new_mod: { pretty_name: 'New' } }),
      expect.objectContaining({ slug: 'newmod', file_name: 'h.jar', new_mod: { pretty_name: 'New' } }),
    ]);
  });
});

describe('as curl -T sends it', () => {
  it('without a Content-Type (taken as application/octet-stream), the name from the path', async () => {
    const res = await h.request('PUT', '/api/mod/jei/1.0/archive/jei%201.0%2B%C3%A9.jar', {
      headers: bearer('admin'),
      body: JAR,
    });
    expect(res.status).toBe(200);
    expect(names()).toEqual(['jei 1.0+é.jar']);
  });

  it('a media type that is no file is still refused (415), whatever names the file', async () => {
    const res = await put('/api/mod/jei/1.0/archive/jei.jar', { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(received).toEqual([]);
  });
});

describe('refusals', () => {
  /** The same request with the name in the query, the header and the path: the three answers. */
  async function fromEach(name: string, query = '') {
    const base = '/api/mod/jei/1.0/archive';
    const and = query ? `&${query}` : '';
    return [
      await put(`${base}?file_name=${encodeURIComponent(name)}${and}`),
      await put(
        `${base}${query ? `?${query}` : ''}`,
        disposition(`attachment; filename*=UTF-8''${encodeURIComponent(name)}`),
      ),
      await put(`${base}/${encodeURIComponent(name)}${query ? `?${query}` : ''}`),
    ].map((r) => ({ status: r.status, body: r.json() }));
  }

  it('a name too long: the same 422 from each source, the file not sent', async () => {
    const [query, header, path] = await fromEach(`${'x'.repeat(300)}.jar`);
    expect(query.status).toBe(422);
    expect(query.body.error).toEqual({ file_name: [expect.stringMatching(/255/)] });
    expect([header, path]).toEqual([query, query]);
    expect(received).toEqual([]);
  });

  it('a name that is no text (a NUL): the same 422 from each source', async () => {
    const [query, header, path] = await fromEach('a\u0000b.jar');
    expect(query.status).toBe(422);
    expect(Object.keys(query.body.error)).toEqual(['file_name']);
    expect([header, path]).toEqual([query, query]);
    expect(received).toEqual([]);
  });

  it('an empty name in the query or the header: the 422 of a missing one, as without any', async () => {
    const none = await put('/api/mod/jei/1.0/archive');
    expect({ status: none.status, body: none.json() }).toEqual({
      status: 422,
      body: { error: { file_name: ['The file_name field is required.'] } },
    });
    for (const res of [
      await put('/api/mod/jei/1.0/archive?file_name='),
      await put('/api/mod/jei/1.0/archive/x.jar?file_name='),
      await put('/api/mod/jei/1.0/archive', disposition('attachment; filename=""')),
      await put('/api/mod/jei/1.0/archive/x.jar', disposition('attachment; filename=""')),
    ])
      expect({ status: res.status, body: res.json() }).toEqual({ status: none.status, body: none.json() });
    expect(received).toEqual([]);
  });

  it('the order of checks holds: a missing version answers before the name', async () => {
    const res = await put('/api/mod/jei/9.9/archive', disposition('attachment; filename=""'));
    expect({ status: res.status, body: res.json() }).toEqual({
      status: 404,
      body: { error: 'Mod version not found.' },
    });
  });

  it.each([
    '/api/mod/jei/1.0/archive/jei-1.0.txt',
    '/api/mod/jei/1.0/archive/jei-1.0.jar.part',
    '/api/mod/jei/1.0/archive/jar',
    '/api/mod/jei/1.0/archive/jei-1.0.jar/more',
    '/api/mod/jei/1.0/archive/jei-1.0.jar/',
    '/api/manage/mods/newmod/1.0/archive/readme.md',
  ])('%s: 404 as any unknown path, before credentials are read', async (path) => {
    for (const headers of [{}, bearer('admin')]) {
      const res = await h.request('PUT', path, { headers, body: JAR });
      expect({ path, status: res.status, body: res.json() }).toEqual({
        path,
        status: 404,
        body: { error: 'Not found.' },
      });
    }
    expect(h.auth.calls).toEqual([]);
    expect(h.catalog.calls).toEqual([]);
  });

  it('the path form needs what the upload needs: 401 without a token, 403 without mods_manage', async () => {
    const path = '/api/mod/jei/1.0/archive/jei-1.0.jar';
    const anonymous = await h.request('PUT', path, { body: JAR });
    expect({ status: anonymous.status, body: anonymous.json() }).toEqual({
      status: 401,
      body: { error: 'Unauthenticated.' },
    });
    const nobody = await h.request('PUT', path, { headers: bearer('nobody'), body: JAR });
    expect({ status: nobody.status, body: nobody.json() }).toEqual({
      status: 403,
      body: { error: 'This action is unauthorized.' },
    });
    expect(received).toEqual([]);
  });
});
