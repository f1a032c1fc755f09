// One fresh process per measurement (started by ingest.bench.ts): reads every dump of a data set
// and either ingests it into one SnapshotBuilder (then builds the snapshot) or JSON.parses it.
// Prints one JSON line with the times (ms) and the peak resident set size (bytes).
import { readFileSync } from 'node:fs';
import type { SnapshotBuilder, TsmRow } from '@goldroute/market';
import { createEconomy } from '@goldroute/simulator';
import type { Dataset } from './dataset';
import { snapshotBuilder, tsmRows } from './dataset';
import { now } from './stats';

export interface ChildResult {
  mode: 'ingest' | 'parse';
  readMs: number;
  workMs: number;
  buildMs: number;
  auctions: number;
  /** Peak RSS before the first dump was read (runtime, modules, static data). */
  baselineRss: number;
  /** Peak RSS after the last dump (and, for ingest, after the snapshot build). */
  peakRss: number;
  peakRssBeforeBuild: number;
}

const maxRss = (): number => process.resourceUsage().maxRSS * 1024;

/** What the app holds before ingesting: static data and TSM rows (the simulator itself is dropped). */
function prepare(dataset: Dataset): { builder: SnapshotBuilder; tsm: TsmRow[] } {
  const economy = createEconomy(dataset);
  return {
    builder: snapshotBuilder(economy, dataset.region),
    tsm: tsmRows(economy, dataset.region, dataset.hour),
  };
}

function run(mode: ChildResult['mode'], dataset: Dataset): ChildResult {
  const { builder, tsm } = mode === 'ingest' ? prepare(dataset) : { builder: undefined, tsm: [] };
  const baselineRss = maxRss();
  let readMs = 0;
  let workMs = 0;
  let auctions = 0;
  for (const dump of dataset.dumps) {
    const t0 = now();
    const bytes = readFileSync(dump.path);
    const t1 = now();
    if (builder) {
      auctions += builder.ingest(dump.connectedRealmId, bytes, dump.lastModified).auctionCount;
    } else {
      auctions += (JSON.parse(bytes.toString('utf8')) as { auctions: unknown[] }).auctions.length;
    }
    readMs += t1 - t0;
    workMs += now() - t1;
  }
  const peakRssBeforeBuild = maxRss();
  let buildMs = 0;
  if (builder) {
    const t = now();
    builder.setTsm(tsm);
    builder.build();
    buildMs = now() - t;
  }
  return { mode, readMs, workMs, buildMs, auctions, baselineRss, peakRss: maxRss(), peakRssBeforeBuild };
}

const [mode, datasetJson] = process.argv.slice(2);
if ((mode !== 'ingest' && mode !== 'parse') || !datasetJson) {
  console.error('usage: ingest-child.ts ingest|parse <dataset json>');
  process.exit(2);
}
console.log(JSON.stringify(run(mode, JSON.parse(datasetJson) as Dataset)));
