/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Concurrency: the same create sent 50 times at once (mod, mod version, modpack, build,
// build-mod assignment) makes exactly one record, and every loser gets exactly the 422 a
// sequential duplicate gets, never a 5xx. And deletes of a version or a mod racing assignments of
// it never leave a build pointing at it once the events have settled (docs/api.md#consistency:
// the detach by events, and the tombstones of services/builds/src/tombstones.ts).
import { Client } from 'pg';
import { createClient } from '@depot/common/grpc';
import { BuildsService } from '@depot/proto';
import { Api, Reply, TestStack, eventually, md5Of, startTestStack, must } from '../support';

const N = 50;

let t: TestStack;
let admin: Api;
let anon: Api;
/** The builds service's own read: assignments as stored, deleted versions included. */
let builds: ReturnType<typeof createClient<typeof BuildsService.service>>;
const db: Record<'catalog' | 'builds', Client> = {} as never;

beforeAll(async () => {
  t = await startTestStack();
  admin = t.admin;
  anon = t.anon;
  builds = createClient(BuildsService, `127.0.0.1:${t.stack.ports.builds}`);
  for (const name of ['catalog', 'builds'] as const) {
    db[name] = new Client({ connectionString: t.stack.databases[name] });
    await db[name].connect();
  }
});

afterAll(async () => {
  builds?.close();
  await Promise.all(Object.values(db).map((c) => c.end().catch(() => undefined)));
  await t?.stop();
});

/** Rows of a service's table matching a condition (the lists the API shows cannot show duplicates). */
async function rows(service: 'catalog' | 'builds', sql: string, params: unknown[]): Promise<number> {
  const res = await db[service].query<{ n: number }>(`select count(*)::int as n ${sql}`, params);
  return res.rows[0].n;
}

/**
 * Sends every request at once; expects exactly one `success` status and, for each loser, the
 * status and body that the same request gets when sent again afterwards (sequentially).
 */
async function race(success: number, requests: (() => Promise<Reply>)[]): Promise<Reply[]> {
  const replies = await Promise.all(requests.map((send) => send()));
  const statuses = replies.map((r) => r.status);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => s === success)).toHaveLength(1);
  for (const [i, r] of replies.entries()) {
    if (r.status === success) continue;
    const again = await requests[i]();
    expect(again.status).toBe(422);
    expect({ status: r.status, body: r.body }).toEqual({ status: again.status, body: again.body });
  }
  return replies;
}

const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

