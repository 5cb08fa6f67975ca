import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * Passwords found in lists of breached and commonly used ones (zxcvbn-ts's common list, about 50,000),
 * which an attacker tries first: refused at sign-up, reset and change, as NIST SP 800-63B asks.
 * Loaded on first use and kept on the server only.
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(commonDictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';

/**
 * zxcvbn's estimate of how many guesses a password takes, from 0 (too guessable: `aaaaaaaa`,
 * `abcdefgh`, `qwertyui`) to 4. Below this it is refused with zxcvbn's own reason.
 */
const MIN_SCORE = 2;
/** Beyond this many characters the estimate stops growing, and its cost would (it is quadratic). */
const ESTIMATED_LENGTH = 64;

let estimator: ZxcvbnFactory | null = null;

/**
 * Why a new password is too easy to guess, or null when it is not: a common one, or one zxcvbn scores
 * below MIN_SCORE (repeats, sequences, keyboard runs, dates, the account's own name or address, …).
 * Runs on the server only (its dictionaries would weigh on every page), after the rate limits, since
 * it takes a few milliseconds of this thread.
 */
export function weakPasswordReason(password: string, userInputs: string[] = []): string | null {
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
    maxLength: ESTIMATED_LENGTH,
  });
  const { score, feedback } = estimator.check(password, userInputs.filter(Boolean));
  if (score >= MIN_SCORE) return null;
  const why = feedback.warning ?? feedback.suggestions[0] ?? 'It would be guessed quickly.';
  return `This password is too easy to guess. ${why}`;
}
