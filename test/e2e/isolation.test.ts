// Two stacks side by side (own databases, events namespaces, ports, admin tokens and mirrors)
// share nothing: mods, versions, tokens, keys and events stay within their own stack.
import { eventually, md5Of, startTestStack, type TestStack, expectReply } from '../support';

describe('two stacks side by side', () => {
  let a: TestStack;
  let b: TestStack;

  beforeAll(async () => {
    [a, b] = await Promise.all([
      startTestStack({ mirrorUrl: 'https://mirror-a.example.test/' }),
      startTestStack({ mirrorUrl: 'https://mirror-b.example.test/files' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('use different ports, namespaces and databases', () => {
    expect(a.url).not.toBe(b.url);
    expect(a.namespace).not.toBe(b.namespace);
    expect(a.adminToken).not.toBe(b.adminToken);
    const dbA = new Set(Object.values(a.stack.databases).map(String));
    const dbB = Object.values(b.stack.databases).map(String);
    expect(dbA.size).toBeGreaterThan(0);
    for (const db of dbB) expect(dbA.has(db)).toBe(false);
  });

  it('both start empty', async () => {
    expectReply(await a.anon.get('/api/mod'), 200, { mods: {} });
    expectReply(await b.anon.get('/api/mod'), 200, { mods: {} });
  });

  it('mods created in one are not seen by the other', async () => {
    expect((await a.admin.post('/api/mod', { name: 'only-in-a', pretty_name: 'Only In A' })).status).toBe(201);
    expect((await b.admin.post('/api/mod', { name: 'only-in-b', pretty_name: 'Only In B' })).status).toBe(201);
    expectReply(await a.anon.get('/api/mod'), 200, { mods: { 'only-in-a': 'Only In A' } });
    expectReply(await b.anon.get('/api/mod'), 200, { mods: { 'only-in-b': 'Only In B' } });
    expectReply(await a.anon.get('/api/mod/only-in-b'), 404, { error: 'Mod does not exist' });
    expectReply(await b.anon.get('/api/mod/only-in-a'), 404, { error: 'Mod does not exist' });
  });

  it('the same name can exist in both, with separate versions and each its own mirror', async () => {
    expect((await a.admin.post('/api/mod', { name: 'shared', pretty_name: 'Shared A' })).status).toBe(201);
    expect((await b.admin.post('/api/mod', { name: 'shared', pretty_name: 'Shared B' })).status).toBe(201);
    expect(
      (await a.admin.post('/api/mod/shared/version', { version: '1.0', md5: md5Of('a'), filesize: 1 })).status,
    ).toBe(201);
    expect(
      (await b.admin.post('/api/mod/shared/version', { version: '2.0', md5: md5Of('b'), filesize: 2 })).status,
    ).toBe(201);
    expect((await a.anon.get('/api/mod/shared')).body).toMatchObject({ pretty_name: 'Shared A', versions: ['1.0'] });
    expect((await b.anon.get('/api/mod/shared')).body).toMatchObject({ pretty_name: 'Shared B', versions: ['2.0'] });
    expectReply(await a.anon.get('/api/mod/shared/1.0'), 200, {
      id: expect.any(Number),
      md5: md5Of('a'),
      filesize: 1,
      url: 'https://mirror-a.example.test/mods/shared/shared-1.0.zip',
    });
    expectReply(await b.anon.get('/api/mod/shared/2.0'), 200, {
      id: expect.any(Number),
      md5: md5Of('b'),
      filesize: 2,
      url: 'https://mirror-b.example.test/files/mods/shared/shared-2.0.zip',
    });
    expectReply(await a.anon.get('/api/mod/shared/2.0'), 404, { error: 'Mod version does not exist' });
    expectReply(await b.anon.get('/api/mod/shared/1.0'), 404, { error: 'Mod version does not exist' });
  });

  it("one stack's admin token is unknown to the other", async () => {
    expectReply(await b.anon.post('/api/mod', { name: 'cross', pretty_name: 'Cross' }, { token: a.adminToken }), 401, {
      error: 'Unauthenticated.',
    });
    expectReply(await a.anon.post('/api/mod', { name: 'cross', pretty_name: 'Cross' }, { token: b.adminToken }), 401, {
      error: 'Unauthenticated.',
    });
    expectReply(await a.anon.get('/api/mod/cross'), 404, { error: 'Mod does not exist' });
    expectReply(await b.anon.get('/api/mod/cross'), 404, { error: 'Mod does not exist' });
  });

  it("one stack's platform key does not verify on the other", async () => {
    const key = await a.admin.post('/api/key', { name: 'A key', api_key: 'isolation-key-for-a-only' });
    expect(key.status).toBe(201);
    expect((await a.anon.get('/api/verify/isolation-key-for-a-only')).status).toBe(200);
    expectReply(await b.anon.get('/api/verify/isolation-key-for-a-only'), 403, { error: 'Invalid key provided.' });
  });

  it("events stay in their own namespace: deleting a mod in one leaves the other's builds alone", async () => {
    for (const s of [a, b]) {
      expect((await s.admin.post('/api/modpack', { name: 'Iso Pack', slug: 'iso-pack', hidden: false })).status).toBe(
        201,
      );
      expect(
        (await s.admin.post('/api/modpack/iso-pack/build', { version: '1', minecraft: '1.20.1', is_published: true }))
          .status,
      ).toBe(201);
    }
    expect((await a.admin.post('/api/modpack/iso-pack/1/mod', { mod_slug: 'shared', mod_version: '1.0' })).status).toBe(
      201,
    );
    expect((await b.admin.post('/api/modpack/iso-pack/1/mod', { mod_slug: 'shared', mod_version: '2.0' })).status).toBe(
      201,
    );

    expectReply(await a.admin.delete('/api/mod/shared'), 200, { success: 'Mod deleted.' });
    await eventually(async () => {
      const build = await a.anon.get('/api/modpack/iso-pack/1');
      return build.status === 200 && build.body.mods.length === 0;
    });
    // Give a wrongly shared event stream time to do harm, then check b.
    await new Promise((r) => setTimeout(r, 1500));
    const bBuild = await b.anon.get('/api/modpack/iso-pack/1');
    expect(bBuild.status).toBe(200);
    expect(bBuild.body.mods).toEqual([expect.objectContaining({ name: 'shared', version: '2.0', md5: md5Of('b') })]);
    expect((await b.anon.get('/api/mod/shared')).status).toBe(200);
    expectReply(await a.anon.get('/api/mod/shared'), 404, { error: 'Mod does not exist' });
  });

  it('stopping one leaves the other serving', async () => {
    await a.stop();
    expectReply(await b.anon.get('/api/'), 200, { api: 'Depot', version: '0.1.0', stream: 'stable' });
    expect((await b.anon.get('/api/mod')).body).toEqual({ mods: { 'only-in-b': 'Only In B', shared: 'Shared B' } });
    a = undefined as unknown as TestStack;
  });
});