describe(`${N} parallel creates of the same record`, () => {
  test('mod: one 201, the rest the 422 of a sequential duplicate; one row', async () => {
    const replies = await race(
      201,
      times(N, (i) => () => admin.post('/api/mod', { name: 'race-mod', pretty_name: `Race Mod ${i}` })),
    );
    expect(replies.find((r) => r.status !== 201)!.body).toEqual({
      error: { name: ['The name has already been taken.'] },
    });
    expect(await rows('catalog', 'from mods where lower(name) = $1', ['race-mod'])).toBe(1);
    expect((await anon.get('/api/mod')).body.mods).toHaveProperty('race-mod');
    expect((await anon.get('/api/mod/race-mod')).body.versions).toEqual([]);
  });

  test('mod version: one 201, the rest 422; listed once', async () => {
    await race(
      201,
      times(N, () => () => admin.post('/api/mod/race-mod/version', { version: '1.0', md5: md5Of('r1'), filesize: 1 })),
    );
    expect((await anon.get('/api/mod/race-mod')).body.versions).toEqual(['1.0']);
    expect(
      await rows('catalog', 'from mod_versions v join mods m on m.id = v.mod_id where m.name = $1', ['race-mod']),
    ).toBe(1);
  });

  test('modpack: one 201, the rest the 422 of a sequential duplicate (name and slug); one row', async () => {
    const replies = await race(
      201,
      times(N, () => () => admin.post('/api/modpack', { name: 'Race Pack', slug: 'race-pack', hidden: false })),
    );
    // Both fields, as a sequential duplicate reports them, whichever unique index the loser hit.
    for (const r of replies.filter((r) => r.status !== 201)) {
      expect(r.body).toEqual({
        error: { name: ['The name has already been taken.'], slug: ['The slug has already been taken.'] },
      });
    }
    expect(
      await rows('builds', 'from modpacks where lower(slug) = $1 or lower(name) = $2', ['race-pack', 'race pack']),
    ).toBe(1);
    expect(Object.keys((await anon.get('/api/modpack')).body.modpacks)).toEqual(['race-pack']);
  });

  test('modpacks clashing on the name or on the slug only: each loser gets its sequential 422', async () => {
    const requests = times(N, (i) =>
      i % 2
        ? () => admin.post('/api/modpack', { name: 'Clash', slug: `clash-${i}`, hidden: false })
        : () => admin.post('/api/modpack', { name: `Clash ${i}`, slug: 'clash', hidden: false }),
    );
    const replies = await Promise.all(requests.map((send) => send()));
    expect(replies.filter((r) => r.status >= 500)).toEqual([]);
    // One may win by name and another by slug.
    const won = replies.filter((r) => r.status === 201);
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(won.length).toBeLessThanOrEqual(2);
    for (const [i, r] of replies.entries()) {
      if (r.status === 201) continue;
      const again = await requests[i]();
      expect({ status: r.status, body: r.body }).toEqual({ status: 422, body: again.body });
    }
    expect(await rows('builds', 'from modpacks where lower(name) = $1', ['clash'])).toBeLessThanOrEqual(1);
    expect(await rows('builds', 'from modpacks where lower(slug) = $1', ['clash'])).toBeLessThanOrEqual(1);
  });

  test('build: one 201, the rest 422; listed once', async () => {
    const replies = await race(
      201,
      times(
        N,
        () => () =>
          admin.post('/api/modpack/race-pack/build', { version: '1', minecraft: '1.20.1', is_published: true }),
      ),
    );
    expect(replies.find((r) => r.status !== 201)!.body).toEqual({
      error: 'Build version already exists for this modpack.',
    });
    expect((await anon.get('/api/modpack/race-pack')).body.builds).toEqual(['1']);
  });

  test('build-mod assignment: one 201, the rest 422; the build lists it once', async () => {
    const replies = await race(
      201,
      times(N, () => () => admin.post('/api/modpack/race-pack/1/mod', { mod_slug: 'race-mod', mod_version: '1.0' })),
    );
    expect(replies.find((r) => r.status !== 201)!.body).toEqual({ error: 'Mod version already in build.' });
    expect((await anon.get('/api/modpack/race-pack/1')).body.mods.map((m: any) => `${m.name}@${m.version}`)).toEqual([
      'race-mod@1.0',
    ]);
    const source = await builds.GetBuildSource({ slug: 'race-pack', version: '1' });
    expect(source.mod_version_ids).toHaveLength(1);
  });

  test('assignments of different versions of one mod: one 201; each loser gets its sequential 422', async () => {
    const versions = ['2.0', '3.0', '4.0', '5.0', '6.0'];
    for (const v of versions) {
      must(await admin.post('/api/mod/race-mod/version', { version: v, md5: md5Of(v), filesize: 1 }), 201, v);
    }
    must(
      await admin.post('/api/modpack/race-pack/build', { version: '2', minecraft: '1.20.1', is_published: true }),
      201,
      'build 2',
    );
    const replies = await race(
      201,
      times(
        N,
        (i) => () =>
          admin.post('/api/modpack/race-pack/2/mod', {
            mod_slug: 'race-mod',
            mod_version: versions[i % versions.length],
          }),
      ),
    );
    const winner = versions[replies.findIndex((r) => r.status === 201) % versions.length];
    for (const [i, r] of replies.entries()) {
      if (r.status === 201) continue;
      expect(r.body).toEqual({
        error:
          versions[i % versions.length] === winner
            ? 'Mod version already in build.'
            : 'Another version of this mod is already in the build. Use PUT to update it.',
      });
    }
    expect((await anon.get('/api/modpack/race-pack/2')).body.mods.map((m: any) => m.version)).toEqual([winner]);
    expect((await builds.GetBuildSource({ slug: 'race-pack', version: '2' })).mod_version_ids).toHaveLength(1);
  });
});

