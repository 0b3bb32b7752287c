// Files dropped in the console are named from what they say (issue 30): ten jars as authors have
// them (each metadata format, file names that say little or nothing), dropped on the mod library.
// Depot reads each one (nothing stored) and the console fills in the mod (a mod of the library its
// metadata names, else a new mod with its name and slug), the version, and shows one line of what
// the file says, its side included, without anything typed. Then one click publishes them all, and
// the API reads back each version with the facts Depot kept.
import type { Browser, Page } from 'playwright-core';
import { must, type TestStack } from '../support';
import {
  browserSuite,
  browserTest,
  checkAccessibility,
  describeInBrowser,
  flash,
  heading,
  signIn,
} from '../support/browser';
import { makeZip, type FilePayload } from './mod-files';

const chooser = (page: Page) => page.getByRole('group', { name: /from files/ }).locator('input[type=file]');

const fabric = (o: object) => ({ 'fabric.mod.json': JSON.stringify({ schemaVersion: 1, ...o }) });
const forgeToml = (id: string, name: string, version: string, side: string) => `
modLoader = "javafml"
loaderVersion = "[47,)"
[[mods]]
modId = "${id}"
version = "${version}"
displayName = "${name}"
[[dependencies.${id}]]
modId = "minecraft"
mandatory = true
versionRange = "[1.20.1,1.20.2)"
side = "${side}"
`;

/** A jar of these entries, its class bytes its own (so each file is its own archive). */
async function jarOf(name: string, entries: Record<string, string | Buffer>): Promise<FilePayload> {
  return {
    name,
    mimeType: 'application/java-archive',
    buffer: await makeZip({
      'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\n',
      [`${name}/Mod.class`]: name,
      ...entries,
    }),
  };
}

/** Each file: what the console fills in (mod's legend and slug, version) and the line it shows. */
const FILES: { file: () => Promise<FilePayload>; legend: string; slug: string; version: string; line: string }[] = [
  {
    file: () =>
      jarOf('create.jar', {
        'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\r\nImplementation-Version: 0.5.1\r\n\r\n',
        'META-INF/mods.toml': forgeToml('create', 'Create', '${file.jarVersion}', 'BOTH'),
      }),
    legend: 'New mod: Create',
    slug: 'create',
    version: '0.5.1',
    line: 'Create 0.5.1 · Forge · Minecraft [1.20.1,1.20.2) · client and server',
  },
  {
    file: () =>
      jarOf('appleskin-fabric-mc1.20.jar', {
        ...fabric({ id: 'appleskin', name: 'AppleSkin', version: '2.5.1+mc1.20', environment: 'client' }),
      }),
    legend: 'New mod: AppleSkin',
    slug: 'appleskin',
    version: '2.5.1+mc1.20',
    line: 'AppleSkin 2.5.1+mc1.20 · Fabric · client only',
  },
  {
    file: () =>
      jarOf('example.jar', {
        'quilt.mod.json': JSON.stringify({
          schema_version: 1,
          quilt_loader: { id: 'example_mod', version: '1.0.0', metadata: { name: 'Example Mod' } },
          minecraft: { environment: 'dedicated_server' },
        }),
      }),
    legend: 'New mod: Example Mod',
    slug: 'example_mod',
    version: '1.0.0',
    line: 'Example Mod 1.0.0 · Quilt · server only',
  },
  {
    // A file name that says nothing: the library's mod is found from the metadata.
    file: () =>
      jarOf('download (3).jar', {
        'META-INF/neoforge.mods.toml': forgeToml('jei', 'Just Enough Items', '19.21.0.247', 'CLIENT'),
      }),
    legend: 'Just Enough Items (jei)',
    slug: 'jei',
    version: '19.21.0.247',
    line: 'Just Enough Items 19.21.0.247 · NeoForge · Minecraft [1.20.1,1.20.2) · client only',
  },
  {
    file: () =>
      jarOf('IronChest.jar', {
        'mcmod.info': JSON.stringify([
          { modid: 'ironchest', name: 'Iron Chests', version: '6.0.62', mcversion: '1.7.10' },
        ]),
      }),
    legend: 'New mod: Iron Chests',
    slug: 'ironchest',
    version: '6.0.62',
    line: 'Iron Chests 6.0.62 · Forge · Minecraft 1.7.10',
  },
  {
    file: async () => ({
      name: 'waystones-pack.zip',
      mimeType: 'application/zip',
      buffer: await makeZip({
        'mods/waystones-14.1.3.jar': (
          await jarOf(
            'waystones.jar',
            fabric({ id: 'waystones', name: 'Waystones', version: '14.1.3', environment: '*' }),
          )
        ).buffer,
        'config/waystones.toml': 'x = 1',
      }),
    }),
    legend: 'New mod: Waystones',
    slug: 'waystones',
    version: '14.1.3',
    line: 'Waystones 14.1.3 · Fabric · client and server',
  },
  {
    file: () => jarOf('Botania.jar', { 'META-INF/mods.toml': forgeToml('botania', 'Botania', '1.20.1-443', 'BOTH') }),
    legend: 'New mod: Botania',
    slug: 'botania',
    version: '1.20.1-443',
    line: 'Botania 1.20.1-443 · Forge · Minecraft [1.20.1,1.20.2) · client and server',
  },
  {
    file: () =>
      jarOf('sodium.jar', {
        ...fabric({
          id: 'sodium',
          name: 'Sodium',
          version: '0.5.8',
          environment: 'client',
          depends: { minecraft: '1.20.1' },
        }),
      }),
    legend: 'New mod: Sodium',
    slug: 'sodium',
    version: '0.5.8',
    line: 'Sodium 0.5.8 · Fabric · Minecraft 1.20.1 · client only',
  },
  {
    file: () =>
      jarOf('lithium.jar', { ...fabric({ id: 'lithium', name: 'Lithium', version: '0.11.2', environment: '*' }) }),
    legend: 'New mod: Lithium',
    slug: 'lithium',
    version: '0.11.2',
    line: 'Lithium 0.11.2 · Fabric · client and server',
  },
  {
    file: () =>
      jarOf('ftb.jar', {
        'META-INF/neoforge.mods.toml': forgeToml('ftblibrary', 'FTB Library', '2001.2.4', 'BOTH'),
      }),
    legend: 'New mod: FTB Library',
    slug: 'ftblibrary',
    version: '2001.2.4',
    line: 'FTB Library 2001.2.4 · NeoForge · Minecraft [1.20.1,1.20.2) · client and server',
  },
];

