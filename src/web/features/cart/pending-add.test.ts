import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasPendingAdd, rememberPendingAdd, takePendingAdd } from './pending-add';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('the part waiting to be added after signing in', () => {
  it('is taken once, with its laptop', () => {
    rememberPendingAdd({ partId: 'part-1', quantity: 2, laptop: 'lenovo-thinkpad-t480' });
    expect(hasPendingAdd()).toBe(true);
    expect(takePendingAdd()).toEqual({ partId: 'part-1', quantity: 2, laptop: 'lenovo-thinkpad-t480' });
    expect(hasPendingAdd()).toBe(false);
    expect(takePendingAdd()).toBeNull();
  });

  it('is dropped after half an hour', () => {
    vi.useFakeTimers();
    rememberPendingAdd({ partId: 'part-1', quantity: 1 });
    vi.advanceTimersByTime(31 * 60_000);
    expect(takePendingAdd()).toBeNull();
    expect(hasPendingAdd()).toBe(false);
  });

  it('ignores what it did not write', () => {
    for (const raw of [
      'not json',
      JSON.stringify({ partId: '', quantity: 1, at: Date.now() }),
      JSON.stringify({ partId: 'p', quantity: 0, at: Date.now() }),
      JSON.stringify({ partId: 'p', quantity: 1.5, at: Date.now() }),
      JSON.stringify({ partId: { $ne: 1 }, quantity: 1, at: Date.now() }),
      JSON.stringify({ partId: 'p', quantity: 1 }),
    ]) {
      sessionStorage.setItem('rtp:add-after-sign-in', raw);
      expect(takePendingAdd(), raw).toBeNull();
    }
  });
});
