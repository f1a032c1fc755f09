import { FILTER_LABELS, LABELS, type TradeItem } from '@goldroute/domain';
import { decodeMarketAnswer, encodeDropshipAnswer } from '@goldroute/domain/wire';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DropshipTool } from './dropship-tool';
import { NOW_S, dropshipGroup as group, renderTool, tradeItem } from '../../test/tool-harness';

const alpha = (buyBuyout: number, sellBuyout: number, sellVsBuy: number) =>
  tradeItem({ id: 19019, name: 'Alpha Blade', buyBuyout, sellBuyout, sellVsBuy });
const v1 = alpha(2000, 12000, 9000);
const v2 = alpha(500, 4000, 3000);
const v3 = alpha(100, 600, 500); // below the default Gold Profit of 1,000
const bravo = tradeItem({ name: 'Bravo Helm', buyBuyout: 400, sellBuyout: 6000, sellVsBuy: 5000 });
const charlie = tradeItem({ name: 'Charlie Ring', buyBuyout: 100, sellBuyout: 300, sellVsBuy: 200 });

const groups = [group('alpha', [v1, v2, v3]), group('bravo', [bravo]), group('charlie', [charlie])];

/** Sets Max Gold Buyout in the filter panel and applies it. */
async function applyMaxGoldBuyout(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.click(screen.getByRole('button', { name: /^Filters/ }));
  const panel = screen.getByRole('dialog', { name: LABELS.advancedFilters });
  const buyout = within(panel).getByRole('textbox', { name: FILTER_LABELS.maxGoldBuyout });
  await user.clear(buyout);
  await user.type(buyout, `${value}{Enter}`);
  await user.click(within(panel).getByRole('button', { name: LABELS.applyFilters }));
}

const total = (label: string) => screen.getByTestId(`total-${label}`).textContent;
const bodyRows = () => screen.getAllByRole('row').slice(1);
const sellVsBuyOf = (row: HTMLElement) =>
  /^-?[\d,]+g/.exec(row.querySelector('[data-col="sellVsBuy"]')!.textContent!)?.[0];

