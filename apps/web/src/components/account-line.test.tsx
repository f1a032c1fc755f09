import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRICES, withoutSubscription } from '../features/subscription/test-utils';
import { fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';

// The logo-only header of these pages has no menu, so the page itself must offer a way out.
describe.each([
  ['/subscription', 'Subscription'],
  ['/config', 'Realm settings'],
])('%s for a user without a plan', (path, title) => {
  it('says "Signed in as <email> · Log out", and Log out ends the session and returns to /', async () => {
    const user = withoutSubscription();
    const api = fakeApi((call) => {
      if (call.path === '/shared/payments/prices') return json({ data: PRICES });
      if (call.path === '/shared/users/profile') return json({ user });
      if (call.path === '/shared/users/logout') return json({ message: 'Logged out successfully' });
      if (call.path.startsWith('/shared/data/realms/')) return json([]);
      return json({ error: 'unexpected' }, 500);
    });
    const { router, authStore } = renderRoute(path, { user, fetch: api.fetch });
    await screen.findByRole('heading', { level: 1, name: title });

    const line = await screen.findByText(/^Signed in as/);
    expect(line).toHaveTextContent(/^Signed in as trader@example\.com · Log out$/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(api.callsTo('/shared/users/logout')).toEqual([
      expect.objectContaining({ method: 'POST', body: { tokenId: 'token-1', allDevices: false } }),
    ]);
  });
});
