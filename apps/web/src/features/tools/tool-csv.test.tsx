import { LABELS } from '@goldroute/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EXPORT_CSV_LABEL } from '../../shared/csv/export-csv-button';
import { catchDownloads, localDate } from '../../test/csv-download';
import { NOW_S, dropshipGroup as group, renderTool, tradeItem } from '../../test/tool-harness';
import { DropshipTool } from './dropship-tool';
import { FlippingTool } from './flipping-tool';
import { TsmTool } from './tsm-tool';

const DEAL_HEADER = [
  'Item Name',
  'Category',
  'ilvl',
  'Sell Rate',
  'Expansion',
  'Quality',
  'Extra Stats',
  'Sale Avg',
  'Sale Avg vs Buy',
  'Sale Avg vs Buy %',
  'Sell vs Buy',
  'Sell vs Buy %',
  'Confidence',
  'Expected Profit',
  'Sale Chance 48 h %',
  'Sell Price',
  'Sell Realm',
  'Buy Price',
  'Buy Realm',
];
/** The figures a deal cell shows under its gold, which the CSV gives columns of their own. */
const FIGURES_WITHIN = ['Sale Avg vs Buy %', 'Sell vs Buy %', 'Sale Chance 48 h %'];

/** The table's column headers as a user reads them, leaving out the checkbox and star (no text). */
const screenHeaders = () =>
  screen
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim() ?? '')
    .filter((text) => text !== '');

const exportButton = () => screen.getByRole('button', { name: EXPORT_CSV_LABEL });
const column = (lines: string[][], header: string) => {
  const at = lines[0]!.indexOf(header);
  expect(at, header).toBeGreaterThanOrEqual(0);
  return lines.slice(1).map((line) => line[at]);
};

