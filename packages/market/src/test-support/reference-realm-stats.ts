// Test oracle, the realm statistics: each realm's lowest prices against the region's median, from the
// reference market (reference-market.ts).
import type { RealmStats } from '../types';
import { medianOf, type RefMarket } from './reference-market';

export function referenceRealmStats(m: RefMarket, only?: readonly number[]): RealmStats {
  const rows = [];
  for (const realm of m.realms) {
    if (!m.auctions.has(realm.id)) continue;
    if (only && !only.includes(realm.id)) continue;
    let listed = 0;
    let ratio = 0;
    let cheaper = 0;
    let expensive = 0;
    let equal = 0;
    for (const v of m.variants) {
      const mine = v.prices.get(realm.id);
      if (!mine) continue;
      const all = [...v.prices.values()].map((p) => p.min).sort((a, b) => a - b);
      const min = all[0] as number;
      const median = medianOf(all);
      listed++;
      ratio += mine.min / min;
      if (mine.min < median) cheaper++;
      else if (mine.min > median) expensive++;
      else equal++;
    }
    rows.push({
      realmId: realm.id,
      realmName: realm.name,
      realmPopulation: realm.population,
      totalAuctions: m.auctions.get(realm.id) ?? 0,
      avgPriceRatio: listed ? ratio / listed : 0,
      cheaperThanRegion: cheaper,
      expensiveThanRegion: expensive,
      percentCheaper: listed ? (100 * cheaper) / listed : 0,
      percentExpensive: listed ? (100 * expensive) / listed : 0,
      percentEqual: listed ? (100 * equal) / listed : 0,
    });
  }
  rows.sort((a, b) => b.percentCheaper - a.percentCheaper || a.realmId - b.realmId);
  const n = rows.length;
  return {
    overallStats: {
      totalRealms: n,
      totalAuctions: rows.reduce((s, r) => s + r.totalAuctions, 0),
      avgPriceRatio: n ? rows.reduce((s, r) => s + r.avgPriceRatio, 0) / n : 0,
      percentCheaper: n ? rows.reduce((s, r) => s + r.percentCheaper, 0) / n : 0,
    },
    realmStats: rows,
  };
}
