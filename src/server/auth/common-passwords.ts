import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords found in lists of breached and commonly used ones (zxcvbn-ts's common list, about 50,000),
 * which an attacker tries first: refused at sign-up, reset and change, as NIST SP 800-63B asks.
 * Loaded on first use and kept on the server only.
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';
