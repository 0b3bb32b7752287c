/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Cross-service consistency (docs/api.md#consistency): the in-use check on
// version delete counts every build in every modpack; a mod delete detaches its versions from
// every build by events within 5 s; and that detach survives the builds service being down.
import { Api, TestStack, eventually, md5Of, startTestStack, must } from '../support';

let t: TestStack;
let admin: Api;
let anon: Api;
const MIRROR = 'https://mirror.example.test/repo';

beforeAll(async () => {
  t = await startTestStack();
  admin = t.admin;
  anon = t.anon;
});

afterAll(async () => {
  await t?.stop();
});

async function mod(name: string, versions: string[]): Promise<Record<string, any>> {
  must(await admin.post('/api/mod', { name, pretty_name: `Pretty ${name}` }), 201, `mod ${name}`);
  const out: Record<string, any> = {};
  for (const v of versions) {
    out[v] = must(
      await admin.post(`/api/mod/${name}/version`, { version: v, md5: md5Of(`${name}-${v}`), filesize: 7 }),
      201,
      'v',
    );
  }
  return out;
}

async function pack(slug: string) {
  return must(await admin.post('/api/modpack', { name: `Pack ${slug}`, slug, hidden: false }), 201, `pack ${slug}`);
}

async function build(slug: string, version: string, published = true) {
  return must(
    await admin.post(`/api/modpack/${slug}/build`, { version, minecraft: '1.20.1', is_published: published }),
    201,
    `build ${slug}/${version}`,
  );
}

async function assign(slug: string, version: string, modSlug: string, modVersion: string) {
  must(
    await admin.post(`/api/modpack/${slug}/${version}/mod`, { mod_slug: modSlug, mod_version: modVersion }),
    201,
    `assign ${modSlug}@${modVersion} to ${slug}/${version}`,
  );
}

async function modNames(slug: string, version: string, api: Api = admin): Promise<string[]> {
  const r = await api.get(`/api/modpack/${slug}/${version}`);
  if (r.status !== 200) throw new Error(`read ${slug}/${version}: ${r.status} ${r.text}`);
  return r.body.mods.map((m: any) => `${m.name}@${m.version}`);
}

/** Publishes a build (to look at its mods) and returns the mod list. */
async function publishedModNames(slug: string, version: string): Promise<string[]> {
  must(await admin.put(`/api/modpack/${slug}/${version}`, { is_published: true }), 200, 'publish');
  return modNames(slug, version);
}

describe('DELETE /api/mod/{slug}/{version} while the version is in builds', () => {
  test('409 with the count of every build holding it (published or not, any modpack); after detaching, 200', async () => {
    const vs = await mod('inuse', ['1.0', '2.0']);
    await pack('inuse-a');
    await pack('inuse-b');
    await build('inuse-a', '1');
    await build('inuse-b', '1', false); // unpublished
    await build('inuse-b', '2');
    await assign('inuse-a', '1', 'inuse', '1.0');
    await assign('inuse-b', '1', 'inuse', '1.0');
    await assign('inuse-b', '2', 'inuse', '2.0');

    const versionBefore = await anon.get('/api/mod/inuse/1.0');
    expect(versionBefore.status).toBe(200);
    expect(versionBefore.body).toEqual({
      id: vs['1.0'].id,
      md5: md5Of('inuse-1.0'),
      filesize: 7,
      url: `${MIRROR}/mods/inuse/inuse-1.0.zip`,
    });

    const r = await admin.delete('/api/mod/inuse/1.0');
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ error: 'Mod version is in use by 2 build(s) and cannot be deleted.' });
    // still there, still in both builds
    expect(await anon.get('/api/mod/inuse/1.0')).toEqual(
      expect.objectContaining({ status: 200, body: versionBefore.body }),
    );
    expect((await anon.get('/api/mod/inuse')).body.versions).toEqual(['1.0', '2.0']);
    expect(await modNames('inuse-a', '1')).toEqual(['inuse@1.0']);

    must(await admin.delete('/api/modpack/inuse-a/1/mod/inuse'), 200, 'detach a');
    expect(await admin.delete('/api/mod/inuse/1.0')).toMatchObject({
      status: 409,
      body: { error: 'Mod version is in use by 1 build(s) and cannot be deleted.' },
    });
    must(await admin.delete('/api/modpack/inuse-b/1/mod/inuse'), 200, 'detach b');

    const ok = await admin.delete('/api/mod/inuse/1.0');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: 'Mod version deleted.' });
    expect(await anon.get('/api/mod/inuse/1.0')).toMatchObject({
      status: 404,
      body: { error: 'Mod version does not exist' },
    });
    expect((await anon.get('/api/mod/inuse')).body.versions).toEqual(['2.0']);
    // the other version is untouched and still in its build
    expect(await modNames('inuse-b', '2')).toEqual(['inuse@2.0']);
    expect(await admin.delete('/api/mod/inuse/2.0')).toMatchObject({
      status: 409,
      body: { error: 'Mod version is in use by 1 build(s) and cannot be deleted.' },
    });
  });

  test('moving a build to another version (PUT) frees the old one', async () => {
    await mod('mover', ['1', '2']);
    await pack('mover-pack');
    await build('mover-pack', 'x');
    await assign('mover-pack', 'x', 'mover', '1');
    expect(await admin.delete('/api/mod/mover/1')).toMatchObject({ status: 409 });
    must(await admin.put('/api/modpack/mover-pack/x/mod/mover', { mod_version: '2' }), 200, 'move');
    expect(await admin.delete('/api/mod/mover/1')).toMatchObject({
      status: 200,
      body: { success: 'Mod version deleted.' },
    });
    expect(await modNames('mover-pack', 'x')).toEqual(['mover@2']);
  });

  test('deleting a build frees the versions it held', async () => {
    await mod('freed', ['1']);
    await pack('freed-pack');
    await build('freed-pack', 'x', false);
    await assign('freed-pack', 'x', 'freed', '1');
    expect(await admin.delete('/api/mod/freed/1')).toMatchObject({
      status: 409,
      body: { error: 'Mod version is in use by 1 build(s) and cannot be deleted.' },
    });
    must(await admin.delete('/api/modpack/freed-pack/x'), 200, 'delete build');
    expect(await admin.delete('/api/mod/freed/1')).toMatchObject({
      status: 200,
      body: { success: 'Mod version deleted.' },
    });
  });
});

