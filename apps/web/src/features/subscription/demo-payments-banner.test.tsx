import { DEMO_PAYMENTS_META } from '@goldroute/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';

const BANNER = 'Demo payments: nothing is charged. Subscriptions here are free test subscriptions.';

/** The tag the server puts in the page's head when production runs the demo payment provider. */
function servedWithDemoPayments() {
  const meta = document.createElement('meta');
  meta.name = DEMO_PAYMENTS_META;
  meta.content = 'true';
  document.head.append(meta);
}

afterEach(() =>
  document.head.querySelectorAll(`meta[name="${DEMO_PAYMENTS_META}"]`).forEach((m) => m.remove()),
);

describe('demo payments banner', () => {
  it.each([
    ['/', undefined],
    ['/login', undefined],
    ['/subscription', makeUser({ hasAccess: false })],
    ['/no/such/page', undefined],
  ])('tops %s when the server runs demo payments in production', async (path, user) => {
    servedWithDemoPayments();
    renderRoute(path, { user, fetch: fakeApi(() => json({ error: 'unavailable' }, 503)).fetch });
    expect(await screen.findByTestId('demo-payments-banner')).toHaveTextContent(BANNER);
    // First in the page, above every layout's header.
    expect(document.body.querySelector('p, header, main')).toBe(screen.getByTestId('demo-payments-banner'));
  });

  it('is absent on a page served without the tag (Stripe, or demo payments outside production)', async () => {
    renderRoute('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText(/Demo payments:/)).not.toBeInTheDocument();
  });
});
