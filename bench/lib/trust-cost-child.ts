// One fresh process per measurement (started by trust.bench.ts): ingests consecutive hours of a
// region's dumps from bench/.data/ into one SnapshotBuilder, with or without the evidence option
// (budget: docs/deal-trust.md), then builds the snapshot. Prints one JSON line: ingest time per hour (ms),
// the time of the full collections within it, the build time and the peak resident set size (bytes).
// Each dump reaches the engine as text, as in the server (region-ingestor.ts: Blizzard's response read
// with res.text(), the simulator's auctionsJson). Read as a Buffer instead, each dump is ~8 MB of
// array buffer outside V8's heap, and beside the evidence's ~140 MB of typed arrays at `full` V8 then
// runs a full collection every few dumps (15 an hour against 2 without the evidence), a cost the
// server does not have: with text, both runs take 3 to 5 an hour.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';
import { createKeptSnapshotFiles, SnapshotBuilder } from '@goldroute/market';
import type { SnapshotBuilderOptions, TsmRow } from '@goldroute/market';
import { createEconomy } from '@goldroute/simulator';
import type { Dataset } from './dataset';
import { tsmRows } from './dataset';

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
  /** Time in full (mark-compact) collections during each hour's ingest, ms, and their number. */
  hourMajorGcMs: number[];
  hourMajorGcs: number[];
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
function engineInputs(hours: Dataset[]): {
  options: Omit<SnapshotBuilderOptions, 'evidence'>;
  tsm: TsmRow[];
} {
  const first = hours[0];
  if (!first) throw new Error('no hours to ingest');
  const economy = createEconomy(first);
  const { items, pets, realms } = economy.staticData(first.region);
  const last = hours[hours.length - 1] as Dataset;
  return {
    options: { region: first.region, realms, items, pets, bonusData: economy.bonusData },
    tsm: tsmRows(economy, last.region, last.hour),
  };
}

/** Full collections as Node reports them (delivered once the event loop runs again). */
const majorGcs: { start: number; end: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      majorGcs.push({ start: e.startTime, end: e.startTime + e.duration });
  }
}).observe({ entryTypes: ['gc'] });

/** Per hour, the time windows of its ingests (performance.now()), and what they took. */
class HourTimer {
  readonly hourMs: number[] = [];
  readonly hourCpuMs: number[] = [];
  private readonly windows: { start: number; end: number }[][] = [];

  startHour(): void {
    this.hourMs.push(0);
    this.hourCpuMs.push(0);
    this.windows.push([]);
  }

  time<T>(fn: () => T): T {
    const h = this.hourMs.length - 1;
    const start = performance.now();
    const cpu = process.cpuUsage();
    const out = fn();
    const used = process.cpuUsage(cpu);
    const end = performance.now();
    this.hourMs[h] = (this.hourMs[h] as number) + (end - start);
    this.hourCpuMs[h] = (this.hourCpuMs[h] as number) + (used.user + used.system) / 1000;
    this.windows[h]?.push({ start, end });
    return out;
  }

  /** Each hour's full collections that started within its windows: time and count. */
  majorGc(): { ms: number[]; count: number[] } {
    const ms = this.windows.map(() => 0);
    const count = this.windows.map(() => 0);
    for (const gc of majorGcs) {
      const h = this.windows.findIndex((hour) => hour.some((w) => gc.start >= w.start && gc.start < w.end));
      if (h < 0) continue;
      ms[h] = (ms[h] as number) + (gc.end - gc.start);
      count[h] = (count[h] as number) + 1;
    }
    return { ms, count };
  }
}

/** Ingests every hour, then builds; returns what to print once the collections are reported. */
function run(mode: CostMode, hours: Dataset[]): () => CostResult {
  const { options, tsm } = engineInputs(hours);
  // The realms' kept snapshots in files, as the server keeps them (past-day-shelves.ts).
  const kept =
    mode === 'evidence' ? createKeptSnapshotFiles(mkdtempSync(path.join(tmpdir(), 'kept-'))) : null;
  const builder = new SnapshotBuilder({
    ...options,
    evidence: mode === 'evidence',
    ...(kept ? { keptSnapshots: kept } : {}),
  });
  const baselineRss = maxRss();
  const timer = new HourTimer();
  let auctions = 0;
  for (const hour of hours) {
    timer.startHour();
    for (const dump of hour.dumps) {
      const text = readFileSync(dump.path, 'utf8');
      auctions += timer.time(() =>
        builder.ingest(dump.connectedRealmId, text, dump.lastModified),
      ).auctionCount;
    }
  }
  const t = performance.now();
  builder.setTsm(tsm);
  const snapshot = builder.build();
  const buildMs = performance.now() - t;
  const peakRss = maxRss();
  const evidenceSeen = snapshot.entryAge.some((age) => age > 0);
  kept?.close();
  const { hourMs, hourCpuMs } = timer;
  return () => {
    const gc = timer.majorGc();
    return {
      mode,
      hourMs,
      hourCpuMs,
      hourMajorGcMs: gc.ms,
      hourMajorGcs: gc.count,
      buildMs,
      auctions,
      baselineRss,
      peakRss,
      evidenceSeen,
    };
  };
}

const [mode, hoursJson] = process.argv.slice(2);
if ((mode !== 'plain' && mode !== 'evidence') || !hoursJson) {
  console.error('usage: trust-cost-child.ts plain|evidence <datasets json>');
  process.exit(2);
}
const result = run(mode, JSON.parse(hoursJson) as Dataset[]);
// The collections' entries reach the observer once the event loop runs again.
setTimeout(() => console.log(JSON.stringify(result())), 100);
