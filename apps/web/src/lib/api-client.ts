import { AUTH_MESSAGES } from '@goldroute/domain';

/** A failed call: the HTTP status plus the server's `{ error, code }` when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  accessToken?: string | null;
  signal?: AbortSignal;
}

function errorBody(value: unknown): { error?: string; code?: string } {
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  return {
    error: typeof record.error === 'string' ? record.error : undefined,
    code: typeof record.code === 'string' ? record.code : undefined,
  };
}

/**
 * JSON over fetch with credentials, as every call in SPEC §7 expects.
 * Issue 3 adds the bearer refresh + retry on 401; this is the single place it will go.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.accessToken) headers.Authorization = `Bearer ${options.accessToken}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, AUTH_MESSAGES.networkError);
  }

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      if (response.ok) throw new ApiError(response.status, AUTH_MESSAGES.invalidResponse);
    }
  }

  if (!response.ok) {
    const { error, code } = errorBody(parsed);
    throw new ApiError(
      response.status,
      error ?? AUTH_MESSAGES.httpError(response.status, response.statusText),
      code,
    );
  }
  return parsed as T;
}
