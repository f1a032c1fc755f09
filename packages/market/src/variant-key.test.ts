import { describe, expect, it } from 'vitest';
import type { BonusData } from './types';
import { curveValue } from './variants/item-level';
import { petItemKey, qualityLabel, resolveVariant, uniqueItemKey, uniqueTradeKey } from './variant-key';

// Entries as raidbots' 12.1 files hold them (the ids are real; the squish curve is cut to its first
// points), so each rule is read off the current format.
const data: BonusData = {
  bonuses: {
    '1481': { id: 1481, level: 9 },
    '6652': { id: 6652 },
    '6514': { id: 6514, socket: 1 },
    '9547': { id: 9547, applyBonusId: 13480 },
    '13480': { id: 13480, quality: 2, itemLevel: { amount: 80, priority: 0, squishEra: 0 } },
    '8766': { id: 8766, quality: 3 },
    '3': {
      id: 3,
      itemLevel: { amount: 30, priority: 0, squishEra: 1 },
      levelOffset: { amount: 15, squishEra: 1, craftingQuality: 5 },
      levelOffsetSecondary: { amount: 10 },
    },
    '497': { id: 497, itemLevel: { amount: 25, priority: 0, squishEra: 0 } },
    '650': { id: 650, quality: 5, itemLevel: { amount: 53, priority: 1, squishEra: 0 } },
    '12373': { id: 12373, levelOffsetSecondary: { amount: 6 } },
    '8799': { id: 8799, levelOffset: { amount: 2, squishEra: 2, craftingQuality: 1 } },
    '6656': {
      id: 6656,
      quality: 0,
      dropLevelCurve: { curveId: 16520, offset: -6, priority: 0, squishEra: 0 },
    },
    '6655': { id: 6655, dropLevelCurve: { curveId: 16520, offset: 0, priority: 0, squishEra: 2 } },
    '41': { id: 41, rawStats: [{ stat: 62, amount: 120, name: 'Leech' }] },
    '42': { id: 42, rawStats: [{ stat: 61, amount: 120, name: 'RunSpeed' }] },
    '43': { id: 43, rawStats: [{ stat: 64, amount: 1, name: 'Indestructible' }] },
    '9407': { id: 9407, applyBonusId: 6682, tag: 'Timewarped' },
    '6682': { id: 6682, quality: 3, dropLevelCurve: { curveId: 6243, offset: 3, priority: 0, squishEra: 0 } },
    '5000': { id: 5000, curveId: 16520 },
    '13987': { id: 13987, quality: 4 },
  },
  curves: {
    '92181': {
      points: [
        { playerLevel: 1, itemLevel: 1 },
        { playerLevel: 10, itemLevel: 10 },
        { playerLevel: 342, itemLevel: 70 },
        { playerLevel: 571, itemLevel: 80 },
        { playerLevel: 580, itemLevel: 80 },
      ],
    },
    '6243': {
      points: [
        { playerLevel: 1, itemLevel: 1 },
        { playerLevel: 80, itemLevel: 80 },
      ],
    },
    '16520': {
      points: [
        { playerLevel: 0, itemLevel: 1 },
        { playerLevel: 11, itemLevel: 6 },
        { playerLevel: 80, itemLevel: 74 },
      ],
    },
  },
  squishEras: [
    { id: 1, patch: 0, curveId: 0 },
    { id: 2, patch: 120000, curveId: 92181 },
  ],
};
const gloves = { level: 415, quality: 2 };

