// The launcher reads' sources, unfiltered (the gateway applies docs/api.md#visibility): every
// modpack and build with the flags visibility is decided from, each in one SQL statement.
import { ALL, createMod, failure, startStack, type Stack } from './harness';

let stack: Stack;
let queries: string[] | undefined;
const ids: Record<string, number> = {};

beforeAll(async () => {
  stack = await startStack('bld_sources', (sql) => {
    if (queries && /\b(modpacks|builds|build_mods)\b/.test(sql)) queries.push(sql);
  });
  for (const [slug, flags] of [
    ['open', { hidden: false }],
    ['secret', { hidden: true, private: true }],
  ] as const) {
    ids[slug] = (await stack.builds.CreateModpack({ name: slug, slug, ...flags })).id;
    await stack.builds.CreateBuild({
      slug,
      access: ALL,
      version: 'pub',
      minecraft: '1.20',
      is_published: true,
      min_memory: 2048,
    });
    await stack.builds.CreateBuild({ slug, access: ALL, version: 'draft', minecraft: '1.20' });
    await stack.builds.CreateBuild({
      slug,
      access: ALL,
      version: 'priv',
      minecraft: '1.20',
      is_published: true,
      private: true,
    });
  }
  await createMod(stack.catalog, 'src-b', ['1']);
  await createMod(stack.catalog, 'src-a', ['1']);
  await stack.builds.AddBuildMod({
    slug: 'secret',
    version: 'draft',
    access: ALL,
    mod_slug: 'src-b',
    mod_version: '1',
  });
  await stack.builds.AddBuildMod({
    slug: 'secret',
    version: 'draft',
    access: ALL,
    mod_slug: 'src-a',
    mod_version: '1',
  });
});

afterAll(async () => {
  await stack?.close();
});

test('ListModpackSources: every modpack in id order with every build and its flags, in one statement', async () => {
  queries = [];
  const { modpacks } = await stack.builds.ListModpackSources({});
  expect(queries).toHaveLength(1);
  queries = undefined;
  expect(modpacks.map((m) => [m.modpack?.slug, m.modpack?.hidden, m.modpack?.private, m.builds])).toEqual(
    ['open', 'secret'].map((slug) => [
      slug,
      slug === 'secret',
      slug === 'secret',
      [
        { version: 'pub', is_published: true, private: false },
        { version: 'draft', is_published: false, private: false },
        { version: 'priv', is_published: true, private: true },
      ],
    ]),
  );
  expect(modpacks[0].modpack).toMatchObject({ id: ids.open, name: 'open', created_at: expect.stringMatching(/Z$/) });
});

test('GetModpackSource: one modpack by exact slug with every build and its flags, in one statement', async () => {
  queries = [];
  const secret = await stack.builds.GetModpackSource({ slug: 'secret' });
  expect(queries).toHaveLength(1);
  queries = undefined;
  expect(secret.modpack).toMatchObject({ id: ids.secret, slug: 'secret', name: 'secret', hidden: true, private: true });
  expect(secret.builds).toEqual([
    { version: 'pub', is_published: true, private: false },
    { version: 'draft', is_published: false, private: false },
    { version: 'priv', is_published: true, private: true },
  ]);
  // The same answer as the modpack's entry in the list.
  const { modpacks } = await stack.builds.ListModpackSources({});
  expect(await stack.builds.GetModpackSource({ slug: 'open' })).toEqual(
    modpacks.find((m) => m.modpack?.slug === 'open'),
  );

  for (const slug of ['nope', 'SECRET', '']) {
    expect((await failure(stack.builds.GetModpackSource({ slug }))).reason).toBe('MODPACK_NOT_FOUND');
  }
});

test('GetBuildSource: the modpack flags and the build whatever its flags; absent build; missing modpack', async () => {
  queries = [];
  const draft = await stack.builds.GetBuildSource({ slug: 'secret', version: 'draft' });
  expect(queries).toHaveLength(1);
  queries = undefined;
  expect(draft).toMatchObject({ modpack_id: ids.secret, modpack_private: true });
  expect(draft.build).toMatchObject({ version: 'draft', is_published: false, private: false, modpack_id: ids.secret });
  // Assignment order.
  const b = draft.mod_version_ids;
  expect(b).toHaveLength(2);
  expect(b[0]).toBeLessThan(b[1]);

  const pub = await stack.builds.GetBuildSource({ slug: 'open', version: 'pub' });
  expect(pub).toMatchObject({ modpack_id: ids.open, modpack_private: false, mod_version_ids: [] });
  expect(pub.build).toMatchObject({ version: 'pub', is_published: true, min_memory: 2048 });

  const none = await stack.builds.GetBuildSource({ slug: 'open', version: 'PUB' });
  expect(none).toMatchObject({ modpack_id: ids.open, modpack_private: false, mod_version_ids: [] });
  expect(none.build).toBeNull();

  expect((await failure(stack.builds.GetBuildSource({ slug: 'nope', version: 'pub' }))).reason).toBe(
    'MODPACK_NOT_FOUND',
  );
});
