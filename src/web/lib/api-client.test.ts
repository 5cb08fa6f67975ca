import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api-client';

// The browser's network edge (fetch) is replaced; apiFetch itself is the code under test.
const respond = (status: number, body: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

afterEach(() => vi.restoreAllMocks());

describe('apiFetch', () => {
  it('returns the JSON body of a success', async () => {
    respond(200, [{ _id: '1' }]);
    await expect(apiFetch('/api/part')).resolves.toEqual([{ _id: '1' }]);
  });

  it('sends JSON bodies with the content type', async () => {
    const fetch = respond(201, { success: true });
    await apiFetch('/api/feedback', { method: 'POST', body: { name: 'A' } });
    const [, init] = fetch.mock.calls[0]!;
    expect(init).toMatchObject({ method: 'POST', body: '{"name":"A"}', credentials: 'same-origin' });
    expect((init!.headers as Record<string, string>)['content-type']).toBe('application/json');
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
