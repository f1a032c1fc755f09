import type { Totals } from '@goldroute/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TotalsBar } from './totals-bar';
import { onPhone } from '../../test/tool-harness';

const TOTALS: Totals = {
  totalInvestment: 45_035_684,
  estimatedSellPrice: 177_460_564,
  profitAfterAhCut: 123_551_851,
  expectedProfit: -22_724_916,
};

const LABELS = ['Total Investment', 'Estimated Sell Price', 'Profit After AH Cut', 'Expected Profit'];
const SHOWN: Record<string, string> = {
  'Total Investment': '45,035,684g',
  'Estimated Sell Price': '177,460,564g',
  'Profit After AH Cut': '123,551,851g',
  'Expected Profit': '-22,724,916g',
};

const figure = (label: string) => screen.getByTestId(`total-${label}`);
const toggle = () => screen.getByRole('button', { name: 'All totals' });

describe('the totals bar of the deal tools', () => {
  it('shows all four figures with their labels on a wide screen, with nothing to expand', () => {
    render(<TotalsBar totals={TOTALS} />);
    const bar = screen.getByRole('region', { name: 'Totals' });
    for (const label of LABELS) {
      expect(within(bar).getByText(label)).toBeVisible();
      expect(figure(label)).toHaveTextContent(SHOWN[label]!);
      expect(figure(label)).toBeVisible();
    }
    expect(within(bar).queryByRole('button')).toBeNull();
  });

  it('on a phone starts as one line: Profit After AH Cut and a collapsed toggle', () => {
    onPhone();
    render(<TotalsBar totals={TOTALS} />);
    expect(screen.getByText('Profit After AH Cut')).toBeVisible();
    expect(figure('Profit After AH Cut')).toHaveTextContent('123,551,851g');
    expect(figure('Profit After AH Cut')).toBeVisible();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    for (const label of ['Total Investment', 'Estimated Sell Price', 'Expected Profit']) {
      expect(figure(label)).not.toBeVisible();
    }
  });

  it('on a phone the toggle shows every figure with its exact label, and hides them again', async () => {
    onPhone();
    const ue = userEvent.setup();
    render(<TotalsBar totals={TOTALS} />);
    await ue.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    const more = document.getElementById(toggle().getAttribute('aria-controls')!)!;
    expect(more).toBeVisible();
    for (const label of LABELS) {
      expect(screen.getByText(label)).toBeVisible();
      expect(figure(label)).toHaveTextContent(SHOWN[label]!);
      expect(figure(label)).toBeVisible();
    }
    await ue.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(figure('Total Investment')).not.toBeVisible();
    expect(figure('Profit After AH Cut')).toBeVisible();
  });
});
