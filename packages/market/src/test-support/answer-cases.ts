// The markets the answer writers are checked on (serialize/*.test.ts): a seeded random market with
// the search options its seed picks, and a simulated region whose names need escaping.
import { createEconomy } from '@goldroute/simulator';
import type { MarketSnapshot } from '../snapshot';
import { SnapshotBuilder } from '../snapshot';
import { snapshotFrom } from './build';
import { randomMarket } from './random-market';

/** Floors that let every row through. */
export const LOOSE_FLOORS = { minProfit: -1e9, minAvgSale: 0, minSaleRate: 0, minProfitPercent: -1e9 };

/** The snapshot of random market `seed`, and search options: loose floors on odd seeds, a limit on every fifth. */
export function randomSearchCase(seed: number) {
  const m = randomMarket(seed);
  const snap = snapshotFrom(m);
  const opts = {
    buyingRealms: m.buying,
    sellingRealms: m.selling,
    floors: seed % 2 ? LOOSE_FLOORS : undefined,
    limit: seed % 5 === 0 ? 2 : undefined,
  };
  return { snap, opts };
}

/** A simulated EU region (Cyrillic realm names) with an item named with quotes, a backslash and U+2028. */
export function quotedNamesRegion(): {
  snap: MarketSnapshot;
  ids: number[];
  data: ReturnType<ReturnType<typeof createEconomy>['staticData']>;
} {
  const economy = createEconomy({ seed: 8, size: 'tiny' });
  const data = economy.staticData('eu');
  const first = [...data.items.values()][0];
  if (first) data.items.set(first.id, { ...first, name: 'Grimbald\'s "Quoted" \\ Name\u2028' });
  const b = new SnapshotBuilder({ region: 'eu', ...data, bonusData: economy.bonusData });
  for (const r of economy.connectedRealms('eu')) b.ingest(r.id, economy.auctionsJson('eu', r.id, 0));
  b.setTsm(economy.tsmRegion('eu', 0));
  return { snap: b.build(), ids: data.realms.map((r) => r.id), data };
}
