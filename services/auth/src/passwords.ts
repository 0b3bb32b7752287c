// Password hashing: bcrypt, as Solder (Laravel) stores them, so that an imported Solder user signs
// in with the password they have. `$2y$` (PHP), `$2a$` and `$2b$` hashes are verified as they are.
// @node-rs/bcrypt runs each hash on libuv's thread pool: a sign-in never blocks the event loop that
// answers every other request's Authenticate (a pure-JavaScript bcrypt would, in 100 ms slices).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/bcrypt';

/** `$2y$12$<53 characters>`: the variants PHP, OpenBSD and others write. */
const BCRYPT_HASH = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;

/** Whether `stored` is a bcrypt hash Depot verifies (an imported one is kept only then). */
export const isBcryptHash = (stored: string): boolean => BCRYPT_HASH.test(stored);

export class Passwords {
  /** A hash of a random password, compared when there is no account, so that timing tells nothing. */
  private readonly dummy: Promise<string>;

  constructor(readonly cost: number) {
    this.dummy = hash(randomBytes(16).toString('base64url'), cost);
  }

  /** Waits for the dummy hash (done once at start, so that the first sign-in takes no longer). */
  async ready(): Promise<void> {
    await this.dummy;
  }

  hash(password: string): Promise<string> {
    return hash(password, this.cost);
  }

  /**
   * Whether `password` matches `stored`. Without a stored hash (no such user, or no password)
   * the dummy is compared, so every failure costs the same time. A malformed stored hash
   * matches nothing.
   */
  async verify(password: string, stored: string | null): Promise<boolean> {
    const valid = stored !== null && BCRYPT_HASH.test(stored);
    try {
      const matches = await verify(password, valid ? stored : await this.dummy);
      return valid && matches;
    } catch {
      return false;
    }
  }

  /** A hash made with a lower cost than the configured one (an imported Solder hash, say). */
  needsRehash(stored: string): boolean {
    const cost = BCRYPT_HASH.exec(stored)?.[1];
    return cost !== undefined && Number(cost) < this.cost;
  }
}

/** A password for whoever asks for one to be generated: 144 random bits, 24 characters. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
