import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api';
import {
  HISTORY,
  PERIOD_END,
  inCancelation,
  invoice,
  noon,
  paymentsApi,
  providerSubscription,
  subscriber,
} from './test-utils';
import { openSubscription, stubLocation } from './subscription-page-test-utils';

const billing = () => screen.getByRole('region', { name: 'Billing' });
const rows = () => within(billing()).getAllByRole('row').slice(1);

describe('subscription screen: billing', () => {
  it('lists every invoice, newest first: date, plan, amount, status and a link to its receipt', async () => {
    const user = subscriber('adv-m');
    const api = paymentsApi(user, { '/shared/payments/invoices': () => json({ data: HISTORY }) });
    await openSubscription(api, user);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(
      rows().map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['October 24, 2099', 'Advanced · monthlyRenewal', '$9.99', 'Paid', 'Receipt'],
      ['October 4, 2099', 'Advanced · monthlyPlan change', '$2.50', 'Paid', 'Receipt'],
      ['September 24, 2099', 'Basic · monthlyNew subscription', '$4.99', 'Paid', 'Receipt'],
    ]);
    expect(within(rows()[0]!).getByText('Paid')).toHaveAttribute('data-color', 'green');
    expect(screen.getByRole('link', { name: 'Receipt of October 4, 2099' })).toHaveAttribute(
      'href',
      '/subscription/receipts/in_2',
    );
    expect(screen.queryByRole('button', { name: 'Pay or update card' })).not.toBeInTheDocument();
  });

  it("a downgrade's credit shows under its amount, and so does the credit that later paid a renewal", async () => {
    const user = subscriber('basic-m');
    const credited = [
      invoice({
        id: 'in_5',
        created: noon(11, 24),
        reason: 'subscription_cycle',
        creditApplied: 499,
        amountPaid: 0,
      }),
      invoice({
        id: 'in_4',
        created: noon(11, 1),
        reason: 'subscription_update',
        amount: -700,
        creditAdded: 700,
        amountPaid: 0,
      }),
    ];
    const api = paymentsApi(user, { '/shared/payments/invoices': () => json({ data: credited }) });
    await openSubscription(api, user);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual([
      '$4.99$4.99 from credit',
      '-$7.00$7.00 kept as credit',
    ]);
  });

  it('a user without invoices is told where they will appear', async () => {
    const user = subscriber('basic-m');
    await openSubscription(paymentsApi(user), user);
    expect(
      await within(billing()).findByText('No invoices yet. Your first one appears here once you subscribe.'),
    ).toBeInTheDocument();
  });

  it('invoices that cannot be loaded can be asked for again', async () => {
    const user = subscriber('basic-m');
    let down = true;
    const api = paymentsApi(user, {
      '/shared/payments/invoices': () => (down ? json({ error: 'down' }, 502) : json({ data: HISTORY })),
    });
    const { ue } = await openSubscription(api, user);
    await within(billing()).findByText(/Your invoices could not be loaded\./);
    down = false;
    await ue.click(within(billing()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('a failed payment: the open invoice in red, and "Pay or update card" opens the billing page', async () => {
    const { assign } = stubLocation();
    const user = inCancelation('basic-m', {
      stripeSubscription: providerSubscription('basic-m', { status: 'past_due', cancel_at: PERIOD_END }),
    });
    const failed = invoice({ id: 'in_9', status: 'open', reason: 'subscription_cycle', amountPaid: 0 });
    const api = paymentsApi(user, {
      '/shared/payments/invoices': () => json({ data: [failed, invoice()] }),
      '/shared/payments/billing-portal': () => json({ url: '/demo-portal/bps_demo_1' }),
    });
    const { ue } = await openSubscription(api, user);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByText('Payment failed')).toHaveAttribute('data-color', 'red');
    expect(within(billing()).getByText('Your last payment failed')).toBeInTheDocument();

    await ue.click(within(billing()).getByRole('button', { name: 'Pay or update card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/demo-portal/bps_demo_1'));
    expect(api.callsTo('/shared/payments/billing-portal')).toEqual([
      expect.objectContaining({ method: 'POST', body: {} }),
    ]);
  });

  it('a billing page that cannot be opened says why and frees the button', async () => {
    const { assign } = stubLocation();
    const user = subscriber('basic-m');
    const api = paymentsApi(user, {
      '/shared/payments/invoices': () => json({ data: [invoice({ status: 'open', amountPaid: 0 })] }),
      '/shared/payments/billing-portal': () => json({ error: 'Failed to open the billing page' }, 502),
    });
    const { ue } = await openSubscription(api, user);
    const button = await within(billing()).findByRole('button', { name: 'Pay or update card' });
    await ue.click(button);
    expect(await screen.findByText('Failed to open the billing page')).toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });
});