describe('DELETE /api/mod/{slug}', () => {
  test('detaches its versions from every build within 5 s; other mods stay', async () => {
    await mod('gone', ['1.0', '2.0']);
    await mod('stays', ['1.0']);
    await pack('det-a');
    await pack('det-b');
    await build('det-a', '1');
    await build('det-a', '2');
    await build('det-b', '1', false);
    await assign('det-a', '1', 'gone', '1.0');
    await assign('det-a', '1', 'stays', '1.0');
    await assign('det-a', '2', 'gone', '2.0');
    await assign('det-b', '1', 'gone', '2.0');
    await assign('det-b', '1', 'stays', '1.0');
    expect(await modNames('det-a', '1')).toEqual(['gone@1.0', 'stays@1.0']);

    const r = await admin.delete('/api/mod/gone');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: 'Mod deleted.' });
    expect(await anon.get('/api/mod/gone')).toMatchObject({ status: 404, body: { error: 'Mod does not exist' } });
    expect(await anon.get('/api/mod/gone/1.0')).toMatchObject({ status: 404, body: { error: 'Mod does not exist' } });
    expect((await anon.get('/api/mod')).body.mods).not.toHaveProperty('gone');

    await eventually(async () => {
      expect(await modNames('det-a', '1')).toEqual(['stays@1.0']);
      expect(await modNames('det-a', '2')).toEqual([]);
      return true;
    }, 5000);
    expect(await publishedModNames('det-b', '1')).toEqual(['stays@1.0']);

    // the builds are whole and writable: a new mod of the same name can be assigned afresh
    await mod('gone', ['1.0']);
    await assign('det-a', '2', 'gone', '1.0');
    expect(await modNames('det-a', '2')).toEqual(['gone@1.0']);
    // and the old assignment is not counted against anything: the new version is in exactly one build
    expect(await admin.delete('/api/mod/gone/1.0')).toMatchObject({
      status: 409,
      body: { error: 'Mod version is in use by 1 build(s) and cannot be deleted.' },
    });
    // stays is still counted in both builds that hold it
    expect(await admin.delete('/api/mod/stays/1.0')).toMatchObject({
      status: 409,
      body: { error: 'Mod version is in use by 2 build(s) and cannot be deleted.' },
    });
  });

  test('a cloned build or modpack made after the delete carries no trace of the deleted mod', async () => {
    await mod('ghost', ['1']);
    await mod('solid', ['1']);
    await pack('ghost-pack');
    await build('ghost-pack', 'src');
    await assign('ghost-pack', 'src', 'ghost', '1');
    await assign('ghost-pack', 'src', 'solid', '1');
    must(await admin.delete('/api/mod/ghost'), 200, 'delete mod');
    await eventually(async () => {
      expect(await modNames('ghost-pack', 'src')).toEqual(['solid@1']);
      return true;
    }, 5000);
    must(
      await admin.post('/api/modpack/ghost-pack/build', {
        version: 'copy',
        minecraft: '1.20.1',
        is_published: true,
        clone_from: 'src',
      }),
      201,
      'clone build',
    );
    expect(await modNames('ghost-pack', 'copy')).toEqual(['solid@1']);
    must(
      await admin.post('/api/modpack/ghost-pack/clone', { name: 'Ghost Copy', slug: 'ghost-copy', hidden: false }),
      201,
      'clone',
    );
    expect(await modNames('ghost-copy', 'src')).toEqual(['solid@1']);
    // a re-created 'ghost' can go into the copies without a conflict
    await mod('ghost', ['1']);
    await assign('ghost-copy', 'src', 'ghost', '1');
    expect(await modNames('ghost-copy', 'src')).toEqual(['ghost@1', 'solid@1']);
  });
});