describe('deletes racing assignments of the same version or mod', () => {
  const PACK = 'race-del';
  const BUILDS = ['b1', 'b2', 'b3', 'b4'];
  const ROUNDS = 12;
  const jitter = () => new Promise((r) => setTimeout(r, Math.floor(Math.random() * 15)));
  /** Every reply of the races: none may be a 5xx. */
  const seen: Reply[] = [];
  const send = async (f: () => Promise<Reply>) => {
    await jitter();
    const r = await f();
    seen.push(r);
    return r;
  };

  beforeAll(async () => {
    must(await admin.post('/api/modpack', { name: 'Race Delete', slug: PACK, hidden: false }), 201, 'pack');
    for (const b of BUILDS) {
      must(
        await admin.post(`/api/modpack/${PACK}/build`, { version: b, minecraft: '1.20.1', is_published: true }),
        201,
        b,
      );
    }
  });

  async function mod(name: string, versions: string[]): Promise<Record<string, number>> {
    must(await admin.post('/api/mod', { name, pretty_name: name }), 201, `mod ${name}`);
    const ids: Record<string, number> = {};
    for (const v of versions) {
      ids[v] = must(
        await admin.post(`/api/mod/${name}/version`, { version: v, md5: md5Of(`${name}@${v}`), filesize: 1 }),
        201,
        `${name}@${v}`,
      ).id;
    }
    return ids;
  }

  const assign = (name: string, version: string, build: string) =>
    send(() => admin.post(`/api/modpack/${PACK}/${build}/mod`, { mod_slug: name, mod_version: version }));

  /** No build holds any of the ids, as builds stores them and as the API shows them; once events settled. */
  async function expectNoBuildHolds(ids: number[], names: string[]) {
    await eventually(
      async () => {
        for (const b of BUILDS) {
          const source = await builds.GetBuildSource({ slug: PACK, version: b });
          expect(source.mod_version_ids.filter((id) => ids.includes(id))).toEqual([]);
        }
        return true;
      },
      10000,
      100,
    );
    for (const id of ids) expect((await builds.CountBuildsUsingVersion({ mod_version_id: id })).count).toBe(0);
    for (const b of BUILDS) {
      const shown = must(await anon.get(`/api/modpack/${PACK}/${b}`), 200, `read ${b}`).mods;
      expect(shown.filter((m: any) => ids.includes(m.id) || names.includes(`${m.name}@${m.version}`))).toEqual([]);
    }
    expect(await rows('builds', 'from build_mods where mod_version_id = any($1::int[])', [ids])).toBe(0);
  }

  test('version delete vs POST assignment: a deleted version ends in no build', async () => {
    const deleted: { id: number; name: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const name = `vdel-${round}`;
      const ids = await mod(name, ['1']);
      const [del] = await Promise.all([
        send(() => admin.delete(`/api/mod/${name}/1`)),
        ...BUILDS.map((b) => assign(name, '1', b)),
      ]);
      expect([200, 409]).toContain(del.status);
      const gone = (await anon.get(`/api/mod/${name}/1`)).status === 404;
      expect(gone).toBe(del.status === 200);
      if (gone) deleted.push({ id: ids['1'], name: `${name}@1` });
    }
    expect(seen.filter((r) => r.status >= 500)).toEqual([]);
    expect(seen.filter((r) => ![200, 201, 404, 409].includes(r.status))).toEqual([]);
    await expectNoBuildHolds(
      deleted.map((d) => d.id),
      deleted.map((d) => d.name),
    );
  });

  test('version delete vs PUT to that version: a deleted version ends in no build', async () => {
    const deleted: { id: number; name: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const name = `vput-${round}`;
      const ids = await mod(name, ['1', '2']);
      for (const b of BUILDS) must(await assign(name, '1', b), 201, `assign ${name} to ${b}`);
      const [del] = await Promise.all([
        send(() => admin.delete(`/api/mod/${name}/2`)),
        ...BUILDS.map((b) => send(() => admin.put(`/api/modpack/${PACK}/${b}/mod/${name}`, { mod_version: '2' }))),
      ]);
      expect([200, 409]).toContain(del.status);
      if (del.status === 200) deleted.push({ id: ids['2'], name: `${name}@2` });
    }
    expect(seen.filter((r) => r.status >= 500)).toEqual([]);
    await expectNoBuildHolds(
      deleted.map((d) => d.id),
      deleted.map((d) => d.name),
    );
  });

  test('mod delete vs POST assignment: a deleted mod ends in no build', async () => {
    const ids: number[] = [];
    const names: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const name = `mdel-${round}`;
      const versions = await mod(name, ['1', '2']);
      ids.push(...Object.values(versions));
      names.push(`${name}@1`, `${name}@2`);
      const [del] = await Promise.all([
        send(() => admin.delete(`/api/mod/${name}`)),
        ...BUILDS.map((b, i) => assign(name, i % 2 ? '1' : '2', b)),
      ]);
      expect(del.status).toBe(200);
      expect((await anon.get(`/api/mod/${name}`)).status).toBe(404);
    }
    expect(seen.filter((r) => r.status >= 500)).toEqual([]);
    expect(seen.filter((r) => ![200, 201, 404, 409].includes(r.status))).toEqual([]);
    await expectNoBuildHolds(ids, names);
  });

  test('after the races, builds and the in-use count work normally', async () => {
    await mod('after-race', ['1']);
    for (const b of BUILDS) must(await assign('after-race', '1', b), 201, `assign ${b}`);
    expect(await admin.delete('/api/mod/after-race/1')).toMatchObject({
      status: 409,
      body: { error: `Mod version is in use by ${BUILDS.length} build(s) and cannot be deleted.` },
    });
  });
});

