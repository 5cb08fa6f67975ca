import { Unavailable } from '#server/lib/domain-errors.ts';

/**
 * How long a request may wait for its turn to check a password before it is answered 503: a burst of
 * twenty sign-ins at one check at a time (a quarter of a second each) still goes through.
 */
const MAX_WAIT_MS = 5_000;
/** Requests that may wait for a turn, per turn that may run at once. */
const WAITING_PER_TURN = 16;

export const passwordChecksBusy = () =>
  new Unavailable(
    'busy',
    'Too many people are signing in right now. Please try again in a few seconds.',
    undefined,
    2,
  );

/**
 * Bounds the password hashing (scrypt, in libuv's four-thread pool) that may run at once. A flood of
 * sign-ins otherwise fills that pool, and everything else that needs it — file reads, compression —
 * waits behind the flood. A short line waits its turn; past it, or after MAX_WAIT_MS in it, the request
 * is answered 503 with Retry-After at once.
 */
export class PasswordGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly atOnce: number) {}

  /** 503 at once when the line is full: the caller skips the work it would do before waiting. */
  assertRoom(): void {
    if (this.running >= this.atOnce && this.waiting.length >= this.atOnce * WAITING_PER_TURN)
      throw passwordChecksBusy();
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  private enter(): Promise<void> {
    if (this.running < this.atOnce) {
      this.running++;
      return Promise.resolve();
    }
    try {
      this.assertRoom();
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(passwordChecksBusy());
      }, MAX_WAIT_MS);
      this.waiting.push(turn);
    });
  }

  /** The turn passes straight to the next in line (running stays the same), or is given back. */
  private leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
