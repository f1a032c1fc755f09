// Measures the simulator's hourly cost at a size, through the public API only, so the same script
// measures the stateless simulator before the market persisted (point it at that economy.ts):
// writes every connected realm's JSON dump of hour 0 (the first hour the app asks for), then of
// the next hours (what the running app asks for each hour), and reports ms per realm-hour and RSS.
// Run: node --import tsx packages/simulator/scripts/measure-market.ts [standard|full ...]
import { createEconomy } from '../src/economy';
import type { EconomySize } from '../src/economy';

const NEXT_HOURS = 2;
const sizes = process.argv.slice(2) as EconomySize[];

for (const size of sizes.length > 0 ? sizes : (['standard', 'full'] as EconomySize[])) {
  const economy = createEconomy({ seed: 1, size });
  const realms = (['us', 'eu'] as const).flatMap((region) =>
    economy.connectedRealms(region).map((r) => ({ region, id: r.id })),
  );
  let chars = 0;
  const writeHour = (hour: number): number => {
    const t = performance.now();
    for (const { region, id } of realms) {
      for (const chunk of economy.auctionChunks(region, id, hour)) chars += chunk.length;
    }
    return (performance.now() - t) / realms.length;
  };
  const rssBefore = process.memoryUsage().rss;
  const first = writeHour(0);
  let next = 0;
  for (let h = 1; h <= NEXT_HOURS; h++) next += writeHour(h) / NEXT_HOURS;
  console.log(
    `${size}: ${realms.length} connected realms; hour 0 ${first.toFixed(1)} ms per realm, ` +
      `next hours ${next.toFixed(1)} ms per realm-hour (step + JSON dump); ` +
      `${Math.round(chars / realms.length / (NEXT_HOURS + 1) / 1000)} kB per dump; ` +
      `RSS ${(rssBefore / 1e6).toFixed(0)} -> ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
  );
}
