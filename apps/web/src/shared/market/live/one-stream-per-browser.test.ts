import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareOneStream, type StreamRun, type TabCoordination } from './one-stream-per-browser';

/**
 * Web Locks as the browser grants them for this use: one holder per name, the others in line in order of
 * asking, a waiter whose signal aborts leaves the line.
 */
function fakeLocks(): Pick<LockManager, 'request'> {
  const tails = new Map<string, Promise<unknown>>();
  const request = (name: string, options: LockOptions, callback: LockGrantedCallback<unknown>) => {
    const previous = tails.get(name) ?? Promise.resolve();
    const granted = previous.then(() => {
      if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      return callback({ name, mode: 'exclusive' } as Lock);
    });
    tails.set(
      name,
      granted.catch(() => {}),
    );
    return granted;
  };
  return { request: request as LockManager['request'] };
}

const channels: BroadcastChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

/** A tab: its own BroadcastChannel instances (as a real tab has), the browser's shared locks. */
function openTab(locks: Pick<LockManager, 'request'> | null) {
  const runs: StreamRun<string>[] = [];
  const received: string[] = [];
  const tabs: TabCoordination = {
    locks,
    openChannel: (name) => {
      const channel = new BroadcastChannel(name);
      channels.push(channel);
      return channel;
    },
  };
  const stop = shareOneStream<string>({
    name: 'goldroute-events-us',
    ...tabs,
    run: (run) => {
      runs.push(run);
      return new Promise((resolve) => run.signal.addEventListener('abort', resolve));
    },
    onMessage: (message) => received.push(message),
    accept: (data) => (typeof data === 'string' ? data : null),
  });
  return { runs, received, stop };
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));

describe('one stream per browser', () => {
  it('the first tab leads and forwards its events to the other tab, which opens no stream', async () => {
    const locks = fakeLocks();
    const first = openTab(locks);
    const second = openTab(locks);
    await until(() => first.runs.length === 1);
    first.runs[0]!.emit('snapshot 1', 'id-1');
    await until(() => second.received.length === 1);
    expect(first.received).toEqual(['snapshot 1']);
    expect(second.received).toEqual(['snapshot 1']);
    expect(second.runs).toHaveLength(0);
    first.stop();
    second.stop();
  });

  it('when the leading tab closes, the next one opens the stream from the last event id', async () => {
    const locks = fakeLocks();
    const first = openTab(locks);
    const second = openTab(locks);
    await until(() => first.runs.length === 1);
    first.runs[0]!.emit('snapshot 1', 'id-1');
    await until(() => second.received.length === 1);

    first.stop();
    expect(first.runs[0]!.signal.aborted).toBe(true);
    await until(() => second.runs.length === 1);
    expect(second.runs[0]!.lastEventId).toBe('id-1');
    second.runs[0]!.emit('snapshot 2', 'id-2');
    expect(second.received).toEqual(['snapshot 1', 'snapshot 2']);
    // The closed tab hears nothing more.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(first.received).toEqual(['snapshot 1']);
    second.stop();
  });

  it('a tab that stops while waiting in line never opens a stream', async () => {
    const locks = fakeLocks();
    const first = openTab(locks);
    const second = openTab(locks);
    const third = openTab(locks);
    await until(() => first.runs.length === 1);
    second.stop();
    first.stop();
    await until(() => third.runs.length === 1);
    expect(second.runs).toHaveLength(0);
    third.stop();
  });

  it('drops forwarded messages it does not understand', async () => {
    const locks = fakeLocks();
    const first = openTab(locks);
    const second = openTab(locks);
    await until(() => first.runs.length === 1);
    const stranger = new BroadcastChannel('goldroute-events-us');
    channels.push(stranger);
    stranger.postMessage({ message: 42, id: 'x' });
    stranger.postMessage('raw');
    first.runs[0]!.emit('snapshot 1', 'id-1');
    await until(() => second.received.length === 1);
    expect(second.received).toEqual(['snapshot 1']);
    first.stop();
    second.stop();
  });

  it('without Web Locks every tab holds its own stream', async () => {
    const first = openTab(null);
    const second = openTab(null);
    expect(first.runs).toHaveLength(1);
    expect(second.runs).toHaveLength(1);
    first.runs[0]!.emit('snapshot 1', 'id-1');
    expect(first.received).toEqual(['snapshot 1']);
    expect(second.received).toEqual([]);
    first.stop();
    second.stop();
    expect(first.runs[0]!.signal.aborted).toBe(true);
  });
});
