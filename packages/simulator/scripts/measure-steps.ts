// Measures the market alone, without writing JSON: building a realm's first hour from the 48 hours
// of postings before it, stepping every realm one hour, and the memory of the cached books.
// Run: node --import tsx packages/simulator/scripts/measure-steps.ts [standard|full ...]
import type { EconomySize } from '../src/economy';
import { createEconomy } from '../src/economy';
import { Market } from '../src/market';

const STEPS = 6;
const sizes = process.argv.slice(2) as EconomySize[];

for (const size of sizes.length > 0 ? sizes : (['standard', 'full'] as EconomySize[])) {
  const economy = createEconomy({ seed: 1, size });
  const realms = [...economy.connectedRealms('us'), ...economy.connectedRealms('eu')];
  // Room for every realm's book, so stepping is measured rather than rebuilding.
  const market = new Market(
    { seed: economy.seed, items: economy.items, pets: economy.pets, realms },
    { cachedListings: 20_000_000 },
  );
  const start = Math.round(economy.startTime / 3_600_000);
  let t = performance.now();
  for (let slot = 0; slot < realms.length; slot++) market.traits(slot);
  const traitsMs = (performance.now() - t) / realms.length;
  t = performance.now();
  for (let slot = 0; slot < realms.length; slot++) market.book(slot, start);
  const firstMs = (performance.now() - t) / realms.length;
  t = performance.now();
  for (let h = 1; h <= STEPS; h++)
    for (let slot = 0; slot < realms.length; slot++) market.book(slot, start + h);
  const stepMs = (performance.now() - t) / (realms.length * STEPS);
  const use = market.cacheUse();
  console.log(
    `${size}: ${Math.round(use.listings / use.realms)} listings per realm; realm weights ${traitsMs.toFixed(1)} ms ` +
      `per realm (once); first hour ${firstMs.toFixed(1)} ms per realm; next hour ${stepMs.toFixed(2)} ms ` +
      `per realm-hour; books ${(use.bytes / 1e6).toFixed(0)} MB for ${use.realms} realms; ` +
      `RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
  );
}
