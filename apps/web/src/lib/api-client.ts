import { AUTH_MESSAGES } from '@goldroute/domain';

/**
 * A failed call: the HTTP status (0 when the server was not reached) plus the server's `{ error, code }`.
 * `message` always holds something to show; `serverError` only the server's own text, so a screen can
 * prefer it and fall back to its own wording (SPEC §8).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly serverError: string | undefined;
  /** The HTTP status text ('' over HTTP/2 and when the server was not reached). */
  readonly statusText: string;
  /** The parsed answer of a failed call, for screens that read more than `error` (SPEC §7 "message"). */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    code?: string,
    serverError?: string,
    details: { statusText?: string; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverError = serverError;
    this.statusText = details.statusText ?? '';
    this.body = details.body;
  }
}

/** The server's own error text of a failed call, if it sent one. */
export function serverErrorOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverError : undefined;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  accessToken?: string | null;
  signal?: AbortSignal;
  /**
   * A binary media type the call also takes, preferred to JSON (the market answers' compact encoding). A
   * successful answer of that type comes back as a BinaryAnswer; anything else is read as JSON as usual.
   */
  binary?: string;
}

/** A successful answer in the binary type a call asked for: its bytes, undecoded. */
export class BinaryAnswer {
  constructor(
    readonly type: string,
    readonly bytes: Uint8Array,
  ) {}
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
 * One JSON call over fetch with credentials, as every call in SPEC §7 expects. Public calls use it
 * directly; guarded calls go through the session (`useSession().request`), which adds the bearer
 * token and the one refresh + retry on an expired access token (see ./session.ts).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: options.binary ? `${options.binary}, application/json;q=0.9` : 'application/json',
  };
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

  const type = response.headers.get('content-type') ?? '';
  if (response.ok && options.binary && type.split(';')[0]!.trim() === options.binary) {
    return new BinaryAnswer(type, new Uint8Array(await response.arrayBuffer())) as T;
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
      error,
      { statusText: response.statusText, body: parsed },
    );
  }
  return parsed as T;
}
