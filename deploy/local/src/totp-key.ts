// The auth service's TOTP_ENCRYPTION_KEY for `npm start` without one: made once and kept in
// .data/totp-encryption-key (readable by its owner only), so that two-factor secrets stored by
// one run are read by the next. Losing the file means those users set two-factor sign-in up again
// (an administrator resets it); deployments set TOTP_ENCRYPTION_KEY from a secret instead. The
// hooks service's HOOKS_SECRET_KEY is kept the same way (webhook secrets at rest).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_ROOT } from './data-dir';

export const TOTP_KEY_FILE = path.join(DATA_ROOT, 'totp-encryption-key');

/** The key in `file`, made (256 random bits, base64url) when the file does not exist yet. */
/** The hooks service's HOOKS_SECRET_KEY for `npm start` without one, kept the same way. */
export const HOOKS_KEY_FILE = path.join(DATA_ROOT, 'hooks-secret-key');

export function persistentTotpKey(file = TOTP_KEY_FILE): string {
  try {
    const key = fs.readFileSync(file, 'utf8').trim();
    if (key.length < 32) throw new Error(`${file} holds no key of 32 characters or more: remove it or fix it`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    // Another launcher made it meanwhile: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return persistentTotpKey(file);
    throw err;
  }
}
