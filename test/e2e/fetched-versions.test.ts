// POST /api/manage/mods/{slug}/versions against a real stack and a mirror served by this test: a
// version added with its md5 left blank gets the md5 and size of its archive, fetched by the
// catalog (from the mirror, or from the version's own url); an archive that cannot be fetched is a
// refusal under md5 that leaves nothing created. The public create keeps requiring md5.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectReply, must, startTestStack, userWithToken, type TestStack } from '../support';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** path → archive body; requests by path. */
const archives = new Map<string, string>();
const requests: string[] = [];
let mirror: http.Server;
let mirrorUrl: string;
let t: TestStack;
let manager: string;
let creator: string;

const MOD = 'fetchy';
const archivePath = (version: string) => `/repo/mods/${MOD}/${MOD}-${version}.zip`;
const RECORD_KEYS = ['id', 'mod_id', 'version', 'md5', 'filesize', 'created_at', 'updated_at'];

beforeAll(async () => {
  mirror = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = archives.get(req.url ?? '');
    if (body === undefined) res.writeHead(404).end('Not Found');
    else res.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/repo/`;
  // The mirror is on loopback: private addresses allowed.
  t = await startTestStack({ mirrorUrl, env: { ARCHIVE_ALLOW_PRIVATE: 'true', MOD_VERSION_URLS: 'true' } });
  manager = await userWithToken(t.admin, 'fetch-modder', ['mods_manage']);
  creator = await userWithToken(t.admin, 'fetch-creator', ['mods_create']);
  must(await t.admin.post('/api/mod', { name: MOD, pretty_name: 'Fetchy' }), 201, 'the mod');
  archives.set(archivePath('1.0'), 'fetchy one');
  archives.set('/repo/elsewhere/Fetchy%202.0.jar', 'fetchy two, elsewhere');
});

afterAll(async () => {
  await t?.stop();
  mirror?.close();
});

beforeEach(() => {
  requests.length = 0;
});

const create = (body: unknown, token: string | null = manager, slug = MOD) =>
  t.admin.post(`/api/manage/mods/${slug}/versions`, body, { token });

describe('POST /api/manage/mods/{slug}/versions', () => {
  it('needs mods_manage, then the mod', async () => {
    expectReply(await create({ version: '0.1' }, null), 401, { error: 'Unauthenticated.' });
    expectReply(await create({ version: '0.1' }, creator), 403, { error: 'This action is unauthorized.' });
    expectReply(await create({ version: '0.1' }, manager, 'no-such-mod'), 404, { error: 'Mod not found.' });
    expect(requests).toEqual([]);
  });

  it('with the md5 left blank, records the md5 and size of the archive on the mirror', async () => {
    const reply = await create({ version: '1.0', md5: '', filesize: null, notes: 'fetched' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ version: '1.0', md5: md5('fetchy one'), filesize: 10, notes: 'fetched' });
    expect(Object.keys(reply.body).sort()).toEqual([...RECORD_KEYS, 'notes'].sort());
    expect(requests).toEqual([archivePath('1.0')]);
    // Read back as a launcher reads it.
    expectReply(await t.anon.get(`/api/mod/${MOD}/1.0`), 200, {
      id: reply.body.id,
      md5: md5('fetchy one'),
      filesize: 10,
      url: `${mirrorUrl}mods/${MOD}/${MOD}-1.0.zip`,
    });
  });

  it("fetches the version's own url when it has one", async () => {
    const url = `${mirrorUrl}elsewhere/Fetchy%202.0.jar`;
    const reply = await create({ version: '2.0', url });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ version: '2.0', md5: md5('fetchy two, elsewhere'), filesize: 21, url });
    expect(requests).toEqual(['/repo/elsewhere/Fetchy%202.0.jar']);
  });

  it('takes a pasted md5 as given: trimmed, the first token of an md5sum line, without fetching', async () => {
    const sum = md5('not on the mirror');
    const reply = await create({ version: '3.0', md5: `  ${sum.toUpperCase()}  fetchy-3.0.zip\n`, filesize: 17 });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ version: '3.0', md5: sum, filesize: 17 });
    expect(requests).toEqual([]);
    expectReply(await create({ version: '3.1', md5: 'not an md5' }), 422, {
      error: { md5: ['The md5 field format is invalid.'] },
    });
  });

  it('refuses under md5, creating nothing, when the archive is not on the mirror', async () => {
    const url = `${mirrorUrl}mods/${MOD}/${MOD}-4.0.zip`;
    expectReply(await create({ version: '4.0' }), 422, {
      error: {
        md5: [
          `The archive is missing: ${url} answered 404. Depot computes the md5 from the archive when it is left ` +
            'blank: upload the file instead, or give its md5.',
        ],
      },
    });
    expect(requests).toEqual([archivePath('4.0')]);
    expectReply(await t.anon.get(`/api/mod/${MOD}/4.0`), 404, { error: 'Mod version does not exist' });
  });

  it('refuses under md5 a url Depot may not fetch, without fetching it', async () => {
    expectReply(await create({ version: '5.0', url: 'https://cdn.example.invalid/fetchy-5.0.zip' }), 422, {
      error: {
        md5: [
          'The archive URL may not be fetched: the host cdn.example.invalid is not one archives may be fetched from ' +
            '(ARCHIVE_HOSTS). Depot computes the md5 from the archive when it is left blank: upload the file ' +
            'instead, or give its md5.',
        ],
      },
    });
    expectReply(await t.anon.get(`/api/mod/${MOD}/5.0`), 404, { error: 'Mod version does not exist' });
  });

  it('refuses a version that exists before fetching anything', async () => {
    expectReply(await create({ version: '1.0' }), 422, { error: 'Version already exists for this mod.' });
    expect(requests).toEqual([]);
  });

  it('leaves the public create as Solder has it: md5 required', async () => {
    expectReply(await t.admin.post(`/api/mod/${MOD}/version`, { version: '6.0' }), 422, {
      error: { md5: ['The md5 field is required.'] },
    });
    expect(requests).toEqual([]);
  });
});
