import { describe, expect, it } from 'vitest';
import { dropshipSearch, flippingSearch } from '../deals';
import { dropshipJson, dropshipJsonBytes, flippingJson, flippingJsonBytes } from './rows';
import { LOOSE_FLOORS, quotedNamesRegion, randomSearchCase } from '../test-support/answer-cases';
import { dump, snapshotFrom } from '../test-support/build';
import { randomMarket, rng } from '../test-support/random-market';
import type { ItemInfo } from '../types';

describe('JSON writers', () => {
  it('write exactly JSON.stringify of the search results on random markets', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const { snap, opts } = randomSearchCase(seed);
      expect(flippingJson(snap, opts), `seed ${seed}`).toBe(JSON.stringify(flippingSearch(snap, opts)));
      expect(dropshipJson(snap, opts), `seed ${seed}`).toBe(JSON.stringify(dropshipSearch(snap, opts)));
    }
  });

  it('escape names (Cyrillic realms, quotes in item names) like JSON.stringify', () => {
    const { snap, ids, data } = quotedNamesRegion();
    const opts = { buyingRealms: ids, sellingRealms: ids, floors: LOOSE_FLOORS };
    const json = flippingJson(snap, opts);
    expect(json).toBe(JSON.stringify(flippingSearch(snap, opts)));
    expect(dropshipJson(snap, opts)).toBe(JSON.stringify(dropshipSearch(snap, opts)));
    expect(data.realms.some((r) => /[\u0400-\u04FF]/.test(r.name))).toBe(true);
    expect(JSON.parse(json)).toEqual(flippingSearch(snap, opts));
  });

  it('write the same UTF-8 bytes, and money figures exactly as JSON.stringify does', () => {
    // Copper amounts of every shape: whole gold, silver, single copper, the posting cap, odd digits.
    const random = rng(7);
    const golds = [0.0001, 0.0011, 0.01, 0.1, 1, 1.5, 9.9999, 1000.0001, 12345.6789, 9_999_999];
    for (let k = 0; k < 40; k++) golds.push(Math.round(random() * 10 ** (3 + (k % 9))) / 10000);
    const base = randomMarket(3);
    const realms = base.realms.slice(0, 2).map((r) => r.id);
    const template = [...base.items.values()][0] as ItemInfo;
    const itemIds = golds.map((_, k) => 5000 + k);
    const m = {
      ...base,
      items: new Map(itemIds.map((id) => [id, { ...template, id, name: `Item ${id}` }])),
      tsm: itemIds.map((id, k) => ({
        itemId: id,
        petSpeciesId: null,
        marketValue: 1,
        avgSalePrice: k * 7919,
        saleRate: 0.1,
        historical: 1,
      })),
      dumps: [
        dump(
          realms[0] as number,
          itemIds.map((id, k) => [id, golds[k] as number] as const),
        ),
        dump(
          realms[1] as number,
          itemIds.map((id, k) => [id, (golds[(k + 7) % golds.length] as number) * 3] as const),
        ),
      ],
    };
    const snap = snapshotFrom(m);
    const opts = { buyingRealms: realms, sellingRealms: realms, floors: LOOSE_FLOORS };
    const rows = flippingSearch(snap, opts);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.some((r) => r.saleAvgVsBuy < 0)).toBe(true);
    const text = JSON.stringify(rows);
    expect(flippingJson(snap, opts)).toBe(text);
    expect(flippingJsonBytes(snap, opts)).toEqual(new TextEncoder().encode(text));
    const groups = JSON.stringify(dropshipSearch(snap, opts));
    expect(dropshipJsonBytes(snap, opts)).toEqual(new TextEncoder().encode(groups));
  });
});
