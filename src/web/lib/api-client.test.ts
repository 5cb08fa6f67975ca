import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, apiFetchPage, pagedListPath, requestHeaders } from './api-client';

// The browser's network edge (fetch) is replaced; apiFetch itself is the code under test.
const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers }),
    );

afterEach(() => vi.restoreAllMocks());

describe('apiFetch', () => {
  it('returns the JSON body of a success', async () => {
    respond(200, [{ _id: '1' }]);
    await expect(apiFetch('/api/part')).resolves.toEqual([{ _id: '1' }]);
  });

  it('asks every time, whatever a shared cache may keep', async () => {
    const fetch = respond(200, []);
    await apiFetch('/api/part');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET', cache: 'no-cache' });
  });

  it('sends JSON bodies with the content type', async () => {
    const fetch = respond(201, { success: true });
    await apiFetch('/api/feedback', { method: 'POST', body: { name: 'A' } });
    const [, init] = fetch.mock.calls[0]!;
    expect(init).toMatchObject({ method: 'POST', body: '{"name":"A"}', credentials: 'same-origin' });
    expect((init!.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('sends the caller’s headers along with its own', async () => {
    const fetch = respond(201, { order: {} });
    await apiFetch('/api/checkout', {
      method: 'POST',
      body: { shippingAddress: {} },
      headers: { 'Idempotency-Key': 'key-123456' },
    });
    const [, init] = fetch.mock.calls[0]!;
    expect(init!.headers).toEqual({
      'idempotency-key': 'key-123456',
      accept: 'application/json',
      'content-type': 'application/json',
    });
  });

  it('turns the server error format into an ApiError with its message and fields', async () => {
    respond(400, {
      error: { code: 'validation_failed', message: 'Name is required', fields: { name: 'Name is required' } },
    });
    const error = await apiFetch('/api/feedback').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Name is required',
      fields: { name: 'Name is required' },
    });
  });

  it('explains a failure whose body is not our format', async () => {
    respond(502, '<html>Bad gateway</html>');
    await expect(apiFetch('/api/part')).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('502'),
    });
  });

  it('explains a network failure', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/part')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('apiFetchPage', () => {
  it('answers the page and the total of all pages from X-Total-Count', async () => {
    const fetch = respond(200, [{ _id: '1' }, { _id: '2' }], { 'X-Total-Count': '42' });
    await expect(apiFetchPage('/api/part?page=2')).resolves.toEqual({
      data: [{ _id: '1' }, { _id: '2' }],
      total: 42,
    });
    expect(fetch.mock.calls[0]![0]).toBe('/api/part?page=2');
  });

  it('counts the page itself when the header is missing or not a count', async () => {
    respond(200, [{ _id: '1' }]);
    await expect(apiFetchPage('/api/part')).resolves.toEqual({ data: [{ _id: '1' }], total: 1 });
    vi.restoreAllMocks();
    respond(200, [{ _id: '1' }], { 'X-Total-Count': 'many' });
    await expect(apiFetchPage('/api/part')).resolves.toMatchObject({ total: 1 });
  });

  it('fails the same way as apiFetch, and on a body that is not a list', async () => {
    respond(400, { error: { code: 'validation_failed', message: 'Sort by one of price' } });
    await expect(apiFetchPage('/api/part?sort=x')).rejects.toMatchObject({
      status: 400,
      message: 'Sort by one of price',
    });
    vi.restoreAllMocks();
    respond(200, { not: 'a list' });
    await expect(apiFetchPage('/api/part')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('requestHeaders', () => {
  it('keeps JSON whatever the caller says, in any spelling', () => {
    expect(
      requestHeaders({ Accept: 'text/html', 'Content-Type': 'text/plain', 'X-Extra': '1' }, true),
    ).toEqual({ accept: 'application/json', 'content-type': 'application/json', 'x-extra': '1' });
  });

  it('says nothing of a content type without a body', () => {
    expect(requestHeaders({ 'content-type': 'text/plain' }, false)).toEqual({ accept: 'application/json' });
    expect(requestHeaders()).toEqual({ accept: 'application/json' });
  });

  it('sends one header once when the caller spells it twice (the last wins)', () => {
    expect(requestHeaders({ 'Idempotency-Key': 'a-12345678', 'idempotency-key': 'b-12345678' })).toEqual({
      'idempotency-key': 'b-12345678',
      accept: 'application/json',
    });
  });
});

describe('a call the shop never answers', () => {
  it('gives up after its time with a clear message, instead of waiting for ever', async () => {
    // The clock of the platform's timeout is shortened; fetch never answers, as a hung server.
    vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), 10);
      return controller.signal;
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    await expect(apiFetch('/api/purchase/x', { method: 'DELETE' })).rejects.toMatchObject({
      status: 0,
      code: 'timeout',
      message: 'The shop did not answer in time. Check your connection and try again.',
    });
  });

  it('still lets the caller cancel it', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const call = apiFetch('/api/part', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('pagedListPath', () => {
  it('keeps the filters that are set, then asks for the page and its size', () => {
    expect(pagedListPath('/api/orders', { status: 'paid', q: '' }, { page: 2, limit: 50 })).toBe(
      '/api/orders?status=paid&page=2&limit=50',
    );
    expect(pagedListPath('/api/user', { search: 'a&b@x' }, { page: 1, limit: 50 })).toBe(
      '/api/user?search=a%26b%40x&page=1&limit=50',
    );
    expect(pagedListPath('/api/returns', { status: undefined }, { page: 1, limit: 10 })).toBe(
      '/api/returns?page=1&limit=10',
    );
  });
});
