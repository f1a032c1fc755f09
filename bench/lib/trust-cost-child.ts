// One fresh process per measurement (started by trust.bench.ts): ingests consecutive hours of a
// region's dumps from bench/.data/ into one SnapshotBuilder, with or without the evidence option
// (issue 13, section 2), then builds the snapshot. Prints one JSON line: ingest time per hour (ms),
// the build time and the peak resident set size (bytes).
import { readFileSync } from 'node:fs';
import { SnapshotBuilder } from '@goldroute/market';
import type { SnapshotBuilderOptions, TsmRow } from '@goldroute/market';
import { createEconomy } from '@goldroute/simulator';
import type { Dataset } from './dataset';
import { tsmRows } from './dataset';
import { now } from './stats';

export type CostMode = 'plain' | 'evidence';

export interface CostResult {
  mode: CostMode;
  /** Ingest time of each hour (every realm's dump), ms, file reads excluded. */
  hourMs: number[];
  /**
   * CPU time of the process over each hour's ingest (every thread: V8's collector works on helper
   * threads too), ms. A busy machine stretches the wall time of a run, not the CPU it takes.
   */
  hourCpuMs: number[];
  buildMs: number;
  auctions: number;
  /** Peak RSS before the first dump was read (runtime, modules, static data). */
  baselineRss: number;
  /** Peak RSS after the last hour's snapshot was built. */
  peakRss: number;
  /** Whether the snapshot has its evidence columns filled (the engine keeps evidence). */
  evidenceSeen: boolean;
}

const maxRss = (): number => process.resourceUsage().maxRSS * 1024;

/**
 * What the engine is given: the static data and the last hour's TSM rows. The simulator that makes
 * them is dropped before the ingest: it is ~35 MB of JS heap that a server reading Blizzard's dumps
 * does not hold, and every full collection during the ingest would mark it again.
 */
function engineInputs(mode: CostMode, hours: Dataset[]): { options: SnapshotBuilderOptions; tsm: TsmRow[] } {
  const first = hours[0];
  if (!first) throw new Error('no hours to ingest');
  const economy = createEconomy(first);
  const { items, pets, realms } = economy.staticData(first.region);
  const last = hours[hours.length - 1] as Dataset;
  return {
    options: {
      region: first.region,
      realms,
      items,
      pets,
      bonusData: economy.bonusData,
      evidence: mode === 'evidence',
    },
    tsm: tsmRows(economy, last.region, last.hour),
  };
}

function run(mode: CostMode, hours: Dataset[]): CostResult {
  const { options, tsm } = engineInputs(mode, hours);
  const builder = new SnapshotBuilder(options);
  const baselineRss = maxRss();
  const hourMs: number[] = [];
  const hourCpuMs: number[] = [];
  let auctions = 0;
  for (const hour of hours) {
    let ms = 0;
    let cpuMs = 0;
    for (const dump of hour.dumps) {
      const bytes = readFileSync(dump.path);
      const t = now();
      const cpu = process.cpuUsage();
      auctions += builder.ingest(dump.connectedRealmId, bytes, dump.lastModified).auctionCount;
      const used = process.cpuUsage(cpu);
      ms += now() - t;
      cpuMs += (used.user + used.system) / 1000;
    }
    hourMs.push(ms);
    hourCpuMs.push(cpuMs);
  }
  const t = now();
  builder.setTsm(tsm);
  const snapshot = builder.build();
  const buildMs = now() - t;
  const evidenceSeen = snapshot.entryAge.some((age) => age > 0);
  return { mode, hourMs, hourCpuMs, buildMs, auctions, baselineRss, peakRss: maxRss(), evidenceSeen };
}

const [mode, hoursJson] = process.argv.slice(2);
if ((mode !== 'plain' && mode !== 'evidence') || !hoursJson) {
  console.error('usage: trust-cost-child.ts plain|evidence <datasets json>');
  process.exit(2);
}
console.log(JSON.stringify(run(mode, JSON.parse(hoursJson) as Dataset[])));
