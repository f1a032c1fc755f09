import type { TradeItem } from '@goldroute/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropshipTool } from './dropship-tool';
import { FlippingTool } from './flipping-tool';
import { ResultCard } from './result-cards';
import type { TableEntry } from './result-parts';
import { NOW_S, dropshipGroup as group, onPhone, renderTool, tradeItem } from '../../test/tool-harness';

const entryOf = (item: TradeItem, rest: Partial<TableEntry> = {}): TableEntry => ({
  kind: 'item',
  item,
  category: 'Weapon',
  tradeKeys: [item.uniqueTradeKey],
  ...rest,
});

function renderCard(entry: TableEntry, onToggleGroup?: (key: string) => void) {
  const handlers = { onToggle: vi.fn(), onFavorite: vi.fn(), onSelect: vi.fn() };
  const view = render(
    <ul>
      <ResultCard
        entry={entry}
        included
        favourite={false}
        pending={false}
        selected={false}
        {...handlers}
        onToggleGroup={onToggleGroup}
        nowSeconds={NOW_S}
      />
    </ul>,
  );
  return { card: screen.getByRole('listitem'), unmount: view.unmount, ...handlers };
}

const cards = () => within(screen.getByRole('list', { name: 'Deals' })).getAllByRole('listitem');
const cardNames = () => cards().map((card) => within(card).getAllByRole('link')[0]!.textContent);

describe('the phone row of the flipping and dropship results', { timeout: 30_000 }, () => {
  it('shows the item name, Sell vs Buy, the buy price @ buy realm and the sell price @ sell realm', async () => {
    const item = tradeItem({
      id: 19019,
      name: 'Thunderfury',
      buyBuyout: 1234,
      sellBuyout: 14000,
      sellVsBuy: 12066,
      realisticProfit: 9450,
      confidence: 'medium',
      flags: ['thin-supply'],
      buyingConnectedRealmName: 'Stormrage',
      sellingConnectedRealmName: 'Area 52',
    });
    const { card, onSelect, onToggle } = renderCard(entryOf(item));
    const name = within(card).getByRole('link', { name: 'Thunderfury' });
    expect(name).toHaveAttribute('href', expect.stringContaining('item=19019'));
    // The figures: Sell vs Buy, then what to expect and how far to trust it.
    const figures = within(card).getByTestId('card-figures');
    expect(figures).toHaveTextContent(
      /^Sell vs Buy12,066g 977\.8%Expected Profit9,450g 62% in 48 hConfidenceMedium$/,
    );
    const badge = within(card).getByRole('button', { name: 'Medium confidence: details of Thunderfury' });
    expect(badge.title.split('\n')[0]).toBe(
      "Medium confidence: the figure rests partly on the region's numbers, a short record on the sell realm, or data over 2 hours old.",
    );
    expect(within(card).getByTestId('card-buy')).toHaveTextContent('Buy 1,234g @ Stormrage');
    expect(within(card).getByTestId('card-sell')).toHaveTextContent('Sell 14,000g @ Area 52');
    expect(within(card).getByRole('button', { name: 'Add Thunderfury to favorites' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(card);
    expect(onSelect).toHaveBeenCalledWith(item.uniqueTradeKey);
    await user.click(within(card).getByRole('checkbox', { name: 'Include Thunderfury' }));
    expect(onToggle).toHaveBeenCalledWith([item.uniqueTradeKey]);
    // The checkbox does not also select the row; the badge opens the details like the card itself.
    expect(onSelect).toHaveBeenCalledTimes(1);
    await user.click(badge);
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it('a dropship group card has the expand arrow only when it has several variants', () => {
    const item = tradeItem({ name: 'Alpha Blade' });
    const group = (expandable: boolean): TableEntry =>
      entryOf(item, { kind: 'group', groupKey: 'alpha', count: expandable ? 3 : 1, expandable });
    const { unmount } = renderCard(group(true), () => {});
    expect(screen.getByRole('button', { name: 'Expand Alpha Blade' })).toBeInTheDocument();
    expect(screen.getByTestId('variant-count')).toHaveTextContent('(3)');
    unmount();

    renderCard(group(false), () => {});
    expect(screen.queryByRole('button', { name: /^Expand / })).not.toBeInTheDocument();
    expect(screen.getByTestId('variant-count')).toHaveTextContent('(1)');
  });

  it('on a phone the flipping tool lists cards instead of the wide table, sortable and checkable', async () => {
    onPhone();
    const user = userEvent.setup();
    const items = [
      tradeItem({ name: 'Alpha Blade', buyBuyout: 300, sellBuyout: 2000, sellVsBuy: 1600 }),
      tradeItem({ name: 'Bravo Helm', buyBuyout: 100, sellBuyout: 3000, sellVsBuy: 2750 }),
      tradeItem({ name: 'Charlie Ring', buyBuyout: 200, sellBuyout: 1500, sellVsBuy: 1225 }),
    ];
    renderTool(<FlippingTool region="us" items={items} lastModified={NOW_S} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cardNames()).toEqual(['Bravo Helm', 'Alpha Blade', 'Charlie Ring']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Buy Price');
    expect(cardNames()).toEqual(['Alpha Blade', 'Charlie Ring', 'Bravo Helm']);
    await user.click(screen.getByRole('button', { name: 'Reverse sort order (now descending)' }));
    expect(cardNames()).toEqual(['Bravo Helm', 'Charlie Ring', 'Alpha Blade']);

    await user.click(within(cards()[0]!).getByRole('checkbox', { name: 'Include Bravo Helm' }));
    expect(screen.getByTestId('total-Total Investment')).toHaveTextContent('500g');
    expect(screen.getByRole('checkbox', { name: 'Include all rows' })).not.toBeChecked();
  });

  it('on a phone a dropship group expands into variant cards, a single-variant group has no arrow', async () => {
    onPhone();
    const user = userEvent.setup();
    const alpha = [9000, 3000].map((sellVsBuy) => tradeItem({ id: 19019, name: 'Alpha Blade', sellVsBuy }));
    const bravo = tradeItem({ name: 'Bravo Helm', sellVsBuy: 5000 });
    renderTool(
      <DropshipTool
        region="us"
        groups={[group('alpha', alpha), group('bravo', [bravo])]}
        lastModified={NOW_S}
      />,
    );
    expect(cards().map((card) => card.dataset.kind)).toEqual(['group', 'group']);
    expect(screen.queryByRole('button', { name: 'Expand Bravo Helm' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand Alpha Blade' }));
    expect(cards().map((card) => card.dataset.kind)).toEqual(['group', 'variant', 'variant', 'group']);
  });
});
