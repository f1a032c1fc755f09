// One user's searches on a full US snapshot (84 connected realms, ~5.4 million auctions), every
// realm buying and selling: the engine step (matching pairs) and the full answer the server
// sends (rows serialised to JSON), median and p95 of 50 runs each, plus the payload sizes.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { DealSearchOptions, MarketSnapshot } from '@goldroute/market';
import {
  dropshipJsonBytes,
  dropshipPairs,
  dropshipPlan,
  flippingJson,
  flippingJsonBytes,
  flippingPairs,
  realmStats,
} from '@goldroute/market';
import { ensureDumps, FULL_US, loadSnapshot } from './lib/dataset';
import { machine, machineText } from './lib/machine';
import { table, writeSection } from './lib/report';
import type { Sample } from './lib/stats';
import { count, mb, measure, ms, now, settle } from './lib/stats';

const COMMAND = 'npm run bench:search --workspace bench';
const RUNS = 50;
/** Proposed server limit for dropship answers: the groups with the highest best profit. */
const DROPSHIP_LIMIT = 1000;
const DROPSHIP_LIMITS = [500, DROPSHIP_LIMIT, 2000, 5000];

const dataset = ensureDumps(FULL_US);
const snapshot = loadSnapshot(dataset);
const m = machine();
const all = Array.from(snapshot.realmIds);
const search: DealSearchOptions = { buyingRealms: all, sellingRealms: all };
settle();

interface Row {
  name: string;
  what: string;
  sample: Sample;
  target: number;
  size: string;
}
const rows: Row[] = [];
function run<T>(name: string, what: string, target: number, fn: () => T, size: (r: T) => string): T {
  const { sample, result } = measure(RUNS, fn);
  rows.push({ name, what, sample, target, size: size(result) });
  console.log(`${name}: median ${ms(sample.median)} ms, p95 ${ms(sample.p95)} ms`);
  return result;
}

function compressed(json: Uint8Array): { gzip: number; gzipMs: number; brotli: number; brotliMs: number } {
  const t0 = now();
  const gzip = gzipSync(json).length;
  const t1 = now();
  const brotli = brotliCompressSync(json, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 4,
    },
  }).length;
  return { gzip, gzipMs: t1 - t0, brotli, brotliMs: now() - t1 };
}

const decoder = new TextDecoder();
const rowsText = (n: number): string => `${count(n)} rows`;
const jsonText = (json: { length: number }): string => `${mb(json.length)} MB JSON`;

const flipPairs = run(
  'flipping',
  'engine: flippingPairs',
  20,
  () => flippingPairs(snapshot, search),
  (p) => rowsText(p.count),
);
const flipJson = run(
  'flipping',
  'answer: flippingJsonBytes',
  20,
  () => flippingJsonBytes(snapshot, search),
  jsonText,
);
run('flipping', 'answer as a string: flippingJson', 20, () => flippingJson(snapshot, search), jsonText);
const everyPair = run(
  'dropship',
  'engine, every row: dropshipPairs',
  50,
  () => dropshipPairs(snapshot, search),
  (p) => rowsText(p.count),
);
const dropshipLimited = { ...search, limit: DROPSHIP_LIMIT };
run(
  'dropship',
  `engine, top ${count(DROPSHIP_LIMIT)} groups: dropshipPlan`,
  50,
  () => dropshipPlan(snapshot, dropshipLimited),
  (p) => rowsText(p.pairs.count),
);
const dropJson = run(
  'dropship',
  `answer: dropshipJsonBytes, top ${count(DROPSHIP_LIMIT)} groups`,
  50,
  () => dropshipJsonBytes(snapshot, dropshipLimited),
  jsonText,
);
const statsOf = (s: MarketSnapshot) => realmStats(s);
run(
  'realm statistics',
  'engine, first call on a snapshot',
  50,
  () => statsOf(Object.create(snapshot)),
  (r) => `${r.realmStats.length} realms`,
);
run(
  'realm statistics',
  'answer: cached figures + JSON.stringify',
  50,
  () => JSON.stringify(statsOf(snapshot)),
  jsonText,
);

