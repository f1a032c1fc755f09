import { LABELS, UPDATE_PERIOD_SECONDS } from '@goldroute/domain';
import { act, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNAPSHOT_EVENT, type SnapshotEvent } from '@goldroute/domain/api';
import { json, type ApiCall } from '../../test/fake-api';
import { DEMO_DATA_NOTICE } from '../../shared/market/demo-data-notice';
import { NOW_S, defaultHandler, renderTool } from '../../test/tool-harness';
import { TimerBanner, formatCountdown } from './timer-banner';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW_S * 1000);
});
afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

/** The default API, with the server's market source simulated or not. */
const marketSource = (simulated: boolean) => {
  const base = defaultHandler();
  return (call: ApiCall) => (call.path === '/shared/data/market-source' ? json({ simulated }) : base(call));
};

const KAZZAK = { id: 3391, label: 'Kazzak', lastModified: NOW_S - 4320 };
const DRAENOR = { id: 1403, label: 'Draenor', lastModified: NOW_S - 4330 };

/**
 * The default API with the snapshot stream of the region: the test writes events into the open stream;
 * the shown report answers 204.
 */
function liveServer(timerLastModified: number) {
  const base = defaultHandler(timerLastModified);
  const encoder = new TextEncoder();
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  const handler = (call: ApiCall) => {
    if (call.path === '/shared/data/events/us') {
      const body = new ReadableStream<Uint8Array>({ start: (controller) => (stream = controller) });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }
    if (call.path === '/shared/data/shown/us') return new Response(null, { status: 204 });
    return base(call);
  };
  const push = (event: SnapshotEvent, id: string) =>
    stream!.enqueue(
      encoder.encode(`event: ${SNAPSHOT_EVENT}\nid: ${id}\ndata: ${JSON.stringify(event)}\n\n`),
    );
  return { handler, push };
}

