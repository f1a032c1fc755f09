// Cost of RealmEvidence.observe on one large realm: `npx tsx packages/market/scripts/measure-evidence.ts`
// (optional arguments: auctions per snapshot, hours). Synthetic: ~25% of auctions share a variant
// with others, about 10% of auctions leave each hour (half of them LONG or VERY_LONG, so sales) and
// as many new ones arrive. Prints ms per observe (after the first), RSS and the bytes per day; run as
// `node --expose-gc --import tsx ...` it also prints the memory the evidence keeps.

import { TIME_LEFT_LONG, TIME_LEFT_SHORT, TIME_LEFT_VERY_LONG } from '../src/ingest';
import { DAY_MS } from '../src/evidence';
import * as current from '../src/evidence';

// EVIDENCE_IMPL=<dir under src/evidence> measures another copy of the evidence code (e.g. the
// version before a change, copied there for the comparison) with the same synthetic snapshots.
const impl = process.env['EVIDENCE_IMPL'];
const lib: Pick<typeof current, 'RealmEvidence' | 'evidenceToBytes' | 'listingEvidence'> = impl
  ? {
      RealmEvidence: ((await import(`../src/evidence/${impl}/realm-evidence.ts`)) as typeof current)
        .RealmEvidence,
      evidenceToBytes: ((await import(`../src/evidence/${impl}/evidence-bytes.ts`)) as typeof current)
        .evidenceToBytes,
      listingEvidence: ((await import(`../src/evidence/${impl}/listing-evidence.ts`)) as typeof current)
        .listingEvidence,
    }
  : current;
const { RealmEvidence, evidenceToBytes, listingEvidence } = lib;

const count = Number(process.argv[2] ?? 60_000);
const hours = Number(process.argv[3] ?? 48);
/** `shuffled`: each snapshot lists its auctions in a new random order (no two dumps alike). */
const shuffled = process.argv[4] === 'shuffled';
const variants = Math.round(count * 0.4);
let seed = 42;
const rand = (): number => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;

let nextId = 2_100_000_000;
const cols = {
  count,
  id: new Float64Array(count),
  raw: new Int32Array(count),
  unitPrice: new Float64Array(count),
  quantity: new Float64Array(count),
  timeLeft: new Uint8Array(count),
};
function fresh(i: number): void {
  cols.id[i] = nextId++;
  const v = Math.floor(rand() ** 2 * variants); // some variants are listed far more than others
  cols.raw[i] = v;
  cols.unitPrice[i] = Math.round((1 + v) * 1000 * (0.8 + rand() * 0.4));
  cols.quantity[i] = rand() < 0.8 ? 1 : 1 + Math.floor(rand() * 20);
  cols.timeLeft[i] = rand() < 0.5 ? TIME_LEFT_VERY_LONG : rand() < 0.5 ? TIME_LEFT_LONG : TIME_LEFT_SHORT;
}
for (let i = 0; i < count; i++) fresh(i);

