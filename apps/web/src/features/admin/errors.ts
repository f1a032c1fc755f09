// Which SPEC §8 "Admin" text a failed admin call shows.
import { AUTH_MESSAGES, TOASTS } from '@goldroute/domain';
import { ApiError } from '../../lib/api-client';

/** The stats answer came back without `data.cacheData` (SPEC §8 "No cache data received"). */
export class NoCacheDataError extends Error {
  constructor() {
    super(TOASTS.noCacheData);
    this.name = 'NoCacheDataError';
  }
}

// Reason phrases for answers that carry neither an error text nor a status text (HTTP/2 sends none).
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const isHttpError = (error: unknown): error is ApiError => error instanceof ApiError && error.status >= 400;

/** "HTTP {status}: {text}": the server's own error text, else the status text. */
export function httpErrorText(error: ApiError): string {
  const text = error.serverError ?? (error.statusText || REASON_PHRASES[error.status] || 'Error');
  return AUTH_MESSAGES.httpError(error.status, text);
}

/** GET /shared/admin/stats failed: an HTTP answer, an answer without cache data, or no answer at all. */
export function statsErrorMessage(error: unknown): string {
  if (isHttpError(error)) return httpErrorText(error);
  // A 2xx that could not be read has no cache data either.
  if (error instanceof NoCacheDataError || (error instanceof ApiError && error.status >= 200)) {
    return TOASTS.noCacheData;
  }
  return TOASTS.cacheStatsFailed;
}

/** GET /shared/admin/get-users failed: an HTTP error answer, or a network error or exception. */
export function usersErrorMessage(error: unknown): string {
  return isHttpError(error) ? TOASTS.usersFetchFailed : TOASTS.usersFetchError;
}

/** The `message` (or `error`) text of a failed call's answer, when the server sent one. */
export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body;
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return error.serverError;
}

/**
 * Add subscription time failed: "Error: {message}" with the server's message, "Failed to add subscription
 * time" for an HTTP failure without one, "Error adding subscription time" for anything else.
 */
export function grantErrorMessage(error: unknown): string {
  if (isHttpError(error)) {
    const message = serverMessageOf(error);
    return message ? TOASTS.errorPrefixed(message) : TOASTS.addTimeFailed;
  }
  return TOASTS.addTimeError;
}