describe('the detach survives the builds service being down', () => {
  test.each(['SIGTERM', 'SIGKILL'] as const)(
    'builds stopped (%s): the mod delete still answers 200, and after a restart no build lists the mod',
    async (signal) => {
      const name = `outage-${signal.toLowerCase()}`;
      const other = `${name}-other`;
      await mod(name, ['1', '2']);
      await mod(other, ['1']);
      await pack(`${name}-a`);
      await pack(`${name}-b`);
      await build(`${name}-a`, '1');
      await build(`${name}-b`, '1');
      await build(`${name}-b`, '2', false);
      await assign(`${name}-a`, '1', name, '1');
      await assign(`${name}-a`, '1', other, '1');
      await assign(`${name}-b`, '1', name, '2');
      await assign(`${name}-b`, '1', other, '1');
      await assign(`${name}-b`, '2', name, '1');
      expect(await modNames(`${name}-a`, '1')).toEqual([`${name}@1`, `${other}@1`]);

      await t.stack.stopService('builds', signal);
      try {
        // the catalog alone handles a mod delete
        const r = await admin.delete(`/api/mod/${name}`);
        expect(r.status).toBe(200);
        expect(r.body).toEqual({ success: 'Mod deleted.' });
        expect(await anon.get(`/api/mod/${name}`)).toMatchObject({
          status: 404,
          body: { error: 'Mod does not exist' },
        });
        expect((await anon.get(`/api/mod/${other}`)).status).toBe(200);
      } finally {
        await t.stack.startService('builds');
      }

      await eventually(
        async () => {
          expect(await modNames(`${name}-a`, '1')).toEqual([`${other}@1`]);
          expect(await modNames(`${name}-b`, '1')).toEqual([`${other}@1`]);
          return true;
        },
        15000,
        200,
      );
      expect(await publishedModNames(`${name}-b`, '2')).toEqual([]);
      // the other mod is still counted in both builds: its assignments were not touched. (catalog's own
      // channel to builds may still be in reconnect backoff for a moment after the restart, hence eventually)
      await eventually(
        async () => {
          const r = await admin.delete(`/api/mod/${other}/1`);
          expect({ status: r.status, body: r.body }).toEqual({
            status: 409,
            body: { error: 'Mod version is in use by 2 build(s) and cannot be deleted.' },
          });
          return true;
        },
        5000,
        200,
      );
      // and the builds service works normally again
      await build(`${name}-a`, '2');
      await assign(`${name}-a`, '2', other, '1');
      expect(await modNames(`${name}-a`, '2')).toEqual([`${other}@1`]);
    },
  );
});
