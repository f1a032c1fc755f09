// Start-up of the embedded default: generate one hour of both regions at the simulator's
// `standard` size, ingest every dump and build each region's first snapshot, in one fresh process.
// Also checks that the data reads sensibly: deals of every category, fake deals, price ratios
// spread over the SPEC §9 legend (below 5 cheap, 5-10 normal, above 10 expensive).
import type { MarketSnapshot } from '@goldroute/market';
import { flippingPairs, realmStats } from '@goldroute/market';
import type { RegionCode } from '@goldroute/simulator';
import { createEconomy } from '@goldroute/simulator';
import { snapshotBuilder, tsmRows } from './lib/dataset';
import { machine, machineText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { count, ms, now } from './lib/stats';

const COMMAND = 'npm run bench:startup --workspace bench';
const SPECIAL = new Set(['Toys', 'Mount', 'Companions', 'Cosmetic']);
const m = machine();
const cpu0 = process.cpuUsage();
const t0 = now();
const economy = createEconomy({ seed: 1, size: 'standard' });
const catalogMs = now() - t0;

interface RegionResult {
  region: RegionCode;
  realms: number;
  auctions: number;
  generateMs: number;
  ingestMs: number;
  buildMs: number;
  snapshot: MarketSnapshot;
}

function startRegion(region: RegionCode): RegionResult {
  const builder = snapshotBuilder(economy, region);
  let generateMs = 0;
  let ingestMs = 0;
  let auctions = 0;
  const realms = economy.connectedRealms(region);
  for (const realm of realms) {
    const t = now();
    const dump = economy.auctionsJson(region, realm.id, 0);
    const t1 = now();
    auctions += builder.ingest(realm.id, dump, economy.lastModified(region, realm.id, 0)).auctionCount;
    generateMs += t1 - t;
    ingestMs += now() - t1;
  }
  const t = now();
  builder.setTsm(tsmRows(economy, region, 0));
  const snapshot = builder.build();
  return { region, realms: realms.length, auctions, generateMs, ingestMs, buildMs: now() - t, snapshot };
}

const results = [startRegion('us'), startRegion('eu')];
const totalMs = now() - t0;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;

/** What the first snapshot of a region offers a user who buys and sells on every realm. */
function sanity(snapshot: MarketSnapshot) {
  const ids = Array.from(snapshot.realmIds);
  const pairs = flippingPairs(snapshot, { buyingRealms: ids, sellingRealms: ids });
  const categories = new Set<string>();
  const qualities = new Set<string>();
  const expansions = new Set<number>();
  let fake = 0;
  for (let i = 0; i < pairs.count; i++) {
    const v = pairs.variant[i] as number;
    const meta = snapshot.variants[v];
    if (!meta) continue;
    categories.add(SPECIAL.has(meta.subclass) ? meta.subclass : meta.class);
    qualities.add(meta.quality);
    expansions.add(meta.patchNumber);
    // A lone auction far below every other realm's lowest price: the buy is under 30% of the next one.
    const next = snapshot.entryPrice[(snapshot.offsets[v] as number) + 1] as number;
    if ((snapshot.entryPrice[pairs.buyEntry[i] as number] as number) < 0.3 * next) fake++;
  }
  const ratios = realmStats(snapshot).realmStats.map((r) => r.avgPriceRatio);
  return {
    deals: pairs.count,
    fake,
    categories: categories.size,
    qualities: qualities.size,
    expansions: expansions.size,
    cheap: ratios.filter((r) => r < 5).length,
    normal: ratios.filter((r) => r >= 5 && r <= 10).length,
    expensive: ratios.filter((r) => r > 10).length,
    minRatio: Math.min(...ratios),
    maxRatio: Math.max(...ratios),
  };
}

const timing = table(
  ['region', 'connected realms', 'auctions', 'generate ms', 'ingest ms', 'build ms', 'variants'],
  results.map((r) => [
    r.region,
    String(r.realms),
    count(r.auctions),
    ms(r.generateMs),
    ms(r.ingestMs),
    ms(r.buildMs),
    count(r.snapshot.variantCount),
  ]),
);
const checks = table(
  [
    'region',
    'flipping deals (all realms)',
    'fake-looking',
    'categories',
    'qualities',
    'expansions',
    'realms cheap / normal / expensive',
    'price ratio range',
  ],
  results.map((r) => {
    const s = sanity(r.snapshot);
    return [
      r.region,
      count(s.deals),
      count(s.fake),
      `${s.categories} of 10`,
      `${s.qualities}`,
      `${s.expansions} of 11`,
      `${s.cheap} / ${s.normal} / ${s.expensive}`,
      `${s.minRatio.toFixed(2)} - ${s.maxRatio.toFixed(2)}`,
    ];
  }),
);
const summary =
  `Both regions' first snapshots were ready **${(totalMs / 1000).toFixed(1)} s** after the process ` +
  `started its work (${(cpuMs / 1000).toFixed(1)} s of CPU; catalog ${ms(catalogMs)} ms).`;
console.log(`${timing}\n\n${checks}\n\n${summary}`);
writeSection(
  'startup',
  `## Start-up of the embedded default (simulator size \`standard\`)

Command: \`${COMMAND}\`\\
Machine: ${machineText(m)}

One fresh process creates the \`standard\` economy (84 US and 93 EU connected realms, 6,000 items,
300 pet species), generates hour 0 of every connected realm as Blizzard JSON text, ingests each dump
and builds both regions' first snapshot (TSM rows included). Cold JIT, one run; the app adds its
HTTP round trips to the loopback simulator on top.

${summary}

${timing}

What the data offers (flipping with every realm buying and selling, SPEC §5 floors; realm price
ratios against the SPEC §9 legend):

${checks}`,
);
