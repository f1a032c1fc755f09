import {
  LABELS,
  SYSTEM_DEFAULT_FILTERS,
  filtersToConfig,
  type Config,
  type DropshipGroup,
  type TradeItem,
} from '@goldroute/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DropshipTool } from './dropship-tool';
import { FlippingTool } from './flipping-tool';
import {
  NOW_S,
  renderTool,
  tradeItem,
  rowNames as names,
  expectSortClicks,
  expectSortedDescending,
} from '../../test/tool-harness';

const saved = (opening: Pick<Config, 'dealSort' | 'exportHighConfidenceOnly'>): Config => ({
  ...filtersToConfig(SYSTEM_DEFAULT_FILTERS),
  ...opening,
});

/** The best by Sell vs Buy is not the best by Expected Profit, so the two sorts disagree on the top row. */
const deals = () => [
  tradeItem({ name: 'Alpha Blade', sellVsBuy: 9000, realisticProfit: 1200 }),
  tradeItem({ name: 'Bravo Helm', sellVsBuy: 8000, realisticProfit: 7000 }),
  tradeItem({ name: 'Charlie Ring', sellVsBuy: 7000, realisticProfit: -300 }),
];

const group = (key: string, variant: TradeItem): DropshipGroup => ({
  key,
  mainItem: variant,
  variants: [variant],
  bestProfit: variant.sellVsBuy,
  totalCount: 1,
});

// jsdom renders the 17-column rows slowly on a busy 2-core machine.
describe('the deal tools open as the user saved on /config-personal', { timeout: 30_000 }, () => {
  it('flipping opens sorted by Sell vs Buy when that is saved, and a header click still re-sorts', async () => {
    const user = userEvent.setup();
    renderTool(<FlippingTool region="us" items={deals()} lastModified={NOW_S} />, {
      user: { config: saved({ dealSort: 'sellVsBuy' }) },
    });
    expect(names()).toEqual(['Alpha Blade', 'Bravo Helm', 'Charlie Ring']);
    expectSortedDescending(/Sell vs Buy/);
    await expectSortClicks(user, [['Expected Profit', ['Bravo Helm', 'Alpha Blade', 'Charlie Ring']]]);
  });

  it('flipping opens sorted by Expected Profit when that is saved', () => {
    renderTool(<FlippingTool region="us" items={deals()} lastModified={NOW_S} />, {
      user: { config: saved({ dealSort: 'realisticProfit' }) },
    });
    expect(names()).toEqual(['Bravo Helm', 'Alpha Blade', 'Charlie Ring']);
  });

  it('dropship opens its groups sorted by Sell vs Buy when that is saved', () => {
    const groups = deals().map((item) => group(item.name, item));
    renderTool(<DropshipTool region="us" groups={groups} lastModified={NOW_S} />, {
      user: { config: saved({ dealSort: 'sellVsBuy' }) },
    });
    expect(names()).toEqual(['Alpha Blade', 'Bravo Helm', 'Charlie Ring']);
  });

  it('the export dialog starts with "High-confidence rows only" ticked when saved, and it can be unticked', async () => {
    const user = userEvent.setup();
    const items = [
      tradeItem({ name: 'Alpha Blade', buyBuyout: 300, sellVsBuy: 9000, confidence: 'high' }),
      tradeItem({
        name: 'Bravo Helm',
        buyBuyout: 100,
        sellVsBuy: 8000,
        confidence: 'medium',
        flags: ['stale'],
      }),
    ];
    renderTool(<FlippingTool region="us" items={items} lastModified={NOW_S} />, {
      user: { config: saved({ exportHighConfidenceOnly: true }) },
    });
    // An export option only: the table still lists the medium-confidence deal.
    expect(names()).toEqual(['Alpha Blade', 'Bravo Helm']);
    await user.click(screen.getByRole('button', { name: LABELS.getAuctionatorLists }));
    const dialog = screen.getByRole('dialog', { name: LABELS.auctionatorTitle });
    const option = within(dialog).getByRole('checkbox', { name: /^High-confidence rows only/ });
    const lists = screen.getByRole('textbox', { name: 'Auctionator shopping lists' });
    expect(option).toBeChecked();
    expect(lists).toHaveValue('GoldRoute Buy from Stormrage^"Alpha Blade";;79;81;0;0;0;0;0;301;4;;;');
    await user.click(option);
    expect(option).not.toBeChecked();
    expect(lists).toHaveValue(
      'GoldRoute Buy from Stormrage^"Alpha Blade";;79;81;0;0;0;0;0;301;4;;;^"Bravo Helm";;79;81;0;0;0;0;0;101;4;;;',
    );
  });
});
