// .data/stack.json: how `npm start` tells the admin CLI of its checkout where the stack runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  localStackFile,
  readLocalStack,
  removeLocalStack,
  writeLocalStack,
  type LocalStack,
} from '../src/process/local-stack';
import { storeDir } from '../src/archive-store/settings';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-local-stack-'));
  file = path.join(dir, '.data', 'stack.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const stack = (pid: number): LocalStack => ({
  pid,
  gatewayUrl: 'http://127.0.0.1:8080',
  grpc: { catalog: '127.0.0.1:41001', builds: '127.0.0.1:41002', auth: '127.0.0.1:41003' },
  databases: {
    catalog: 'postgres://postgres@127.0.0.1:5432/depot_catalog',
    builds: 'postgres://postgres@127.0.0.1:5432/depot_builds',
    auth: 'postgres://postgres@127.0.0.1:5432/depot_auth',
  },
  eventsNamespace: 'depot',
  startedAt: '2026-05-01T10:00:00.000Z',
});

test("by default, the checkout's .data/stack.json, where deploy/local writes it", () => {
  // The checkout: the folder whose package.json lists the workspaces (services/common among them).
  const checkout = path.resolve(__dirname, '..', '..', '..');
  expect(JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')).workspaces).toContain(
    'services/common',
  );
  expect(localStackFile({})).toBe(path.join(checkout, '.data', 'stack.json'));
  expect(localStackFile({ DEPOT_LOCAL_STACK_FILE: '/elsewhere/stack.json' })).toBe('/elsewhere/stack.json');
  // The fs store's default folder is decided from the same place, not from the working directory.
  expect(storeDir({})).toBe(path.join(checkout, '.data', 'archives'));
  expect(storeDir({ ARCHIVE_STORE_DIR: 'rel' })).toBe(path.resolve('rel'));
});

/** The id of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

test('absent, then running (readable by its owner only), then gone once its writer removes it', () => {
  expect(readLocalStack(file)).toEqual({ state: 'none', file });
  writeLocalStack(stack(process.pid), file);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(readLocalStack(file)).toEqual({ state: 'running', file, stack: stack(process.pid) });
  expect(fs.readdirSync(path.dirname(file))).toEqual(['stack.json']);
  removeLocalStack(file, process.pid);
  expect(readLocalStack(file)).toEqual({ state: 'none', file });
});

test('a file whose launcher has exited is stale; unreadable content is stale too', () => {
  const pid = deadPid();
  writeLocalStack(stack(pid), file);
  expect(readLocalStack(file)).toEqual({ state: 'stale', file, pid });
  fs.writeFileSync(file, '{"pid":');
  expect(readLocalStack(file)).toEqual({ state: 'stale', file, pid: 0 });
});

test("a launcher never removes another running launcher's file", () => {
  writeLocalStack(stack(process.pid), file);
  removeLocalStack(file, deadPid());
  expect(readLocalStack(file).state).toBe('running');
});
