import { LABELS, PLAN_LABELS } from '@goldroute/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import {
  MONTHLY_ONLY,
  PERIOD_END,
  PRICES,
  paymentsApi,
  price,
  providerSubscription,
  subscriber,
  withoutSubscription,
} from './test-utils';
import { openSubscription, card, cardButton } from './subscription-page-test-utils';

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
