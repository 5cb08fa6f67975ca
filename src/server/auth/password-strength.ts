import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DomainError } from '#server/lib/domain-errors.ts';
import { Unavailable } from '#server/lib/domain-errors.ts';
import { projectRoot } from '#server/paths.ts';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';

/**
 * zxcvbn's estimate of how many guesses a password takes, from 0 (too guessable: `aaaaaaaa`,
 * `abcdefgh`, `qwertyui`) to 4. Below this it is refused with zxcvbn's own reason.
 */
const MIN_SCORE = 2;
/** A check that has not answered by then fails (the worker is started again for the next one). */
const CHECK_TIMEOUT_MS = 10_000;

const WORKER_FILE = join(projectRoot, 'src', 'server', 'auth', 'password-strength-worker.mjs');

/** The estimate could not be had (its worker failed or stalled): the person may simply try again. */
const strengthUnavailable = () =>
  new Unavailable(
    'busy',
    'We could not check the password just now. Please try again in a few seconds.',
    undefined,
    5,
  );

interface Verdict {
  common: boolean;
  score: number;
  why: string | null;
}

/**
 * Why a new password is too easy to guess, or null: one found in zxcvbn-ts's list of about 50,000
 * common and breached passwords (which an attacker tries first, as NIST SP 800-63B says), or one zxcvbn
 * scores below MIN_SCORE (repeats, sequences, keyboard runs, dates, the account's own name or address…).
 *
 * The estimate runs in a worker thread: loading its dictionaries takes about a second of a core and each
 * estimate tens of milliseconds, which on the event loop stalled every other request (the overload guard
 * then answered 503). The worker starts with the first check and stays, unreferenced, for the next.
 */
export class PasswordStrength {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (verdict: Verdict) => void; reject: (error: DomainError) => void }
  >();

  async weakReason(password: string, userInputs: string[] = []): Promise<string | null> {
    const verdict = await this.check(password, userInputs.filter(Boolean));
    if (verdict.common) return COMMON_PASSWORD_MESSAGE;
    if (verdict.score >= MIN_SCORE) return null;
    return `This password is too easy to guess. ${verdict.why ?? 'It would be guessed quickly.'}`;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private check(password: string, userInputs: string[]): Promise<Verdict> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(strengthUnavailable());
        void this.close();
      }, CHECK_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (verdict) => {
          clearTimeout(timer);
          resolve(verdict);
        },
        reject: (error: DomainError) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      worker.postMessage({ id, password, userInputs });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_FILE);
    worker.unref();
    worker.on('message', ({ id, ...verdict }: Verdict & { id: number }) => {
      this.pending.get(id)?.resolve(verdict);
      this.pending.delete(id);
    });
    const fail = (error: DomainError) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', () => fail(strengthUnavailable()));
    worker.on('exit', () => fail(strengthUnavailable()));
    this.worker = worker;
    return worker;
  }
}
