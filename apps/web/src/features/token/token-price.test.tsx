import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createAuthStore } from '../../lib/auth-store';
import { createSession } from '../../lib/session';
import { deferred, fakeApi, json, type ApiHandler } from '../../test/fake-api';
import { sparklinePoints } from './sparkline';
import { TokenPrice } from './token-price';

const HISTORY = [
  { price: 280000, timestamp: 1 },
  { price: 300000, timestamp: 3 },
  { price: 290000, timestamp: 2 },
];

function renderToken(handler: ApiHandler, region: 'us' | 'eu' = 'us') {
  const fake = fakeApi(handler);
  vi.stubGlobal('fetch', fake.fetch);
  const authStore = createAuthStore(null);
  const session = createSession({ store: authStore, sleep: () => Promise.resolve(), locks: null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient} authStore={authStore} session={session}>
      <TokenPrice region={region} />
    </AppProviders>,
  );
  return fake;
}

const fire = (detail: unknown) =>
  act(() => {
    window.dispatchEvent(new CustomEvent('wowTokenUpdate', { detail }));
  });

afterEach(() => vi.unstubAllGlobals());

describe('header token price', () => {
  it('shows "Loading..." while the price is on its way', async () => {
    const pending = deferred<Response>();
    renderToken(() => pending.promise);
    expect(screen.getByTestId('token-price')).toHaveTextContent('Loading...');
    pending.resolve(json({ price: 1, changePercentage: 0, historicalData: [] }));
    await screen.findByText(/WoW Token: 1g/);
  });

  it('shows "WoW Token: Error" and the toast when the call fails', async () => {
    renderToken(() => json({ error: 'boom' }, 500));
    expect(await screen.findByText('WoW Token: Error')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load token price')).toBeInTheDocument();
  });

  it('shows the price, the coloured change and a 14-day sparkline', async () => {
    renderToken(() => json({ price: 295916.7, changePercentage: -2.345, historicalData: HISTORY }));
    expect(await screen.findByText('WoW Token: 295,916g')).toBeInTheDocument();
    const change = screen.getByTestId('token-change');
    expect(change).toHaveTextContent('-2.3%');
    expect(change).toHaveClass('text-red-300');
    expect(screen.getByTestId('token-sparkline')).toBeInTheDocument();
  });

  it('colours a rise green', async () => {
    renderToken(() => json({ price: 100, changePercentage: 4, historicalData: HISTORY }));
    expect(await screen.findByTestId('token-change')).toHaveClass('text-emerald-300');
    expect(screen.getByTestId('token-change')).toHaveTextContent('+4.0%');
  });

  it('reloads on a wowTokenUpdate event for its own region only', async () => {
    let price = 1000;
    const fake = renderToken((call) =>
      call.path === '/shared/data/token/us'
        ? json({ price: price++, changePercentage: 0, historicalData: [] })
        : json({}, 404),
    );
    await screen.findByText('WoW Token: 1,000g');
    fire({ region: 'eu' });
    fire('eu');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.calls).toHaveLength(1);

    fire({ region: 'us' });
    await screen.findByText('WoW Token: 1,001g');
    expect(fake.calls).toHaveLength(2);
    fire('us');
    await waitFor(() => expect(fake.calls).toHaveLength(3));
  });
});

describe('sparklinePoints', () => {
  it('orders by time and scales into the box', () => {
    const points = sparklinePoints(HISTORY, 100, 20, 0).split(' ');
    expect(points).toEqual(['0.0,20.0', '50.0,10.0', '100.0,0.0']);
  });

  it('draws nothing with fewer than two points', () => {
    expect(sparklinePoints([{ price: 1, timestamp: 1 }], 100, 20)).toBe('');
  });
});
