// Gathering the pack doctor's input: five calls whatever the size of the pack, published builds'
// versions only, in the catalog's order, each with where it runs in the build; and the API root
// check against real HTTP servers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiRootUrl, checkApiRoot, gatherPackDoctor, type DoctorClients } from '../src/grpc/pack-doctor/gather';

const TS = '2024-01-02T03:04:05.000000Z';
const buildOf = (id: number, version: string, is_published: boolean) => ({
  id,
  modpack_id: 7,
  version,
  minecraft: '1.20.1',
  is_published,
  private: false,
  created_at: TS,
  updated_at: TS,
});
const versionOf = (id: number, modName: string, version: string, md5: string, sides: object = {}) => ({
  version: { id, mod_id: id * 10, version, md5, created_at: TS, updated_at: TS, ...sides },
  mod_name: modName,
  mod_pretty_name: modName.toUpperCase(),
});

function fakeClients(calls: string[]): DoctorClients {
  return {
    builds: {
      GetManagedModpack: async (req) => {
        calls.push(`builds ${req.slug} ${JSON.stringify(req.access)} ${req.with_mod_version_ids}`);
        return {
          modpack: {
            id: 7,
            name: 'Tekkit',
            slug: 'tekkit',
            hidden: true,
            private: true,
            recommended: '1.0',
            created_at: TS,
            updated_at: TS,
          },
          builds: [
            // 1.0 says zeta runs on the client only; 1.1 sets its loader.
            {
              build: buildOf(1, '1.0', true),
              mod_count: 3,
              mod_version_ids: [11, 12, 13],
              sides: [{ mod_version_id: 11, side: 'client' }],
            },
            { build: buildOf(2, '2.0', false), mod_count: 1, mod_version_ids: [99], sides: [] },
            {
              build: { ...buildOf(3, '1.1', true), loader: 'fabric', loader_version: '0.16.10' },
              mod_count: 1,
              mod_version_ids: [12],
              sides: [],
            },
          ],
        } as never;
      },
    },
    catalog: {
      GetVersionsByIds: async (req) => {
        calls.push(`catalog ${req.ids?.join(',')} ${req.with_metadata_side}`);
        // 13 was deleted meanwhile; the order is the launcher's (by mod name).
        return {
          versions: [
            versionOf(12, 'alpha', '2', '', { side: 'server', metadata_side: 'server' }),
            versionOf(11, 'zeta', '1', 'a'.repeat(32), { metadata_side: 'client' }),
          ],
        } as never;
      },
      CheckServerPacks: async (req) => {
        calls.push(`server packs ${JSON.stringify(req.builds)} with exports ${req.with_exports}`);
        return {
          checks: [
            {
              build: '1.0',
              made: false,
              hosted: true,
              problem: 'No server pack for this build: why.',
              // (a cause this doctor does not know of is not reported)
              export_left_out: [
                { cause: 'path-outside', mod: 'zeta', version: '1', paths: ['../x'] },
                { cause: 'later-cause', mod: 'zeta', version: '1', paths: [] },
              ],
            },
          ],
        } as never;
      },
      // The archives of the installed builds: 11 as recorded, 12 missing (13 is gone).
      CheckVersionArchives: async (req) => {
        calls.push(`archives ${req.ids?.join(',')}`);
        return {
          checks: [
            { id: 11, mod: 'zeta', version: '1', url: 'u11', recorded_md5: 'a'.repeat(32), md5: 'a'.repeat(32) },
            { id: 12, mod: 'alpha', version: '2', url: 'u12', recorded_md5: '', problem: 'missing', message: '404' },
          ],
          mirror_url: 'm',
        } as never;
      },
    },
    auth: {
      ListClients: async () => {
        calls.push('auth');
        return {
          clients: [
            { id: 1, name: 'a', uuid: 'u1', modpack_ids: [3, 7], created_at: TS, updated_at: TS },
            { id: 2, name: 'b', uuid: 'u2', modpack_ids: [3], created_at: TS, updated_at: TS },
            { id: 3, name: 'c', uuid: 'u3', modpack_ids: [7], created_at: TS, updated_at: TS },
          ],
        } as never;
      },
    },
  };
}

