import type { UploadedImage } from '#shared/contracts/uploaded-image.ts';
import { IMAGE_UPLOAD_RULE } from '#shared/image-upload-rule.ts';
import { ApiError, apiErrorOf, networkError, REQUEST_TIMEOUT_MS, timeoutError } from '#web/lib/api-client.ts';

interface UploadOptions {
  /** Called as the file goes out, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a picture as the request body of `POST /api/images`. XMLHttpRequest rather than fetch: only it
 * reports upload progress. Failures are the same ApiError as every other call. A large picture on a
 * slow line may take long, but never silently: past REQUEST_TIMEOUT_MS without a byte going out or an
 * answer coming back, the upload stops and says the shop did not answer.
 */
export function uploadImage(file: Blob, { onProgress, signal }: UploadOptions = {}): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    let timedOut = false;
    let stall: ReturnType<typeof setTimeout> | undefined;
    const waitForProgress = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        timedOut = true;
        request.abort();
      }, REQUEST_TIMEOUT_MS);
    };
    request.addEventListener('loadend', () => clearTimeout(stall));
    request.open('POST', '/api/images');
    request.setRequestHeader('accept', 'application/json');
    // The server reads what the file is from its bytes; the type only describes it.
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.upload.addEventListener('progress', (event) => {
      waitForProgress();
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status === 201) return resolve(payload as UploadedImage);
      // A proxy in front of the shop may refuse a large body with its own page.
      if (request.status === 413 && !(payload as { error?: unknown } | undefined)?.error)
        return reject(new ApiError(413, 'payload_too_large', IMAGE_UPLOAD_RULE));
      reject(apiErrorOf(request.status, payload));
    });
    request.addEventListener('error', () => reject(networkError()));
    request.addEventListener('abort', () =>
      reject(timedOut ? timeoutError() : new DOMException('The upload was cancelled.', 'AbortError')),
    );
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
    waitForProgress();
  });
}
