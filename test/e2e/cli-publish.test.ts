// `depot publish` (@depot/cli, docs/cli.md) against a real stack, as a CI job runs it: the command
// itself in a child process, the token from DEPOT_TOKEN, plain lines (CI=true). One run makes,
// publishes and recommends a build from a folder of jars (creating the mods they name); the
// launcher installs it with every md5 matching; the same run again sends nothing and changes
// nothing; a dry run prints the diff and changes nothing; a refusal, a usage error and an
// unreachable Depot end with the exit codes a CI job acts on.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { must, startTestStack, userWithToken, type TestStack } from '../support';
import { makeZip, md5Hex } from '../support/archives';

const REPO = path.resolve(__dirname, '../..');
let t: TestStack;
let store: string;
let jars: string;
let token: string;

const fabric = (id: string, version: string, name: string) =>
  makeZip({
    'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id, version, name, environment: '*' }),
    [`${id}/Mod.class`]: `${id} ${version}`.repeat(100),
  });

/** The command as CI runs it: its exit code and what it printed. */
function depot(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=depot-source', '--import', 'tsx', path.join(REPO, 'gateway/cli/src/cli.ts'), ...args],
      // (From the repository, where tsx resolves; the files are given by their full paths.)
      { cwd: REPO, env: { ...process.env, CI: 'true', DEPOT_TOKEN: token, DEPOT_URL: t.url, ...env } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const files = () =>
  fs
    .readdirSync(jars)
    .filter((f) => f.endsWith('.jar'))
    .sort()
    .map((f) => path.join(jars, f));
const jar = (name: string) => path.join(jars, name);

/** The first release: made, published, latest and recommended, its mods created. */
const firstRun = () => [
  'publish',
  '--pack',
  'cipack',
  '--build',
  '1.0',
  '--minecraft',
  '1.20.1',
  '--create-mods',
  '--publish',
  '--set',
  'latest,recommended',
  ...files(),
];

/** What launchers and managers see: compared around the runs that must change nothing. */
const state = async () => ({
  launcher: (await t.anon.get('/api/modpack/cipack')).body,
  managed: (await t.admin.get('/api/manage/modpacks/cipack')).body,
  mods: (await t.anon.get('/api/mod')).body,
});

beforeAll(async () => {
  store = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-cli-store-'));
  jars = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-cli-jars-'));
  t = await startTestStack({ mirrorUrl: null, env: { ARCHIVE_STORE_DIR: store } });
  must(await t.admin.post('/api/modpack', { name: 'CI Pack', slug: 'cipack' }), 201, 'modpack');
  must(await t.admin.post('/api/mod', { name: 'jei', pretty_name: 'Just Enough Items' }), 201, 'jei');
  token = await userWithToken(t.admin, 'ci', ['mods_manage', 'mods_create', 'modpacks_manage'], ['cipack']);
  const mods: [string, string, string][] = [
    ['jei', '15.2.0', 'Just Enough Items'],
    ['sodium', '0.5.8', 'Sodium'],
    ['lithium', '0.11.2', 'Lithium'],
  ];
  for (const [id, version, name] of mods)
    fs.writeFileSync(path.join(jars, `${id}.jar`), await fabric(id, version, name));
}, 120_000);

afterAll(async () => {
  await t?.stop();
  for (const d of [store, jars]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

test('one run makes, publishes and recommends the build; the launcher installs it', async () => {
  const run = await depot(firstRun());
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
  expect(run.stderr).toContain('Sent 3 of 3 files');
  expect(run.stderr).toContain('Created mod sodium (Sodium).');
  expect(run.stdout.split('\n')).toEqual([
    '+ jei 15.2.0',
    '+ lithium 0.11.2',
    '+ sodium 0.5.8',
    '= 0 unchanged',
    'Versions created: jei 15.2.0, lithium 0.11.2, sodium 0.5.8.',
    'cipack 1.0: created, published, latest, recommended.',
    '',
  ]);
  const pack = must(await t.anon.get('/api/modpack/cipack'), 200, 'modpack');
  expect([pack.recommended, pack.latest]).toEqual(['1.0', '1.0']);
  const build = must(await t.anon.get('/api/modpack/cipack/1.0'), 200, 'build');
  for (const mod of build.mods) {
    const res = await fetch(mod.url);
    expect([mod.name, res.status, md5Hex(Buffer.from(await res.arrayBuffer()))]).toEqual([mod.name, 200, mod.md5]);
  }
});

test('the same run again sends nothing and changes nothing', async () => {
  const before = await state();
  const run = await depot(firstRun());
  expect(run.code).toBe(0);
  expect(run.stderr).toContain('Sent 0 of 3 files (0 B of');
  expect(run.stdout).toContain('cipack 1.0: already as asked, nothing changed.');
  expect(await state()).toEqual(before);
});

test('a dry run prints the diff from recommended and changes nothing', async () => {
  fs.writeFileSync(path.join(jars, 'jei.jar'), await fabric('jei', '15.3.0', 'Just Enough Items'));
  const before = await state();
  const run = await depot([
    'publish',
    '--pack',
    'cipack',
    '--build',
    '1.1',
    '--from',
    'recommended',
    '--dry-run',
    jar('jei.jar'),
    '--remove',
    'lithium',
  ]);
  expect(run.code).toBe(0);
  expect(run.stdout.split('\n')).toEqual([
    'Compared with cipack 1.0:',
    '- lithium 0.11.2',
    '~ jei 15.2.0 → 15.3.0',
    '= 1 unchanged',
    'Versions to create: jei 15.3.0.',
    'cipack 1.1: would be created, not published (launchers do not see it).',
    'Dry run: nothing changed.',
    '',
  ]);
  // (The new jar is held now, for the real run: nothing a launcher or the mod list shows.)
  expect(await state()).toEqual(before);
});

test('exit codes: 1 refused by Depot, 2 usage, 3 unreachable; each says why', async () => {
  const refused = await depot(['publish', '--pack', 'cipack', '--build', '1.0', '--minecraft', '1.18', jar('jei.jar')]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('Build 1.0 exists with other contents.');
  const usage = await depot(
    ['publish', '--pack', 'cipack', '--build', '2.0', '--minecraft', '1.20.1', jar('jei.jar')],
    {
      DEPOT_TOKEN: '',
    },
  );
  expect(usage.code).toBe(2);
  expect(usage.stderr).toMatch(/token/i);
  const unreachable = await depot(
    ['publish', '--pack', 'cipack', '--build', '2.0', '--minecraft', '1.20.1', jar('jei.jar')],
    { DEPOT_URL: 'http://127.0.0.1:9' },
  );
  expect(unreachable.code).toBe(3);
  expect(unreachable.stderr).toContain('cannot reach Depot at http://127.0.0.1:9');
}, 120_000);
