import { describe, expect, it } from 'vitest';
import { RawVariantTable } from './raw-variants';

const sig = (...values: number[]) => Int32Array.from(values);

describe('RawVariantTable', () => {
  it('tells crafted pieces with other stats apart and restores its ids', () => {
    const t = new RawVariantTable();
    const haste = t.intern(sig(222487, 0, 0, 0, -1, 36, 49, 10827, 10830), 9);
    const crit = t.intern(sig(222487, 0, 0, 0, -1, 32, 49, 10827, 10830), 9);
    expect(crit).not.toBe(haste);
    expect(t.craftedStats(haste)).toEqual([36, 49]);
    expect(t.bonusIds(crit)).toEqual([10827, 10830]);
    const back = new RawVariantTable();
    back.restore(t.toInt32());
    expect(back.count).toBe(2);
    expect(back.craftedStats(crit)).toEqual([32, 49]);
    expect(back.intern(sig(222487, 0, 0, 0, -1, 36, 49, 10827, 10830), 9)).toBe(haste);
  });

  it('reads a table saved before crafted stats were kept as pieces without them, ids unchanged', () => {
    // Layout then: count, then per id its length and [item, species, level, quality, drop, ...bonus ids].
    const old = Int32Array.from([2, 7, 210088, 0, 0, 0, -1, 1481, 9547, 5, 82800, 39, 25, 3, -1]);
    const t = new RawVariantTable();
    t.restore(old);
    expect(t.count).toBe(2);
    expect(t.itemId(0)).toBe(210088);
    expect(t.bonusIds(0)).toEqual([1481, 9547]);
    expect(t.craftedStats(0)).toEqual([-1, -1]);
    expect(t.petSpecies(1)).toBe(39);
    expect(t.intern(sig(210088, 0, 0, 0, -1, -1, -1, 1481, 9547), 9)).toBe(0);
  });
});