const gc = (globalThis as { gc?: () => void }).gc;
const kept = (): number => {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const before = kept();
const evidence = new RealmEvidence();
const keyOf = (raw: number): number => raw;
const t0 = 20_000 * DAY_MS;
const times: number[] = [];
for (let h = 0; h < hours; h++) {
  // Each snapshot is a new set of columns, as ingest gives; the evidence keeps references to them.
  const order = Array.from({ length: count }, (_, i) => i);
  if (shuffled) order.sort(() => rand() - 0.5);
  const snapshot = {
    count,
    id: Float64Array.from(order, (i) => cols.id[i] as number),
    raw: Int32Array.from(order, (i) => cols.raw[i] as number),
    unitPrice: Float64Array.from(order, (i) => cols.unitPrice[i] as number),
    quantity: Float64Array.from(order, (i) => cols.quantity[i] as number),
    timeLeft: Uint8Array.from(order, (i) => cols.timeLeft[i] as number),
  };
  const start = performance.now();
  evidence.observe(t0 + h * 3_600_000, snapshot, keyOf);
  times.push(performance.now() - start);
  for (let i = 0; i < count; i++) if (rand() < 0.1) fresh(i);
}
/**
 * Bytes of the typed arrays reachable from `root` (each buffer once): what one realm's evidence keeps,
 * exactly and without the collector's timing; working arrays shared by all realms are not reachable.
 */
function typedBytes(root: unknown): number {
  const seen = new Set<unknown>();
  const buffers = new Set<ArrayBufferLike>();
  const walk = (x: unknown): void => {
    if (x === null || typeof x !== 'object' || seen.has(x)) return;
    seen.add(x);
    if (ArrayBuffer.isView(x)) {
      buffers.add(x.buffer);
      return;
    }
    for (const v of x instanceof Map ? x.values() : Object.values(x)) walk(v);
  };
  walk(root);
  let total = 0;
  for (const b of buffers) total += b.byteLength;
  return total;
}
const perRealm = typedBytes(evidence);
const keptBytes = kept() - before;
const steady = times.slice(1).sort((a, b) => a - b);
const mean = steady.reduce((a, b) => a + b, 0) / steady.length;
const median = steady[Math.floor(steady.length / 2)] ?? 0;
const p95 = steady[Math.floor(steady.length * 0.95)] ?? 0;
const bytes = evidenceToBytes(evidence).length;
const days = evidence.buckets.length;
const day1 = evidence.buckets[1];
console.log(
  `${impl ?? 'current'}: ${count} auctions, ${hours} hours, ${variants} variants${shuffled ? ', shuffled' : ''}`,
);
const ms = (x: number): string => `${x.toFixed(2)} ms`;
console.log(`observe: first ${ms(times[0] ?? 0)}, then min ${ms(steady[0] ?? 0)}, median ${ms(median)},`);
console.log(`  mean ${ms(mean)}, p95 ${ms(p95)}`);
const mb = (b: number): string => `${(b / 2 ** 20).toFixed(2)} MB`;
const retained = gc ? `, heap + array buffers kept ${mb(keptBytes)}` : '';
console.log(`one realm's evidence keeps ${mb(perRealm)} in typed arrays (${perRealm} bytes)`);
console.log(`rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB${retained}`);
console.log(`bytes: ${bytes} for ${days} days; a full day has ${day1?.size ?? 0} cells`);
console.log(`sales on day 1: ${day1?.cells().reduce((a, c) => a + c.sales, 0) ?? 0}`);

// listingEvidence() after the last observe, as SnapshotBuilder.observe takes it: one row per raw
// variant of the realm's listing (first-seen order, as ingest lays them out), padded with variants
// not listed now up to LISTING_ROWS rows.
const LISTING_ROWS = 25_000;
const rows: number[] = [];
const seen = new Uint8Array(variants + 1);
for (let i = 0; i < count && rows.length < LISTING_ROWS; i++) {
  const v = cols.raw[i] as number;
  if (seen[v] === 0) {
    seen[v] = 1;
    rows.push(v);
  }
}
const listed = rows.length;
for (let v = 0; v < variants && rows.length < LISTING_ROWS; v++) if (seen[v] === 0) rows.push(v);
const rawIds = Int32Array.from(rows);
const nowMs = t0 + (hours - 1) * 3_600_000;
const listingTimes: number[] = [];
let check = 0;
for (let r = 0; r < 15; r++) {
  const start = performance.now();
  const ev = listingEvidence(evidence, rawIds, rawIds.length, nowMs, keyOf);
  listingTimes.push(performance.now() - start);
  check += ev.sales[0] ?? 0;
}
listingTimes.sort((a, b) => a - b);
console.log(
  `listingEvidence: ${rawIds.length} rows (${listed} listed), min ${ms(listingTimes[0] ?? 0)}, ` +
    `median ${ms(listingTimes[Math.floor(listingTimes.length / 2)] ?? 0)} (check ${check})`,
);
