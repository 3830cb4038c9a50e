import { API_ERROR_CODES, type TApiErrorCode } from '@shared/domain/api-errors';

/**
 * The client talks to the API with types inferred from the shared zod schemas (imported with `import type`,
 * so zod stays out of the browser bundle); the server validates every request and response shape.
 */

/**
 * A failed API call. `code` is an API error code, or `network` when the server could not be reached;
 * `retryAfterSeconds` is the server's Retry-After on a 429, when it sent one.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    readonly retryAfterSeconds?: number,
    /** The whole answer, for refusals that carry more than their code (a save's `entry_changed`). */
    readonly payload?: unknown,
  ) {
    super(`API error ${status}: ${code}`);
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

function errorCodeOf(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null || !('error' in payload)) return 'unknown';
  const { error } = payload as { error: unknown };
  if (typeof error !== 'object' || error === null || !('code' in error)) return 'unknown';
  return String((error as { code: unknown }).code);
}

/** The ApiError of a refused answer: its status, code, Retry-After and the answer itself. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const retryAfter = Number(response.headers.get('Retry-After') ?? Number.NaN);
  const payload: unknown = await response.json().catch(() => null);
  return new ApiError(
    response.status,
    errorCodeOf(payload),
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    payload,
  );
}

export async function apiRequest<T = void>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers: {
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network');
  }
  if (!response.ok) throw await apiErrorOf(response);
  // 202 and 204 (and any other answer without a body) carry no content.
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The translation key for an error, for showing it to a person. */
export function errorMessageKey(error: unknown): `errors.${TApiErrorCode | 'network' | 'unknown'}` {
  const code = error instanceof ApiError ? error.code : 'unknown';
  if (code === 'network') return 'errors.network';
  const known = API_ERROR_CODES.find((c) => c === code);
  return known ? `errors.${known}` : 'errors.unknown';
}
