// Reads a server-sent event stream from a fetch answer. The parsing itself is eventsource-parser's; this
// only turns the body's bytes into text for it and says when the stream ended.
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type { EventSourceMessage };

export interface EventStreamHandlers {
  onEvent: (message: EventSourceMessage) => void;
  /** The server's `retry:` field: how long to wait before reconnecting, in ms. */
  onRetry?: (ms: number) => void;
  /** A comment line: the server's heartbeat. */
  onComment?: (comment: string) => void;
}

/** Feeds the body to the parser until the server closes it or `signal` aborts (which rejects). */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  { onEvent, onRetry, onComment }: EventStreamHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const parser = createParser({ onEvent, onRetry, onComment });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