// jsdom renders 100-row pages slowly on a busy 2-core machine.
describe('Export CSV of the flipping tool', { timeout: 30_000 }, () => {
  it("writes the table's columns and the row's figures as numbers, into goldroute-flipping-<region>-<date>.csv", async () => {
    const user = userEvent.setup();
    const downloads = catchDownloads();
    const deal = tradeItem({
      name: 'Alpha, "the" Blade',
      itemLevel: 79.6,
      saleRate: 0.0123,
      tertiaryStats: ['speed'],
      avgSale: 1800.25,
      saleAvgVsBuy: 1410,
      sellVsBuy: 12300.5,
      buyBuyout: 300.5,
      sellBuyout: 13263.7,
      saleChance: 0.62,
      confidence: 'medium',
      buyingConnectedRealmName: 'Азурегос',
    });
    const injected = tradeItem({ name: '=HYPERLINK("http://evil.test")', sellVsBuy: 2000, itemLevel: null });
    renderTool(<FlippingTool region="eu" items={[deal, injected]} lastModified={NOW_S} />);
    await user.click(exportButton());

    const file = await downloads.next();
    expect(file.fileName).toBe(`goldroute-flipping-eu-${localDate()}.csv`);
    expect(file.type).toBe('text/csv;charset=utf-8');
    expect(file.text).toMatch(/^Item Name,Category,ilvl,[^\n]*\r\n"Alpha, ""the"" Blade",/);
    expect(file.lines[0]).toEqual(DEAL_HEADER);
    // The on-screen columns, in their order and words; only the figures within cells are added.
    expect(file.lines[0]!.filter((h) => !FIGURES_WITHIN.includes(h))).toEqual(screenHeaders());
    expect(file.lines.slice(1)).toEqual([
      [
        'Alpha, "the" Blade',
        'Weapon',
        '80',
        '0.0123',
        'DF',
        'Epic',
        'Speed',
        '1800.25',
        '1410',
        '469.22',
        '12300.5',
        '4093.34',
        'Medium',
        '12300.5',
        '62',
        '13263.7',
        'Area 52',
        '300.5',
        'Азурегос',
      ],
      [
        `'=HYPERLINK("http://evil.test")`,
        'Weapon',
        '',
        '0.1',
        'DF',
        'Epic',
        '',
        '20000',
        '9000',
        '90',
        '2000',
        '20',
        'High',
        '2000',
        '62',
        '20000',
        'Area 52',
        '10000',
        'Stormrage',
      ],
    ]);
  });

  it('writes the rows as shown: filtered, over every page, unchecked ones left out, in the sort clicked', async () => {
    const user = userEvent.setup();
    const downloads = catchDownloads();
    // Buy prices in an order of their own (7 and 130 share no factor, so all differ).
    const kept = Array.from({ length: 130 }, (_, i) =>
      tradeItem({ name: `Keep ${i}`, sellVsBuy: 5000 + i, buyBuyout: 1000 + ((i * 7) % 130) }),
    );
    const dropped = Array.from({ length: 5 }, (_, i) =>
      tradeItem({ name: `Drop ${i}`, sellVsBuy: 9000 + i }),
    );
    renderTool(<FlippingTool region="us" items={[...dropped, ...kept]} lastModified={NOW_S} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search items by name' }), 'keep');
    expect(screen.getByText(LABELS.pagination(130, 100, 2))).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Include Keep 127' }));

    await user.click(exportButton());
    const byProfit = (await downloads.next()).lines;
    const expectedByProfit = kept.filter((item) => item.name !== 'Keep 127').reverse();
    expect(byProfit).toHaveLength(1 + 129);
    expect(column(byProfit, 'Item Name')).toEqual(expectedByProfit.map((item) => item.name));
    expect(column(byProfit, 'Sell vs Buy')).toEqual(expectedByProfit.map((item) => String(item.sellVsBuy)));

    await user.click(screen.getByRole('button', { name: 'Buy Price' }));
    await user.click(exportButton());
    const byBuyPrice = (await downloads.next()).lines;
    const expectedByBuyPrice = [...expectedByProfit].sort((a, b) => b.buyBuyout - a.buyBuyout);
    expect(column(byBuyPrice, 'Item Name')).toEqual(expectedByBuyPrice.map((item) => item.name));
    expect(column(byBuyPrice, 'Buy Price')).toEqual(expectedByBuyPrice.map((item) => String(item.buyBuyout)));
  });

  it('is disabled while no row would be exported: none passes the filters, or all are unchecked', async () => {
    const user = userEvent.setup();
    const downloads = catchDownloads();
    const items = [tradeItem({ name: 'Alpha Blade' }), tradeItem({ name: 'Bravo Helm' })];
    renderTool(<FlippingTool region="us" items={items} lastModified={NOW_S} />);
    const search = screen.getByRole('searchbox', { name: 'Search items by name' });
    await user.type(search, 'no such item');
    expect(exportButton()).toBeDisabled();
    await user.clear(search);
    expect(exportButton()).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Include all rows' }));
    expect(exportButton()).toBeDisabled();
    await user.click(exportButton());
    expect(downloads.count()).toBe(0);
    await user.click(screen.getByRole('checkbox', { name: 'Include Bravo Helm' }));
    await user.click(exportButton());
    expect(column((await downloads.next()).lines, 'Item Name')).toEqual(['Bravo Helm']);
  });
});

describe('Export CSV of the dropship tool', { timeout: 30_000 }, () => {
  const alpha = (buyBuyout: number, sellVsBuy: number, buyingConnectedRealmName: string) =>
    tradeItem({ id: 19019, name: 'Alpha Blade', buyBuyout, sellVsBuy, buyingConnectedRealmName });
  const best = alpha(2000, 9000, 'Stormrage');
  const second = alpha(500, 3000, 'Азурегос');
  const belowGoldProfit = alpha(100, 500, 'Illidan');
  const bravo = tradeItem({ name: 'Bravo Helm', buyBuyout: 400, sellVsBuy: 5000 });
  const groups = [group('alpha', [best, second, belowGoldProfit]), group('bravo', [bravo])];

  it('writes one line per passing variant, with its group and place, and leaves out an unchecked one', async () => {
    const user = userEvent.setup();
    const downloads = catchDownloads();
    renderTool(<DropshipTool region="us" groups={groups} lastModified={NOW_S} />);
    await user.click(exportButton());
    const file = await downloads.next();
    expect(file.fileName).toBe(`goldroute-dropship-us-${localDate()}.csv`);
    expect(file.lines[0]).toEqual(['Group', 'Variant', ...DEAL_HEADER]);
    const summary = (lines: string[][]) =>
      lines.slice(1).map((line) => [line[0], line[1], line[2], line.at(-2), line.at(-1)].join(' | '));
    expect(summary(file.lines)).toEqual([
      '1 | 1 | Alpha Blade | 2000 | Stormrage',
      '1 | 2 | Alpha Blade | 500 | Азурегос',
      '2 | 1 | Bravo Helm | 400 | Stormrage',
    ]);

    await user.click(screen.getByRole('button', { name: 'Expand Alpha Blade' }));
    const [, , secondVariant] = screen.getAllByRole('checkbox', { name: 'Include Alpha Blade' });
    await user.click(secondVariant!);
    await user.click(exportButton());
    expect(summary((await downloads.next()).lines)).toEqual([
      '1 | 1 | Alpha Blade | 2000 | Stormrage',
      '2 | 1 | Bravo Helm | 400 | Stormrage',
    ]);
  });
});

describe('Export CSV of the TSM list generator', { timeout: 30_000 }, () => {
  it('writes its columns without the icon, the included rows, in the sort clicked', async () => {
    const user = userEvent.setup();
    const downloads = catchDownloads();
    const sword = tradeItem({ id: 19019, name: 'Thunderfury', marketValue: 20000.75, historical: 14000 });
    const pet = tradeItem({
      id: 'pet_39',
      realPetId: 39,
      name: 'Mechanical Squirrel',
      class: 'Pet',
      subclass: 'Pet',
    });
    const cheap = tradeItem({ id: 42, name: 'Cheap Thing', marketValue: 100, avgSale: 600 });
    renderTool(<TsmTool region="us" items={[sword, pet, cheap]} lastModified={NOW_S} />);
    await user.click(screen.getByRole('checkbox', { name: 'Include Cheap Thing' }));
    await user.click(screen.getByRole('button', { name: 'Item Name' }));
    await user.click(exportButton());

    const file = await downloads.next();
    expect(file.fileName).toBe(`goldroute-tsm-us-${localDate()}.csv`);
    const header = [
      'Item Name',
      'Category',
      'Expansion',
      'Sell Rate',
      'Sale Avg',
      'Region Market Value',
      'Region Historical',
    ];
    expect(file.lines[0]).toEqual(header);
    expect(screenHeaders()).toEqual(['Icon', ...header]);
    expect(file.lines.slice(1)).toEqual([
      ['Mechanical Squirrel', 'Pet', 'DF', '0.1', '20000', '15000', '14000'],
      ['Thunderfury', 'Weapon', 'DF', '0.1', '20000', '20000.75', '14000'],
    ]);
    const table = within(screen.getByRole('table', { name: 'TSM items' }));
    expect(table.getAllByRole('row')).toHaveLength(4);
  });
});
