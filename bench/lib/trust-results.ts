// What one run of the trust benchmark hands from its measuring half (trust-run.ts) to its report
// (trust-report.ts).
import type { Machine } from './machine';
import type { CostLine } from './trust-cost';
import type { HourResult } from './trust-rows';
import type { Confusion, Tally, TrustSummary } from './trust-score';

/** Per top list: its rows whose sell listing was planted dead, whose buy listing was bait, and low confidence. */
interface ListDiagnostics {
  sellDead: number;
  buyBait: number;
  flaggedLow: number;
}

/** What one trust run measured: the scores, the dead-listing confusions, the slices and the run's costs. */
export interface TrustResults {
  m: Machine;
  realmCount: number;
  hourResults: HourResult[];
  totalA: Tally;
  totalB: Tally;
  diag: { a: ListDiagnostics; b: ListDiagnostics };
  summary: TrustSummary;
  /** Whether the rows carry the trust fields at all. */
  wired: boolean;
  dead: Confusion;
  deadTop: Confusion;
  deadByBasis: Map<string, Confusion>;
  /** Planted dead listings not flagged, by reason. */
  missed: Map<string, number>;
  aBySales: Map<string, Tally>;
  bByConfidence: Map<string, Tally>;
  bBySales: Map<string, Tally>;
  rowsSeen: number;
  trustRows: number;
  priceMismatches: number;
  costs: CostLine[];
  firstEval: number;
  lastEval: number;
  auctions: number;
  generateMs: number;
  waitMs: number;
  ingestMs: number;
  buildMs: number;
  searchMs: number;
  runMs: number;
  truthMs: number;
  totalMs: number;
  salesSeen: number;
  runPeakRss: number;
  evidenceBytes: number;
  /** The evidence in memory at the end: kept snapshots and days, past ones compacted (RealmEvidence.byteLength). */
  held: { kept: number; days: number; shelved: number; dayCount: number };
  slowestCompactMs: number;
}
