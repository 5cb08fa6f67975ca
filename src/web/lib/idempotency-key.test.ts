import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createIdempotencyKeys, mayHaveSucceeded } from './idempotency-key';

/** Keys key-1, key-2, … in the order they are made. */
function numberedKeys() {
  let made = 0;
  return createIdempotencyKeys(() => `key-${++made}`);
}

const networkFailure = new ApiError(0, 'network_error', 'Cannot reach the shop.');
const outOfStock = new ApiError(409, 'out_of_stock', 'Scarce Screen: Only 1 unit left in stock.');

/** One click: the key it was sent with, or the key and the failure. */
async function click(keys: ReturnType<typeof numberedKeys>, outcome?: Error) {
  let sent = '';
  await keys
    .run(async (key) => {
      sent = key;
      if (outcome) throw outcome;
      return 'ok';
    })
    .catch(() => {});
  return sent;
}

describe('idempotency keys of one button', () => {
  it('uses a fresh key for each click that succeeded', async () => {
    const keys = numberedKeys();
    expect(await click(keys)).toBe('key-1');
    expect(await click(keys)).toBe('key-2');
  });

  it('keeps the key while the outcome of a click is unknown, until it succeeds', async () => {
    const keys = numberedKeys();
    expect(await click(keys, networkFailure)).toBe('key-1');
    expect(await click(keys, new ApiError(503, 'unavailable', 'Busy'))).toBe('key-1');
    expect(await click(keys)).toBe('key-1');
    expect(await click(keys)).toBe('key-2');
  });

  it('takes a new key after a definitive refusal (nothing was ordered)', async () => {
    const keys = numberedKeys();
    expect(await click(keys, networkFailure)).toBe('key-1');
    expect(await click(keys, outOfStock)).toBe('key-1');
    expect(await click(keys)).toBe('key-2');
  });

  it('sends a double click under one key', async () => {
    const keys = numberedKeys();
    const sent: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = keys.run(async (key) => {
      sent.push(key);
      await held;
    });
    const second = keys.run(async (key) => {
      sent.push(key);
    });
    release();
    await Promise.all([first, second]);
    expect(sent).toEqual(['key-1', 'key-1']);
  });

  it('passes the answer and the failure on', async () => {
    const keys = numberedKeys();
    await expect(keys.run(async () => 42)).resolves.toBe(42);
    await expect(keys.run(() => Promise.reject(outOfStock))).rejects.toBe(outOfStock);
  });
});

describe('mayHaveSucceeded', () => {
  it('is true for lost answers and server failures, false for the shop’s refusals', () => {
    expect(mayHaveSucceeded(networkFailure)).toBe(true);
    expect(mayHaveSucceeded(new ApiError(502, 'http_error', 'Bad gateway'))).toBe(true);
    expect(mayHaveSucceeded(new ApiError(408, 'timeout', 'Timeout'))).toBe(true);
    expect(mayHaveSucceeded(new TypeError('something odd'))).toBe(true);
    for (const status of [400, 401, 404, 409, 422, 429])
      expect(mayHaveSucceeded(new ApiError(status, 'refused', 'No'))).toBe(false);
  });
});
