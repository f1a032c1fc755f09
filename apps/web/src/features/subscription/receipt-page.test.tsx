import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { HISTORY, noon, paymentsApi, subscriber } from './test-utils';

async function openReceipt(api: ReturnType<typeof paymentsApi>, path: string) {
  renderRoute(path, { user: subscriber('adv-m'), fetch: api.fetch });
  await screen.findByRole('link', { name: /Back to subscription/ });
  await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe('receipt page', () => {
  it('shows the credit a downgrade kept, and the credit that later paid a renewal', async () => {
    const downgrade = {
      ...HISTORY[1]!,
      id: 'in_down',
      amount: -7000,
      creditAdded: 7000,
      amountPaid: 0,
      lines: [{ description: 'Unused time on 1 × Advanced after 04 Oct 2099', amount: -7000 }],
    };
    const renewal = { ...HISTORY[0]!, id: 'in_cycle', amount: 499, creditApplied: 499, amountPaid: 0 };
    const rowsOf = async (id: string) => {
      const api = paymentsApi(subscriber('adv-m'), {
        [`/shared/payments/invoices/${id}`]: () => json(id === 'in_down' ? downgrade : renewal),
      });
      await openReceipt(api, `/subscription/receipts/${id}`);
      const rows = within(screen.getByRole('article', { name: 'Receipt' }))
        .getAllByRole('row')
        .map((r) => r.textContent);
      return rows.slice(rows.indexOf(rows.find((r) => r?.startsWith('Total'))!));
    };
    expect(await rowsOf('in_down')).toEqual([
      'Total-$70.00',
      'Amount paid$0.00',
      'Credit kept for your next invoices$70.00',
    ]);
    cleanup();
    expect(await rowsOf('in_cycle')).toEqual([
      'Total$4.99',
      'Credit applied from your balance-$4.99',
      'Amount paid$0.00',
    ]);
  });

  it('shows one invoice as a printable receipt, on a page of its own, and Print prints it', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const receipt = {
      ...HISTORY[1]!,
      periodStart: noon(10, 4),
      paidAt: noon(10, 4),
      amountPaid: 250,
      lines: [
        { description: 'Unused time on 1 × Basic after 04 Oct 2099', amount: -250 },
        { description: 'Remaining time on 1 × Advanced after 04 Oct 2099', amount: 500 },
      ],
    };
    const api = paymentsApi(subscriber('adv-m'), {
      '/shared/payments/invoices/in_2': () => json(receipt),
    });
    const ue = await openReceipt(api, '/subscription/receipts/in_2');
    const paper = screen.getByRole('article', { name: 'Receipt' });
    for (const [label, value] of [
      ['Receipt number', 'in_2'],
      ['Date paid', 'October 4, 2099'],
      ['Billed to', 'trader@example.com'],
      ['Status', 'Paid'],
      ['Plan', 'Advanced · monthly'],
      ['For', 'Plan change'],
      ['Service period', 'October 4, 2099 – October 24, 2099'],
    ] as const)
      expect(within(paper).getByText(label).nextSibling).toHaveTextContent(value);
    expect(
      within(paper)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'DescriptionAmount',
      'Unused time on 1 × Basic after 04 Oct 2099-$2.50',
      'Remaining time on 1 × Advanced after 04 Oct 2099$5.00',
      'Total$2.50',
      'Amount paid$2.50',
    ]);
    // No site header or footer: the printed page is the receipt alone.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('an open invoice shows its issue date and nothing paid', async () => {
    const failed = { ...HISTORY[0]!, status: 'open' as const, paidAt: null, amountPaid: 0 };
    const api = paymentsApi(subscriber('adv-m'), { '/shared/payments/invoices/in_3': () => json(failed) });
    await openReceipt(api, '/subscription/receipts/in_3');
    const paper = screen.getByRole('article', { name: 'Receipt' });
    expect(within(paper).getByText('Date issued').nextSibling).toHaveTextContent('October 24, 2099');
    expect(within(paper).getByText('Status').nextSibling).toHaveTextContent('Payment failed');
    expect(within(paper).getAllByRole('row').at(-1)).toHaveTextContent('Amount paid$0.00');
  });

  it("another user's invoice, or one that does not exist, is not found", async () => {
    const api = paymentsApi(subscriber('adv-m'), {
      '/shared/payments/invoices/in_other': () => json({ error: 'Invoice not found' }, 404),
    });
    await openReceipt(api, '/subscription/receipts/in_other');
    expect(await screen.findByRole('alert')).toHaveTextContent('This receipt could not be found.');
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to subscription/ })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });
});
