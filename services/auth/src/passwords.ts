// Password hashing: bcrypt, as Solder (Laravel) stores them, so that an imported Solder user signs
// in with the password they have. `$2y$` (PHP), `$2a$` and `$2b$` hashes are verified as they are.
// @node-rs/bcrypt runs each hash on libuv's thread pool: a sign-in never blocks the event loop that
// answers every other request's Authenticate (a pure-JavaScript bcrypt would, in 100 ms slices).
// The hashes in flight are bounded, and so are those waiting for a turn: beyond that a password
// is refused at once, untried (BUSY, 429 at the gateway), rather than left to queue in the pool
// until the gateway's deadline (a 503 seconds later) while it starves the pool's other users.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/bcrypt';
import { Sema } from 'async-sema';
import { DepotError } from '@depot/common';

/** `$2y$12$<53 characters>`: the variants PHP, OpenBSD and others write. */
const BCRYPT_HASH = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;

/** Whether `stored` is a bcrypt hash Depot verifies (an imported one is kept only then). */
export const isBcryptHash = (stored: string): boolean => BCRYPT_HASH.test(stored);

/** How much bcrypt work may be under way (BCRYPT_CONCURRENCY) and waiting for a turn (BCRYPT_QUEUE). */
export interface HashingBounds {
  concurrency: number;
  queue: number;
}

export class Passwords {
  /** A hash of a random password, compared when there is no account, so that timing tells nothing. */
  private readonly dummy: Promise<string>;
  private readonly turns: Sema;

  constructor(
    readonly cost: number,
    private readonly bounds: HashingBounds,
  ) {
    this.dummy = hash(randomBytes(16).toString('base64url'), cost);
    this.turns = new Sema(bounds.concurrency);
  }

  /** Runs one bcrypt operation in its turn; BUSY at once when the queue is full. */
  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.turns.tryAcquire() === undefined) {
      if (this.turns.nrWaiting() >= this.bounds.queue) throw new DepotError('BUSY');
      await this.turns.acquire();
    }
    try {
      return await work();
    } finally {
      this.turns.release();
    }
  }

  /** Waits for the dummy hash (done once at start, so that the first sign-in takes no longer). */
  async ready(): Promise<void> {
    await this.dummy;
  }

  hash(password: string): Promise<string> {
    return this.inTurn(() => hash(password, this.cost));
  }

  /**
   * Whether `password` matches `stored`. Without a stored hash (no such user, or no password)
   * the dummy is compared, so every failure costs the same time. A malformed stored hash
   * matches nothing. BUSY, untried, when the queue is full.
   */
  async verify(password: string, stored: string | null): Promise<boolean> {
    const valid = stored !== null && BCRYPT_HASH.test(stored);
    const against = valid ? stored : await this.dummy;
    return this.inTurn(async () => {
      try {
        const matches = await verify(password, against);
        return valid && matches;
      } catch {
        return false;
      }
    });
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
