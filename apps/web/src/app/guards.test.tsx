import { ACCESS, GENERIC } from '@goldroute/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paymentsApi, withoutSubscription } from '../features/subscription/test-utils';
import { deferred, fakeApi, json } from '../test/fake-api';
import { makeUser } from '../test/fixtures';
import { renderRoute } from '../test/render-route';

describe('guards while the session is restored on load', () => {
  it('show the loading screen, not a redirect, until a stored session is verified', async () => {
    const answer = deferred<Response>();
    const api = fakeApi(() => answer.promise);
    const { router } = renderRoute('/config', { user: makeUser(), fetch: api.fetch, restore: true });
    expect(await screen.findByRole('heading', { name: GENERIC.loadingTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/config');
    expect(api.calls.map((c) => c.path)).toEqual(['/shared/users/login-with-token']);
    answer.resolve(json({ user: makeUser(), accessToken: 'access-2' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Realm settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/config');
  });

  it('let a remembered visitor straight in', async () => {
    const api = fakeApi(() =>
      json({ accessToken: 'a', refreshToken: 'r', tokenId: 't', user: makeUser({ hasAccess: false }) }),
    );
    const { router } = renderRoute('/subscription', { fetch: api.fetch, restore: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription');
    // One restore call; what follows is the subscription screen loading its prices and the profile.
    const screenCalls = new Set(['/shared/payments/prices', '/shared/users/profile']);
    expect(api.calls.filter((c) => !screenCalls.has(c.path)).map((c) => [c.method, c.path])).toEqual([
      ['POST', '/shared/users/login-remember-me'],
    ]);
    expect(api.calls[0]?.path).toBe('/shared/users/login-remember-me');
  });

  it('send a visitor without a remembered login to /login once the try has failed', async () => {
    const answer = deferred<Response>();
    const { router } = renderRoute('/subscription', {
      fetch: fakeApi(() => answer.promise).fetch,
      restore: true,
    });
    expect(await screen.findByRole('heading', { name: GENERIC.loadingTitle })).toBeInTheDocument();
    answer.resolve(json({ error: 'No remembered login on this device' }, 401));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe(
      '/subscription',
    );
  });
});

describe('a signed-in user without access', () => {
  it.each([
    '/retail-cross-realm-flipping-tool/us',
    '/retail-tsm-list-generator/eu',
    '/retail-cross-realm-dropship-tool/us',
    '/retail-cross-realm-stats/us',
  ])('who opens %s lands on /subscription and is told a subscription is needed', async (path) => {
    const user = withoutSubscription();
    const { router } = renderRoute(path, { user, fetch: paymentsApi(user).fetch });
    await screen.findByRole('heading', { level: 2, name: 'Your subscription' });
    expect(router.state.location.pathname).toBe('/subscription');
    expect(screen.getAllByText(ACCESS.noSubscription)).toHaveLength(1);
  });

  it('who opens /subscription directly is not told so', async () => {
    const user = withoutSubscription();
    renderRoute('/subscription', { user, fetch: paymentsApi(user).fetch });
    await screen.findByRole('heading', { level: 2, name: 'Your subscription' });
    expect(screen.queryByText(ACCESS.noSubscription)).not.toBeInTheDocument();
  });
});
