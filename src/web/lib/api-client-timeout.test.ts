import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, REQUEST_TIMEOUT_MS } from './api-client';

// A real server that takes every request and never answers, as a shop behind a dead link: the real
// fetch and the real AbortSignal.timeout run; only the length of our own timer is shortened.
let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => vi.restoreAllMocks());

describe('a call to a shop that never answers', () => {
  it('is given up within the 20 s every action has to end with a message', () => {
    expect(REQUEST_TIMEOUT_MS).toBeGreaterThanOrEqual(10_000);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(18_000);
  });

  it('ends with the "did not answer" message after the timeout', async () => {
    const realTimeout = AbortSignal.timeout.bind(AbortSignal);
    const asked = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => realTimeout(200));
    const started = Date.now();
    const failure = await apiFetch(`${origin}/api/purchase/x`, { method: 'DELETE' }).catch(
      (error: unknown) => error,
    );
    expect(asked).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 0,
      code: 'timeout',
      message: 'The shop did not answer in time. Check your connection and try again.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('says the shop cannot be reached when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(apiFetch(`http://127.0.0.1:${port}/api/part`)).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'Cannot reach the shop. Check your connection and try again.',
    });
  });
});
