// Describes the simulated market from its ground truth: what a dump holds (planted dead listings,
// bait) and how normal listings leave (sold, cancelled, run out) over a day, on a few realms.
// Run: node --import tsx packages/simulator/scripts/describe-market.ts [standard] [realms] [hour]
import type { EconomySize } from '../src/economy';
import { createEconomy } from '../src/economy';
import { groundTruth } from '../src/truth';

const size = (process.argv[2] ?? 'standard') as EconomySize;
const realmCount = Number(process.argv[3] ?? 6);
const hour = Number(process.argv[4] ?? 100);
const economy = createEconomy({ seed: 1, size });
const truth = groundTruth(economy);
const realms = economy.connectedRealms('us').slice(0, realmCount);
const count = { listings: 0, dead: 0, bait: 0, sold: 0, cancelled: 0, expired: 0, baitSold: 0 };
let soldAboveCeiling = 0;
for (const r of realms) {
  count.listings += economy.auctions('us', r.id, hour).auctions.length;
  count.dead += truth.plantedDead('us', r.id, hour).length;
  count.bait += truth.bait('us', r.id, hour).length;
  for (const d of truth.departures('us', r.id, hour + 1, hour + 24)) {
    if (d.kind === 'bait') count.baitSold++;
    if (d.kind !== 'normal') continue;
    count[d.reason]++;
    if (d.reason === 'sold' && d.unitPrice > 1.25 * d.goingRate) soldAboveCeiling++;
  }
}
const left = count.sold + count.cancelled + count.expired;
const per = (n: number) => Math.round(n / realms.length);
const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
console.log(
  `${size}, ${realms.length} US realms, dump of hour ${hour}: ${per(count.listings)} auctions per realm, ` +
    `${pct(count.dead, count.listings)} planted dead, ${pct(count.bait, count.listings)} bait.\n` +
    `Normal listings leaving in the next 24 h: ${per(left)} per realm; sold ${pct(count.sold, left)}, ` +
    `cancelled ${pct(count.cancelled, left)}, ran out ${pct(count.expired, left)}; ` +
    `${pct(soldAboveCeiling, count.sold)} of sales above 1.25x the going rate of the hour sold (it drifted). ` +
    `Bait bought: ${per(count.baitSold)} per realm-day.`,
);
