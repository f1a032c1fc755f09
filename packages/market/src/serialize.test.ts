import { createEconomy } from '@goldroute/simulator';
import { describe, expect, it } from 'vitest';
import { dropshipSearch, flippingSearch } from './deals';
import { dropshipJson, flippingJson } from './serialize';
import { SnapshotBuilder } from './snapshot';
import { snapshotFrom } from './test-support/build';
import { randomMarket } from './test-support/random-market';

const loose = { minProfit: -1e9, minAvgSale: 0, minSaleRate: 0, minProfitPercent: -1e9 };

describe('JSON writers', () => {
  it('write exactly JSON.stringify of the search results on random markets', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const m = randomMarket(seed);
      const snap = snapshotFrom(m);
      const opts = {
        buyingRealms: m.buying,
        sellingRealms: m.selling,
        floors: seed % 2 ? loose : undefined,
        limit: seed % 5 === 0 ? 2 : undefined,
      };
      expect(flippingJson(snap, opts), `seed ${seed}`).toBe(JSON.stringify(flippingSearch(snap, opts)));
      expect(dropshipJson(snap, opts), `seed ${seed}`).toBe(JSON.stringify(dropshipSearch(snap, opts)));
    }
  });

  it('escape names (Cyrillic realms, quotes in item names) like JSON.stringify', () => {
    const economy = createEconomy({ seed: 8, size: 'tiny' });
    const data = economy.staticData('eu');
    const first = [...data.items.values()][0];
    if (first) data.items.set(first.id, { ...first, name: 'Grimbald\'s "Quoted" \\ Name\u2028' });
    const b = new SnapshotBuilder({ region: 'eu', ...data, bonusData: economy.bonusData });
    for (const r of economy.connectedRealms('eu')) b.ingest(r.id, economy.auctionsJson('eu', r.id, 0));
    b.setTsm(economy.tsmRegion('eu', 0));
    const snap = b.build();
    const ids = data.realms.map((r) => r.id);
    const opts = { buyingRealms: ids, sellingRealms: ids, floors: loose };
    const json = flippingJson(snap, opts);
    expect(json).toBe(JSON.stringify(flippingSearch(snap, opts)));
    expect(dropshipJson(snap, opts)).toBe(JSON.stringify(dropshipSearch(snap, opts)));
    expect(data.realms.some((r) => /[\u0400-\u04FF]/.test(r.name))).toBe(true);
    expect(JSON.parse(json)).toEqual(flippingSearch(snap, opts));
  });
});