describe("resolveVariant on raidbots' current format", () => {
  it("squishes an older item's base level: 207 maps to 46 through curve 92181", () => {
    expect(resolveVariant({ level: 207, quality: 4 }, [], undefined, data)).toEqual({
      itemLevel: 46, // 10 + (207 - 10) x 60 / 332 = 45.6, rounded
      quality: 4,
      sockets: [],
      tertiaryStats: [],
      craftedStats: [],
    });
  });

  it('adds legacy level steps to the base before the squish: 415 + 9 maps to 74', () => {
    // 9547 applies 13480, whose untagged itemLevel restates the level and sets nothing.
    const v = resolveVariant(gloves, [9547, 6652, 1481, 8766], undefined, data);
    expect(v.itemLevel).toBe(74); // 70 + (424 - 342) x 10 / 229 = 73.6
    expect(v.quality).toBe(3); // 8766, above 13480's uncommon
  });

  it('takes an untagged itemLevel as a restatement of base and steps: it sets nothing', () => {
    expect(resolveVariant(gloves, [497, 1481], undefined, data).itemLevel).toBe(74);
    expect(resolveVariant(gloves, [650, 497], undefined, data).itemLevel).toBe(73);
    expect(resolveVariant(gloves, [650], undefined, data).quality).toBe(5);
  });

  it("follows applyBonusId for levels too: a timewarped ring reads its curve in today's numbers", () => {
    // Seen in game (QuestionablyEpic's import tests): item 144132 with 9407 at drop level 68 is 71.
    const v = resolveVariant({ level: 500, quality: 4 }, [9407], [{ type: 9, value: 68 }], data);
    expect(v.itemLevel).toBe(71);
    expect(v.quality).toBe(3);
  });

  it('applies era 1 amounts before the squish, then the secondary offset after every era', () => {
    // Era 1: set 30, +15 -> 45; era 2: 45 -> 10 + 35 x 60 / 332 = 16.3 -> 16; then +10.
    expect(resolveVariant(gloves, [3], undefined, data).itemLevel).toBe(26);
    expect(resolveVariant(gloves, [3, 12373], undefined, data).itemLevel).toBe(32);
  });

  it('adds an era-2 offset after the squish', () => {
    // 415 -> 70 + 73 x 10 / 229 = 73.2 -> 73, + 2.
    expect(resolveVariant(gloves, [8799], undefined, data).itemLevel).toBe(75);
  });

  it('reads a drop-level curve at modifier 9, else at the required level, never below level 1', () => {
    // 16520 at 45: 6 + 34 x 68 / 69 = 39.51 -> 40 (era 2, after the squish of the base).
    expect(resolveVariant(gloves, [6655], [{ type: 9, value: 45 }], data).itemLevel).toBe(40);
    expect(resolveVariant({ ...gloves, requiredLevel: 45 }, [6655], [], data).itemLevel).toBe(40);
    // Without either, the curve does not apply and the base is squished.
    expect(resolveVariant(gloves, [6655], [{ type: 28, value: 9 }], data).itemLevel).toBe(73);
    // 16520 at 10 is 5.5 -> 6, offset -6: the game shows 1.
    expect(resolveVariant({ level: 2, quality: 0 }, [6656], 10, data).itemLevel).toBe(1);
  });

  it('reads a legacy scaling curve in pre-squish numbers; without squish eras nothing is squished', () => {
    // 16520 at 45 is 40 (era 1), squished to 10 + 30 x 60 / 332 = 15.4.
    expect(resolveVariant(gloves, [5000], 45, data).itemLevel).toBe(15);
    const unsquished: BonusData = { ...data, squishEras: [] };
    expect(resolveVariant(gloves, [5000], 45, unsquished).itemLevel).toBe(40);
    expect(resolveVariant(gloves, [3, 8799], undefined, unsquished).itemLevel).toBe(57); // 30 + 15 + 2 + 10
  });

  it('knows a level is unknown when an id is newer than the data or a curve is missing', () => {
    expect(resolveVariant(gloves, [1481, 14000], undefined, data).itemLevel).toBeNull();
    // An older id the file leaves out has nothing to show.
    expect(resolveVariant(gloves, [10844, 1481], undefined, data).itemLevel).toBe(74);
    const noCurve: BonusData = { ...data, curves: { '92181': data.curves['92181']! } };
    expect(resolveVariant(gloves, [6655], 45, noCurve).itemLevel).toBeNull();
    const noSquish: BonusData = { ...data, curves: {} };
    expect(resolveVariant(gloves, [], undefined, noSquish).itemLevel).toBeNull();
    // No bonus data at all yet: any bonus id is newer than it; an item without any keeps its level.
    const empty: BonusData = { bonuses: {}, curves: {} };
    expect(resolveVariant(gloves, [1481], undefined, empty).itemLevel).toBeNull();
    expect(resolveVariant(gloves, [], undefined, empty).itemLevel).toBe(415);
  });

  it('counts sockets and names tertiary stats by raw stat, in canonical order', () => {
    const v = resolveVariant(gloves, [42, 6514, 41], undefined, data);
    expect(v.sockets).toEqual([6514]);
    expect(v.tertiaryStats).toEqual(['Speed', 'Leech']);
    expect(resolveVariant(gloves, [43], undefined, data).tertiaryStats).toEqual(['Indestructible']);
  });

  it('keeps the secondary stats a crafter chose, in modifier order, and nothing else', () => {
    const mods = [
      { type: 30, value: 49 },
      { type: 29, value: 36 },
      { type: 28, value: 2734 },
    ];
    expect(resolveVariant(gloves, [], mods, data).craftedStats).toEqual([36, 49]);
    // 11.x pieces carry values there that name no stat.
    expect(resolveVariant(gloves, [], [{ type: 29, value: 82 }], data).craftedStats).toEqual([]);
  });

  it('does not depend on the order of bonus ids', () => {
    const a = resolveVariant(gloves, [3, 12373, 6514, 42], 60, data);
    const b = resolveVariant(gloves, [42, 6514, 12373, 3], 60, data);
    expect(a).toEqual(b);
  });

  it('interpolates curves between unsorted points', () => {
    expect(
      curveValue(
        {
          points: [
            { playerLevel: 20, itemLevel: 200 },
            { playerLevel: 10, itemLevel: 100 },
          ],
        },
        15,
      ),
    ).toBe(150);
  });
});

describe('keys', () => {
  it('builds readable item keys', () => {
    expect(
      uniqueItemKey(19019, { itemLevel: 80, quality: 4, sockets: [6514], tertiaryStats: ['Speed'] }),
    ).toBe('19019_ilvl-80_q4_s1_speed');
    expect(uniqueItemKey(19019, { itemLevel: 80, quality: 4, sockets: [], tertiaryStats: [] })).toBe(
      '19019_ilvl-80_q4',
    );
    expect(
      uniqueItemKey(5, {
        itemLevel: 1,
        quality: 1,
        sockets: [1, 1],
        tertiaryStats: ['Leech', 'Indestructible'],
      }),
    ).toBe('5_ilvl-1_q1_s2_leech_indestructible');
    const crafted = { quality: 4, sockets: [], tertiaryStats: [], craftedStats: [36, 49] };
    expect(uniqueItemKey(222487, { ...crafted, itemLevel: 104 })).toBe('222487_ilvl-104_q4_c36-49');
    expect(uniqueItemKey(222487, { ...crafted, itemLevel: null })).toBe('222487_ilvl-unknown_q4_c36-49');
  });

  it('builds pet and trade keys', () => {
    expect(petItemKey(1890, 25, 3)).toBe('pet_1890_l25_q3');
    expect(uniqueTradeKey('pet_1890_l25_q3', 11, 3676)).toBe('pet_1890_l25_q3_11-3676');
  });

  it('labels qualities in lower case', () => {
    expect([0, 1, 2, 3, 4, 5, 42].map(qualityLabel)).toEqual([
      'poor',
      'common',
      'uncommon',
      'rare',
      'epic',
      'legendary',
      'none',
    ]);
  });
});
