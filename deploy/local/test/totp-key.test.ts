// The TOTP_ENCRYPTION_KEY `npm start` keeps: made once, readable by its owner only, the same on
// every later start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { persistentTotpKey } from '../src/totp-key';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-totp-key-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('makes a key once, owner-only, and reads the same one after', () => {
  const file = path.join(dir, 'nested', 'totp-encryption-key');
  const key = persistentTotpKey(file);
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(persistentTotpKey(file)).toBe(key);
});

it('refuses a file that holds no key, without printing what it holds', () => {
  const file = path.join(dir, 'totp-encryption-key');
  fs.writeFileSync(file, 'secret-but-short\n');
  expect(() => persistentTotpKey(file)).toThrow(`${file} holds no key of 32 characters or more: remove it or fix it`);
});