describeInBrowser()('files named from what they say', () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(__filename, async (stack, b) => {
    [t, browser] = [stack, b];
    must(await t.admin.post('/api/mod', { name: 'jei', pretty_name: 'Just Enough Items' }), 201, 'jei');
  });

  browserTest(
    () => browser,
    'ten jars of every format: mods, names, versions and sides filled in without typing, then published',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/mods`);
      await heading(page, 'Mod library');
      const files = await Promise.all(FILES.map((f) => f.file()));
      await chooser(page).setInputFiles(files);
      // Every file read: each row shows what its file says.
      for (const [i, f] of FILES.entries()) {
        const group = page.getByRole('group', { name: f.legend, exact: true });
        await group.getByText(`From the file: ${f.line}`).waitFor();
        if (f.legend.startsWith('New mod')) expect(await group.getByLabel('Slug').inputValue()).toBe(f.slug);
        expect(await group.getByLabel(`Version of ${files[i].name}`).inputValue()).toBe(f.version);
      }
      await checkAccessibility(page, 'mod library (files read)');
      await page.getByRole('button', { name: 'Create 9 mod(s), upload 10 file(s)' }).click();
      await flash(page, '9 mod(s) created, 10 version(s) created.');

      // On a mod's page: where each version runs, from its file, and changed by the author.
      await page.goto(`${t.url}/console/mods/appleskin`);
      await heading(page, 'AppleSkin');
      const side = page.getByLabel('Where version 2.5.1+mc1.20 runs');
      expect(await side.inputValue()).toBe('client');
      await side.selectOption('server');
      await flash(page, 'Version 2.5.1+mc1.20: server only (launchers skip it).');
      const appleskin = must(await t.admin.get('/api/manage/mods/appleskin'), 200, 'appleskin');
      expect(appleskin.versions[0].version.side).toBe('server');
      await checkAccessibility(page, 'mod (where versions run)');

      // Read back: each version, with what Depot read from its file.
      for (const f of FILES) {
        const mod = must(await t.admin.get(`/api/manage/mods/${f.slug}`), 200, f.slug);
        const version = mod.versions
          .map((v: { version: { version: string } }) => v.version)
          .find((v: { version: string }) => v.version === f.version);
        expect({ slug: f.slug, version: version?.version, id: version?.metadata?.mods?.[0]?.id }).toEqual({
          slug: f.slug,
          version: f.version,
          id: f.slug,
        });
      }
    },
  );
});
