import { PLAN_LABELS, TOASTS } from '@goldroute/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import {
  PERIOD_END,
  PERIOD_END_TEXT,
  PRICES,
  paymentsApi,
  providerSubscription,
  subscriber,
} from './test-utils';
import { confirmChange } from './subscription-page-test-utils';

const card = (plan: string) => screen.getByRole('article', { name: plan });
const cardButton = (plan: string) => within(card(plan)).getByRole('button');
const status = () => screen.getByTestId('subscription-status');

/** The period end the server reports once it answers again: a month after the one the change returned. */
const LATER_END = PERIOD_END + 31 * 86400;

describe('subscription screen: a change of plan whose profile reload fails', () => {
  it('keeps showing the new plan, never the no-plan fallback, and retries the reload', async () => {
    const user = subscriber('basic-m');
    // After the change the server is briefly unreachable for the profile and the prices.
    let down = false;
    const api = paymentsApi(
      user,
      {
        '/shared/payments/change-subscription': () => {
          down = true;
          api.state.user = subscriber('adv-m', {
            stripeSubscription: providerSubscription('adv-m', {
              items: { data: [{ price: { id: 'adv-m' }, current_period_end: LATER_END }] },
            }),
          });
          return json(providerSubscription('adv-m'));
        },
        '/shared/users/profile': () => (down ? json({ error: 'down' }, 503) : json({ user: api.state.user })),
      },
      () => (down ? json({ error: 'down' }, 503) : json({ data: PRICES })),
    );
    renderRoute('/subscription', { user, fetch: api.fetch });
    await screen.findByRole('heading', { level: 2, name: 'Your subscription' });

    const ue = userEvent.setup();
    await ue.click(cardButton('Advanced'));
    await confirmChange(ue);
    expect(await screen.findByText(TOASTS.changeSuccess)).toBeInTheDocument();
    expect(await screen.findByText(TOASTS.profileRefreshFailed)).toBeInTheDocument();
    await waitFor(() => expect(cardButton('Basic')).toBeEnabled());

    // What the change returned: Advanced is the plan now, on both cards and in the summary.
    expect(screen.queryByText(TOASTS.pricesFailed)).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(cardButton('Advanced')).toHaveTextContent(/^Current Plan$/);
    expect(cardButton('Basic')).toHaveTextContent(/^Downgrade to Basic$/);
    expect(status()).toHaveTextContent('Advanced·$9.99 / month');
    expect(status()).toHaveTextContent(`Renews on ${PERIOD_END_TEXT}`);
    expect(screen.queryByRole('button', { name: PLAN_LABELS.subscribeNow })).not.toBeInTheDocument();

    // The server is back: the reload is tried again without the user doing anything.
    down = false;
    await waitFor(() => expect(status()).toHaveTextContent('Renews on December 25, 2099'), { timeout: 5000 });
    expect(cardButton('Advanced')).toHaveTextContent(/^Current Plan$/);
  });
});