describe('dropship tool', { timeout: 30_000 }, () => {
  it('lists a row per group with a passing variant: the best one, with the variant count', () => {
    renderTool(<DropshipTool region="us" groups={groups} lastModified={NOW_S} />);
    const rows = bodyRows();
    expect(rows.map((row) => row.dataset.kind)).toEqual(['group', 'group']);
    expect(within(rows[0]!).getByRole('link', { name: 'Alpha Blade' })).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('variant-count')).toHaveTextContent('(3)');
    expect(sellVsBuyOf(rows[0]!)).toBe('9,000g');
    expect(within(rows[1]!).getByRole('link', { name: 'Bravo Helm' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Charlie Ring' })).not.toBeInTheDocument();
    expect(screen.getByText(LABELS.pagination(2, 100, 1))).toBeInTheDocument();
    // Totals count what a user buys: one unit per sell realm of each group (every variant here sells on
    // Area 52), the best: 2,000 + 400 bought, 12,000 + 6,000 sold. A second Alpha Blade would have to
    // undercut the first.
    expect(total('Total Investment')).toBe('2,400g');
    expect(total('Estimated Sell Price')).toBe('18,000g');
  });

  it('says when the answer holds only the best groups of those found', () => {
    const answer = (found: number) => {
      const { rows, groups: g } = decodeMarketAnswer(encodeDropshipAnswer(groups, NOW_S, found));
      return { rows, groups: g! };
    };
    const { unmount } = renderTool(<DropshipTool region="us" groups={answer(3)} lastModified={NOW_S} />);
    expect(screen.queryByTestId('cut-notice')).not.toBeInTheDocument();
    unmount();
    renderTool(<DropshipTool region="us" groups={answer(1732)} lastModified={NOW_S} />);
    expect(screen.getByTestId('cut-notice')).toHaveTextContent(
      'Showing the best 3 of 1,732 groups, by expected profit. Narrow your realms to see the rest.',
    );
  });

  it('counts one unit of a group for each realm it sells on', () => {
    const elsewhere = tradeItem({
      ...v2,
      uniqueTradeKey: 'alpha-to-tichondrius',
      sellingConnectedRealmId: 33,
      sellingConnectedRealmName: 'Tichondrius',
    });
    const split = [group('alpha', [v1, elsewhere, v3])];
    renderTool(<DropshipTool region="us" groups={split} lastModified={NOW_S} />);
    expect(total('Total Investment')).toBe('2,500g');
    expect(total('Estimated Sell Price')).toBe('16,000g');
  });

  it("exports what the totals count: a group's best row for each sell realm, not every variant", async () => {
    const user = userEvent.setup();
    const fromIllidan = (extra: Partial<TradeItem>) =>
      tradeItem({ ...v2, buyingConnectedRealmId: 57, buyingConnectedRealmName: 'Illidan', ...extra });
    const listsText = () =>
      (screen.getByRole('textbox', { name: 'Auctionator shopping lists' }) as HTMLTextAreaElement).value;
    // A second Alpha Blade bought on Illidan and sold on the same realm as the best one would have to
    // undercut the first: neither the totals nor the lists take it.
    const sameRealm = fromIllidan({ uniqueTradeKey: 'alpha-from-illidan' });
    const { unmount } = renderTool(
      <DropshipTool region="us" groups={[group('alpha', [v1, sameRealm])]} lastModified={NOW_S} />,
    );
    await user.click(screen.getByRole('button', { name: LABELS.getAuctionatorLists }));
    expect(listsText()).toBe('GoldRoute Buy from Stormrage^"Alpha Blade";;79;81;0;0;0;0;0;2001;4;;;');
    unmount();
    // Sold on another realm, it is a second unit to buy: exported.
    const otherRealm = fromIllidan({
      uniqueTradeKey: 'alpha-to-tichondrius',
      sellingConnectedRealmId: 33,
      sellingConnectedRealmName: 'Tichondrius',
    });
    renderTool(<DropshipTool region="us" groups={[group('alpha', [v1, otherRealm])]} lastModified={NOW_S} />);
    await user.click(screen.getByRole('button', { name: LABELS.getAuctionatorLists }));
    expect(listsText().split('\n')).toEqual([
      'GoldRoute Buy from Stormrage^"Alpha Blade";;79;81;0;0;0;0;0;2001;4;;;',
      'GoldRoute Buy from Illidan^"Alpha Blade";;79;81;0;0;0;0;0;501;4;;;',
    ]);
  });

  it('expands a group into its passing variants and collapses it again', async () => {
    const user = userEvent.setup();
    renderTool(<DropshipTool region="us" groups={groups} lastModified={NOW_S} />);
    await user.click(screen.getByRole('button', { name: 'Expand Alpha Blade' }));
    const rows = bodyRows();
    expect(rows.map((row) => row.dataset.kind)).toEqual(['group', 'variant', 'variant', 'group']);
    expect(rows.slice(1, 3).map(sellVsBuyOf)).toEqual(['9,000g', '3,000g']);
    expect(rows[1]!).toHaveAttribute('data-trade-key', v1.uniqueTradeKey);
    expect(rows[2]!).toHaveAttribute('data-trade-key', v2.uniqueTradeKey);
    await user.click(screen.getByRole('button', { name: 'Collapse Alpha Blade' }));
    expect(bodyRows().map((row) => row.dataset.kind)).toEqual(['group', 'group']);
  });

  it("a group's checkbox includes or excludes all its passing variants", async () => {
    const user = userEvent.setup();
    renderTool(<DropshipTool region="us" groups={groups} lastModified={NOW_S} />);
    await user.click(screen.getByRole('button', { name: 'Expand Alpha Blade' }));
    const [groupBox, firstVariant, secondVariant] = screen.getAllByRole('checkbox', {
      name: 'Include Alpha Blade',
    });
    await user.click(groupBox!);
    expect(firstVariant).not.toBeChecked();
    expect(secondVariant).not.toBeChecked();
    expect(total('Total Investment')).toBe('400g');
    // One variant back in: the group counts as partly excluded, a click includes all again.
    await user.click(secondVariant!);
    expect(total('Total Investment')).toBe('900g');
    expect(groupBox).not.toBeChecked();
    await user.click(groupBox!);
    expect(total('Total Investment')).toBe('2,400g');
  });

  it('filters apply to variants: a group shows its best variant that still passes', async () => {
    const user = userEvent.setup();
    renderTool(<DropshipTool region="us" groups={groups} lastModified={NOW_S} />);
    await applyMaxGoldBuyout(user, '1000');
    const rows = bodyRows();
    // Sorted by expected profit (here as Sell vs Buy): Bravo (5,000) before Alpha's best remaining variant (3,000).
    expect(rows.map(sellVsBuyOf)).toEqual(['5,000g', '3,000g']);
    expect(rows[1]!).toHaveAttribute('data-trade-key', v2.uniqueTradeKey);
    expect(within(rows[1]!).getByTestId('variant-count')).toHaveTextContent('(3)');
    expect(total('Total Investment')).toBe('900g');
  });

  it('shows no expand arrow on a group with one passing variant, and one on a group with several', async () => {
    const user = userEvent.setup();
    renderTool(<DropshipTool region="us" groups={groups} lastModified={NOW_S} />);
    const [alphaRow, bravoRow] = bodyRows();
    expect(within(alphaRow!).getByRole('button', { name: 'Expand Alpha Blade' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Bravo Helm has a single variant: the group row is all there is, so nothing expands.
    expect(within(bravoRow!).getByTestId('variant-count')).toHaveTextContent('(1)');
    expect(within(bravoRow!).queryByRole('button', { name: /^(Expand|Collapse) / })).not.toBeInTheDocument();
    await user.click(bravoRow!);
    expect(bodyRows().map((row) => row.dataset.kind)).toEqual(['group', 'group']);

    // A filter that leaves Alpha Blade one passing variant of three takes its arrow away too.
    await applyMaxGoldBuyout(user, '1000');
    expect(screen.queryByRole('button', { name: /^(Expand|Collapse) / })).not.toBeInTheDocument();
  });
});
