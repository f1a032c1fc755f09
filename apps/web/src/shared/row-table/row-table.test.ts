import { decodeMarketAnswer, encodeFlippingAnswer, tradeColumnsOf } from '@goldroute/domain/wire';
import { describe, expect, it } from 'vitest';
import { realmOptions } from '../../features/tools/realm-options';
import { buildRowTable } from './row-table';
import { tradeItem } from '../../test/tool-harness';

const items = [
  tradeItem({ name: 'Zeta Blade', buyingConnectedRealmId: 2, buyingConnectedRealmName: 'Zul’jin' }),
  tradeItem({ name: 'alpha helm', sellingConnectedRealmId: 3, sellingConnectedRealmName: 'Aegwynn' }),
  tradeItem({
    id: 'pet_7',
    realPetId: 7,
    name: 'Beetle',
    class: 'Pet',
    subclass: 'Companions',
    crafted: true,
  }),
];

describe('row table', () => {
  it('reads a decoded compact answer like the rows themselves, and builds a row only when asked', () => {
    const fromRows = buildRowTable(items);
    const fromAnswer = buildRowTable(decodeMarketAnswer(encodeFlippingAnswer(items, 1)).rows);
    for (const table of [fromRows, fromAnswer]) {
      expect(table.length).toBe(3);
      expect(table.lowerName).toEqual(['zeta blade', 'alpha helm', 'beetle']);
      expect(Array.from(table.pet)).toEqual([0, 0, 1]);
      expect(Array.from(table.crafted)).toEqual([0, 0, 1]);
      expect(Array.from(table.sortKeys.name)).toEqual([2, 0, 1]);
      expect(items.map((_, i) => table.tradeKey(i))).toEqual(items.map((i) => i.uniqueTradeKey));
      expect(items.map((_, i) => table.itemKey(i))).toEqual(items.map((i) => i.uniqueItemKey));
    }
    // Given rows are those very objects; decoded ones are equal, and built once.
    expect(fromRows.item(1)).toBe(items[1]);
    expect(fromAnswer.item(1)).toEqual(items[1]);
    expect(fromAnswer.item(1)).toBe(fromAnswer.item(1));
  });

  it('ranks names alike whether the dictionary comes in name order (as the server sends it) or not', () => {
    const columns = decodeMarketAnswer(encodeFlippingAnswer(items, 1)).rows;
    expect(columns.variants.name.values).toEqual(['alpha helm', 'Beetle', 'Zeta Blade']);
    const reversed = [...columns.variants.name.values].reverse();
    const codes = Uint32Array.from(columns.variants.name.codes, (code) => reversed.length - 1 - code);
    const unordered = { ...columns, variants: { ...columns.variants, name: { codes, values: reversed } } };
    expect(Array.from(buildRowTable(unordered).sortKeys.name)).toEqual([2, 0, 1]);
    expect(Array.from(buildRowTable(columns).sortKeys.name)).toEqual([2, 0, 1]);
  });

  it('counts crafted stats in the Extra Stats key and keeps an unknown item level unknown (NaN)', () => {
    const rows = [
      tradeItem({
        tertiaryStats: ['Speed'],
        craftedStats: ['Haste', 'Mastery'],
        sockets: [1],
        itemLevel: 636,
      }),
      tradeItem({ craftedStats: ['Versatility'], itemLevel: null }),
      tradeItem({ itemLevel: 0 }),
    ];
    for (const table of [buildRowTable(rows), buildRowTable(tradeColumnsOf(rows))]) {
      expect(Array.from(table.sortKeys.extraStats)).toEqual([4, 1, 0]);
      expect(Array.from(table.sortKeys.itemLevel)).toEqual([636, NaN, 0]);
      expect(table.item(1).itemLevel).toBeNull();
      expect(table.item(0).craftedStats).toEqual(['Haste', 'Mastery']);
    }
  });

  it('lists the realms of the data by name, buying and selling apart', () => {
    const options = realmOptions(buildRowTable(tradeColumnsOf(items)));
    expect(options.buying).toEqual([
      { id: 11, name: 'Stormrage' },
      { id: 2, name: 'Zul’jin' },
    ]);
    expect(options.selling).toEqual([
      { id: 3, name: 'Aegwynn' },
      { id: 22, name: 'Area 52' },
    ]);
  });
});
