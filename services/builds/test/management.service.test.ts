// The management reads of builds (and the catalog's, which the same stack serves): every build
// whatever its flags, the caller's write scope checked as for writes, and a fixed number of
// queries whatever the number of modpacks, builds and assignments.
import { ALL, ANONYMOUS, createMod, failure, only, startStack, type Stack } from './harness';

let stack: Stack;
let queries: string[] | undefined;
const packs: Record<string, number> = {};
const versions: Record<string, Record<string, number>> = {};

const count = async <T>(call: () => Promise<T>): Promise<{ result: T; queries: number }> => {
  queries = [];
  try {
    const result = await call();
    return { result, queries: queries.length };
  } finally {
    queries = undefined;
  }
};

beforeAll(async () => {
  stack = await startStack('bld_manage', (sql) => {
    if (queries && /\b(modpacks|builds|build_mods)\b/.test(sql)) queries.push(sql);
  });
  for (const slug of ['alpha', 'beta', 'gamma']) {
    packs[slug] = (await stack.builds.CreateModpack({ name: `Pack ${slug}`, slug, private: slug === 'beta' })).id;
  }
  const build = (slug: string, version: string, flags: { is_published?: boolean; private?: boolean } = {}) =>
    stack.builds.CreateBuild({ slug, access: ALL, version, minecraft: '1.20.1', ...flags });
  await build('alpha', '1.0', { is_published: true });
  await build('alpha', '1.1');
  await build('alpha', '2.0', { is_published: true, private: true });
  await build('beta', 'only');
  versions.zeta = (await createMod(stack.catalog, 'zeta', ['1', '2'])).versionIds;
  versions.Alpha = (await createMod(stack.catalog, 'Alpha', ['1'])).versionIds;
  versions.mod10 = (await createMod(stack.catalog, 'mod10', ['1'])).versionIds;
  versions.mod2 = (await createMod(stack.catalog, 'mod2', ['1'])).versionIds;
  const add = (slug: string, version: string, mod: string, modVersion: string) =>
    stack.builds.AddBuildMod({ slug, version, access: ALL, mod_slug: mod, mod_version: modVersion });
  await add('alpha', '1.0', 'zeta', '1');
  await add('alpha', '1.0', 'mod10', '1');
  await add('alpha', '1.0', 'Alpha', '1');
  await add('alpha', '1.0', 'mod2', '1');
  await add('alpha', '1.1', 'zeta', '2');
  await add('beta', 'only', 'zeta', '1');
});

afterAll(async () => {
  await stack?.close();
});

describe('ListManagedModpacks', () => {
  it('lists every modpack with solder_full, with its build counts, in two queries', async () => {
    const { result, queries: n } = await count(() => stack.builds.ListManagedModpacks({ access: ALL }));
    expect(n).toBe(2);
    expect(
      result.modpacks.map((m) => [m.modpack?.slug, m.modpack?.private, m.build_count, m.published_build_count]),
    ).toEqual([
      ['alpha', false, 3, 2],
      ['beta', true, 1, 0],
      ['gamma', false, 0, 0],
    ]);
    expect(result.modpacks[0].modpack).toMatchObject({ id: packs.alpha, name: 'Pack alpha', hidden: true });
  });

  it('lists only the access list otherwise, and nothing without one', async () => {
    const { modpacks } = await stack.builds.ListManagedModpacks({ access: only(packs.gamma, packs.beta) });
    expect(modpacks.map((m) => m.modpack?.slug)).toEqual(['beta', 'gamma']);
    expect((await stack.builds.ListManagedModpacks({ access: ANONYMOUS })).modpacks).toEqual([]);
  });
});

describe('GetManagedModpack', () => {
  it('answers every build, unpublished and private ones too, with mod counts, in three queries', async () => {
    const { result, queries: n } = await count(() =>
      stack.builds.GetManagedModpack({ slug: 'alpha', access: only(packs.alpha) }),
    );
    expect(n).toBe(3);
    expect(result.modpack?.slug).toBe('alpha');
    expect(result.builds.map((b) => [b.build?.version, b.build?.is_published, b.build?.private, b.mod_count])).toEqual([
      ['1.0', true, false, 4],
      ['1.1', false, false, 1],
      ['2.0', true, true, 0],
    ]);
    expect(result.builds.map((b) => b.mod_version_ids)).toEqual([[], [], []]);
  });

  it('adds the mod version ids in assignment order and the sides set on them when asked, in three queries', async () => {
    await stack.builds.SetAssignmentSide({
      slug: 'alpha',
      version: '1.0',
      access: ALL,
      mod_slug: 'mod10',
      side: 'client',
    });
    try {
      const { result, queries: n } = await count(() =>
        stack.builds.GetManagedModpack({ slug: 'alpha', access: ALL, with_mod_version_ids: true }),
      );
      expect(n).toBe(3);
      expect(result.builds.map((b) => b.mod_version_ids)).toEqual([
        [versions.zeta['1'], versions.mod10['1'], versions.Alpha['1'], versions.mod2['1']],
        [versions.zeta['2']],
        [],
      ]);
      expect(result.builds.map((b) => b.sides)).toEqual([
        [{ mod_version_id: versions.mod10['1'], side: 'client' }],
        [],
        [],
      ]);
    } finally {
      await stack.builds.SetAssignmentSide({ slug: 'alpha', version: '1.0', access: ALL, mod_slug: 'mod10' });
    }
  });

  it('answers MODPACK_NOT_FOUND, then FORBIDDEN without access', async () => {
    expect((await failure(stack.builds.GetManagedModpack({ slug: 'absent', access: ANONYMOUS }))).reason).toBe(
      'MODPACK_NOT_FOUND',
    );
    expect((await failure(stack.builds.GetManagedModpack({ slug: 'alpha', access: only(packs.beta) }))).reason).toBe(
      'FORBIDDEN',
    );
  });
});

