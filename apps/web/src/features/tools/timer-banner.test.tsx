import { LABELS, UPDATE_PERIOD_SECONDS } from '@goldroute/domain';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
});

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

/** The default API, with the server's market source simulated or not. */
const marketSource = (simulated: boolean) => {
  const base = defaultHandler();
  return (call: ApiCall) => (call.path === '/shared/data/market-source' ? json({ simulated }) : base(call));
};

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
