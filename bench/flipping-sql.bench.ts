// The flipping search of one user (all 84 US realms buying and selling, full size) three ways on
// the same data in the same run: the engine on its snapshot, SQL in DuckDB over the raw auctions,
// and a straightforward JavaScript implementation (objects and Maps) over the raw auctions.
// All three must return the same rows (count and total profit).
import { DuckDBInstance } from '@duckdb/node-api';
import type { DealSearchOptions } from '@goldroute/market';
import { afterAhCut, flippingPairs } from '@goldroute/market';
import { createEconomy } from '@goldroute/simulator';
import { ensureDumps, FULL_US, loadSnapshot } from './lib/dataset';
import type { Deal } from './lib/flipping-reference';
import { flippingJs, flippingSql, LOWEST_FROM_AUCTIONS, LOWEST_FROM_TABLE } from './lib/flipping-reference';
import { machine, machineText } from './lib/machine';
import { ensureRawAuctions, readRawAuctions, readVariantTsm } from './lib/raw-auctions';
import { table, writeSection } from './lib/report';
import type { Sample } from './lib/stats';
import { count, measure, measureAsync, ms, settle } from './lib/stats';

const COMMAND = 'npm run bench:flipping-sql --workspace bench';

// Data, before any timing: dumps, the engine's snapshot, the raw auctions in DuckDB and in objects.
const dataset = ensureDumps(FULL_US);
const economy = createEconomy(dataset);
const files = ensureRawAuctions(dataset, economy);
const snapshot = loadSnapshot(dataset, economy);
const realms = Array.from(snapshot.realmIds);
const search: DealSearchOptions = { buyingRealms: realms, sellingRealms: realms };

const duck = await DuckDBInstance.create(':memory:');
const db = await duck.connect();
await db.run(
  `CREATE TABLE auctions AS SELECT * FROM read_csv('${files.auctionsCsv}', header = true,
     columns = {'variant': 'VARCHAR', 'realm': 'INTEGER', 'price': 'BIGINT'})`,
);
await db.run(
  `CREATE TABLE variants AS SELECT * FROM read_csv('${files.variantsCsv}', header = true,
     columns = {'variant': 'VARCHAR', 'sale_rate': 'DOUBLE', 'avg_sale': 'BIGINT'})`,
);
await db.run(`CREATE TABLE lowest_prices AS ${LOWEST_FROM_AUCTIONS}`);
for (const side of ['buying', 'selling']) {
  await db.run(`CREATE TABLE ${side} AS SELECT unnest([${realms.join(',')}]) AS realm`);
}
const threads = (await db.runAndReadAll(`SELECT current_setting('threads') AS t`)).getRowsJS()[0]?.[0];
const auctions = readRawAuctions(files);
const tsm = readVariantTsm(files);
console.log(`${count(auctions.length)} raw auctions, ${count(tsm.size)} variants with TSM figures`);
const m = machine();
settle();

interface Result {
  rows: number;
  /** Copper. */
  profit: number;
}
const total = (deals: readonly Pick<Deal, 'profit'>[]): Result => ({
  rows: deals.length,
  profit: deals.reduce((s, d) => s + d.profit, 0),
});

async function sqlDeals(lowest: string): Promise<Result> {
  const reader = await db.runAndReadAll(flippingSql(lowest));
  return total(reader.getRowObjectsJS() as unknown as Deal[]);
}

const ours = measure(50, () => {
  const pairs = flippingPairs(snapshot, search);
  let profit = 0;
  for (let i = 0; i < pairs.count; i++) {
    profit +=
      afterAhCut(snapshot.entryPrice[pairs.sellEntry[i] as number] as number) -
      (snapshot.entryPrice[pairs.buyEntry[i] as number] as number);
  }
  return { rows: pairs.count, profit };
});
const duckRaw = await measureAsync(5, () => sqlDeals(LOWEST_FROM_AUCTIONS));
const duckLowest = await measureAsync(5, () => sqlDeals(LOWEST_FROM_TABLE));
const buying = new Set(realms);
const selling = new Set(realms);
const js = measure(3, () => total(flippingJs(auctions, tsm, buying, selling)), 1);
db.closeSync();
duck.closeSync();

const lines: [string, string, { sample: Sample; result: Result }][] = [
  ['engine: flippingPairs on the snapshot', '50', ours],
  ['DuckDB SQL over the raw auctions', '5', duckRaw],
  ['JavaScript objects + Maps over the raw auctions', '3', js],
  ['DuckDB SQL over per-realm lowest prices (like for like)', '5', duckLowest],
];
const same = lines.every(
  ([, , r]) => r.result.rows === ours.result.rows && r.result.profit === ours.result.profit,
);
const ratio = (s: Sample): string => `${(s.median / ours.sample.median).toFixed(0)}x`;
const result = table(
  ['implementation', 'runs', 'median ms', 'min ms', 'vs engine', 'rows', 'total profit (gold)'],
  lines.map(([name, runs, r]) => [
    name,
    runs,
    ms(r.sample.median),
    ms(r.sample.min),
    ratio(r.sample),
    count(r.result.rows),
    count(Math.round(r.result.profit / 10_000)),
  ]),
);
const verdict =
  `DuckDB / engine = **${ratio(duckRaw.sample)}**, JavaScript / engine = **${ratio(js.sample)}** ` +
  `(medians). Same rows and total profit in all: **${same ? 'yes' : 'NO'}**.`;
console.log(`\n${result}\n\n${verdict}`);
if (!same) process.exitCode = 1;
writeSection(
  'flipping-sql',
  `## Flipping: engine vs DuckDB vs plain JavaScript

Command: \`${COMMAND}\`\\
Machine: ${machineText(m, machine().load)}

Same data in the same process: the full US region of "Ingest" (${count(files.auctions)} priced
auctions, ${count(tsm.size)} variants with TSM figures), one user with all 84 realms buying and
selling, SPEC §5 floors. The raw auctions table (variant key, connected realm, unit price in copper)
is derived once from the dumps with \`JSON.parse\` and the engine's key rules, then loaded into an
in-memory DuckDB (@duckdb/node-api, ${String(threads)} threads) and into an array of objects; loading is not
timed. The SQL and JavaScript versions (\`bench/lib/flipping-reference.ts\`) compute the lowest
price per (variant, realm), the cheapest buying realm, the best other selling realm and the floors
on every run, as the engine does once per snapshot at ingest; the last line gives DuckDB those
lowest prices ready-made. Each returns the matching (variant, buy realm, sell realm, profit) rows.

${result}

${verdict}`,
);
