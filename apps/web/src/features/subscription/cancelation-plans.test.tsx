import { PLAN_LABELS, TOASTS } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { PERIOD_END, inCancelation, paymentsApi, providerSubscription, subscriber } from './test-utils';

const card = (plan: string) => screen.getByRole('article', { name: plan });
const status = () => screen.getByTestId('subscription-status');
const RESUME_TO_CHANGE = 'Resume your subscription to change plans.';

async function openSubscription(api: ReturnType<typeof paymentsApi>, user: User) {
  renderRoute('/subscription', { user, fetch: api.fetch });
  await screen.findByRole('heading', { level: 2, name: 'Your subscription' });
  return userEvent.setup();
}

describe('subscription screen: plan cards while the subscription is in cancelation', () => {
  it('offer Resume on the current plan and no plan change, and Resume resumes', async () => {
    const user = inCancelation('adv-m');
    const api = paymentsApi(user, {
      '/shared/payments/resume-subscription': () => {
        api.state.user = subscriber('adv-m');
        return json(providerSubscription('adv-m'));
      },
    });
    const ue = await openSubscription(api, user);

    expect(within(card('Advanced')).getByRole('button')).toHaveTextContent(/^Resume$/);
    expect(within(card('Basic')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card('Basic')).getByText(RESUME_TO_CHANGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Downgrade|Upgrade|Switch/ })).not.toBeInTheDocument();

    await ue.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(within(card('Basic')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card('Advanced')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByText(RESUME_TO_CHANGE)).toHaveLength(2);
    await ue.click(screen.getByRole('button', { name: 'Monthly' }));

    await ue.click(within(card('Advanced')).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText(TOASTS.resumeSuccess)).toBeInTheDocument();
    expect(api.callsTo('/shared/payments/resume-subscription')).toHaveLength(1);
    await waitFor(() => expect(within(status()).getByText('Active')).toBeInTheDocument());
    expect(within(card('Advanced')).getByRole('button')).toHaveTextContent(/^Current Plan$/);
    expect(within(card('Basic')).getByRole('button')).toHaveTextContent(/^Downgrade to Basic$/);
    expect(screen.queryByText(RESUME_TO_CHANGE)).not.toBeInTheDocument();
  });

  it('offer nothing that would fail when the payment failed (no Resume either)', async () => {
    const user = inCancelation('adv-m', {
      stripeSubscription: providerSubscription('adv-m', { status: 'past_due', cancel_at: PERIOD_END }),
    });
    await openSubscription(paymentsApi(user), user);
    expect(within(card('Advanced')).getByRole('button')).toHaveTextContent(/^Current Plan$/);
    expect(within(card('Advanced')).getByRole('button')).toBeDisabled();
    expect(within(card('Basic')).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(card('Basic')).getByText('You can pick a new plan once this subscription has ended.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resume|Downgrade|Upgrade/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PLAN_LABELS.resumeSubscription })).not.toBeInTheDocument();
  });
});
