// Two facts about a variant through the compact encoding: the crafted stats, and an unknown item level
// (null), which a number column holds as NaN and which must not come back as 0 or NaN.
import { describe, expect, it } from 'vitest';
import { makeTradeItem } from '../test-fixtures';
import type { TradeItem } from '../trade-item';
import type { AnswerHeader } from './answer-format';
import { readContainer } from './container';
import { encodeFlippingAnswer } from './encode-items';
import { itemKeyStem } from './predictions';
import { decodeMarketAnswer } from './trade-columns';
import { tradeItemsOf } from './trade-rows';

const item = (key: string, overrides: Partial<TradeItem>) =>
  makeTradeItem({ uniqueItemKey: key, uniqueTradeKey: `${key}_11-22`, ...overrides });

const rows = [
  item('19019_ilvl-unknown_q4', { itemLevel: null, crafted: true, craftedStats: ['Haste', 'Mastery'] }),
  item('19019_ilvl-0_q4', { itemLevel: 0, craftedStats: ['Critical Strike'] }),
  item('19019_ilvl-636_q4', { itemLevel: 636, crafted: true, craftedStats: ['Mastery', 'Haste'] }),
  item('pet_5_lunknown_q3', { id: 'pet_5', realPetId: 5, itemLevel: null, craftedStats: [] }),
  // A key that does not start with the stem of its level is sent whole.
  item('19019_ilvl-null_q4', { itemLevel: null, craftedStats: ['Versatility'] }),
];

describe('compact answers: craftedStats and an unknown item level', () => {
  const bytes = encodeFlippingAnswer(rows, 1);
  const columns = decodeMarketAnswer(bytes).rows;
  const back = tradeItemsOf(columns);

  it('round-trip exactly: null stays null (not 0, not NaN), the stats keep their modifier order', () => {
    expect(back).toEqual(rows);
    expect(back.map((r) => r.itemLevel)).toEqual([null, 0, 636, null, null]);
    expect(back.map((r) => r.craftedStats)).toEqual([
      ['Haste', 'Mastery'],
      ['Critical Strike'],
      ['Mastery', 'Haste'],
      [],
      ['Versatility'],
    ]);
    expect(back.map((r) => r.uniqueItemKey)).toEqual(rows.map((r) => r.uniqueItemKey));
  });

  it('hold the unknown level as NaN in the number column, and the stats once each in a dictionary', () => {
    expect(Array.from(columns.variants.itemLevel)).toEqual([NaN, 0, 636, NaN, NaN]);
    const { dicts } = readContainer<AnswerHeader>(bytes).header;
    expect(dicts.craftedStats).toEqual([
      ['Haste', 'Mastery'],
      ['Critical Strike'],
      ['Mastery', 'Haste'],
      [],
      ['Versatility'],
    ]);
    // The unknown level's keys go as the part after `…_ilvl-unknown_q` like any other; the odd one whole.
    expect(dicts.itemKey).toEqual(['4', '3', ['19019_ilvl-null_q4']]);
  });

  it('read an unknown level as `unknown` in a key stem', () => {
    expect(itemKeyStem(19019, null)).toBe('19019_ilvl-unknown_q');
    expect(itemKeyStem('pet_5', null)).toBe('pet_5_lunknown_q');
    expect(itemKeyStem(19019, 0)).toBe('19019_ilvl-0_q');
  });
});
