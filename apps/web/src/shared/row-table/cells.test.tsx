import { describe, expect, it } from 'vitest';
import { extraStatsText, itemLevelCell } from './cells';

describe('Extra Stats cell', () => {
  it.each([
    [
      { tertiaryStats: ['Speed'], craftedStats: ['Haste', 'Mastery'], sockets: [1] },
      'Speed, Haste / Mastery, Sockets: 1',
    ],
    [
      { tertiaryStats: [], craftedStats: ['Critical Strike', 'Versatility'], sockets: [] },
      'Critical Strike / Versatility',
    ],
    [{ tertiaryStats: [], craftedStats: ['Mastery'], sockets: [7, 8] }, 'Mastery, Sockets: 2'],
    [{ tertiaryStats: ['leech', 'avoidance'], craftedStats: [], sockets: [] }, 'Leech, Avoidance'],
    [{ tertiaryStats: [], craftedStats: [], sockets: [] }, '—'],
  ])('%j reads %s', (item, text) => {
    expect(extraStatsText(item)).toBe(text);
  });
});

describe('ilvl cell', () => {
  it('shows a known level as a whole number, without a tooltip', () => {
    expect(itemLevelCell(415.6)).toEqual({ text: '416', title: undefined });
    expect(itemLevelCell(0)).toEqual({ text: '0', title: undefined });
  });

  it('shows an unknown level as "?" and says why', () => {
    expect(itemLevelCell(null)).toEqual({
      text: 'unknown',
      title: "ilvl unknown: the bonus data does not know this item's bonus ids yet",
    });
  });
});