describe('gatherPackDoctor', () => {
  it("asks builds, then catalog for the published builds' versions and auth for the clients", async () => {
    const calls: string[] = [];
    const root = { url: null, source: 'unset' as const, reachable: null, detail: 'Not checked' };
    const input = await gatherPackDoctor(fakeClients(calls), 'tekkit', { all: false, modpack_ids: [7] }, async () => {
      calls.push('root');
      return root;
    });
    // The archives of the recommended build only (1.0; latest is unset), in one call.
    // The server pack of the recommended build, with the build's settings and sides.
    const pack = {
      modpack: 'tekkit',
      build: '1.0',
      minecraft: '1.20.1',
      version_ids: [11, 12, 13],
      sides: [{ id: 11, side: 'client' }],
    };
    expect(calls.sort()).toEqual([
      'archives 11,12,13',
      'auth',
      'builds tekkit {"all":false,"modpack_ids":[7]} true',
      'catalog 11,12,13 true',
      'root',
      `server packs ${JSON.stringify([pack])} with exports true`,
    ]);
    expect(input).toEqual({
      modpack: { slug: 'tekkit', name: 'Tekkit', hidden: true, private: true, recommended: '1.0', latest: null },
      builds: [
        {
          version: '1.0',
          published: true,
          private: false,
          mods: [
            { name: 'alpha', version: '2', md5: '', side: 'server', metadataSide: 'server' },
            // The build's side wins over the version's.
            { name: 'zeta', version: '1', md5: 'a'.repeat(32), side: 'client', metadataSide: 'client' },
          ],
          loader: null,
        },
        { version: '2.0', published: false, private: false, mods: [], loader: null },
        {
          version: '1.1',
          published: true,
          private: false,
          mods: [{ name: 'alpha', version: '2', md5: '', side: 'server', metadataSide: 'server' }],
          loader: 'fabric',
        },
      ],
      linkedClients: 2,
      apiRoot: root,
      archives: {
        versions: 2,
        problems: [
          {
            mod: 'alpha',
            version: '2',
            url: 'u12',
            builds: ['1.0'],
            recorded_md5: '',
            problem: 'missing',
            detail: '404',
          },
        ],
      },
      serverPacks: {
        builds: 1,
        problems: [{ build: '1.0', detail: 'No server pack for this build: why.' }],
        exportsLeaveOut: [{ cause: 'path-outside', mod: 'zeta', version: '1', paths: ['../x'], builds: ['1.0'] }],
      },
    });
  });

  it('does not ask catalog when no published build holds a mod', async () => {
    const calls: string[] = [];
    const clients = fakeClients(calls);
    const original = clients.builds.GetManagedModpack;
    clients.builds.GetManagedModpack = async (req) => {
      const detail = await original(req);
      return { ...detail, builds: detail.builds.filter((b) => !b.build?.is_published) };
    };
    const root = async () => ({ url: null, source: 'unset' as const, reachable: null, detail: '' });
    await gatherPackDoctor(clients, 'tekkit', { all: true, modpack_ids: [] }, root);
    expect(calls.filter((c) => c.startsWith('catalog'))).toEqual([]);
  });
});

describe('checkApiRoot', () => {
  let server: Server;
  let base: string;
  let answer: (res: import('node:http').ServerResponse, path: string) => void;

  beforeAll(async () => {
    server = createServer((req, res) => answer(res, req.url ?? ''));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const json = (status: number, body: unknown) => (res: import('node:http').ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  it('the root of a public URL, with or without a path or trailing slash', () => {
    expect(apiRootUrl('https://depot.example.com')).toBe('https://depot.example.com/api/');
    expect(apiRootUrl('https://example.com/depot//')).toBe('https://example.com/depot/api/');
  });

  it("reachable when GET {root} answers Depot's root", async () => {
    let asked = '';
    answer = (res, path) => {
      asked = path;
      json(200, { api: 'Depot', version: '0.1.0', stream: 'stable' })(res);
    };
    const report = await checkApiRoot(`${base}/`);
    expect(asked).toBe('/api/');
    expect(report).toEqual({
      url: `${base}/api/`,
      source: 'PUBLIC_URL',
      reachable: true,
      detail: expect.stringMatching(/^answered in \d+ ms$/),
    });
  });

  it('not reachable: another API, an error status, a redirect, no answer in time, nobody listening', async () => {
    const detail = async (respond: typeof answer, url = base, timeoutMs?: number) => {
      answer = respond;
      const report = await checkApiRoot(url, undefined, timeoutMs);
      expect(report.reachable).toBe(false);
      return report.detail;
    };
    expect(await detail(json(200, { api: 'TechnicSolder', version: 'v0.7' }))).toBe(
      "answered 200, but not with Depot's root",
    );
    expect(await detail((res) => res.writeHead(200).end('<html>'))).toBe("answered 200, but not with Depot's root");
    expect(await detail(json(502, { error: 'Bad gateway' }))).toBe('answered HTTP 502');
    expect(await detail((res) => res.writeHead(301, { location: 'https://depot.example.com/api/' }).end())).toBe(
      'answered 301, a redirect to https://depot.example.com/api/',
    );
    expect(await detail(() => undefined, base, 200)).toBe('no answer within 0.2 s');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await detail(() => undefined, `http://127.0.0.1:${port}`)).toBe('no answer: ECONNREFUSED');
  });

  it("without PUBLIC_URL: the request's origin, unchecked; else unknown", async () => {
    expect(await checkApiRoot(undefined, 'http://localhost:8080')).toEqual({
      url: 'http://localhost:8080/api/',
      source: 'request',
      reachable: null,
      detail:
        'Not checked: PUBLIC_URL is not set, so this is the address this request reached Depot at. Set PUBLIC_URL to the address launchers use.',
    });
    expect(await checkApiRoot(undefined)).toEqual({
      url: null,
      source: 'unset',
      reachable: null,
      detail:
        "Not checked: PUBLIC_URL is not set. Give launchers and Technic Platform the gateway's public address followed by /api/.",
    });
  });
});
