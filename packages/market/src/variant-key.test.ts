import { createBonusData } from '@goldroute/simulator';
import { describe, expect, it } from 'vitest';
import type { BonusData } from './types';
import {
  curveItemLevel,
  petItemKey,
  qualityLabel,
  resolveVariant,
  uniqueItemKey,
  uniqueTradeKey,
} from './variant-key';

const data: BonusData = createBonusData();
const sword = { level: 60, quality: 3 };

describe('resolveVariant on the simulator bonus table', () => {
  it('keeps the base level without bonuses', () => {
    expect(resolveVariant(sword, [], undefined, data)).toEqual({
      itemLevel: 60,
      quality: 3,
      sockets: [],
      tertiaryStats: [],
    });
  });

  it('adds level bonuses to the base level and ignores unknown and stat-only ids', () => {
    // 3003 = +10, 3007 = +30 (LEVEL_STEPS), 6600 = suffix, 1472 = context tag, 123456 unknown.
    expect(resolveVariant(sword, [3003, 6600, 1472, 123456], undefined, data).itemLevel).toBe(70);
    expect(resolveVariant(sword, [3003, 3007], undefined, data).itemLevel).toBe(100);
    expect(resolveVariant(sword, [3000], undefined, data).itemLevel).toBe(50); // -10
  });

  it('sets the level from itemLevel, lowest priority winning, then adds levels', () => {
    // 7003: 350 priority 0; 7004: 400 priority 1; 7005: 450 priority 2.
    expect(resolveVariant(sword, [7004], undefined, data).itemLevel).toBe(400);
    expect(resolveVariant(sword, [7005, 7004], undefined, data).itemLevel).toBe(400);
    expect(resolveVariant(sword, [7004, 7003], undefined, data).itemLevel).toBe(350);
    expect(resolveVariant(sword, [7003, 3002], undefined, data).itemLevel).toBe(355); // +5
  });

  it('reads a curve at the drop level (modifier type 9) with linear interpolation', () => {
    // Curve 1001: (50 -> 110), (60 -> 160): level 55 -> 135.
    expect(resolveVariant(sword, [8100], [{ type: 9, value: 55 }], data).itemLevel).toBe(135);
    expect(
      resolveVariant(
        sword,
        [8100],
        [
          { type: 28, value: 9 },
          { type: 9, value: 80 },
        ],
        data,
      ).itemLevel,
    ).toBe(450);
    // Clamped below the first point.
    expect(resolveVariant(sword, [8100], 1, data).itemLevel).toBe(20);
    // Without a drop level the curve does not apply.
    expect(resolveVariant(sword, [8100], [{ type: 28, value: 9 }], data).itemLevel).toBe(60);
    // dropLevelCurve on curve 1002 with offset 5: (1 -> 5), (60 -> 180): level 30 -> floor(5 + 29/59*175) + 5.
    expect(resolveVariant(sword, [8201], 30, data).itemLevel).toBe(Math.floor(5 + (29 / 59) * 175) + 5);
  });

  it('counts sockets and names tertiary stats in canonical order', () => {
    const v = resolveVariant(sword, [42, 6936, 41, 6514], undefined, data);
    expect(v.sockets).toEqual([6514, 6936, 6936]);
    expect(v.tertiaryStats).toEqual(['Speed', 'Leech']);
    expect(resolveVariant(sword, [43, 40], undefined, data).tertiaryStats).toEqual([
      'Avoidance',
      'Indestructible',
    ]);
  });

  it('finds tertiaries by raw stat id and by tag as well', () => {
    const custom: BonusData = {
      bonuses: {
        '1': { rawStats: [{ stat: 61, amount: 5 }] },
        '2': { tag: 'Leech' },
        '3': { name: 'of the Speedy Fox' },
      },
      curves: {},
    };
    expect(resolveVariant(sword, [1, 2, 3], undefined, custom).tertiaryStats).toEqual(['Speed', 'Leech']);
  });

  it('takes the highest quality a bonus sets', () => {
    expect(resolveVariant(sword, [9501], undefined, data).quality).toBe(4);
    expect(resolveVariant({ level: 10, quality: 2 }, [9500], undefined, data).quality).toBe(3);
  });

  it('does not depend on the order of bonus ids', () => {
    const a = resolveVariant(sword, [3002, 7003, 7004, 6514, 42, 8100], 60, data);
    const b = resolveVariant(sword, [42, 8100, 6514, 7004, 7003, 3002], 60, data);
    expect(a).toEqual(b);
  });

  it('interpolates curves between unsorted points', () => {
    expect(
      curveItemLevel(
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