describe('version deletes racing assignments of that version: no acknowledged assignment is lost', () => {
  // 30 assignments of one version, each to its own build, sent together with 30 deletes of that
  // version, round after round. A delete may only succeed when no assignment did: every 201 either
  // made the deletes answer 409 (it counted) or was refused (404, the version being deleted).
  const PACK = 'race-ack';
  const N = 30;
  const ROUNDS = 10;
  const BUILDS = times(N, (i) => `b${i}`);
  const NOT_FOUND = { error: 'Mod version not found.' };

  beforeAll(async () => {
    must(await admin.post('/api/modpack', { name: 'Race Ack', slug: PACK, hidden: false }), 201, 'pack');
    for (const b of BUILDS) {
      must(
        await admin.post(`/api/modpack/${PACK}/build`, { version: b, minecraft: '1.20.1', is_published: true }),
        201,
        b,
      );
    }
  });

  /** The builds that list mod@version, as the API shows them (admin: published or not). */
  async function buildsListing(name: string): Promise<string[]> {
    const reads = await Promise.all(BUILDS.map((b) => admin.get(`/api/modpack/${PACK}/${b}`)));
    return BUILDS.filter((b, i) => {
      const mods = must(reads[i], 200, `read ${b}`).mods as any[];
      return mods.some((m) => m.name === name && m.version === '1');
    });
  }

  test(`${ROUNDS} rounds of ${N} assignments against ${N} deletes`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const name = `ack-${round}`;
      must(await admin.post('/api/mod', { name, pretty_name: name }), 201, `mod ${name}`);
      const { id } = must(
        await admin.post(`/api/mod/${name}/version`, { version: '1', md5: md5Of(name), filesize: 1 }),
        201,
        `${name}@1`,
      );
      // (each sent after a random few milliseconds, so that rounds interleave differently)
      const soon = <T>(send: () => Promise<T>) =>
        new Promise((r) => setTimeout(r, Math.floor(Math.random() * 10))).then(send);
      const [assigned, deleted] = await Promise.all([
        Promise.all(
          BUILDS.map((b) =>
            soon(() => admin.post(`/api/modpack/${PACK}/${b}/mod`, { mod_slug: name, mod_version: '1' })),
          ),
        ),
        Promise.all(BUILDS.map(() => soon(() => admin.delete(`/api/mod/${name}/1`)))),
      ]);
      const acknowledged = BUILDS.filter((_, i) => assigned[i].status === 201);
      const deletedOk = deleted.filter((r) => r.status === 200);
      const inUse = deleted.filter((r) => r.status === 409);
      outcomes.push(
        `round ${round}: ${acknowledged.length} assignments 201, deletes ${deletedOk.length}×200 ${inUse.length}×409 ` +
          `${deleted.length - deletedOk.length - inUse.length}×404`,
      );

      // Each answer is one of the documented ones.
      for (const r of assigned) {
        if (r.status === 201) expect(r.body).toEqual({ success: 'Mod added to build.' });
        else expect({ status: r.status, body: r.body }).toEqual({ status: 404, body: NOT_FOUND });
      }
      for (const r of deleted) {
        if (r.status === 200) expect(r.body).toEqual({ success: 'Mod version deleted.' });
        else if (r.status === 404) expect(r.body).toEqual(NOT_FOUND);
        else {
          expect(r.status).toBe(409);
          const [, n] = /^Mod version is in use by (\d+) build\(s\) and cannot be deleted\.$/.exec(r.body.error) ?? [];
          // it counted assignments that were acknowledged, no other
          expect(Number(n)).toBeGreaterThanOrEqual(1);
          expect(Number(n)).toBeLessThanOrEqual(acknowledged.length);
        }
      }
      expect(deletedOk.length).toBeLessThanOrEqual(1);
      expect((await anon.get(`/api/mod/${name}/1`)).status).toBe(deletedOk.length ? 404 : 200);

      // Once the delete's detach has run (its tombstone is written in the same transaction), every
      // acknowledged assignment is still in its build, and nothing else is.
      if (deletedOk.length) {
        await eventually(
          async () => (await rows('builds', 'from deleted_mod_versions where mod_version_id = $1', [id])) === 1,
          15_000,
          50,
        );
      }
      const listed = await buildsListing(name);
      outcomes[round] += `, ${acknowledged.filter((b) => !listed.includes(b)).length} acknowledged lost`;
      console.info(outcomes[round]);
      expect({ round, listed }).toEqual({ round, listed: acknowledged });
    }
  });
});
