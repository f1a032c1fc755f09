import { describe, expect, it } from 'vitest';
import { AuctionIdTable, idKey } from './auction-ids';
import { binPrice, medianOfBins, priceBin } from './price-bins';

describe('price bins', () => {
  it('reads prices back within 1%, up to a billion gold', () => {
    for (const copper of [2, 99, 1234, 50_000, 7_777_777, 123_456_789_012, 1e13]) {
      const back = binPrice(priceBin(copper));
      expect(Math.abs(back - copper) / copper).toBeLessThan(copper < 100 ? 0.02 : 0.01);
    }
    expect(priceBin(0)).toBe(0);
    expect(binPrice(priceBin(1))).toBe(1);
  });

  it('takes the middle bin, or the mean of the two middle ones', () => {
    const b = (c: number) => priceBin(c);
    expect(medianOfBins([b(300), b(100), b(200)])).toBe(binPrice(b(200)));
    expect(medianOfBins([b(400), b(100)])).toBe(Math.round((binPrice(b(100)) + binPrice(b(400))) / 2));
    expect(medianOfBins([])).toBeNull();
  });
});

describe('auction id table', () => {
  it('finds ids past 2^32 by their low 32 bits and consecutive runs, and misses absent ones', () => {
    const raw = Float64Array.from({ length: 5000 }, (_, i) => (i % 2 ? 2 ** 33 + i : 2_100_000_000 + i));
    raw[7] = -1;
    const ids = Uint32Array.from(raw, idKey);
    const table = new AuctionIdTable(ids, ids.length);
    expect(table.get(idKey(2_100_000_000 + 10))).toBe(10);
    expect(table.get(idKey(2 ** 33 + 4999))).toBe(4999);
    expect(table.get(idKey(-1))).toBe(-1);
    expect(table.get(idKey(2 ** 33 + 10))).toBe(-1);
    expect(table.get(idKey(2_100_000_000 + 7))).toBe(-1);
  });
});
