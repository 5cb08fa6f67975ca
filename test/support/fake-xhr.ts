import { vi } from 'vitest';

/** One request made through the stand-in XMLHttpRequest, answered by the test. */
export interface FakeUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** The browser reporting that `loaded` of `total` bytes went out. */
  progress(loaded: number, total: number): void;
  respond(status: number, body: unknown): void;
  failNetwork(): void;
  aborted: boolean;
}

/**
 * Replaces the browser's XMLHttpRequest (the network edge, as api-client.test.ts replaces fetch) with
 * one the test answers, so the upload code runs unchanged. Undo with vi.unstubAllGlobals().
 */
export function fakeXhr(): FakeUpload[] {
  const requests: FakeUpload[] = [];
  class FakeXMLHttpRequest extends EventTarget implements FakeUpload {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown;
    aborted = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    send(body: unknown) {
      this.body = body;
      requests.push(this);
    }
    abort() {
      this.aborted = true;
      this.dispatchEvent(new Event('abort'));
      this.dispatchEvent(new Event('loadend'));
    }
    progress(loaded: number, total: number) {
      this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    }
    respond(status: number, body: unknown) {
      this.status = status;
      this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
      this.dispatchEvent(new Event('load'));
      this.dispatchEvent(new Event('loadend'));
    }
    failNetwork() {
      this.dispatchEvent(new Event('error'));
      this.dispatchEvent(new Event('loadend'));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return requests;
}
