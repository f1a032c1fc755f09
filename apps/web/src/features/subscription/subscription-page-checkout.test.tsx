import { PLAN_LABELS, TOASTS } from '@goldroute/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json } from '../../test/fake-api';
import {
  PREVIEW,
  PRICES,
  paymentsApi,
  providerSubscription,
  subscriber,
  withoutSubscription,
} from './test-utils';
import {
  openSubscription,
  cardButton,
  confirmChange,
  status,
  stubLocation,
} from './subscription-page-test-utils';

describe('subscription screen: subscribe and change plan', () => {
  it('subscribes: Processing... on the clicked card, every plan button disabled, then the checkout URL', async () => {
    const { assign } = stubLocation();
    const checkout = deferred<Response>();
    const user = withoutSubscription();
    const api = paymentsApi(user, { '/shared/payments/checkout': () => checkout.promise });
    const { ue } = await openSubscription(api, user);

    await ue.click(cardButton('Advanced'));
    expect(cardButton('Advanced')).toHaveTextContent(/^Processing\.\.\.$/);
    expect(cardButton('Advanced')).toBeDisabled();
    expect(cardButton('Basic')).toHaveTextContent(/^Subscribe now$/);
    expect(cardButton('Basic')).toBeDisabled();
    expect(api.callsTo('/shared/payments/checkout')).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { priceId: 'adv-m' },
        authorization: 'Bearer access-1',
      }),
    ]);

    checkout.resolve(json({ paymentSessionUrl: '/demo-checkout/cs_demo_x' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/demo-checkout/cs_demo_x'));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('subscribes to the yearly price chosen with the toggle, to an absolute provider URL', async () => {
    const { assign } = stubLocation();
    const user = withoutSubscription();
    const url = 'https://checkout.stripe.com/c/pay/cs_live_1';
    const api = paymentsApi(user, { '/shared/payments/checkout': () => json({ paymentSessionUrl: url }) });
    const { ue } = await openSubscription(api, user);
    await ue.click(screen.getByRole('button', { name: 'Yearly' }));
    await ue.click(cardButton('Basic'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(api.callsTo('/shared/payments/checkout')[0]?.body).toEqual({ priceId: 'basic-y' });
  });

  it.each([
    [
      'the server error text',
      json({ error: 'Payments are not configured' }, 503),
      'Payments are not configured',
    ],
    ['"Failed to initiate checkout" without one', json({}, 500), TOASTS.checkoutFailed],
  ])('a failed checkout toasts %s and frees the buttons', async (_name, response, message) => {
    const { assign } = stubLocation();
    const user = withoutSubscription();
    const api = paymentsApi(user, { '/shared/payments/checkout': () => response });
    const { ue } = await openSubscription(api, user);
    await ue.click(cardButton('Basic'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(cardButton('Basic')).toHaveTextContent(/^Subscribe now$/);
    expect(cardButton('Basic')).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('changes plan: POST change-subscription, success toast, profile reloaded with the new plan', async () => {
    const user = subscriber('basic-m');
    const api = paymentsApi(user, {
      '/shared/payments/change-subscription': (call) => {
        api.state.user = subscriber('adv-m');
        return json(providerSubscription(String((call.body as { newPriceId: string }).newPriceId)));
      },
    });
    const { ue, authStore } = await openSubscription(api, user);
    await ue.click(cardButton('Advanced'));
    await confirmChange(ue);
    expect(await screen.findByText(TOASTS.changeSuccess)).toBeInTheDocument();
    // The change carries the preview's date, so the charge is the figure the dialog showed.
    expect(api.callsTo('/shared/payments/change-subscription')).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { newPriceId: 'adv-m', prorationDate: PREVIEW.prorationDate },
      }),
    ]);
    await waitFor(() => expect(cardButton('Advanced')).toHaveTextContent(/^Current Plan$/));
    expect(cardButton('Basic')).toHaveTextContent(/^Downgrade to Basic$/);
    expect(api.callsTo('/shared/users/profile')).toHaveLength(2);
    expect(authStore.getState().userData?.stripeSubscription?.items.data[0]?.price.id).toBe('adv-m');
    expect(within(status()).getByText('Advanced')).toBeInTheDocument();
  });

  it('a failed change toasts "Failed to change subscription" and keeps the plan', async () => {
    const user = subscriber('basic-m');
    const api = paymentsApi(user, {
      '/shared/payments/change-subscription': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { ue } = await openSubscription(api, user);
    await ue.click(cardButton('Advanced'));
    await confirmChange(ue);
    expect(await screen.findByText(TOASTS.changeFailed)).toBeInTheDocument();
    expect(cardButton('Basic')).toHaveTextContent(/^Current Plan$/);
    expect(cardButton('Advanced')).toBeEnabled();
  });

  it('says "Failed to refresh user data" when the profile cannot be reloaded after a change', async () => {
    const user = subscriber('basic-m');
    let profileCalls = 0;
    const api = paymentsApi(user, {
      '/shared/payments/change-subscription': () => json(providerSubscription('adv-m')),
      '/shared/users/profile': () => (++profileCalls === 1 ? json({ user }) : json({ error: 'down' }, 503)),
    });
    const { ue } = await openSubscription(api, user);
    await ue.click(cardButton('Advanced'));
    await confirmChange(ue);
    expect(await screen.findByText(TOASTS.changeSuccess)).toBeInTheDocument();
    expect(await screen.findByText(TOASTS.profileRefreshFailed)).toBeInTheDocument();
    // The plan the change answered stays on screen, and the buttons are free again.
    await waitFor(() => expect(cardButton('Basic')).toBeEnabled());
    expect(cardButton('Advanced')).toHaveTextContent(/^Current Plan$/);
  });
});

describe('subscription screen: fallback plan', () => {
  it.each([
    ['fails', () => json({ error: 'Stripe unreachable' }, 502)],
    ['returns an empty list', () => json({ data: [] })],
  ])('when the prices call %s: the $4.99 plan, disabled, with the toast', async (_name, prices) => {
    const user = withoutSubscription();
    await openSubscription(paymentsApi(user, {}, prices), user);
    expect(await screen.findByText(TOASTS.pricesFailed)).toBeInTheDocument();
    const only = screen.getByRole('article');
    expect(within(only).getByText('$4.99')).toBeInTheDocument();
    expect(within(only).getByText('USD per month')).toBeInTheDocument();
    expect(within(only).getByRole('button', { name: PLAN_LABELS.subscribeNow })).toBeDisabled();
    expect(screen.queryByRole('group', { name: 'Billing period' })).not.toBeInTheDocument();
  });

  it('never sends the fallback id to checkout; Try again reloads the prices', async () => {
    const user = withoutSubscription();
    let answer = json({ error: 'Stripe unreachable' }, 502);
    const api = paymentsApi(user, {}, () => answer);
    const { ue } = await openSubscription(api, user);
    await ue.click(screen.getByRole('button', { name: PLAN_LABELS.subscribeNow }));
    expect(api.callsTo('/shared/payments/checkout')).toHaveLength(0);

    answer = json({ data: PRICES });
    await ue.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Advanced' })).toBeInTheDocument();
    expect(cardButton('Basic')).toBeEnabled();
  });
});
