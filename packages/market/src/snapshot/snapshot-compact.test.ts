// Past days kept compacted once stored (RealmEvidence.compactPast): the deals read the same evidence.
import { createEconomy } from '@goldroute/simulator';
import { describe, expect, it } from 'vitest';
import { flippingSearch } from '../deals';
import { SnapshotBuilder } from './';
import type { TradeItem } from '../types';

const economy = createEconomy({ seed: 5, size: 'tiny' });
const REGION = 'us';
const data = economy.staticData(REGION);
const realmIds = data.realms.map((r) => r.id);
const NO_FLOORS = { minProfit: 0, minAvgSale: 0, minSaleRate: 0, minProfitPercent: 0 };

/** A builder fed the first `hours` hours of every realm. */
function fed(hours: number): SnapshotBuilder {
  const b = new SnapshotBuilder({
    region: REGION,
    realms: data.realms,
    items: data.items,
    pets: data.pets,
    bonusData: economy.bonusData,
    evidence: true,
  });
  for (let h = 0; h < hours; h++) {
    for (const id of realmIds)
      b.ingest(id, economy.auctionsJson(REGION, id, h), economy.lastModified(REGION, id, h));
  }
  b.setTsm(economy.tsmRegion(REGION, hours - 1));
  return b;
}

function rows(b: SnapshotBuilder): TradeItem[] {
  return flippingSearch(b.build(), { buyingRealms: realmIds, sellingRealms: realmIds, floors: NO_FLOORS });
}

/**
 * Floors read from compacted days: within 0.1% (prices come back within 0.025%, and a floor is a
 * median of them taken through the variants' worth), or, for a day lowest at the 0.5% edge of the
 * sell price (item-floor.ts), left in or out the other way.
 */
const near = (a: number | null, b: number | null): boolean =>
  a === b || (a !== null && b !== null && Math.abs(a - b) <= 0.001 * b);

describe('a snapshot built from compacted past days', () => {
  it('gives every deal the same evidence, confidence and flags as the days in full', () => {
    const b = fed(50);
    const before = rows(b);
    expect(b.compactEvidence()).toBe(2 * realmIds.length);
    expect(b.compactEvidence()).toBe(0);
    const after = rows(b);
    expect(after.map((r) => r.uniqueTradeKey)).toEqual(before.map((r) => r.uniqueTradeKey));
    expect(before.filter((r) => r.evidence.salesSeen14d > 0).length).toBeGreaterThan(before.length / 4);
    let edge = 0;
    after.forEach((row, i) => {
      const was = before[i] as TradeItem;
      const { sellLowQuartile14d, sellItemFloor14d, ...rest } = row.evidence;
      const { sellLowQuartile14d: wasQuartile, sellItemFloor14d: wasFloor, ...wasRest } = was.evidence;
      expect(rest).toEqual(wasRest);
      expect(near(sellLowQuartile14d, wasQuartile)).toBe(true);
      if ((sellItemFloor14d === null) !== (wasFloor === null)) edge++;
      else expect(near(sellItemFloor14d, wasFloor)).toBe(true);
      expect(row.confidence).toBe(was.confidence);
      expect(row.flags).toEqual(was.flags);
      expect(row.realisticProfit).toBe(was.realisticProfit);
    });
    expect(edge).toBeLessThanOrEqual(before.length / 100);
  });
});
