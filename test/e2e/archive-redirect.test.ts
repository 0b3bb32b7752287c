// Downloads from the bucket without the gateway (docs/archives.md#downloads-from-the-bucket): with
// the S3 store (s3rver, a real S3-protocol server in a child process), a download answers 302 to a
// presigned URL of the object, or to its address under ARCHIVE_PUBLIC_URL; what a client that
// follows the redirect (as the Technic Launcher does) gets is the archive, whose md5 is the one the
// launcher checks. Without the setting, the gateway streams the bytes as ever.
import { must, startTestStack, type TestStack } from '../support';
import { makeJar, md5Hex, putFile } from '../support/archives';
import { startS3Server, type S3Server } from '../../services/catalog/test/archives/store/s3rver';

let s3: S3Server;
let t: TestStack;
let md5: string;
let size: number;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestStack({
    mirrorUrl: null,
    env: { ...s3.env, ARCHIVE_DOWNLOAD_REDIRECT: 'presigned', ARCHIVE_PRESIGN_SECONDS: '120' },
  });
  must(await t.admin.post('/api/mod', { name: 'redir', pretty_name: 'Redirected' }), 201, 'mod');
  const jar = await makeJar();
  const up = await putFile(`${t.url}/api/mod/redir/1/archive?file_name=r.jar&create=true`, jar, {
    token: t.adminToken,
  });
  expect(up.status).toBe(201);
  md5 = up.body.version.md5;
  size = up.body.version.filesize;
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await s3?.remove();
});

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

test('presigned: 302 to a signed URL of the object, never kept by a cache; followed, the archive itself', async () => {
  const url = `${t.url}/mods/redir/redir-1.zip`;
  const redirect = await fetch(url, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  expect(redirect.headers.get('cache-control')).toBe('no-store');
  const location = new URL(redirect.headers.get('location')!);
  expect(location.origin).toBe(s3.endpoint);
  expect(location.searchParams.get('X-Amz-Expires')).toBe('120');
  expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  const object = await fetch(location);
  expect(object.status).toBe(200);
  const bytes = await bytesOf(object);
  expect([bytes.length, md5Hex(bytes)]).toEqual([size, md5]);
  // The file name a browser saves it as, signed into the URL.
  expect(object.headers.get('content-disposition')).toBe('attachment; filename="redir-1.zip"');
  // As a launcher's HttpURLConnection does: the redirect followed, the md5 checked.
  const followed = await fetch(url);
  expect(md5Hex(await bytesOf(followed))).toBe(md5);
  // HEAD too; a missing archive is still the gateway's 404.
  expect((await fetch(url, { method: 'HEAD', redirect: 'manual' })).status).toBe(302);
  const missing = await fetch(`${t.url}/mods/redir/redir-9.zip`, { redirect: 'manual' });
  expect([missing.status, await missing.json()]).toEqual([404, { error: 'Mod version does not exist' }]);
});

test('public: 302 to the object under ARCHIVE_PUBLIC_URL (content-named), kept as a download; without: streamed', async () => {
  const publicBase = `${s3.endpoint}/${s3.bucket}/`;
  const replica = await t.stack.addGateway({ ARCHIVE_DOWNLOAD_REDIRECT: 'public', ARCHIVE_PUBLIC_URL: publicBase });
  const redirect = await fetch(`${replica.url}/mods/redir/redir-1.zip`, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  expect(redirect.headers.get('cache-control')).toBe('public, max-age=86400');
  // Its mod's id (events name it) and name (a write's path names it: docs/caching.md#purge-on-change).
  expect(redirect.headers.get('surrogate-key')).toMatch(/^m:\d+ mn:redir all$/);
  const location = redirect.headers.get('location')!;
  expect(location).toMatch(new RegExp(`^${publicBase}sha256/[0-9a-f]{2}/[0-9a-f]{2}/[0-9a-f]{64}$`));
  const bytes = await bytesOf(await fetch(location));
  expect(md5Hex(bytes)).toBe(md5);

  const streaming = await t.stack.addGateway({ ARCHIVE_DOWNLOAD_REDIRECT: 'none' });
  const direct = await fetch(`${streaming.url}/mods/redir/redir-1.zip`, { redirect: 'manual' });
  expect(direct.status).toBe(200);
  expect(md5Hex(await bytesOf(direct))).toBe(md5);
});
