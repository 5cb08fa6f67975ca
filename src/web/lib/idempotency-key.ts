import { useRef } from 'react';
import { ApiError } from './api-client';

/**
 * Whether the shop may have done what a failed request asked: the answer was lost (network) or the
 * shop failed midway (5xx, 408). Only then is asking again with the same key right: the shop answers
 * the first order instead of placing a second one. Any other answer is definitive, nothing was done,
 * and the next attempt is a new request with a new key.
 */
export function mayHaveSucceeded(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status >= 500;
}

export interface IdempotencyKeys {
  /** Sends one attempt under the current key: a new key after a success or a definitive refusal. */
  run<T>(send: (key: string) => Promise<T>): Promise<T>;
}

/**
 * The keys of one button (BUY NOW, Place order): a fresh key per click, the same key while the user
 * retries a click whose outcome is unknown (until it succeeds or is definitively refused).
 */
export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()): IdempotencyKeys {
  let current: string | null = null;
  return {
    async run(send) {
      current ??= newKey();
      try {
        const result = await send(current);
        current = null;
        return result;
      } catch (error) {
        if (!mayHaveSucceeded(error)) current = null;
        throw error;
      }
    },
  };
}

/** The keys of one form for as long as it is on screen. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const keys = useRef<IdempotencyKeys | null>(null);
  keys.current ??= createIdempotencyKeys();
  return keys.current;
}
