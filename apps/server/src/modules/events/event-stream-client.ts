// A test's reader of GET /shared/data/events/:region: the real fetch and the parser the web client uses.
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface StreamReader {
  status: number;
  headers: Headers;
  /** The refusal's JSON when the server did not open a stream. */
  refusal: Record<string, unknown> | undefined;
  events: EventSourceMessage[];
  comments: string[];
  retries: number[];
  /** Resolves with the first event (from the start of the stream) that `match` accepts. */
  waitFor(match: (e: EventSourceMessage) => boolean, timeoutMs?: number): Promise<EventSourceMessage>;
  /** Resolves once `count` comment lines have arrived. */
  waitForComments(count: number, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens a stream as a signed-in tool does (bearer token in the header, Last-Event-ID on a reconnect). */
export async function openEventStream(
  baseUrl: string,
  path: string,
  options: { token?: string; lastEventId?: string } = {},
): Promise<StreamReader> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const res = await fetch(`${baseUrl}${path}`, { headers, signal: abort.signal });
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  const parser = createParser({
    onEvent: (e) => (events.push(e), wake()),
    onComment: (c) => (comments.push(c), wake()),
    onRetry: (ms) => retries.push(ms),
  });

  const isStream = res.ok && (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const refusal = isStream ? undefined : ((await res.json()) as Record<string, unknown>);
  const ended = (async () => {
    if (!isStream || !res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // Aborted by close().
    }
  })();

  function until<T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(value);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${what} within ${timeoutMs} ms (events: ${JSON.stringify(events)})`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  return {
    status: res.status,
    headers: res.headers,
    refusal,
    events,
    comments,
    retries,
    waitFor: (match, timeoutMs = 5_000) => until(() => events.find(match), timeoutMs, 'matching event'),
    waitForComments: (count, timeoutMs = 5_000) =>
      until(() => (comments.length >= count ? true : undefined), timeoutMs, `${count} comments`).then(
        () => undefined,
      ),
    ended,
    close: () => abort.abort(),
  };
}
