import { describe, expect, it } from 'vitest';
import type { GoldStorage } from './answer-format';
import { goldColumn } from './variant-pool';

describe('gold columns', () => {
  it('are sent as whole copper with their range when every amount is whole copper', () => {
    const storage: Record<string, GoldStorage> = {};
    const column = goldColumn('g', Float64Array.from([1.2345, NaN, 0.0001, 123456.789]), storage);
    expect(storage).toEqual({ g: 'copper' });
    expect([...column.values]).toEqual([12345, NaN, 1, 1234567890]);
    expect(column.range).toEqual({ min: 1, max: 1234567890, nulls: true });
  });

  it('keep every amount as it was when one is not whole copper, wherever it stands', () => {
    const amounts = [1.5, 2.25, NaN, 7.00001, 3];
    const storage: Record<string, GoldStorage> = {};
    const column = goldColumn('g', Float64Array.from(amounts), storage);
    expect(storage).toEqual({ g: 'gold' });
    expect([...column.values]).toEqual(amounts);
    expect(column.range).toBeUndefined();
  });
});
