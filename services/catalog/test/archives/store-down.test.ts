// The S3 store down: an upload is answered UNAVAILABLE fast (the gateway's 503), nothing is
// recorded, and once the store is back the next upload goes through without a restart.
import * as grpc from '@grpc/grpc-js';
import { queryDatabase } from '@depot/common/testing';
import { makeJar, upload } from './client';
import { catalogWithStore, failure } from './service-suite';

const h = catalogWithStore('s3');

beforeAll(async () => {
  await h.client.CreateMod({ name: 'jei', pretty_name: 'Just Enough Items' });
});

const header = { slug: 'jei', version: '1.0', create_version: true, replace: false, file_name: 'jei.jar' };

test('store down: UNAVAILABLE within seconds, nothing recorded; back up: the same upload succeeds', async () => {
  const jar = await makeJar(200_000);
  await h.s3!.stop();
  const started = Date.now();
  const down = await failure(upload(h.raw, header, jar));
  const took = Date.now() - started;
  expect(down.code).toBe(grpc.status.UNAVAILABLE);
  expect(down.error?.message).toBe('The archive store is unavailable.');
  expect(took).toBeLessThan(5_000);
  expect(await queryDatabase(h.db.url, 'select id from mod_versions')).toEqual([]);

  await h.s3!.start();
  const res = await upload(h.raw, header, jar);
  expect(res).toMatchObject({ created_version: true, stored: true });
  expect((await h.client.GetVersion({ slug: 'jei', version: '1.0' })).hosted).toBe(res.version!.hosted);
});
