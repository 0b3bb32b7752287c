// The changelogs of builds (docs/releases.md#changelogs): what differs between two builds' mods and
// sides, the previous published build by default (private ones only when asked), a modpack's
// releases each against the one before it, and release notes; one query for the mods of any number
// of build pairs, so a changelog or the whole feed is a fixed number of queries.
import { ALL, createMod, failure as failed, only, startStack, type Stack } from './harness';

const failure = async (p: Promise<unknown>) => (await failed(p)).reason;

let stack: Stack;
let queries: string[] | undefined;
let packId: number;
const v: Record<string, Record<string, number>> = {};

const count = async <T>(call: () => Promise<T>): Promise<{ result: T; queries: number }> => {
  queries = [];
  try {
    const result = await call();
    return { result, queries: queries.length };
  } finally {
    queries = undefined;
  }
};

const build = (version: string, flags: { is_published?: boolean; private?: boolean; clone_from?: string } = {}) =>
  stack.builds.CreateBuild({ slug: 'pack', access: ALL, version, minecraft: '1.20.1', ...flags });
const add = (version: string, mod: string, modVersion: string) =>
  stack.builds.AddBuildMod({ slug: 'pack', version, access: ALL, mod_slug: mod, mod_version: modVersion });

beforeAll(async () => {
  stack = await startStack('bld_changelog', (sql) => {
    if (queries && /\b(modpacks|builds|build_mods|release_notes)\b/.test(sql)) queries.push(sql);
  });
  packId = (await stack.builds.CreateModpack({ name: 'Pack', slug: 'pack' })).id;
  for (const mod of ['a', 'b', 'c', 'd']) v[mod] = (await createMod(stack.catalog, mod, ['1', '2'])).versionIds;
  await build('1', { is_published: true });
  for (const mod of ['a', 'b', 'c']) await add('1', mod, '1');
  await build('2', { is_published: true, clone_from: '1' });
  await stack.builds.UpdateBuildMod({ slug: 'pack', version: '2', access: ALL, mod_slug: 'a', mod_version: '2' });
  await stack.builds.RemoveBuildMod({ slug: 'pack', version: '2', access: ALL, mod_slug: 'b' });
  await add('2', 'd', '1');
  await stack.builds.SetAssignmentSide({ slug: 'pack', version: '2', access: ALL, mod_slug: 'c', side: 'client' });
  await build('3', { is_published: true, private: true, clone_from: '2' });
  await build('4', { clone_from: '2' });
});

afterAll(async () => {
  await stack?.close();
});

describe('GetBuildChanges', () => {
  it('says which mods differ in version or side, against the previous published build, in five queries', async () => {
    const { result, queries: n } = await count(() =>
      stack.builds.GetBuildChanges({ slug: 'pack', version: '2', with_private: true }),
    );
    expect(n).toBe(5);
    expect([
      result.modpack_id,
      result.modpack_slug,
      result.changes?.build?.version,
      result.changes?.from?.version,
    ]).toEqual([packId, 'pack', '2', '1']);
    const fields = (c: object) => Object.fromEntries(Object.entries(c).filter(([k]) => !k.startsWith('_')));
    expect(result.changes?.changes.map(fields)).toEqual([
      { mod_id: expect.any(Number), from_version_id: v.a['1'], to_version_id: v.a['2'] },
      { mod_id: expect.any(Number), from_version_id: v.b['1'], to_version_id: 0 },
      { mod_id: expect.any(Number), from_version_id: v.c['1'], to_version_id: v.c['1'], to_side: 'client' },
      { mod_id: expect.any(Number), from_version_id: 0, to_version_id: v.d['1'] },
    ]);
    expect(result.changes?.unchanged).toBe(0);
  });

  it('skips a private build by default unless asked; compares with any build; says when from names none', async () => {
    const unpublished = (withPrivate: boolean) =>
      stack.builds.GetBuildChanges({ slug: 'pack', version: '4', with_private: withPrivate });
    expect((await unpublished(true)).changes?.from?.version).toBe('3');
    expect((await unpublished(false)).changes?.from?.version).toBe('2');
    const same = await stack.builds.GetBuildChanges({ slug: 'pack', version: '4', from: '2', with_private: false });
    expect([same.changes?.changes, same.changes?.unchanged]).toEqual([[], 3]);
    const first = await stack.builds.GetBuildChanges({ slug: 'pack', version: '1', with_private: true });
    expect([first.changes?.from, first.changes?.changes.length]).toEqual([undefined, 3]);
    const none = await stack.builds.GetBuildChanges({ slug: 'pack', version: '2', from: 'nope', with_private: true });
    expect([none.changes?.from, none.changes?.from_missing]).toEqual([undefined, true]);
    expect((await stack.builds.GetBuildChanges({ slug: 'pack', version: 'nope', with_private: true })).changes).toBe(
      undefined,
    );
    expect(await failure(stack.builds.GetBuildChanges({ slug: 'gone', version: '1', with_private: true }))).toBe(
      'MODPACK_NOT_FOUND',
    );
  });

  it('checks the caller as a write does when given an access', async () => {
    expect(
      await failure(stack.builds.GetBuildChanges({ slug: 'pack', version: '2', access: only(), with_private: true })),
    ).toBe('FORBIDDEN');
    expect(
      await failure(
        stack.builds.GetBuildChanges({ slug: 'pack', version: 'x', access: only(packId), with_private: true }),
      ),
    ).toBe('BUILD_NOT_FOUND');
  });
});

describe('ListReleases and release notes', () => {
  it('lists published builds newest first, each against the one before it, in five queries whatever their number', async () => {
    await stack.builds.SetReleaseNotes({ slug: 'pack', version: '2', access: ALL, notes: 'Second *one*' });
    const { result, queries: n } = await count(() =>
      stack.builds.ListReleases({ slug: 'pack', with_private: true, limit: 50 }),
    );
    expect(n).toBe(5);
    expect(result.releases.map((r) => [r.build?.version, r.from?.version, r.changes.length, r.notes])).toEqual([
      ['3', '2', 0, undefined],
      ['2', '1', 4, 'Second *one*'],
      ['1', undefined, 3, undefined],
    ]);
    for (let i = 5; i < 25; i++) await build(String(i), { is_published: true, clone_from: '2' });
    const many = await count(() => stack.builds.ListReleases({ slug: 'pack', with_private: false, limit: 50 }));
    expect(many.queries).toBe(5);
    expect(many.result.releases.map((r) => r.build?.version).slice(-3)).toEqual(['5', '2', '1']);
    expect(many.result.releases.find((r) => r.build?.version === '5')?.from?.version).toBe('2');
  });

  it('clears notes; refuses a caller without access', async () => {
    expect(await stack.builds.SetReleaseNotes({ slug: 'pack', version: '2', access: ALL })).toEqual({});
    expect(
      (await stack.builds.GetBuildChanges({ slug: 'pack', version: '2', with_private: true })).changes?.notes,
    ).toBe(undefined);
    expect(
      await failure(stack.builds.SetReleaseNotes({ slug: 'pack', version: '2', access: only(), notes: 'x' })),
    ).toBe('FORBIDDEN');
  });
});
