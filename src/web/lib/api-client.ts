import type { ApiErrorBody } from '../../shared/error';

/** A failed API call, carrying the server's message (meant for people) and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Calls our JSON API; any failure (network, status, bad body) becomes an ApiError with a clear message. */
export async function apiFetch<T>(
  path: string,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'Cannot reach the shop. Check your connection and try again.');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const failure = (payload as Partial<ApiErrorBody> | undefined)?.error;
    throw new ApiError(
      response.status,
      failure?.code ?? 'http_error',
      failure?.message ?? `The shop answered with an error (${response.status}). Please try again.`,
      failure?.fields,
    );
  }
  return payload as T;
}
