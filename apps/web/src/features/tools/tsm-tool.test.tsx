import { ACCESS, LABELS, TOASTS } from '@goldroute/domain';
import { tradeColumnsOf, tradeItemsOf } from '@goldroute/domain/wire';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FlippingToolScreen } from '../../screens/flipping-tool';
import { NOW_S, renderTool, sectionTitles, stubClipboard, tradeItem } from '../../test/tool-harness';
import { TsmTool, dedupeTsmItems, dedupeTsmRows } from './tsm-tool';

const sword = tradeItem({ id: 19019, name: 'Thunderfury', marketValue: 20000 });
const swordVariant = tradeItem({ id: 19019, name: 'Thunderfury', buyingConnectedRealmId: 99 });
const pet = tradeItem({
  id: 'pet_39',
  realPetId: 39,
  name: 'Mechanical Squirrel',
  class: 'Pet',
  subclass: 'Pet',
});
const petVariant = tradeItem({
  id: 'pet_39',
  realPetId: 39,
  name: 'Mechanical Squirrel',
  class: 'Pet',
  subclass: 'Pet',
});
const cheap = tradeItem({ id: 42, name: 'Cheap Thing', marketValue: 100, avgSale: 600 });

describe('TSM list generator', { timeout: 30_000 }, () => {
  it('keeps one row per item id / pet species', () => {
    expect(dedupeTsmItems([sword, swordVariant, pet, petVariant, cheap])).toEqual([sword, pet, cheap]);
  });

  it('keeps the same rows of a decoded answer, every column of them', () => {
    const rows = dedupeTsmRows(tradeColumnsOf([sword, swordVariant, pet, petVariant, cheap]));
    expect(tradeItemsOf(rows)).toEqual([sword, pet, cheap]);
    expect(tradeItemsOf(dedupeTsmRows(tradeColumnsOf([cheap, sword])))).toEqual([cheap, sword]);
  });

  it('copies the TSM string of the included rows with the success toast', async () => {
    const user = userEvent.setup();
    const writeText = stubClipboard();
    renderTool(<TsmTool region="us" items={[sword, swordVariant, pet, cheap]} lastModified={NOW_S} />);
    expect(screen.getAllByRole('row')).toHaveLength(4);
    await user.click(screen.getByRole('checkbox', { name: 'Include Cheap Thing' }));
    await user.click(screen.getByRole('button', { name: LABELS.copyTsmString }));
    expect(writeText).toHaveBeenCalledWith('i:19019,p:39');
    expect(await screen.findByText(TOASTS.tsmCopied)).toBeInTheDocument();
  });

  it('toasts a failed TSM copy', async () => {
    const user = userEvent.setup();
    stubClipboard(() => Promise.reject(new Error('denied')));
    renderTool(<TsmTool region="us" items={[sword]} lastModified={NOW_S} />);
    await user.click(screen.getByRole('button', { name: LABELS.copyTsmString }));
    expect(await screen.findByText(TOASTS.tsmCopyFailed)).toBeInTheDocument();
  });

  it('copies a name on click, with the "Click to copy" tooltip', async () => {
    const user = userEvent.setup();
    const writeText = stubClipboard();
    renderTool(<TsmTool region="us" items={[sword]} lastModified={NOW_S} />);
    const name = screen.getByRole('button', { name: 'Thunderfury' });
    await user.hover(name);
    expect(await screen.findByText(LABELS.clickToCopy('Thunderfury'))).toBeInTheDocument();
    await user.click(name);
    expect(writeText).toHaveBeenCalledWith('Thunderfury');
    expect(await screen.findByText(TOASTS.copiedPlain)).toBeInTheDocument();
  });

  it('has the header tooltips and the Region Market Value filter', async () => {
    const user = userEvent.setup();
    renderTool(<TsmTool region="us" items={[sword, cheap]} lastModified={NOW_S} />);
    await user.hover(screen.getByText('Region Market Value'));
    expect(await screen.findByText(LABELS.marketValueTooltip)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const panel = screen.getByRole('dialog', { name: LABELS.advancedFilters });
    expect(within(panel).getByText('500 – 50,000')).toBeInTheDocument();
    const input = within(panel).getByRole('textbox', { name: 'Region Market Value' });
    await user.clear(input);
    await user.type(input, '1000{Enter}');
    await user.click(within(panel).getByRole('button', { name: LABELS.applyFilters }));
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Thunderfury' })).toBeInTheDocument();
  });
});

describe('TSM filter panel', () => {
  it('has the three sections, the TSM ranges and the crafted filter, without the flipping-only filters', async () => {
    const user = userEvent.setup();
    const craftedSword = tradeItem({ id: 7, name: 'Forged Sword', crafted: true });
    renderTool(<TsmTool region="us" items={[sword, craftedSword]} lastModified={NOW_S} />);
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const panel = screen.getByRole('dialog', { name: LABELS.advancedFilters });
    expect(sectionTitles(panel)).toEqual(['Selection Filters', 'Value Ranges', 'Additional Filters']);
    expect(within(panel).queryByRole('textbox', { name: 'Gold Profit' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('checkbox', { name: /Positive Sale Avg/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('combobox', { name: 'Buying realms' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Categories' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('radio', { name: 'Exclude crafted' }));
    await user.click(within(panel).getByRole('button', { name: LABELS.applyFilters }));
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Thunderfury' })).toBeInTheDocument();
  });
});

describe('without access', () => {
  it('toasts, shows the subscription text and makes no data request', async () => {
    const { api } = renderTool(<FlippingToolScreen />, { user: { hasAccess: false } });
    // The screen text and the toast.
    expect(await screen.findAllByText(ACCESS.noSubscription)).toHaveLength(2);
    expect(api.calls.filter((c) => c.path.includes('/retail/market/'))).toEqual([]);
  });
});
