import { TOASTS } from '@goldroute/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json } from '../../test/fake-api';
import { PREVIEW, PERIOD_END_TEXT, paymentsApi, providerSubscription, subscriber } from './test-utils';
import { cardButton, openSubscription } from './subscription-page-test-utils';

const dialog = () => screen.getByRole('dialog', { name: 'Confirm plan change' });

describe('subscription screen: a plan change shows what it costs now before it is confirmed', () => {
  it('an upgrade: the amount due now, line by line, and the next renewal; nothing changes until Confirm', async () => {
    const user = subscriber('basic-m');
    const api = paymentsApi(user, {
      '/shared/payments/change-subscription': () => json(providerSubscription('adv-m')),
    });
    const { ue } = await openSubscription(api, user);
    await ue.click(cardButton('Advanced'));

    expect(within(dialog()).getByText('Change to Advanced')).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('$9.99 / month');
    expect(await within(dialog()).findByTestId('change-due')).toHaveTextContent(/^Due now\$2\.50$/);
    const lines = within(dialog()).getAllByRole('listitem');
    expect(lines.map((li) => li.textContent)).toEqual([
      'Unused time on 1 × Basic after 10 Nov 2099-$2.50',
      'Remaining time on 1 × Advanced after 10 Nov 2099$5.00',
    ]);
    expect(dialog()).toHaveTextContent(`Then $9.99 on ${PERIOD_END_TEXT}, and each period after.`);
    expect(api.callsTo('/shared/payments/preview-change')).toEqual([
      expect.objectContaining({ method: 'POST', body: { newPriceId: 'adv-m' } }),
    ]);
    expect(api.callsTo('/shared/payments/change-subscription')).toHaveLength(0);

    await ue.click(within(dialog()).getByRole('button', { name: 'Keep current plan' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('/shared/payments/change-subscription')).toHaveLength(0);
    expect(cardButton('Basic')).toHaveTextContent(/^Current Plan$/);
  });

  it('a downgrade that leaves a credit says so, and the figure is worked out afresh each time', async () => {
    const user = subscriber('adv-m');
    let calls = 0;
    const api = paymentsApi(user, {
      '/shared/payments/preview-change': () =>
        json({ ...PREVIEW, amountDue: -250 - calls++, lines: [{ description: 'Credit', amount: -250 }] }),
    });
    const { ue } = await openSubscription(api, user);
    await ue.click(cardButton('Basic'));
    expect(await within(dialog()).findByTestId('change-due')).toHaveTextContent(/^Credit now\$2\.50$/);
    expect(dialog()).toHaveTextContent('the difference is kept as a credit');
    await ue.click(within(dialog()).getByRole('button', { name: 'Keep current plan' }));
    await ue.click(cardButton('Basic'));
    expect(await within(dialog()).findByTestId('change-due')).toHaveTextContent(/^Credit now\$2\.51$/);
  });

  it('credit on the account from an earlier downgrade shows as a line of its own, and what is left due', async () => {
    const user = subscriber('basic-m');
    const api = paymentsApi(user, {
      '/shared/payments/preview-change': () => json({ ...PREVIEW, amountDue: 0, creditApplied: 250 }),
    });
    const { ue } = await openSubscription(api, user);
    await ue.click(cardButton('Advanced'));
    expect(await within(dialog()).findByTestId('change-due')).toHaveTextContent(/^Nothing to pay now/);
    expect(
      within(dialog())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Unused time on 1 × Basic after 10 Nov 2099-$2.50',
      'Remaining time on 1 × Advanced after 10 Nov 2099$5.00',
      'Credit on your account-$2.50',
    ]);
  });

  it('Confirm waits for the price; a preview the server refuses shows its text and Try again', async () => {
    const user = subscriber('basic-m');
    const held = deferred<Response>();
    let first = true;
    const api = paymentsApi(user, {
      '/shared/payments/preview-change': () => {
        if (!first) return json(PREVIEW);
        first = false;
        return held.promise;
      },
    });
    const { ue } = await openSubscription(api, user);
    await ue.click(cardButton('Advanced'));
    expect(within(dialog()).getByText('Working out what this change costs now...')).toBeInTheDocument();
    const confirm = within(dialog()).getByRole('button', { name: 'Confirm change' });
    expect(confirm).toBeDisabled();

    held.resolve(json({ error: 'Failed to work out the price of this change' }, 502));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'Failed to work out the price of this change',
    );
    expect(confirm).toBeDisabled();
    await ue.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(within(dialog()).getByTestId('change-due')).toHaveTextContent('$2.50');
    expect(screen.queryByText(TOASTS.changeFailed)).not.toBeInTheDocument();
  });
});
