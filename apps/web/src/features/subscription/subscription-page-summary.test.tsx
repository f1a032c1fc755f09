import { LABELS, PLAN_LABELS, TOASTS } from '@goldroute/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import {
  PERIOD_END,
  PERIOD_END_TEXT,
  inCancelation,
  paymentsApi,
  providerSubscription,
  subscriber,
  withoutSubscription,
} from './test-utils';
import { openSubscription, cardButton, status } from './subscription-page-test-utils';

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
