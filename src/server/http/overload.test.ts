import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/support/test-app';

const blockFor = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // a busy loop: the event loop cannot run anything else meanwhile
  }
};

describe('overload protection', () => {
  it('answers 503 with Retry-After while the event loop lags, and recovers', async () => {
    const t = await createTestApp({ seed: false, env: { MAX_EVENT_LOOP_DELAY_MS: '100' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/part' })).statusCode).toBe(200);
    // Stall the loop repeatedly for a whole sampling period.
    for (let i = 0; i < 6; i++) {
      blockFor(300);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(t.app.eventLoopDelayMs()).toBeGreaterThan(100);
    const shed = await t.app.inject({ method: 'GET', url: '/api/part' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json().error.code).toBe('overloaded');

    let recovered = false;
    for (let attempt = 0; attempt < 30 && !recovered; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      recovered = (await t.app.inject({ method: 'GET', url: '/api/part' })).statusCode === 200;
    }
    expect(recovered).toBe(true);
    await t.close();
  });
});