const searchTable = table(
  ['search (84 x 84 realms)', 'what is timed', 'median ms', 'p95 ms', 'min ms', 'target p95', 'result'],
  rows.map((r) => [
    r.name,
    r.what,
    ms(r.sample.median),
    ms(r.sample.p95),
    ms(r.sample.min),
    `${r.target} ms ${r.sample.p95 <= r.target ? '(met)' : '(NOT met)'}`,
    r.size,
  ]),
);

// Payload sizes: the whole flipping answer, and dropship answers under several limits.
const flipZ = compressed(flipJson);
const limitRows = DROPSHIP_LIMITS.map((limit) => {
  const { sample, result: json } = measure(10, () => dropshipJsonBytes(snapshot, { ...search, limit }), 1);
  const parsed = JSON.parse(decoder.decode(json)) as { totalCount: number }[];
  const z = compressed(json);
  return [
    `${count(limit)} groups${limit === DROPSHIP_LIMIT ? ' (proposed)' : ''}`,
    count(parsed.reduce((s, g) => s + g.totalCount, 0)),
    mb(json.length),
    mb(z.gzip),
    mb(z.brotli),
    ms(sample.median),
    ms(z.gzipMs),
  ];
});
const allGroups = new Set(
  Array.from(everyPair.variant.subarray(0, everyPair.count), (v) => snapshot.groupOf[v]),
).size;
const payloadTable = table(
  ['answer', 'rows', 'JSON MB', 'gzip MB', 'brotli q4 MB', 'answer ms (median)', 'gzip -6 ms'],
  [
    [
      'flipping, all rows',
      count(flipPairs.count),
      mb(flipJson.length),
      mb(flipZ.gzip),
      mb(flipZ.brotli),
      ms(rows.find((r) => r.what === 'answer: flippingJsonBytes')?.sample.median ?? NaN),
      ms(flipZ.gzipMs),
    ],
    ...limitRows.map((r) => ['dropship, top ' + r[0], ...r.slice(1)]),
  ],
);
const dropGroups = (JSON.parse(decoder.decode(dropJson)) as unknown[]).length;
console.log(`\n${searchTable}\n\n${payloadTable}`);

writeSection(
  'search',
  `## Searches on a full region

Command: \`${COMMAND}\`\\
Machine: ${machineText(m, machine().load)}

Snapshot: simulator \`full\`, seed ${dataset.seed}, US hour ${dataset.hour} (84 connected realms,
${count(snapshot.variantCount)} variants, ${count(snapshot.entryPrice.length)} (variant, realm) lowest
prices), ingested from the files of "Ingest". One user with all 84 realms buying and all 84 selling,
SPEC §5 floors (1000g profit, 500g sale average, 0.001 sale rate, 1 %). ${RUNS} timed runs after 3
untimed ones, in one process.

- **engine**: the matching (variant, buy realm, sell realm) triples in typed arrays, no rows built.
- **answer**: what the server sends: the rows as UTF-8 JSON (\`flippingJsonBytes\`,
  \`dropshipJsonBytes\`: byte for byte \`JSON.stringify\` of the row objects), before compression;
  "as a string" adds the UTF-8 decode of \`flippingJson\` (the server should send the bytes).
- Realm statistics are computed once per snapshot and memoised; "first call" times the computation
  (on a fresh wrapper of the same snapshot), "answer" the memoised path.

${searchTable}

### Payload sizes

Flipping sends every row that clears the floors. Dropship answers are far larger (every buying
realm of a variant is a row: ${count(everyPair.count)} rows in ${count(allGroups)}
groups here), so the server should keep the groups with the highest best profit. Proposed limit:
**${count(DROPSHIP_LIMIT)} groups** (${dropGroups} groups sent here), which keeps the answer about the
size of a full flipping answer. gzip at zlib's default level 6; brotli at quality 4 (@fastify/compress'
default). Compressing takes longer than building the answer: the server should cache the compressed
bytes per user and snapshot, not just the JSON.

${payloadTable}`,
);
