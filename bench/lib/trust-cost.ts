// The cost of deal evidence for bench:trust (trust.bench.ts): consecutive hours of a size's dumps ingested
// with and without the evidence option, each run in a fresh child process (trust-cost-child.ts), so one
// run's heap and compiled code never flatter the other's.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EconomySize, RegionCode } from '@goldroute/simulator';
import { createEconomy } from '@goldroute/simulator';
import type { Dataset } from './dataset';
import { ensureDumps } from './dataset';
import { loadText } from './machine';
import { mib, ms, quantile } from './stats';
import type { CostMode, CostResult } from './trust-cost-child';

const COST_CHILD = fileURLToPath(new URL('./trust-cost-child.ts', import.meta.url));

/** One economy size's cost of the evidence, over the rounds. */
export interface CostLine {
  size: EconomySize;
  hours: number;
  auctionsPerHour: number;
  /**
   * Median over the rounds of each mode's steady ingest time per hour, ms. A process's parse speed
   * varies from one process to the next (V8 compiles the dump parser differently), independently of
   * the run beside it: the ratio of the two medians is steadier than the median of the rounds' ratios.
   */
  plainMs: number;
  evidenceMs: number;
  /** The round with the median ingest ratio (its GC, build and RSS are shown), and each round's ratio. */
  plain: CostResult;
  evidence: CostResult;
  ratios: number[];
  /** Each round's ratio of CPU time over the ingest (cpu-steadyMs), which a busy machine stretches less. */
  cpuRatios: number[];
  rssDiffs: number[];
  /** Median over the rounds of the peak RSS difference (a round's RSS does not follow its ingest ratio). */
  rssMedian: number;
}
function costChild(mode: CostMode, hours: Dataset[]): CostResult {
  const out = execFileSync(process.execPath, ['--import', 'tsx', COST_CHILD, mode, JSON.stringify(hours)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as CostResult;
}
/** Steady-state ingest per hour: the hours after the first (which has no previous dump to follow). */
export function steadyMs(r: CostResult, times: number[] = r.hourMs): number {
  const hours = times.length > 1 ? times.slice(1) : times;
  return hours.reduce((s, x) => s + x, 0) / Math.max(1, hours.length);
}
/** The same of the CPU time the ingest took. */
export const steadyCpuMs = (r: CostResult): number => steadyMs(r, r.hourCpuMs);
/** The same of the full collections within the ingest: their time, and how many an hour. */
export const steadyGcText = (r: CostResult): string =>
  `${ms(steadyMs(r, r.hourMajorGcMs))} (${steadyMs(r, r.hourMajorGcs).toFixed(1)})`;

/**
 * Ingests the first hours of each size's dumps with and without the evidence, each in a fresh child
 * process, in rounds of a plain run and an evidence run back to back; logs each round.
 */
export function measureEvidenceCost(options: {
  seed: number;
  region: RegionCode;
  sizes: readonly EconomySize[];
  /** Hours ingested per size. */
  hours: Readonly<Record<EconomySize, number>>;
  rounds: number;
}): CostLine[] {
  const costs: CostLine[] = [];
  for (const size of options.sizes) {
    const costEconomy = createEconomy({ seed: options.seed, size });
    const hours = Array.from({ length: options.hours[size] }, (_, hour) =>
      ensureDumps({ seed: options.seed, size, region: options.region, hour }, costEconomy),
    );
    // Rounds of a plain run and an evidence run, back to back (which goes first alternates): each round
    // compares two runs made under the same load, and the median round is reported (a shared machine's
    // load moves between rounds, and V8 sets its collection pace per process: a run's ingest can differ
    // by a fifth from the next one's in the same mode).
    const rounds: { plain: CostResult; evidence: CostResult; ratio: number }[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const evidenceFirst = round % 2 === 1 ? costChild('evidence', hours) : null;
      const plain = costChild('plain', hours);
      const evidence = evidenceFirst ?? costChild('evidence', hours);
      rounds.push({ plain, evidence, ratio: steadyMs(evidence) / steadyMs(plain) });
      console.log(
        `cost ${size} round ${round + 1}: ingest per hour ${ms(steadyMs(plain))} ms plain, ` +
          `${ms(steadyMs(evidence))} ms with evidence (CPU ${ms(steadyCpuMs(plain))} and ${ms(steadyCpuMs(evidence))} ms), ` +
          `peak RSS +${mib(evidence.peakRss - plain.peakRss)} MiB, load ${loadText()}`,
      );
    }
    const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[
      Math.floor(rounds.length / 2)
    ] as (typeof rounds)[number];
    costs.push({
      size,
      hours: hours.length,
      auctionsPerHour: Math.round(median.plain.auctions / hours.length),
      plainMs: quantile(
        rounds.map((r) => steadyMs(r.plain)).sort((a, b) => a - b),
        0.5,
      ),
      evidenceMs: quantile(
        rounds.map((r) => steadyMs(r.evidence)).sort((a, b) => a - b),
        0.5,
      ),
      plain: median.plain,
      evidence: median.evidence,
      ratios: rounds.map((r) => r.ratio),
      cpuRatios: rounds.map((r) => steadyCpuMs(r.evidence) / steadyCpuMs(r.plain)),
      rssDiffs: rounds.map((r) => r.evidence.peakRss - r.plain.peakRss),
      rssMedian: quantile(
        rounds.map((r) => r.evidence.peakRss - r.plain.peakRss).sort((a, b) => a - b),
        0.5,
      ),
    });
  }
  return costs;
}
