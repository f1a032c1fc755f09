import { POST_CHECKOUT_RELOAD_MS, TOASTS } from '@goldroute/domain';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { paymentsApi, subscriber, withoutSubscription } from './test-utils';

const RETURN_URL = '/subscription?checkout_success=true&session_id=cs_demo_1';

/** Moves the fake clock and lets every promise and render it unblocks settle. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('checkout return on /subscription', () => {
  beforeEach(() => {
    // Timers only: React and the test library keep their real scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('removes the query at once, syncs the checkout, reloads the profile after 2000 ms and welcomes once (StrictMode)', async () => {
    const waiting = withoutSubscription();
    const api = paymentsApi(waiting, {
      '/shared/payments/sync-checkout': () => {
        api.state.user = subscriber('basic-m');
        return json({ status: 'complete' });
      },
    });
    const { router, authStore } = renderRoute(RETURN_URL, { user: waiting, fetch: api.fetch, strict: true });
    await advance(10);

    expect(router.state.location.pathname).toBe('/subscription');
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.callsTo('/shared/payments/sync-checkout')).toEqual([
      expect.objectContaining({ method: 'POST', body: { sessionId: 'cs_demo_1' } }),
    ]);
    expect(screen.getByText(/Confirming your payment/)).toBeInTheDocument();

    await advance(POST_CHECKOUT_RELOAD_MS - 50);
    expect(api.callsTo('/shared/users/profile')).toHaveLength(0);
    expect(authStore.getState().userData?.hasAccess).toBe(false);

    await advance(100);
    expect(api.callsTo('/shared/users/profile')).toHaveLength(1);
    expect(authStore.getState().userData?.hasAccess).toBe(true);
    expect(screen.getAllByText(TOASTS.subscriptionWelcome)).toHaveLength(1);
    expect(screen.queryByText(/Confirming your payment/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Access tools/ })).toBeInTheDocument();

    await advance(10_000);
    expect(api.callsTo('/shared/payments/sync-checkout')).toHaveLength(1);
    expect(api.callsTo('/shared/users/profile')).toHaveLength(1);
  });

  it('still reloads the profile when the sync call fails, and welcomes only a user who has access', async () => {
    const waiting = withoutSubscription();
    const api = paymentsApi(waiting, {
      '/shared/payments/sync-checkout': () => json({ error: 'Unknown checkout session' }, 404),
    });
    renderRoute(RETURN_URL, { user: waiting, fetch: api.fetch });
    await advance(POST_CHECKOUT_RELOAD_MS + 50);
    expect(api.callsTo('/shared/users/profile')).toHaveLength(1);
    expect(screen.queryByText(TOASTS.subscriptionWelcome)).not.toBeInTheDocument();
  });

  it('reloads the page when the profile cannot be reloaded', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const waiting = withoutSubscription();
    const api = paymentsApi(waiting, {
      '/shared/payments/sync-checkout': () => json({ status: 'complete' }),
      '/shared/users/profile': () => json({ error: 'down' }, 503),
    });
    renderRoute(RETURN_URL, { user: waiting, fetch: api.fetch });
    await advance(POST_CHECKOUT_RELOAD_MS - 50);
    expect(reload).not.toHaveBeenCalled();
    await advance(100);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(TOASTS.subscriptionWelcome)).not.toBeInTheDocument();
  });

  it('welcomes a user whose access came before the page loaded (demo provider, fast webhook)', async () => {
    const user = subscriber('basic-m');
    const api = paymentsApi(user, { '/shared/payments/sync-checkout': () => json({ status: 'complete' }) });
    const { router } = renderRoute(RETURN_URL, { user, fetch: api.fetch, strict: true });
    await advance(10);
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText(TOASTS.subscriptionWelcome)).not.toBeInTheDocument();
    await advance(POST_CHECKOUT_RELOAD_MS * 2);
    expect(api.callsTo('/shared/payments/sync-checkout')).toHaveLength(1);
    expect(screen.getAllByText(TOASTS.subscriptionWelcome)).toHaveLength(1);
  });

  it('a return without a session id only removes the query', async () => {
    const waiting = withoutSubscription();
    const api = paymentsApi(waiting);
    const { router } = renderRoute('/subscription?checkout_success=true', {
      user: waiting,
      fetch: api.fetch,
    });
    await advance(POST_CHECKOUT_RELOAD_MS * 2);
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('/shared/payments/sync-checkout')).toHaveLength(0);
    expect(screen.queryByText(TOASTS.subscriptionWelcome)).not.toBeInTheDocument();
  });

  it('keeps other query parameters', async () => {
    const waiting = withoutSubscription();
    const api = paymentsApi(waiting, { '/shared/payments/sync-checkout': () => json({ status: 'open' }) });
    const { router } = renderRoute(`${RETURN_URL}&ref=mail`, { user: waiting, fetch: api.fetch });
    await advance(10);
    expect(router.state.location.search).toBe('?ref=mail');
  });
});
