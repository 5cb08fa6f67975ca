import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_UPLOAD_RULE } from '#shared/image-upload-rule.ts';
import { ApiError, REQUEST_TIMEOUT_MS } from '#web/lib/api-client.ts';
import { fakeXhr } from '../../../../../test/support/fake-xhr';
import { uploadImage } from './upload-image';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' });
const url = '/images/uploads/0b9d7a52-6c1e-4f7a-9a53-2f6f8c1d2e3a/product.webp';

describe('uploadImage', () => {
  it('sends the file itself as the body of POST /api/images and reports its progress', async () => {
    const requests = fakeXhr();
    const progress: number[] = [];
    const file = photo();
    const uploaded = uploadImage(file, { onProgress: (sent) => progress.push(sent) });
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', url: '/api/images', body: file });
    expect(request!.headers['content-type']).toBe('image/png');
    request!.progress(50, 200);
    request!.progress(200, 200);
    request!.respond(201, { url });
    await expect(uploaded).resolves.toEqual({ url });
    expect(progress).toEqual([0.25, 1]);
  });

  it('turns the server’s refusal into an ApiError with its message', async () => {
    const requests = fakeXhr();
    const uploaded = uploadImage(photo());
    requests[0]!.respond(400, { error: { code: 'validation_failed', message: IMAGE_UPLOAD_RULE } });
    const error = await uploaded.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: IMAGE_UPLOAD_RULE });
  });

  it('says the rule when a proxy refuses a large file with its own page', async () => {
    const requests = fakeXhr();
    const uploaded = uploadImage(photo());
    requests[0]!.respond(413, '<html>413 Request Entity Too Large</html>');
    await expect(uploaded).rejects.toMatchObject({ status: 413, message: IMAGE_UPLOAD_RULE });
  });

  it('explains a network failure, and stops when aborted', async () => {
    const requests = fakeXhr();
    const lost = uploadImage(photo());
    requests[0]!.failNetwork();
    await expect(lost).rejects.toMatchObject({ status: 0, code: 'network_error' });
    const controller = new AbortController();
    const cancelled = uploadImage(photo(), { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests[1]!.aborted).toBe(true);
  });

  it('stops and says so when nothing goes out or comes back for too long, not while the file is moving', async () => {
    vi.useFakeTimers();
    const requests = fakeXhr();
    const uploaded = uploadImage(photo());
    const outcome = uploaded.catch((failure: unknown) => failure);
    const request = requests[0]!;
    for (let sent = 1; sent <= 4; sent++) {
      vi.advanceTimersByTime(REQUEST_TIMEOUT_MS - 1000);
      request.progress(sent * 50, 200);
    }
    expect(request.aborted).toBe(false);
    vi.advanceTimersByTime(REQUEST_TIMEOUT_MS);
    expect(request.aborted).toBe(true);
    expect(await outcome).toMatchObject({ status: 0, code: 'timeout' });
  });
});
