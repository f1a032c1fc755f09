// One event stream per browser, however many tabs listen: the tabs elect a leader with a Web Lock, the
// leader holds the stream and forwards each event on a BroadcastChannel. Closing the leader's tab releases
// its lock, and the next tab in line opens the stream, resuming from the last event id it was forwarded.
// Without Web Locks or BroadcastChannel (old browsers, jsdom) every tab holds its own stream.

/** What a stream run gets: where to send events, when to stop, and the last event id already seen. */
export interface StreamRun<T> {
  emit: (message: T, id: string | undefined) => void;
  signal: AbortSignal;
  lastEventId: string | undefined;
}

/** The parts of BroadcastChannel used here. */
export interface TabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface TabCoordination {
  locks: Pick<LockManager, 'request'> | null;
  openChannel: ((name: string) => TabChannel) | null;
}

export interface OneStreamOptions<T> extends TabCoordination {
  /** Lock and channel name: one stream per name. */
  name: string;
  /** Opens the stream and resolves when it has ended for good (its own reconnects are inside). */
  run: (run: StreamRun<T>) => Promise<unknown>;
  /** Every event, whichever tab's stream received it. */
  onMessage: (message: T) => void;
  /** Checks a forwarded message; a tab of another build may send a shape this one does not know. */
  accept: (data: unknown) => T | null;
}

let browser: TabCoordination | undefined;

/** The browser's Web Locks and BroadcastChannel, or null where missing (the same object on every call). */
export function browserTabs(): TabCoordination {
  return (browser ??= findBrowserTabs());
}

function findBrowserTabs(): TabCoordination {
  const locks = typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
  const openChannel =
    typeof BroadcastChannel === 'undefined' ? null : (name: string) => new BroadcastChannel(name);
  return { locks, openChannel };
}

interface Forwarded {
  message: unknown;
  id: string | undefined;
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** Starts listening; the returned function stops (and hands the stream to another tab if this one led). */
export function shareOneStream<T>(options: OneStreamOptions<T>): () => void {
  const { name, locks, openChannel, run, onMessage, accept } = options;
  const controller = new AbortController();
  const { signal } = controller;

  if (!locks || !openChannel) {
    void run({ emit: (message) => onMessage(message), signal, lastEventId: undefined }).catch(() => {});
    return () => controller.abort();
  }

  const channel = openChannel(name);
  let lastEventId: string | undefined;
  channel.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as Partial<Forwarded> | null;
    if (typeof data !== 'object' || data === null || !('message' in data)) return;
    const message = accept(data.message);
    if (message === null) return;
    if (typeof data.id === 'string') lastEventId = data.id;
    onMessage(message);
  });

  const lead = async () => {
    const emit = (message: T, id: string | undefined) => {
      if (id !== undefined) lastEventId = id;
      onMessage(message);
      channel.postMessage({ message, id } satisfies Forwarded);
    };
    await run({ emit, signal, lastEventId }).catch(() => {});
    // Ended for good (refused, signed out): keep the lock, so the other tabs do not each try in turn.
    await untilAborted(signal);
  };
  locks.request(name, { signal }, lead).catch(() => {
    // Stopped while waiting in line.
  });

  return () => {
    controller.abort();
    channel.close();
  };
}
