// `npm run admin -- backup` / `restore` with hosted archives (fs store): archives pushed into a
// stack, a backup taken, the stack stopped and everything wiped (databases dropped, the store's
// folder removed), the backup restored, and a new stack on the restored databases and folder
// serves the same bytes with the same md5. A damaged archive in a backup is refused before
// anything is written.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniqueName } from '@depot/common/testing';
import { adminCli, must, startTestStack, type TestStack } from '../support';
import { folderWith, md5Hex, modZip, readHosted } from '../support/archives';

const ROOT = path.resolve(__dirname, '..', '..');
const base = uniqueName('depot_e2e_bkarc');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-backup-archives-'));
const storeDir = path.join(tmp, 'store');
const backupDir = path.join(tmp, 'backup');
let t: TestStack | undefined;
let repo: { dir: string; remove(): void };
const zips: Record<string, Buffer> = {};

afterAll(async () => {
  await t?.stop();
  repo?.remove();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The CLI on the stack's databases and store, as an operator with the catalog's settings runs it. */
function cli(stack: TestStack, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=depot-source', '--import', 'tsx', 'services/admin/src/cli.ts', ...args],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          CATALOG_DATABASE_URL: stack.stack.databases.catalog,
          BUILDS_DATABASE_URL: stack.stack.databases.builds,
          AUTH_DATABASE_URL: stack.stack.databases.auth,
          ARCHIVE_STORE: 'fs',
          ARCHIVE_STORE_DIR: storeDir,
        },
        maxBuffer: 16 * 1024 * 1024,
      },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test('backup, wipe, restore: the hosted archives read back with the same bytes and md5', async () => {
  t = await startTestStack({ databaseBase: base, archiveDir: storeDir });
  for (const v of ['1.0', '2.0']) zips[v] = await modZip('keeper', v);
  must(await t.admin.post('/api/mod', { name: 'keeper', pretty_name: 'Keeper' }), 201, 'mod');
  repo = folderWith({ 'mods/keeper/keeper-1.0.zip': zips['1.0'], 'mods/keeper/keeper-2.0.zip': zips['2.0'] });
  expect((await adminCli(t, ['archives', 'push', repo.dir, '--create-versions'])).code).toBe(0);

  const backup = await cli(t, 'backup', backupDir);
  expect(backup.code).toBe(0);
  expect(JSON.parse(backup.stdout).archives).toEqual({
    store: 'fs',
    included: true,
    objects: 2,
    bytes: zips['1.0'].length + zips['2.0'].length,
  });
  expect(backup.stderr).toContain(`archives: 2 object(s), ${zips['1.0'].length + zips['2.0'].length} bytes, copied`);

  // Wipe: the stack stops and its databases are dropped; the store's folder goes too.
  const old = t;
  t = undefined;
  await old.stop();
  fs.rmSync(storeDir, { recursive: true, force: true });

  // A damaged archive in the backup is refused before anything is written.
  const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
  const first = path.join(backupDir, manifest.archives.objects[0].file);
  const good = fs.readFileSync(first);
  fs.writeFileSync(first, Buffer.concat([good, Buffer.from('x')]));
  const refused = await cli(old, 'restore', backupDir);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toBe(`depot-admin: ${first} is damaged (its sha256 is not its name)\n`);
  expect(fs.existsSync(storeDir)).toBe(false);
  fs.writeFileSync(first, good);

  const restored = await cli(old, 'restore', backupDir);
  expect(restored.code).toBe(0);
  expect(JSON.parse(restored.stdout).archives).toEqual({ restored: 2, present: 0, missing: [] });

  t = await startTestStack({ databaseBase: base, archiveDir: storeDir });
  for (const v of ['1.0', '2.0']) {
    const read = await readHosted(t, 'keeper', v);
    expect(read.data.equals(zips[v])).toBe(true);
    expect(read.metadata?.md5).toBe(md5Hex(zips[v]));
    expect(md5Hex(read.data)).toBe(must(await t.admin.get(`/api/mod/keeper/${v}`), 200, v).md5);
  }
});
