// Realm statistics (SPEC §2 "Realm statistics", §3 "Realm stats"): for every variant a realm
// lists, its lowest price against the region.
//   price ratio = realm lowest / region lowest (the cheapest realm lowest), averaged per realm
//   cheaper / expensive / equal = realm lowest below / above / equal to the region median of
//   the realm lowests of that variant (mean of the two middle values for an even count)
// Region figures always use every realm of the snapshot; `realms` only selects the rows.
import type { MarketSnapshot } from '../snapshot';
import type { RealmStats, RealmStatsRow } from '../types';

interface PerRealm {
  listed: Float64Array;
  ratioSum: Float64Array;
  cheaper: Float64Array;
  expensive: Float64Array;
  equal: Float64Array;
}

const cache = new WeakMap<MarketSnapshot, PerRealm>();

function compute(snapshot: MarketSnapshot): PerRealm {
  const R = snapshot.realmCount;
  const acc: PerRealm = {
    listed: new Float64Array(R),
    ratioSum: new Float64Array(R),
    cheaper: new Float64Array(R),
    expensive: new Float64Array(R),
    equal: new Float64Array(R),
  };
  const { offsets, entryRealm, entryPrice } = snapshot;
  const { listed, ratioSum, cheaper, expensive, equal } = acc;
  for (let v = 0, V = snapshot.variantCount; v < V; v++) {
    const start = offsets[v] as number;
    const end = offsets[v + 1] as number;
    const n = end - start;
    if (n === 0) continue;
    const min = entryPrice[start] as number;
    const half = n >> 1;
    const median =
      n & 1
        ? (entryPrice[start + half] as number)
        : ((entryPrice[start + half - 1] as number) + (entryPrice[start + half] as number)) / 2;
    for (let k = start; k < end; k++) {
      const r = entryRealm[k] as number;
      const p = entryPrice[k] as number;
      listed[r] = (listed[r] as number) + 1;
      ratioSum[r] = (ratioSum[r] as number) + p / min;
      if (p < median) cheaper[r] = (cheaper[r] as number) + 1;
      else if (p > median) expensive[r] = (expensive[r] as number) + 1;
      else equal[r] = (equal[r] as number) + 1;
    }
  }
  return acc;
}

/**
 * Realm statistics of a snapshot. Rows: realms with a dump in the snapshot (restricted to
 * `realms` when given), sorted by percentCheaper descending, then realm id. Overall figures are
 * means over the rows (each realm weighs the same), totalAuctions their sum.
 */
export function realmStats(snapshot: MarketSnapshot, realms?: readonly number[]): RealmStats {
  let acc = cache.get(snapshot);
  if (!acc) {
    acc = compute(snapshot);
    cache.set(snapshot, acc);
  }
  const wanted = realms ? new Set(realms) : undefined;
  const rows: RealmStatsRow[] = [];
  for (let r = 0; r < snapshot.realmCount; r++) {
    const info = snapshot.realms[r];
    if (!info || snapshot.realmHasData[r] !== 1) continue;
    if (wanted && !wanted.has(info.id)) continue;
    const listed = acc.listed[r] as number;
    const cheaper = acc.cheaper[r] as number;
    const expensive = acc.expensive[r] as number;
    const equal = acc.equal[r] as number;
    const pct = (x: number): number => (listed > 0 ? (x / listed) * 100 : 0);
    rows.push({
      realmId: info.id,
      realmName: info.name,
      realmPopulation: info.population,
      totalAuctions: snapshot.realmAuctions[r] as number,
      avgPriceRatio: listed > 0 ? (acc.ratioSum[r] as number) / listed : 0,
      cheaperThanRegion: cheaper,
      expensiveThanRegion: expensive,
      percentCheaper: pct(cheaper),
      percentExpensive: pct(expensive),
      percentEqual: pct(equal),
    });
  }
  rows.sort((a, b) => b.percentCheaper - a.percentCheaper || a.realmId - b.realmId);
  const n = rows.length;
  let auctions = 0;
  let ratio = 0;
  let cheaperPct = 0;
  for (const row of rows) {
    auctions += row.totalAuctions;
    ratio += row.avgPriceRatio;
    cheaperPct += row.percentCheaper;
  }
  return {
    overallStats: {
      totalRealms: n,
      totalAuctions: auctions,
      avgPriceRatio: n > 0 ? ratio / n : 0,
      percentCheaper: n > 0 ? cheaperPct / n : 0,
    },
    realmStats: rows,
  };
}
