import { describe, expect, it } from 'vitest';
import type { BonusData } from '../types';
import { curveValue } from './item-level';
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
    '11944': { id: 11944, quality: 3, itemLevel: { amount: 424, priority: 0, squishEra: 0 } },
    '9234': { id: 9234, itemLevel: { amount: 400, priority: 65, squishEra: 1 } },
    '8802': { id: 8802, levelOffset: { amount: 10, squishEra: 1, craftingQuality: 4 } },
    '9000': { id: 9000, applyBonusId: 9547 },
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

  it("sets a current scaling amount as it is: the issue's 210088 is 80, as the game shows it", () => {
    // 9547 stands for 13480, whose untagged amount (80) is in today's numbers; the step 1481 is overridden.
    const v = resolveVariant(gloves, [9547, 6652, 1481, 8766], undefined, data);
    expect(v.itemLevel).toBe(80);
    expect(v.quality).toBe(3); // 8766, above 13480's uncommon
  });

  it('reads an untagged amount equal to the level so far as a restatement: the 11.x tracks squish', () => {
    // 415 + 9 = 424 is what 11944 says: squished, 70 + (424 - 342) x 10 / 229 = 73.6.
    expect(resolveVariant(gloves, [11944, 1481], undefined, data).itemLevel).toBe(74);
    expect(resolveVariant(gloves, [497, 1481], undefined, data).itemLevel).toBe(25);
  });

  it('keeps one level-setting bonus: the lowest priority wins', () => {
    expect(resolveVariant(gloves, [650, 497], undefined, data).itemLevel).toBe(25);
    expect(resolveVariant(gloves, [650], undefined, data)).toMatchObject({ itemLevel: 53, quality: 5 });
  });

  it("follows applyBonusId one step: a timewarped ring reads its curve in today's numbers", () => {
    // Seen in game (QuestionablyEpic's import tests): item 144132 with 9407 at drop level 68 is 71.
    const v = resolveVariant({ level: 500, quality: 4 }, [9407], [{ type: 9, value: 68 }], data);
    expect(v.itemLevel).toBe(71);
    expect(v.quality).toBe(3);
    // 9000 applies 9547, which applies another: the game stops there and the base is squished.
    expect(resolveVariant(gloves, [9000], undefined, data).itemLevel).toBe(73);
  });

  it('squishes a pre-Midnight amount, then adds the crafted quality and the secondary offset', () => {
    // 400 -> 70 + 58 x 10 / 229 = 72.5 -> 73; an era-2 quality adds its amount (2), an era-1 one its
    // Midnight step (4, not the 10 of before); the secondary offset adds on top.
    expect(resolveVariant(gloves, [9234, 8799], undefined, data).itemLevel).toBe(75);
    expect(resolveVariant(gloves, [9234, 8802], undefined, data).itemLevel).toBe(77);
    expect(resolveVariant(gloves, [9234, 8799, 12373], undefined, data).itemLevel).toBe(81);
    // With no level-setting bonus the base is squished first: 415 -> 73, + 2.
    expect(resolveVariant(gloves, [8799], undefined, data).itemLevel).toBe(75);
  });

  it('reads a drop-level curve at modifier 9, else at 80 as the game does, never below level 1', () => {
    // 16520 at 45: 6 + 34 x 68 / 69 = 39.51 -> 40, in today's numbers.
    expect(resolveVariant(gloves, [6655], [{ type: 9, value: 45 }], data).itemLevel).toBe(40);
    expect(resolveVariant(gloves, [6655], [{ type: 28, value: 9 }], data).itemLevel).toBe(74);
    // 16520 at 10 is 5.5 -> 6, offset -6: the game shows 1.
    expect(resolveVariant({ level: 2, quality: 0 }, [6656], 10, data).itemLevel).toBe(1);
  });

  it('reads a legacy scaling curve, then squishes it; without squish eras nothing is squished', () => {
    // 16520 at 45 is 40, squished to 10 + 30 x 60 / 332 = 15.4.
    expect(resolveVariant(gloves, [5000], 45, data).itemLevel).toBe(15);
    const unsquished: BonusData = { ...data, squishEras: [] };
    expect(resolveVariant(gloves, [5000], 45, unsquished).itemLevel).toBe(40);
    expect(resolveVariant(gloves, [9234, 8799], undefined, unsquished).itemLevel).toBe(402);
  });

  it("makes a level above the squish curve's end 1, as the game does", () => {
    expect(resolveVariant({ level: 600, quality: 4 }, [], undefined, data).itemLevel).toBe(1);
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
