// An authenticator app for the tests: TOTP codes of a secret (otplib, the wall clock), each step's
// code given once, as the server accepts each once: the current step's, or the next one's (the
// server accepts one step ahead), waiting for the clock when two steps ahead would be needed.
import { generate } from 'otplib';

export class Authenticator {
  private lastStep = -1;

  constructor(readonly secret: string) {}

  async code(): Promise<string> {
    let current = Math.floor(Date.now() / 30_000);
    while (this.lastStep > current) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      current = Math.floor(Date.now() / 30_000);
    }
    const step = Math.max(current, this.lastStep + 1);
    this.lastStep = step;
    return generate({ secret: this.secret, epoch: step * 30 });
  }
}
