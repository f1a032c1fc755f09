// One tab's connection to GET /shared/data/events/{region}: the bearer token in a header (never in the
// URL), a refresh on an expired token as every guarded call does, and reconnects with a growing delay
// that carry Last-Event-ID so the server can send what was missed.
import { AUTH_MESSAGES, type Region } from '@goldroute/domain';
import { SNAPSHOT_EVENT, snapshotEventSchema, type SnapshotEvent } from '@goldroute/domain/api';
import { ApiError } from '../../../lib/api-client';
import { isAccessTokenExpired } from '../../../lib/session';
import { readEventStream, type EventSourceMessage } from './event-stream';

export const EVENTS_PATH = (region: Region) => `/shared/data/events/${region}`;

/** Reconnect delays: the first retry after `baseMs` (or the server's `retry:`), doubling up to `maxMs`. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;

/** Why a stream stopped for good: the tab stopped it, nobody is signed in, or the server refuses it. */
export type StreamEnd = 'stopped' | 'signed-out' | 'refused';

export interface SnapshotStreamOptions {
  region: Region;
  /** The access token to send now; null when signed out. */
  accessToken: () => string | null;
  /** The session's shared refresh of a refused token; throws when the session is over. */
  refresh: (stale: string) => Promise<string>;
  onSnapshot: (event: SnapshotEvent, id: string | undefined) => void;
  /** The id of the last event this browser has seen, sent on the first connect too. */
  lastEventId?: string;
  signal: AbortSignal;
  fetch?: typeof fetch;
  /** Waits before a reconnect; resolves early when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const id = setTimeout(done, ms);
    function done() {
      clearTimeout(id);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** A refused connect as the session reads refusals: status, code and the server's message. */
async function refusal(response: Response): Promise<ApiError> {
  let body: { error?: unknown; code?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // No JSON: the status alone decides.
  }
  const error = typeof body.error === 'string' ? body.error : undefined;
  const code = typeof body.code === 'string' ? body.code : undefined;
  return new ApiError(response.status, error ?? AUTH_MESSAGES.httpError(response.status, ''), code, error);
}

/** Answers no reconnect can change (no access, no such route on this server): the 60 s poll remains. */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 405, 410]);

/** Delay before reconnect attempt number `failures` (1-based), with jitter so tabs of many users spread. */
export function reconnectDelay(failures: number, baseMs: number): number {
  const exact = Math.min(RECONNECT_MAX_MS, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(exact * (0.75 + Math.random() * 0.25));
}

/** Streams snapshot events until stopped, signed out or refused; every other failure reconnects. */
export async function streamSnapshots(options: SnapshotStreamOptions): Promise<StreamEnd> {
  const { region, signal, onSnapshot } = options;
  const fetchFn = options.fetch ?? fetch;
  const sleep = options.sleep ?? abortableSleep;
  let lastEventId = options.lastEventId;
  let baseMs = RECONNECT_BASE_MS;
  let failures = 0;
  // One refresh between two opened streams: a fresh token refused again is not fixed by another.
  let refreshed = false;

  // Anything received proves the stream works: the next drop waits the shortest delay again.
  const onComment = () => (failures = 0);
  const onEvent = ({ event, id, data }: EventSourceMessage) => {
    failures = 0;
    if (id !== undefined) lastEventId = id;
    if (event !== SNAPSHOT_EVENT) return;
    let parsed;
    try {
      parsed = snapshotEventSchema.safeParse(JSON.parse(data));
    } catch {
      return;
    }
    if (parsed.success && parsed.data.region === region) onSnapshot(parsed.data, id);
  };

  while (!signal.aborted) {
    const token = options.accessToken();
    if (!token) return 'signed-out';
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${token}`,
    };
    if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
    try {
      const response = await fetchFn(EVENTS_PATH(region), {
        headers,
        credentials: 'include',
        cache: 'no-store',
        signal,
      });
      if (response.status === 401 && !refreshed) {
        const error = await refusal(response);
        if (!isAccessTokenExpired(error)) return 'refused';
        refreshed = true;
        try {
          await options.refresh(token);
        } catch {
          return options.accessToken() ? 'refused' : 'signed-out';
        }
        continue;
      }
      if (FINAL_STATUSES.has(response.status)) return 'refused';
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && response.body && type.startsWith('text/event-stream')) {
        refreshed = false;
        await readEventStream(response.body, { onEvent, onComment, onRetry: (ms) => (baseMs = ms) }, signal);
      } else {
        await response.body?.cancel().catch(() => {});
      }
    } catch {
      // Network failure or a dropped stream: reconnect below; a stop ends the loop.
    }
    if (signal.aborted) break;
    failures++;
    await sleep(reconnectDelay(failures, baseMs), signal);
  }
  return 'stopped';
}
