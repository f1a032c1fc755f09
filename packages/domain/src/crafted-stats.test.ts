import { describe, expect, it } from 'vitest';
import { CRAFTED_STAT_MODIFIERS, CRAFTED_STAT_NAMES, craftedStatName } from './crafted-stats';

describe('crafted secondary stats (auction modifiers 29 and 30)', () => {
  it('names the four stat ids a crafter can pick', () => {
    expect(CRAFTED_STAT_MODIFIERS).toEqual([29, 30]);
    expect(CRAFTED_STAT_NAMES).toEqual({
      32: 'Critical Strike',
      36: 'Haste',
      40: 'Versatility',
      49: 'Mastery',
    });
    expect([32, 36, 40, 49].map(craftedStatName)).toEqual([
      'Critical Strike',
      'Haste',
      'Versatility',
      'Mastery',
    ]);
  });

  it('knows no other id, nor what every object has', () => {
    for (const id of [0, 7, 33, 61, 50, -1, 36.5, NaN]) expect(craftedStatName(id)).toBeUndefined();
    expect(craftedStatName('toString' as unknown as number)).toBeUndefined();
    expect(Object.isFrozen(CRAFTED_STAT_NAMES)).toBe(true);
  });
});
