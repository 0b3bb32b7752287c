// Hosted archives on the S3 backend (s3rver, a real S3-protocol server in a child process) through
// a real stack: an upload and a download through the gateway, then the store stopped: downloads
// and uploads answer 503 at once with nothing recorded, and both work again once it is back,
// without a restart (docs/archives.md#nothing-lost-nothing-orphaned).
import { must, startTestStack, userWithToken, type TestStack } from '../support';
import { makeJar, md5Hex, putFile } from '../support/archives';
import { startS3Server, type S3Server } from '../../services/catalog/test/archives/store/s3rver';

let s3: S3Server;
let t: TestStack;
let modder: string;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestStack({ mirrorUrl: null, env: s3.env });
  modder = await userWithToken(t.admin, 'modder', ['mods_manage']);
  must(await t.admin.post('/api/mod', { name: 'sdown', pretty_name: 'Store down' }), 201, 'mod');
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await s3?.remove();
});

const upload = async (version: string) =>
  putFile(`${t.url}/api/mod/sdown/${version}/archive?file_name=s.jar&create=true`, await makeJar(), { token: modder });

test('S3: uploaded and downloaded; store down: 503 with nothing recorded; back: both work again', async () => {
  const first = await upload('1');
  expect(first.status).toBe(201);
  const url = `${t.url}/mods/sdown/sdown-1.zip`;
  const ok = await fetch(url);
  expect(ok.status).toBe(200);
  expect(md5Hex(Buffer.from(await ok.arrayBuffer()))).toBe(first.body.version.md5);

  await s3.stop();
  const down = await fetch(url);
  expect(down.status).toBe(503);
  expect(await down.json()).toEqual({ error: 'The archive store is unavailable.' });
  const refused = await upload('2');
  expect({ status: refused.status, body: refused.body }).toEqual({
    status: 503,
    body: { error: 'The archive store is unavailable.' },
  });
  expect((await t.admin.get('/api/mod/sdown/2')).status).toBe(404);

  await s3.start();
  const again = await fetch(url);
  expect(again.status).toBe(200);
  expect(md5Hex(Buffer.from(await again.arrayBuffer()))).toBe(first.body.version.md5);
  expect((await upload('2')).status).toBe(201);
});
