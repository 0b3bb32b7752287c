// AdoptVersionArchives on a real catalog (PostgreSQL, NATS, fs store) against an old mirror served
// by the test over HTTP: what is adopted, and every refusal with nothing stored or recorded.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@depot/common/grpc';
import { CatalogService } from '@depot/proto';
import { makeZip } from './client';
import { catalogWithStore, failure, MAX_BYTES, objects } from './service-suite';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe('adopting archives from an old mirror', () => {
  const h = catalogWithStore('fs');
  const files = new Map<string, Buffer>();
  let mirror: http.Server;
  let upstream: string;
  let client: ReturnType<typeof createClient<typeof CatalogService.service>>;

  beforeAll(async () => {
    mirror = http.createServer((req, res) => {
      const body = files.get(req.url ?? '');
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-length': body.length }).end(body);
    });
    await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
    upstream = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/old`;
    // The mirror is on loopback: a catalog that may fetch private addresses (the default may not).
    const app = await h.another({ ARCHIVE_ALLOW_PRIVATE: 'true' });
    client = createClient(CatalogService, `127.0.0.1:${app.port}`, { deadlineMs: 20_000 });
  });
  afterAll(async () => {
    client?.close();
    await new Promise((resolve) => mirror?.close(resolve));
  });

  const adopt = (mods: string[], more: Record<string, unknown> = {}) =>
    client.AdoptVersionArchives({ upstream_url: upstream, mods, concurrency: 2, ...more });
  const version = (slug: string, v: string) => client.GetVersion({ slug, version: v });

  test('adopts a matching archive; a mismatch, a missing one, an own url, a non-zip and an oversized one store nothing', async () => {
    await client.CreateMod({ name: 'adopt-a', pretty_name: 'A' });
    const good = await makeZip({ 'mods/a.jar': 'a' });
    const other = await makeZip({ 'mods/b.jar': 'b' });
    const notZip = Buffer.from('not a zip at all');
    const huge = Buffer.alloc(MAX_BYTES + 1, 1);
    files.set('/old/mods/adopt-a/adopt-a-1.0.zip', good);
    files.set('/old/mods/adopt-a/adopt-a-2.0.zip', other);
    files.set('/old/mods/adopt-a/adopt-a-4.0.zip', notZip);
    files.set('/old/mods/adopt-a/adopt-a-5.0.zip', huge);
    await client.CreateVersion({ slug: 'adopt-a', version: '1.0', md5: md5(good) });
    await client.CreateVersion({ slug: 'adopt-a', version: '2.0', md5: md5(good) });
    await client.CreateVersion({ slug: 'adopt-a', version: '3.0', md5: md5(good) });
    await client.CreateVersion({ slug: 'adopt-a', version: '4.0', md5: md5(notZip) });
    await client.CreateVersion({ slug: 'adopt-a', version: '5.0', md5: md5(huge) });
    await client.CreateVersion({ slug: 'adopt-a', version: '6.0', md5: md5(good), url: `${upstream}/own/a.zip` });
    const before = await objects(h.app);

    const dry = await adopt(['adopt-a'], { dry_run: true });
    expect(dry.archives.map((a) => [a.version, a.outcome])).toEqual([
      ['1.0', 'adopted'],
      ['2.0', 'md5_mismatch'],
      ['3.0', 'missing_upstream'],
      ['4.0', 'adopted'], // a dry run hashes, it does not open the zip
      ['5.0', 'failed'],
      ['6.0', 'own_url_skipped'],
    ]);
    expect(await objects(h.app)).toEqual(before);
    expect((await version('adopt-a', '1.0')).hosted).toBeFalsy();

    const page = await adopt(['adopt-a', 'no-such-mod']);
    expect(page).toMatchObject({ total: 6, already_hosted: 0, unknown_mods: ['no-such-mod'], next_after_id: 0 });
    expect(page.upstream_url).toBe(`${upstream}/`);
    const by = Object.fromEntries(page.archives.map((a) => [a.version, a]));
    expect(by['1.0']).toMatchObject({ outcome: 'adopted', md5: md5(good), size: good.length });
    expect(by['2.0']).toMatchObject({ outcome: 'md5_mismatch' });
    expect(by['2.0'].detail).toContain(md5(other));
    expect(by['3.0']).toMatchObject({ outcome: 'missing_upstream' });
    expect(by['4.0']).toMatchObject({ outcome: 'failed' });
    expect(by['4.0'].detail).toMatch(/^ARCHIVE_NOT_ZIP/);
    expect(by['5.0']).toMatchObject({ outcome: 'failed' });
    expect(by['5.0'].detail).toMatch(/^too_large/);
    expect(by['6.0']).toMatchObject({ outcome: 'own_url_skipped', url: `${upstream}/own/a.zip` });

    const hosted = await version('adopt-a', '1.0');
    expect(hosted).toMatchObject({ md5: md5(good), filesize: good.length });
    expect(hosted.hosted).toBeTruthy();
    for (const v of ['2.0', '3.0', '4.0', '5.0', '6.0']) expect((await version('adopt-a', v)).hosted).toBeFalsy();
    const after = await objects(h.app);
    // The archive, and its jar taken out as at every upload (jars.ts): mods/a.jar holds "a".
    const sha = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');
    expect(after.objects).toEqual([...before.objects, sha(good), sha('a')].sort());
    expect(after.staged).toBe(0);

    // Pages: the versions not hosted, `limit` at a time, resumed after the last id.
    const first = await adopt(['adopt-a'], { dry_run: true, limit: 2 });
    expect(first.archives.map((a) => a.version)).toEqual(['2.0', '3.0']);
    expect(first.next_after_id).toBe(first.archives[1].id);
    const rest = await adopt(['adopt-a'], { dry_run: true, limit: 4, after_id: first.next_after_id });
    expect(rest.archives.map((a) => a.version)).toEqual(['4.0', '5.0', '6.0']);
    expect(rest).toMatchObject({ next_after_id: 0, unknown_mods: [] });
    expect(rest.total).toBeUndefined();

    // Again: the hosted one is no longer looked at; nothing else changes.
    const again = await adopt(['adopt-a']);
    expect(again).toMatchObject({ total: 5, already_hosted: 1 });
    expect(again.archives.map((a) => a.outcome)).not.toContain('adopted');
    expect(await objects(h.app)).toEqual(after);
  });

  test('a version with its own url is adopted from that url when asked (its host under ARCHIVE_HOSTS), then loses the url', async () => {
    await client.CreateMod({ name: 'adopt-b', pretty_name: 'B' });
    const zip = await makeZip({ 'mods/own.jar': 'own' });
    files.set('/elsewhere/own.zip', zip);
    const own = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/elsewhere/own.zip`;
    await client.CreateVersion({ slug: 'adopt-b', version: '1.0', md5: md5(zip), url: own });
    // The upstream's host is allowed for the upstream's URLs only: a version's own url is not one.
    const refused = await adopt(['adopt-b'], { include_own_urls: true, upstream_url: 'http://127.0.0.1:1/' });
    expect(refused.archives).toMatchObject([{ version: '1.0', outcome: 'failed', url: own }]);
    expect(refused.archives[0].detail).toMatch(/^refused/);

    const app = await h.another({ ARCHIVE_ALLOW_PRIVATE: 'true', ARCHIVE_HOSTS: '127.0.0.1' });
    const allowed = createClient(CatalogService, `127.0.0.1:${app.port}`, { deadlineMs: 20_000 });
    const page = await allowed.AdoptVersionArchives({
      upstream_url: upstream,
      mods: ['adopt-b'],
      include_own_urls: true,
    });
    allowed.close();
    expect(page.archives).toMatchObject([{ version: '1.0', outcome: 'adopted', url: own, md5: md5(zip) }]);
    const v = await version('adopt-b', '1.0');
    expect(v.url).toBeFalsy();
    expect(v.hosted).toBeTruthy();
  });

  test('refusals: an upstream that is not an http(s) URL; a loopback upstream without ARCHIVE_ALLOW_PRIVATE', async () => {
    const bad = await failure(client.AdoptVersionArchives({ upstream_url: 'ftp://old.example/' }));
    expect(bad.error?.reason).toBe('VALIDATION');
    await h.client.CreateMod({ name: 'adopt-c', pretty_name: 'C' });
    const zip = await makeZip({ 'mods/c.jar': 'c' });
    files.set('/old/mods/adopt-c/adopt-c-1.0.zip', zip);
    await h.client.CreateVersion({ slug: 'adopt-c', version: '1.0', md5: md5(zip) });
    const page = await h.client.AdoptVersionArchives({ upstream_url: upstream, mods: ['adopt-c'] });
    expect(page.archives).toMatchObject([{ version: '1.0', outcome: 'failed' }]);
    expect(page.archives[0].detail).toMatch(/^refused/);
    expect((await version('adopt-c', '1.0')).hosted).toBeFalsy();
  });

  test('a version hosted or edited after it was listed is left as it is, with nothing stored', async () => {
    await client.CreateMod({ name: 'adopt-d', pretty_name: 'D' });
    const listed = await makeZip({ 'mods/d.jar': 'listed' });
    const now = await makeZip({ 'mods/d.jar': 'now' });
    // Listed with the md5 of `listed`; its record was edited to `now` before the copy was recorded.
    await client.CreateVersion({ slug: 'adopt-d', version: '1.0', md5: md5(now) });
    const before = await objects(h.app);
    const err = await h.app.uploads
      .upload(
        {
          slug: 'adopt-d',
          version: '1.0',
          createVersion: false,
          replace: true,
          fileName: 'adopt-d-1.0.zip',
          // As adopt.ts asks: these bytes, on the version as listed.
          expectedMd5: md5(listed),
          unchangedSince: { hosted: null, md5: md5(listed), url: null },
        },
        Readable.from([listed]),
      )
      .catch((e: { reason?: string }) => e);
    expect(err).toMatchObject({ reason: 'ARCHIVE_UPLOAD_CONFLICT' });
    expect(await version('adopt-d', '1.0')).toMatchObject({ md5: md5(now) });
    expect((await version('adopt-d', '1.0')).hosted).toBeFalsy();
    expect(await objects(h.app)).toEqual(before);
  });
});
