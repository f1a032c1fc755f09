import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
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

/** What the retry loop reads of an answer, whichever client made it. */
interface Answer {
  status: number;
  retryAfter: string | null;
  /** Drops the unread body (a retried or refused answer). */
  discard(): Promise<unknown>;
}

/**
 * One call with a timeout per attempt and backoff on 429 (honouring Retry-After), 5xx and network errors or
 * timeouts. Other statuses (and 304) are returned to the caller as they are. With a gate, every attempt
 * waits for its slot, and a 429 pauses every request through the gate for its Retry-After.
 */
async function withRetry<T>(
  url: string,
  policy: RetryPolicy,
  gate: RequestGate | undefined,
  send: (signal: AbortSignal) => Promise<T>,
  answer: (reply: T) => Answer,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    try {
      await gate?.acquire();
      const reply = await send(AbortSignal.timeout(policy.timeoutMs));
      const { status, retryAfter, discard } = answer(reply);
      if (!retryable(status) || attempt === policy.attempts) return reply;
      await discard();
      const delay = backoff(policy, attempt, retryAfter);
      if (status === 429) gate?.backOff(delay);
      await sleep(delay);
      lastError = new UpstreamError(`HTTP ${status} from ${new URL(url).pathname}`, status);
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

/** fetch through withRetry. A redirect is refused, not followed: the configured host is the only one we call (ASVS 15.3.2). */
export function fetchWithRetry(
  url: string,
  init: RequestInit,
  policy: RetryPolicy = DEFAULT_RETRY,
  gate?: RequestGate,
): Promise<Response> {
  return withRetry(
    url,
    policy,
    gate,
    (signal) => fetch(url, { ...init, redirect: 'error', signal }),
    (res) => ({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      discard: async () => res.body?.cancel(),
    }),
  );
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, still compressed when the server compressed it (content-encoding says how). */
  bytes(): Promise<Uint8Array>;
  discard(): Promise<unknown>;
}

/**
 * A GET whose body is kept as it came over the wire, through withRetry. fetch inflates a gzip body on this
 * thread in small stream steps; a large body read this way is inflated whole where it is used (a realm
 * dump: in the builder thread). Redirects are not followed (undici's request returns them as they are).
 */
export function getRawWithRetry(
  url: string,
  headers: Record<string, string>,
  policy: RetryPolicy = DEFAULT_RETRY,
  gate?: RequestGate,
): Promise<RawAnswer> {
  return withRetry(
    url,
    policy,
    gate,
    async (signal): Promise<RawAnswer> => {
      const res = await request(url, { method: 'GET', headers, signal });
      return {
        status: res.statusCode,
        headers: res.headers,
        bytes: async () => new Uint8Array(await res.body.arrayBuffer()),
        discard: () => res.body.dump(),
      };
    },
    (res) => {
      const retryAfter = res.headers['retry-after'];
      return {
        status: res.status,
        retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
        discard: res.discard,
      };
    },
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
