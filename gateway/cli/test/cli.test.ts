// The command as a process (from its sources): usage errors stop with exit 2 before any request;
// help and version succeed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const CLI = path.join(__dirname, '..', 'src', 'cli.ts');
// Resolved here: the command runs in a temporary directory, where `--import tsx` would find nothing.
const TSX = pathToFileURL(require.resolve('tsx')).href;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'depot-cli-run-'));
  writeFileSync(path.join(dir, 'a.jar'), 'not really a jar');
  writeFileSync(path.join(dir, 'notes.txt'), 'text');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function depot(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['--conditions=depot-source', '--import', TSX, CLI, ...args], {
    cwd: dir,
    encoding: 'utf8',
    // Nothing from the test's environment: no DEPOT_URL or DEPOT_TOKEN of the person running it.
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const publish = ['publish', '--url', 'http://127.0.0.1:9', '--pack', 'mypack', '--build', '1.0', '--from', 'latest'];

test('help and version: exit 0', () => {
  const help = depot(['publish', '--help']);
  expect(help.status).toBe(0);
  expect(help.stdout).toContain('Usage: depot publish [options] <files...>');
  expect(help.stdout).toContain('--create-mods');
  expect(depot(['--version'])).toMatchObject({ status: 0, stdout: '0.1.0\n' });
});

test('no command: the help, exit 2', () => {
  expect(depot([])).toMatchObject({ status: 2, stdout: '' });
});

test("commander's usage errors: exit 2", () => {
  expect(depot(['publish', '--pack', 'p']).status).toBe(2);
  expect(depot(['publish', '--nope', 'a.jar']).status).toBe(2);
  expect(depot(['unknown']).status).toBe(2);
});

test('usage errors: exit 2, the reason on stderr, nothing on stdout', () => {
  expect(depot([...publish, 'a.jar'])).toEqual({
    status: 2,
    stdout: '',
    stderr: 'depot: a token is required: set DEPOT_TOKEN (preferred: not shown in the process list) or --token\n',
  });
  const token = { DEPOT_TOKEN: 'depot_x' };
  expect(depot([...publish, 'notes.txt'], token)).toMatchObject({
    status: 2,
    stderr: 'depot: notes.txt: not a .jar or .zip file\n',
  });
  expect(depot([...publish, 'missing.jar'], token)).toMatchObject({
    status: 2,
    stderr: 'depot: missing.jar: cannot be read (ENOENT)\n',
  });
  expect(depot([...publish, '--notes-file', 'missing.md', 'a.jar'], token)).toMatchObject({
    status: 2,
    stderr: 'depot: --notes-file: missing.md cannot be read (ENOENT)\n',
  });
  expect(depot([...publish, '--set', 'newest', 'a.jar'], token)).toMatchObject({ status: 2 });
});