describe('GetManagedBuild', () => {
  it('answers an unpublished build with its mod version ids', async () => {
    const { result, queries: n } = await count(() =>
      stack.builds.GetManagedBuild({ slug: 'alpha', version: '1.1', access: only(packs.alpha) }),
    );
    expect(n).toBe(3);
    expect(result.build).toMatchObject({ modpack_id: packs.alpha, version: '1.1', is_published: false });
    expect([result.mod_count, result.mod_version_ids]).toEqual([1, [versions.zeta['2']]]);
  });

  it('answers MODPACK_NOT_FOUND, FORBIDDEN, then BUILD_NOT_FOUND', async () => {
    const reason = async (slug: string, version: string, access = ALL) =>
      (await failure(stack.builds.GetManagedBuild({ slug, version, access }))).reason;
    expect(await reason('absent', '1.0')).toBe('MODPACK_NOT_FOUND');
    expect(await reason('alpha', 'absent', only(packs.beta))).toBe('FORBIDDEN');
    expect(await reason('alpha', 'absent')).toBe('BUILD_NOT_FOUND');
  });
});

describe('ListVersionUses', () => {
  it('names every build of every modpack holding the versions, in one query', async () => {
    const ids = [versions.zeta['1'], versions.zeta['2'], versions.mod2['1'], 999999];
    const { result, queries: n } = await count(() => stack.builds.ListVersionUses({ mod_version_ids: ids }));
    expect(n).toBe(1);
    expect(result.uses).toEqual([
      {
        mod_version_id: versions.zeta['1'],
        modpack_id: packs.alpha,
        modpack_slug: 'alpha',
        modpack_name: 'Pack alpha',
        build_id: expect.any(Number),
        build_version: '1.0',
        build_published: true,
      },
      expect.objectContaining({ mod_version_id: versions.mod2['1'], modpack_slug: 'alpha', build_version: '1.0' }),
      expect.objectContaining({ mod_version_id: versions.zeta['2'], modpack_slug: 'alpha', build_version: '1.1' }),
      expect.objectContaining({
        mod_version_id: versions.zeta['1'],
        modpack_slug: 'beta',
        build_version: 'only',
        build_published: false,
      }),
    ]);
    expect((await stack.builds.ListVersionUses({ mod_version_ids: [] })).uses).toEqual([]);
  });
});

describe('catalog: GetModVersions and GetVersionsByIds', () => {
  it('answers a mod with its version records in creation order', async () => {
    const { mod, versions: records } = await stack.catalog.GetModVersions({ slug: 'zeta' });
    expect(mod).toMatchObject({ name: 'zeta', pretty_name: 'ZETA', versions: [] });
    expect(records.map((v) => [v.id, v.version, v.md5, v.mod_id])).toEqual([
      [versions.zeta['1'], '1', 'a'.repeat(32), mod?.id],
      [versions.zeta['2'], '2', 'a'.repeat(32), mod?.id],
    ]);
    expect((await failure(stack.catalog.GetModVersions({ slug: 'ZETA' }))).reason).toBe('MOD_NOT_FOUND');
  });

  it('answers versions by ids with their mods in the launcher order, absent ids left out', async () => {
    const ids = [versions.zeta['1'], versions.mod10['1'], versions.Alpha['1'], versions.mod2['1'], 999999];
    const { versions: found } = await stack.catalog.GetVersionsByIds({ ids: [...ids, versions.zeta['1']] });
    expect(found.map((v) => [v.mod_name, v.mod_pretty_name, v.version?.id])).toEqual([
      ['Alpha', 'ALPHA', versions.Alpha['1']],
      ['mod2', 'MOD2', versions.mod2['1']],
      ['mod10', 'MOD10', versions.mod10['1']],
      ['zeta', 'ZETA', versions.zeta['1']],
    ]);
    expect((await stack.catalog.GetVersionsByIds({ ids: [] })).versions).toEqual([]);
  });
});
