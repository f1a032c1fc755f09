import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestGate } from './rate-gate';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** First backoff; doubles each retry, with jitter. */
  baseDelayMs: number;
  /** A single request is abandoned (and retried) after this long. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, timeoutMs: 30_000 };

export class UpstreamError extends Error {
  constructor(
    message: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

const retryable = (status: number) => status === 429 || status >= 500;

/**
 * fetch with a timeout per attempt and backoff on 429 (honouring Retry-After), 5xx and network errors or
 * timeouts. Other statuses (and 304) are returned to the caller as they are. With a gate, every attempt
 * waits for its slot, and a 429 pauses every request through the gate for its Retry-After.
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  policy: RetryPolicy = DEFAULT_RETRY,
  gate?: RequestGate,
): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    try {
      await gate?.acquire();
      // A redirect is refused, not followed: the configured host is the only one we call (ASVS 15.3.2).
      const res = await fetch(url, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
      if (!retryable(res.status) || attempt === policy.attempts) return res;
      await res.body?.cancel();
      const delay = backoff(policy, attempt, res.headers.get('retry-after'));
      if (res.status === 429) gate?.backOff(delay);
      await sleep(delay);
      lastError = new UpstreamError(`HTTP ${res.status} from ${new URL(url).pathname}`, res.status);
    } catch (err) {
      lastError = err;
      if (attempt === policy.attempts) break;
      await sleep(backoff(policy, attempt, null));
    }
  }
  throw lastError instanceof UpstreamError
    ? lastError
    : new UpstreamError(
        `${new URL(url).pathname}: ${lastError instanceof Error ? lastError.message : String(lastError)}`,
      );
}

function backoff(policy: RetryPolicy, attempt: number, retryAfter: string | null): number {
  const seconds = retryAfter ? Number(retryAfter) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 60_000);
  const exp = policy.baseDelayMs * 2 ** (attempt - 1);
  return exp / 2 + Math.random() * (exp / 2);
}

/** Reads a JSON body, turning a malformed or truncated one into an UpstreamError. */
export async function readJson<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new UpstreamError(`malformed JSON from ${what}`, res.status);
  }
}
