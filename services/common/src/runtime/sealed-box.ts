// Secrets a service must read back (two-factor secrets, webhook signing secrets) cannot be hashed,
// so they are stored encrypted: AES-256-GCM under a key derived (HKDF-SHA-256) from a setting of
// the operator's (a Kubernetes Secret; `npm start` keeps one under .data/). The associated data
// binds each value to its row: a value copied onto another row does not decrypt. `keyId`, derived
// separately, names the key in stored rows and tells nothing about it.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The shortest key setting accepted: 32 characters (`openssl rand -base64 32` gives 44). */
export const ENCRYPTION_KEY_MIN_LENGTH = 32;
const FORMAT = 'v1';

export class SealedBox {
  private readonly key: Buffer;
  readonly keyId: string;

  /** `setting`: the key, named `name` in messages; `purpose` separates the keys derived from it (`depot <purpose> secrets`). */
  constructor(setting: string, opts: { name: string; purpose: string }) {
    if (setting.length < ENCRYPTION_KEY_MIN_LENGTH) {
      throw new Error(`${opts.name} must be at least ${ENCRYPTION_KEY_MIN_LENGTH} characters`);
    }
    const derive = (info: string, length: number) =>
      Buffer.from(hkdfSync('sha256', Buffer.from(setting, 'utf8'), Buffer.alloc(0), info, length));
    this.key = derive(`depot ${opts.purpose} secrets`, 32);
    this.keyId = derive(`depot ${opts.purpose} key id`, 8).toString('hex');
  }

  /** `v1.<iv>.<ciphertext>.<tag>` (base64url), bound to `binding`. */
  seal(plaintext: string, binding: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(binding, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, iv, body, cipher.getAuthTag()]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plaintext, or an error when the value was not sealed by this key for `binding`. */
  open(sealed: string, binding: string): string {
    const [format, iv, body, tag] = sealed.split('.');
    if (format !== FORMAT || tag === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(binding, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