describe('data timer banner', () => {
  it('counts down to lastModified + 1 h, ticking every second', async () => {
    renderTool(<TimerBanner region="us" lastModified={NOW_S - 600} />);
    await flush();
    expect(screen.getByTestId('countdown')).toHaveTextContent('50:00');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('countdown')).toHaveTextContent('49:59');
  });

  it('says the next update is imminent once the countdown has passed', async () => {
    renderTool(<TimerBanner region="us" lastModified={NOW_S - UPDATE_PERIOD_SECONDS - 5} />, {
      handler: () => json({ lastModified: NOW_S - UPDATE_PERIOD_SECONDS - 5 }),
    });
    await flush();
    expect(screen.getByTestId('timer-status')).toHaveTextContent(LABELS.nextUpdateImminent);
  });

  it('says so when the timer poll fails', async () => {
    renderTool(<TimerBanner region="us" lastModified={NOW_S} />, {
      handler: () => json({ error: 'down' }, 500),
    });
    expect(await screen.findByText(LABELS.timerError)).toBeInTheDocument();
  });

  it('polls every 60 s; when lastModified changed it dims and reloads after 5 s', async () => {
    let server = NOW_S - 60;
    const reload = vi.fn();
    const { api } = renderTool(<TimerBanner region="us" lastModified={NOW_S - 60} reload={reload} />, {
      handler: () => json({ lastModified: server }),
    });
    await flush();
    expect(api.callsTo('/shared/data/timer/us')).toHaveLength(1);
    expect(screen.queryByTestId('reload-overlay')).not.toBeInTheDocument();
    server = NOW_S + 1;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(api.callsTo('/shared/data/timer/us')).toHaveLength(2);
    expect(screen.getByTestId('reload-overlay')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a snapshot event dims the screen at once, reloads after 5 s, and the shown rows are reported once', async () => {
    const server = liveServer(NOW_S - 3600);
    const reload = vi.fn();
    const first = renderTool(<TimerBanner region="us" lastModified={NOW_S - 3600} reload={reload} />, {
      handler: server.handler,
    });
    await flush();
    const [connect] = first.api.callsTo('/shared/data/events/us');
    expect(connect!.authorization).toBe('Bearer access-1');
    expect(screen.queryByTestId('reload-overlay')).not.toBeInTheDocument();

    server.push({ region: 'us', lastModified: NOW_S, realmsChanged: 80, lateRealms: [KAZZAK] }, 'e1');
    await flush();
    expect(screen.getByTestId('reload-overlay')).toHaveTextContent(
      'New market data is available. Reloading…',
    );
    expect(screen.getByTestId('late-realms')).toHaveTextContent(
      '1 realm has not updated with the last batch: Kazzak (1 h 12 min)',
    );
    // Learned from the stream, not from another poll.
    expect(first.api.callsTo('/shared/data/timer/us')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.api.callsTo('/shared/data/shown/us')).toHaveLength(0);

    // The reloaded page shows the new rows: their snapshot is reported, once.
    first.unmount();
    const reloaded = renderTool(<TimerBanner region="us" lastModified={NOW_S} />, {
      handler: liveServer(NOW_S).handler,
    });
    await flush();
    const shown = reloaded.api.callsTo('/shared/data/shown/us');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ method: 'POST', body: { lastModified: NOW_S } });
    reloaded.unmount();
    const again = renderTool(<TimerBanner region="us" lastModified={NOW_S} />, {
      handler: liveServer(NOW_S).handler,
    });
    await flush();
    expect(again.api.callsTo('/shared/data/shown/us')).toHaveLength(0);
  });

  it('reloads 5 s after the change even while the page around it re-renders every second', async () => {
    const reload = vi.fn();
    /** A parent that re-renders each second and hands the banner a new function each time. */
    function Ticking() {
      const [tick, setTick] = useState(0);
      useEffect(() => {
        const id = window.setInterval(() => setTick((n) => n + 1), 1000);
        return () => window.clearInterval(id);
      }, []);
      return (
        <>
          <span>{tick}</span>
          <TimerBanner region="us" lastModified={NOW_S - 60} reload={() => reload()} />
        </>
      );
    }
    renderTool(<Ticking />, { handler: () => json({ lastModified: NOW_S }) });
    await flush();
    expect(screen.getByTestId('reload-overlay')).toBeInTheDocument();
    // Second by second, so each re-render lands before the next second passes.
    for (let second = 0; second < 5; second++) await act(() => vi.advanceTimersByTimeAsync(1_000));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores a snapshot event older than the data the timer already knows', async () => {
    const server = liveServer(NOW_S);
    renderTool(<TimerBanner region="us" lastModified={NOW_S} />, { handler: server.handler });
    await flush();
    server.push({ region: 'us', lastModified: NOW_S - 3600, realmsChanged: 80, lateRealms: [] }, 'old');
    await flush();
    expect(screen.queryByTestId('reload-overlay')).not.toBeInTheDocument();
  });

  it('names the late realms of the timer with their age', async () => {
    renderTool(<TimerBanner region="us" lastModified={NOW_S} />, {
      handler: () => json({ lastModified: NOW_S, lateRealms: [KAZZAK, DRAENOR] }),
    });
    expect(await screen.findByTestId('late-realms')).toHaveTextContent(
      '2 realms have not updated with the last batch: Draenor (1 h 12 min), Kazzak (1 h 12 min)',
    );
  });

  it('says nothing of late realms when none are late', async () => {
    const { api } = renderTool(<TimerBanner region="us" lastModified={NOW_S} />);
    await flush();
    expect(api.callsTo('/shared/data/timer/us')).toHaveLength(1);
    expect(screen.queryByTestId('late-realms')).not.toBeInTheDocument();
  });

  it('says the data is simulated when the server runs the built-in simulator', async () => {
    renderTool(<TimerBanner region="us" lastModified={NOW_S} />, { handler: marketSource(true) });
    expect(await screen.findByTestId('demo-data-notice')).toHaveTextContent(
      `${DEMO_DATA_NOTICE.lead} ${DEMO_DATA_NOTICE.text}`,
    );
  });

  it('says nothing of demo data on Blizzard data', async () => {
    const { api } = renderTool(<TimerBanner region="us" lastModified={NOW_S} />, {
      handler: marketSource(false),
    });
    await flush();
    expect(api.callsTo('/shared/data/market-source')).toHaveLength(1);
    expect(screen.getByTestId('countdown')).toBeInTheDocument();
    expect(screen.queryByTestId('demo-data-notice')).not.toBeInTheDocument();
  });

  it('formats the countdown', () => {
    expect(formatCountdown(3599)).toBe('59:59');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(-4)).toBe('00:00');
  });
});
