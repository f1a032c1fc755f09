// Cost of RealmEvidence.observe on one large realm: `npx tsx packages/market/scripts/measure-evidence.ts`
// (optional arguments: auctions per snapshot, hours). Synthetic: ~25% of auctions share a variant
// with others, about 10% of auctions leave each hour (half of them LONG or VERY_LONG, so sales) and
// as many new ones arrive. Prints ms per observe (after the first), RSS and the bytes per day; run as
// `node --expose-gc --import tsx ...` it also prints the memory the evidence keeps.

import { TIME_LEFT_LONG, TIME_LEFT_SHORT, TIME_LEFT_VERY_LONG } from '../src/time-left';
import { DAY_MS } from '../src/evidence/day-bucket';
import { evidenceToBytes } from '../src/evidence/evidence-codec';
import { RealmEvidence } from '../src/evidence/realm-evidence';

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
const steady = times.slice(1).sort((a, b) => a - b);
const mean = steady.reduce((a, b) => a + b, 0) / steady.length;
const median = steady[Math.floor(steady.length / 2)] ?? 0;
const p95 = steady[Math.floor(steady.length * 0.95)] ?? 0;
const bytes = evidenceToBytes(evidence).length;
const days = evidence.buckets.length;
const day1 = evidence.buckets[1];
console.log(`${count} auctions, ${hours} hours, ${variants} variants${shuffled ? ', shuffled' : ''}`);
const ms = (x: number): string => `${x.toFixed(2)} ms`;
console.log(`observe: first ${ms(times[0] ?? 0)}, then min ${ms(steady[0] ?? 0)}, median ${ms(median)},`);
console.log(`  mean ${ms(mean)}, p95 ${ms(p95)}`);
const retained = gc ? `, evidence keeps ${((kept() - before) / 2 ** 20).toFixed(1)} MB` : '';
console.log(`rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB${retained}`);
console.log(`bytes: ${bytes} for ${days} days; a full day has ${day1?.size ?? 0} cells`);
console.log(`sales on day 1: ${day1?.cells().reduce((a, c) => a + c.sales, 0) ?? 0}`);
