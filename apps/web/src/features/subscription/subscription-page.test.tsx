import { LABELS, PLAN_LABELS, TOASTS } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred, json } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import {
  MONTHLY_ONLY,
  PERIOD_END,
  PERIOD_END_TEXT,
  PRICES,
  inCancelation,
  paymentsApi,
  price,
  providerSubscription,
  subscriber,
  withoutSubscription,
} from './test-utils';

async function openSubscription(api: ReturnType<typeof paymentsApi>, user: User) {
  const view = renderRoute('/subscription', { user, fetch: api.fetch });
  await screen.findByRole('heading', { level: 2, name: 'Your subscription' });
  return { ...view, ue: userEvent.setup() };
}

const card = (plan: string) => screen.getByRole('article', { name: plan });
const cardButton = (plan: string) => within(card(plan)).getByRole('button');
const status = () => screen.getByTestId('subscription-status');

/** Stops the browser from leaving the test page; returns the spies. */
function stubLocation() {
  const assign = vi.fn();
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, reload });
  return { assign, reload };
}

describe('subscription screen: loading and plans', () => {
  it('shows a loading message until prices and profile have loaded', async () => {
    const prices = deferred<Response>();
    const api = paymentsApi(subscriber(), {}, () => prices.promise);
    renderRoute('/subscription', { user: subscriber(), fetch: api.fetch });
    expect(await screen.findByText('Loading your subscription...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    prices.resolve(json({ data: PRICES }));
    expect(await screen.findByRole('article', { name: 'Basic' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your subscription...')).not.toBeInTheDocument();
  });

  it('asks for prices and the profile with the bearer token', async () => {
    const api = paymentsApi(subscriber());
    await openSubscription(api, subscriber());
    expect(api.callsTo('/shared/payments/prices')[0]).toMatchObject({
      method: 'GET',
      authorization: 'Bearer access-1',
    });
    expect(api.callsTo('/shared/users/profile')[0]).toMatchObject({ authorization: 'Bearer access-1' });
  });

  it('shows the plan cards with Most Popular, the features and the yearly savings', async () => {
    const { ue } = await openSubscription(paymentsApi(withoutSubscription()), withoutSubscription());
    const advanced = card('Advanced');
    expect(within(advanced).getByText(LABELS.mostPopular)).toBeInTheDocument();
    expect(within(advanced).getByText(LABELS.prioritySupport)).toBeInTheDocument();
    expect(within(card('Basic')).queryByText(LABELS.mostPopular)).not.toBeInTheDocument();
    for (const feature of ['War Within Flipping Tool', 'TSM List Generator', 'Customer support']) {
      expect(within(card('Basic')).getByText(feature)).toBeInTheDocument();
    }
    expect(within(card('Basic')).getByText('$4.99')).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(within(card('Basic')).getByText('$47.90')).toBeInTheDocument();
    expect(within(card('Advanced')).getByText('Save 20%')).toBeInTheDocument();
  });

  it('offers no yearly toggle when only monthly prices exist', async () => {
    await openSubscription(paymentsApi(withoutSubscription(), {}, MONTHLY_ONLY), withoutSubscription());
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'Billing period' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yearly' })).not.toBeInTheDocument();
  });

  it('keeps a retired current price on the cards (the server sends it to its subscriber)', async () => {
    const legacy = { ...price('basic-legacy', 'basic_monthly_2023', 'month', 399), active: false };
    const user = subscriber('basic-legacy');
    await openSubscription(paymentsApi(user, {}, [...MONTHLY_ONLY, legacy]), user);
    const current = screen.getByRole('button', { name: PLAN_LABELS.currentPlan });
    expect(current).toBeDisabled();
    expect(within(current.closest('article')!).getByText('$3.99')).toBeInTheDocument();
  });
});

describe('subscription screen: plan button labels', () => {
  it('Basic monthly subscriber: Current Plan (disabled), Upgrade to Advanced, Switch to yearly', async () => {
    const { ue } = await openSubscription(paymentsApi(subscriber('basic-m')), subscriber('basic-m'));
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardButton('Basic')).toHaveTextContent(/^Current Plan$/);
    expect(cardButton('Basic')).toBeDisabled();
    expect(cardButton('Advanced')).toHaveTextContent(/^Upgrade to Advanced$/);
    expect(cardButton('Advanced')).toBeEnabled();

    await ue.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(cardButton('Basic')).toHaveTextContent(/^Switch to yearly$/);
    expect(cardButton('Advanced')).toHaveTextContent(/^Upgrade to Advanced$/);
  });

  it('Advanced yearly subscriber: the toggle starts on Yearly; Downgrade to Basic, with the interval when it differs', async () => {
    const { ue } = await openSubscription(paymentsApi(subscriber('adv-y')), subscriber('adv-y'));
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardButton('Advanced')).toHaveTextContent(/^Current Plan$/);
    expect(cardButton('Basic')).toHaveTextContent(/^Downgrade to Basic$/);

    await ue.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(cardButton('Basic')).toHaveTextContent(/^Downgrade to Basic \(monthly\)$/);
    expect(cardButton('Advanced')).toHaveTextContent(/^Switch to monthly$/);
  });

  it('Advanced monthly subscriber: Downgrade to Basic (yearly) on the yearly Basic card', async () => {
    const { ue } = await openSubscription(paymentsApi(subscriber('adv-m')), subscriber('adv-m'));
    await ue.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(cardButton('Basic')).toHaveTextContent(/^Downgrade to Basic \(yearly\)$/);
  });

  it('shows Switch Plan between plans of the same type and interval', async () => {
    const other = price('basic-m-2', 'basic_monthly_eu', 'month', 549);
    const user = subscriber('basic-m');
    await openSubscription(paymentsApi(user, {}, [...MONTHLY_ONLY, other]), user);
    const labels = screen.getAllByRole('article').map((article) => within(article).getByRole('button'));
    expect(labels.map((button) => button.textContent)).toEqual([
      'Current Plan',
      'Switch Plan',
      'Upgrade to Advanced',
    ]);
  });

  it.each([
    ['a user who never subscribed', withoutSubscription()],
    [
      'a user with only granted time',
      makeUser({ goldSubscription: { type: 'premium', expiration: PERIOD_END } }),
    ],
    [
      'a user whose subscription has ended',
      withoutSubscription({
        isExpired: true,
        stripeSubscription: providerSubscription('basic-m', { status: 'canceled' }),
      }),
    ],
  ])('%s sees Subscribe now on every card', async (_name, user) => {
    await openSubscription(paymentsApi(user), user);
    for (const plan of ['Basic', 'Advanced']) {
      expect(cardButton(plan)).toHaveTextContent(/^Subscribe now$/);
      expect(cardButton(plan)).toBeEnabled();
    }
  });
});

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
    expect(await screen.findByText(TOASTS.changeSuccess)).toBeInTheDocument();
    expect(api.callsTo('/shared/payments/change-subscription')).toEqual([
      expect.objectContaining({ method: 'POST', body: { newPriceId: 'adv-m' } }),
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

describe('subscription screen: user info', () => {
  it('an active subscriber: e-mail, Active in green, plan and price, renewal date, Access tools', async () => {
    const user = subscriber('basic-m');
    await openSubscription(paymentsApi(user), user);
    expect(screen.getByText('trader@example.com')).toBeInTheDocument();
    const state = within(status()).getByText('Active');
    expect(state).toHaveAttribute('data-color', 'green');
    expect(status()).toHaveTextContent('Basic·$4.99 / month');
    expect(within(status()).getByText(`Renews on ${PERIOD_END_TEXT}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Access tools/ })).toHaveAttribute(
      'href',
      '/retail-cross-realm-flipping-tool/us',
    );
    expect(screen.getByRole('button', { name: PLAN_LABELS.cancelSubscription })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PLAN_LABELS.resumeSubscription })).not.toBeInTheDocument();
  });

  it('Access tools goes to /config while realms are missing', async () => {
    const user = subscriber('basic-m', { retailBuyingRealmsUS: [] });
    await openSubscription(paymentsApi(user), user);
    expect(screen.getByRole('link', { name: /Access tools/ })).toHaveAttribute('href', '/config');
  });

  it('a user who never subscribed sees "No active subscription" and no actions', async () => {
    const user = withoutSubscription();
    await openSubscription(paymentsApi(user), user);
    expect(within(status()).getByText('No active subscription')).toBeInTheDocument();
    expect(within(status()).queryByText('Canceled')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Access tools/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PLAN_LABELS.cancelSubscription })).not.toBeInTheDocument();
  });

  it('an ended subscription shows Canceled in red; an expired one Expired in red', async () => {
    const ended = withoutSubscription({
      stripeSubscription: providerSubscription('basic-m', { status: 'canceled' }),
    });
    const first = await openSubscription(paymentsApi(ended), ended);
    expect(within(status()).getByText('Canceled')).toHaveAttribute('data-color', 'red');
    first.unmount();

    const expired = withoutSubscription({
      isExpired: true,
      goldSubscription: { type: 'basic', expiration: PERIOD_END - 400 * 86400 },
    });
    await openSubscription(paymentsApi(expired), expired);
    expect(within(status()).getByText('Expired')).toHaveAttribute('data-color', 'red');
  });

  it('granted time shows its type and "Granted time until {date}", without Cancel', async () => {
    const user = makeUser({ goldSubscription: { type: 'premium', expiration: PERIOD_END } });
    await openSubscription(paymentsApi(user), user);
    expect(within(status()).getByText('Active')).toBeInTheDocument();
    expect(within(status()).getByText('Premium')).toBeInTheDocument();
    expect(status()).toHaveTextContent(`Granted time until ${PERIOD_END_TEXT}`);
    expect(screen.queryByRole('button', { name: PLAN_LABELS.cancelSubscription })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Access tools/ })).toBeInTheDocument();
  });

  it('past_due in cancelation: "Reason: Payment failed", the end date, no Resume', async () => {
    const user = inCancelation('basic-m', {
      stripeSubscription: providerSubscription('basic-m', { status: 'past_due', cancel_at: PERIOD_END }),
    });
    await openSubscription(paymentsApi(user), user);
    expect(within(status()).getByText('In cancelation')).toHaveAttribute('data-color', 'yellow');
    expect(within(status()).getByText('Reason: Payment failed')).toBeInTheDocument();
    expect(within(status()).getByText(`Access ends on ${PERIOD_END_TEXT}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PLAN_LABELS.resumeSubscription })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PLAN_LABELS.cancelSubscription })).not.toBeInTheDocument();
  });

  it('loads a fresh profile on arrival and shows it', async () => {
    const stale = subscriber('basic-m');
    const api = paymentsApi(inCancelation('basic-m'));
    renderRoute('/subscription', { user: stale, fetch: api.fetch });
    expect(await screen.findByText('Reason: Cancelled')).toBeInTheDocument();
    expect(api.callsTo('/shared/users/profile')).toHaveLength(1);
  });

  it('keeps the stored user and says "Failed to refresh user data" when the profile cannot be loaded', async () => {
    const user = subscriber('basic-m');
    const api = paymentsApi(user, { '/shared/users/profile': () => json({ error: 'down' }, 503) });
    await openSubscription(api, user);
    expect(await screen.findByText(TOASTS.profileRefreshFailed)).toBeInTheDocument();
    expect(within(status()).getByText('Active')).toBeInTheDocument();
  });
});

describe('subscription screen: cancel and resume', () => {
  it('cancels through the dialog: Deactivate, Processing..., success toast, now In cancelation', async () => {
    const user = subscriber('basic-m');
    const answer = deferred<Response>();
    const api = paymentsApi(user, {
      '/shared/payments/cancel-subscription': () => {
        api.state.user = inCancelation('basic-m');
        return answer.promise;
      },
    });
    const { ue, authStore } = await openSubscription(api, user);
    await ue.click(screen.getByRole('button', { name: PLAN_LABELS.cancelSubscription }));
    const dialog = screen.getByRole('dialog', { name: LABELS.cancelDialogTitle });
    expect(dialog).toHaveTextContent(`You keep full access until ${PERIOD_END_TEXT}`);
    expect(dialog).toHaveTextContent('You will not be charged again');
    expect(dialog).toHaveTextContent('not refunded');

    await ue.click(within(dialog).getByRole('button', { name: LABELS.deactivate }));
    expect(within(dialog).getByRole('button', { name: LABELS.processing })).toBeDisabled();
    expect(cardButton('Advanced')).toBeDisabled();
    expect(api.callsTo('/shared/payments/cancel-subscription')).toEqual([
      expect.objectContaining({ method: 'POST', body: {}, authorization: 'Bearer access-1' }),
    ]);

    answer.resolve(json(providerSubscription('basic-m', { cancel_at: PERIOD_END })));
    expect(await screen.findByText(TOASTS.cancelSuccess)).toBeInTheDocument();
    await waitFor(() => expect(within(status()).getByText('In cancelation')).toBeInTheDocument());
    expect(within(status()).getByText('In cancelation')).toHaveAttribute('data-color', 'yellow');
    expect(within(status()).getByText('Reason: Cancelled')).toBeInTheDocument();
    expect(within(status()).getByText(`Access ends on ${PERIOD_END_TEXT}`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PLAN_LABELS.cancelSubscription })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: PLAN_LABELS.resumeSubscription })).toBeEnabled();
    expect(authStore.getState().userData?.inCancelation).toBe(true);
    expect(api.callsTo('/shared/users/profile')).toHaveLength(2);
  });

  it('Cancel closes the dialog without cancelling', async () => {
    const user = subscriber('basic-m');
    const api = paymentsApi(user);
    const { ue } = await openSubscription(api, user);
    await ue.click(screen.getByRole('button', { name: PLAN_LABELS.cancelSubscription }));
    const dialog = screen.getByRole('dialog', { name: LABELS.cancelDialogTitle });
    await ue.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('/shared/payments/cancel-subscription')).toHaveLength(0);
    expect(within(status()).getByText('Active')).toBeInTheDocument();
  });

  it('a failed cancel shows the server error and keeps the dialog open', async () => {
    const user = subscriber('basic-m');
    const api = paymentsApi(user, {
      '/shared/payments/cancel-subscription': () => json({ error: 'No subscription to cancel' }, 409),
    });
    const { ue } = await openSubscription(api, user);
    await ue.click(screen.getByRole('button', { name: PLAN_LABELS.cancelSubscription }));
    await ue.click(screen.getByRole('button', { name: LABELS.deactivate }));
    expect(await screen.findByText('No subscription to cancel')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: LABELS.cancelDialogTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: LABELS.deactivate })).toBeEnabled();
  });

  it('a failed cancel without a server text says "Failed to cancel subscription"', async () => {
    const user = subscriber('basic-m');
    const api = paymentsApi(user, { '/shared/payments/cancel-subscription': () => json({}, 500) });
    const { ue } = await openSubscription(api, user);
    await ue.click(screen.getByRole('button', { name: PLAN_LABELS.cancelSubscription }));
    await ue.click(screen.getByRole('button', { name: LABELS.deactivate }));
    expect(await screen.findByText(TOASTS.cancelFailed)).toBeInTheDocument();
  });

  it('resumes: Processing..., success toast, Active again with the renewal date', async () => {
    const user = inCancelation('basic-m');
    const answer = deferred<Response>();
    const api = paymentsApi(user, {
      '/shared/payments/resume-subscription': () => {
        api.state.user = subscriber('basic-m');
        return answer.promise;
      },
    });
    const { ue } = await openSubscription(api, user);
    expect(within(status()).getByText('Reason: Cancelled')).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: PLAN_LABELS.resumeSubscription }));
    expect(screen.getByRole('button', { name: LABELS.processing })).toBeDisabled();
    expect(api.callsTo('/shared/payments/resume-subscription')[0]).toMatchObject({
      method: 'POST',
      body: {},
    });

    answer.resolve(json(providerSubscription('basic-m')));
    expect(await screen.findByText(TOASTS.resumeSuccess)).toBeInTheDocument();
    await waitFor(() => expect(within(status()).getByText('Active')).toBeInTheDocument());
    expect(within(status()).getByText(`Renews on ${PERIOD_END_TEXT}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PLAN_LABELS.resumeSubscription })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: PLAN_LABELS.cancelSubscription })).toBeInTheDocument();
  });

  it('a failed resume says "Failed to resume subscription"', async () => {
    const user = inCancelation('basic-m');
    const api = paymentsApi(user, { '/shared/payments/resume-subscription': () => json({}, 500) });
    const { ue } = await openSubscription(api, user);
    await ue.click(screen.getByRole('button', { name: PLAN_LABELS.resumeSubscription }));
    expect(await screen.findByText(TOASTS.resumeFailed)).toBeInTheDocument();
    expect(within(status()).getByText('In cancelation')).toBeInTheDocument();
  });
});
