// No browser here: what the console suggests from the names of dropped files (the mod, its
// version; gateway/console/src/files/names.ts), and its bounded queue of uploads (files/queue.ts).

// The console is an ES module package, which TypeScript lets these CommonJS tests import only by
// require (jest compiles it like any source).
/* eslint-disable @typescript-eslint/no-require-imports */
const names = require('../../gateway/console/src/files/names') as {
  versionFromFileName(fileName: string, mod: ModEntry): string;
  guessFromFileName(fileName: string, library: readonly ModEntry[]): unknown;
  splitFileName(fileName: string): { modPart: string; version: string };
};
const queue = require('../../gateway/console/src/files/queue') as {
  runBounded<T, R>(
    items: readonly T[],
    limit: number,
    work: (item: T) => Promise<R>,
  ): Promise<PromiseSettledResult<R>[]>;
};
/* eslint-enable @typescript-eslint/no-require-imports */

interface ModEntry {
  name: string;
  pretty: string;
}

const { versionFromFileName, guessFromFileName, splitFileName } = names;

describe('the version suggested from a file name', () => {
  const jei = { name: 'jei', pretty: 'Just Enough Items' };
  it.each([
    ['jei-1.20.1-15.2.0.27.jar', '1.20.1-15.2.0.27'],
    ['JEI_1.20.1_15.2.0.27.zip', '1.20.1_15.2.0.27'],
    ['jei 15.3.0.4.JAR', '15.3.0.4'],
    ['JustEnoughItems-1.12.2-4.16.1.jar', '1.12.2-4.16.1'],
    ['Just-Enough-Items-v2.0.zip', 'v2.0'],
    ['jei-forge-1.20.1-15.2.0.27.jar', 'forge-1.20.1-15.2.0.27'],
    ['C:\\Users\\ann\\Downloads\\jei-1.0.jar', '1.0'],
    // Not named after the mod: the version is what looks like one.
    ['something-else-1.2.3.jar', '1.2.3'],
    // Nothing that looks like a version: none suggested (the person types it).
    ['jei.jar', ''],
  ])('%s → "%s"', (file, version) => {
    expect(versionFromFileName(file, jei)).toBe(version);
  });
});

describe('the mod and version suggested from a file name on the mod library', () => {
  const library = [
    { name: 'jei', pretty: 'Just Enough Items' },
    { name: 'botania', pretty: 'Botania' },
    { name: 'ae2', pretty: 'Applied Energistics 2' },
  ];
  it.each([
    [
      'jei-1.20.1-15.2.0.27.jar',
      { mod: library[0], slug: 'jei', pretty: 'Just Enough Items', version: '1.20.1-15.2.0.27' },
    ],
    [
      'Botania-1.20.1-443-FORGE.jar',
      { mod: library[1], slug: 'botania', pretty: 'Botania', version: '1.20.1-443-FORGE' },
    ],
    [
      'appliedenergistics2-forge-15.0.9.jar',
      { slug: 'appliedenergistics2-forge', pretty: 'Appliedenergistics2 Forge', version: '15.0.9' },
    ],
    [
      'Applied-Energistics-2-15.0.9.jar',
      { mod: library[2], slug: 'ae2', pretty: 'Applied Energistics 2', version: '15.0.9' },
    ],
    ['create-1.20.1-0.5.1.f.jar', { slug: 'create', pretty: 'Create', version: '1.20.1-0.5.1.f' }],
    ['JourneyMap_1.20.1-5.9.7.zip', { slug: 'journeymap', pretty: 'Journey Map', version: '1.20.1-5.9.7' }],
    ['sodium-fabric-mc1.20.1-0.5.3.jar', { slug: 'sodium-fabric', pretty: 'Sodium Fabric', version: 'mc1.20.1-0.5.3' }],
    ['readme.zip', { slug: 'readme', pretty: 'Readme', version: '' }],
  ])('%s', (file, guess) => {
    expect(guessFromFileName(file, library)).toEqual(guess);
  });

  it('splits the mod part from the version at the first word that looks like a version', () => {
    expect(splitFileName('applied-energistics-2-1.20.1-15.0.9.jar')).toEqual({
      modPart: 'applied-energistics-2',
      version: '1.20.1-15.0.9',
    });
  });
});

describe('the bounded queue of uploads', () => {
  it('runs every item, never more than the limit at once, and keeps each outcome at its index', async () => {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const done = queue.runBounded([0, 1, 2, 3, 4, 5, 6], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      if (n === 2) throw new Error('file 2 failed');
      return n * 10;
    });
    // Release the waiting items one by one, as uploads finish.
    for (let released = 0; released < 7; released++) {
      while (releases.length === 0) await new Promise((r) => setImmediate(r));
      expect(running).toBeLessThanOrEqual(3);
      releases.shift()!();
    }
    const results = await done;
    expect(most).toBe(3);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      0,
      10,
      'file 2 failed',
      30,
      40,
      50,
      60,
    ]);
  });

  it('settles at once with nothing to do', async () => {
    await expect(queue.runBounded([], 3, async () => 1)).resolves.toEqual([]);
  });
});
