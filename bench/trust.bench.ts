// Deal trust against the simulator's ground truth (targets: docs/deal-trust.md). The simulator runs 16 days
// at size `standard`; every hour of every US connected realm goes into one SnapshotBuilder with the
// evidence option; at 24 evaluation hours (every 2 h over the last 48) a user buying and selling on
// every realm gets the flipping rows, and two top-100 lists are scored against what really sold:
//   (a) by Sell vs Buy (the SPEC default sort),
//   (b) by the rows' realisticProfit (the expected profit) with low confidence hidden.
// Also: the dead-listing flag against the planted dead listings (every row, not only the top 100),
// and the cost of the evidence (ingest time and RSS with and without it, in fresh child processes).
import {
  DEAD_LISTING_FLOOR_RATIO,
  DEAD_LISTING_MIN_AGE_SNAPSHOTS,
  DEAD_LISTING_REFERENCES,
  deadListingReference,
  DEAD_LISTING_REGION_RATIO,
  DEAD_LISTING_RELISTED_RATIO,
  DEAD_LISTING_SALES_RATIO,
  DEAD_LISTING_YOUNG_RATIO,
  LONGEST_AUCTION_SNAPSHOTS,
  SHORT_POSTING_MAX_HOURS,
} from '@goldroute/domain';
import type { DeadListingReference } from '@goldroute/domain';
import { writeFileSync } from 'node:fs';
import type { TradeItem } from '@goldroute/market';
import { flippingSearch, goldToCopper } from '@goldroute/market';
import type { EconomySize, RegionCode } from '@goldroute/simulator';
import type { TruthListing } from '@goldroute/simulator/truth';
import { openMarket, salesOf } from './lib/deal-run';
import { loadText, machine, machineText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { count, mb, mib, ms, now } from './lib/stats';
import { measureEvidenceCost, steadyGcText } from './lib/trust-cost';
import type { Confusion, EvaluatedRow, Tally } from './lib/trust-score';
import {
  addToConfusion,
  addToTally,
  bestSale,
  emptyConfusion,
  emptyTally,
  fixed2,
  goldRatio,
  precision,
  realisedRatio,
  realisedRatioUnsoldKept,
  recall,
  summaryLine,
  topByRealisticProfit,
  topBySellVsBuy,
} from './lib/trust-score';
import type { LowestListing } from './lib/variant-keys';
import { auctionIds, lowestListings } from './lib/variant-keys';
import { DumpSource } from './lib/dump-worker';
import { StoredDays } from './lib/stored-days';

const COMMAND = 'npm run bench:trust --workspace bench';
const SEED = Number(process.env.TRUST_SEED ?? 1);
const SIZE: EconomySize = 'standard';
const REGION: RegionCode = 'us';
/** Overrides for a quick look (the section in BENCHMARKS.md is only written with the defaults). */
const DAYS = Number(process.env.TRUST_DAYS ?? 16);
const REALM_LIMIT = Number(process.env.TRUST_REALMS ?? 0);
const COST_SIZES = (process.env.TRUST_COST_SIZES ?? 'standard,full')
  .split(',')
  .filter((s): s is EconomySize => ['tiny', 'small', 'standard', 'full'].includes(s));
const DEFAULTS = SEED === 1 && DAYS === 16 && REALM_LIMIT === 0 && process.env.TRUST_COST_SIZES === undefined;

const HOURS = DAYS * 24;
const EVAL_HOURS = Array.from({ length: 24 }, (_, k) => HOURS - 48 + 2 * k);
const WINDOW_HOURS = 48;
const TOP = 100;
const COST_HOURS: Readonly<Record<EconomySize, number>> = { tiny: 6, small: 6, standard: 6, full: 4 };
/** Rounds of the cost measurement: each runs plain then with evidence, and gives one pair of figures. */
const COST_ROUNDS = 7;

const m = machine();
const t0 = now();
const market = openMarket(SEED, SIZE, REALM_LIMIT);
const { economy, truth, realms, realmIds, builder, keys } = market;

/** A row with what the diagnostics need of its evidence (undefined while the engine gives none). */
interface BenchRow extends EvaluatedRow {
  salesSeen: number | undefined;
  /** The going rate the trust rules compare the sell price with (gold): realm median, else region average. */
  goingRateGold: number | undefined;
  /** What the dead-listing rule judges the sell price against (trust.ts); undefined without evidence. */
  deadBasis: DeadListingReference | undefined;
  sellListingAge: number | undefined;
  sellPostedHours: number | null | undefined;
}

/** A row kept for scoring: one of the top 100 of (a) or (b) at its hour. */
interface KeptRow extends BenchRow {
  inA: boolean;
  inB: boolean;
  /** Auctions at the buy price on the buy realm at the evaluation hour. */
  buyIds: number[];
  buyGone: boolean | undefined;
  sellDead: boolean;
  buyBait: boolean;
}

interface HourResult {
  hour: number;
  rows: number;
  shownB: number;
  a: Tally;
  b: Tally;
}

const dead: Confusion = emptyConfusion();
const deadTop: Confusion = emptyConfusion();
let trustRows = 0;
let rowsSeen = 0;
let priceMismatches = 0;
const kept: KeptRow[] = [];
const hourResults: HourResult[] = [];

function rowOf(hour: number, r: TradeItem): BenchRow {
  const trust = r as Partial<Pick<TradeItem, 'realisticProfit' | 'confidence' | 'flags' | 'evidence'>>;
  const ev = trust.evidence;
  const median = ev && ev.salesSeen14d > 0 ? ev.medianSale14d : null;
  return {
    hour,
    uniqueTradeKey: r.uniqueTradeKey,
    variant: keys.indexOf(r.uniqueItemKey),
    buyRealm: r.buyingConnectedRealmId,
    sellRealm: r.sellingConnectedRealmId,
    buy: goldToCopper(r.buyBuyout),
    sell: goldToCopper(r.sellBuyout),
    sellVsBuyGold: r.sellVsBuy,
    realisticProfitGold: trust.realisticProfit,
    confidence: trust.confidence,
    flags: trust.flags,
    salesSeen: ev?.salesSeen14d,
    goingRateGold: median !== null && median > 0 ? median : r.avgSale > 0 ? r.avgSale : undefined,
    deadBasis: ev ? deadListingReference(r.sellBuyout, ev) : undefined,
    sellListingAge: ev?.sellListingAgeSnapshots,
    sellPostedHours: ev?.sellPostedHours,
  };
}

/** Sales of the variant seen on the sell realm in 14 days, as the trust rules tell them apart. */
function salesBucket(row: BenchRow): string {
  const n = row.salesSeen;
  return n === undefined
    ? 'unknown'
    : n >= 5
      ? 'realm sales >= 5'
      : n > 0
        ? 'realm sales 1-4'
        : 'no realm sales';
}

/** The dead-listing rule's reference (trust.ts deadListingReference), as the report names it. */
const DEAD_BASIS_NAMES: Readonly<Record<DeadListingReference, string>> = {
  'realm-sales': 'realm sales',
  'item-floor': 'item floor',
  'realm-floor': 'realm floor',
  region: "realm's only price",
};
/** Why a planted dead listing went unflagged, by what the rule judged it against. */
function missReason(row: BenchRow): string {
  if (row.deadBasis === undefined) return 'no evidence';
  const age = row.sellListingAge ?? 0;
  const relisted = age > LONGEST_AUCTION_SNAPSHOTS;
  if (relisted) return `under ${DEAD_LISTING_RELISTED_RATIO}x the median sale, relisted`;
  const posted = row.sellPostedHours ?? 0;
  if (posted > 0 && posted <= SHORT_POSTING_MAX_HOURS) return `posted for ${posted} hours (short of 48)`;
  if (row.deadBasis === 'region')
    return `the realm's only price, under ${DEAD_LISTING_REGION_RATIO}x the region's (or under ${DEAD_LISTING_MIN_AGE_SNAPSHOTS} hours)`;
  if (row.deadBasis === 'realm-sales') return `under ${DEAD_LISTING_SALES_RATIO}x the median sale`;
  const floor = row.deadBasis === 'item-floor' ? 'the item floor' : 'the variant floor';
  return age < DEAD_LISTING_MIN_AGE_SNAPSHOTS
    ? `under ${DEAD_LISTING_YOUNG_RATIO}x ${floor}, under ${DEAD_LISTING_MIN_AGE_SNAPSHOTS} hours old`
    : `under ${DEAD_LISTING_FLOOR_RATIO}x ${floor}`;
}

/** Rows as the rules saw them, one JSON line each, for tuning the rules offline (TRUST_ROWS_OUT=<file>). */
const rowsOut: string[] = [];
const ROWS_OUT = process.env.TRUST_ROWS_OUT;
/** The truth's listings of a realm's dump at an evaluation hour, by auction id (TRUST_ROWS_OUT only). */
const truthByRealmHour = new Map<string, Map<number, TruthListing>>();
let truthHour = -1;
function truthListings(realmId: number, hour: number): Map<number, TruthListing> {
  if (truthHour !== hour) truthByRealmHour.clear();
  truthHour = hour;
  const key = `${realmId}:${hour}`;
  let byId = truthByRealmHour.get(key);
  if (!byId) {
    byId = new Map(truth.listings(REGION, realmId, hour).map((l) => [l.auctionId, l]));
    truthByRealmHour.set(key, byId);
  }
  return byId;
}

const deadByBasis = new Map<string, Confusion>();
const missed = new Map<string, number>();
const bByConfidence = new Map<string, Tally>();
const bBySales = new Map<string, Tally>();
const aBySales = new Map<string, Tally>();
function tallyOf<K>(map: Map<K, Tally>, key: K): Tally {
  let t = map.get(key);
  if (!t) map.set(key, (t = emptyTally()));
  return t;
}

/** Rows of one evaluation hour: dead-listing confusion over all, top 100 of (a) and (b) kept for scoring. */
function evaluate(hour: number, rows: TradeItem[], lowest: Map<number, Map<number, LowestListing>>): void {
  const evaluated = rows.map((r) => rowOf(hour, r));
  const listing = (realm: number, variant: number) => lowest.get(realm)?.get(variant);
  const sellDead = new Map<string, boolean>();
  for (let i = 0; i < evaluated.length; i++) {
    const row = evaluated[i] as BenchRow;
    rowsSeen++;
    const sell = listing(row.sellRealm, row.variant);
    const buy = listing(row.buyRealm, row.variant);
    if (sell?.price !== row.sell || buy?.price !== row.buy) priceMismatches++;
    const isDead = sell?.ids.some((id) => truth.isPlantedDead(id)) ?? false;
    sellDead.set(row.uniqueTradeKey, isDead);
    if (row.flags === undefined) continue;
    trustRows++;
    const flagged = row.flags.includes('dead-listing');
    addToConfusion(dead, isDead, flagged);
    const basis = row.deadBasis ? DEAD_BASIS_NAMES[row.deadBasis] : 'unknown';
    let c = deadByBasis.get(basis);
    if (!c) deadByBasis.set(basis, (c = emptyConfusion()));
    addToConfusion(c, isDead, flagged);
    if (isDead && !flagged) missed.set(missReason(row), (missed.get(missReason(row)) ?? 0) + 1);
    if (ROWS_OUT) {
      const r = rows[i] as TradeItem;
      const sellTruth = sell?.ids.map((id) => truthListings(row.sellRealm, hour).get(id))[0];
      const line = {
        hour,
        variant: row.variant,
        item: r.id,
        saleRate: r.saleRate,
        ilvl: r.itemLevel,
        sellRealm: row.sellRealm,
        dead: isDead,
        sell: r.sellBuyout,
        buy: r.buyBuyout,
        avg: r.avgSale,
        ev: r.evidence,
        flagged,
        others: [...lowest.entries()]
          .filter(([realm]) => realm !== row.sellRealm)
          .map(([, byVariant]) => byVariant.get(row.variant)?.price)
          .filter((p): p is number => p !== undefined)
          .sort((x, y) => x - y),
        // The sell listing as the simulator made it (diagnostics: how far each figure is from the truth).
        truth: sellTruth && {
          kind: sellTruth.kind,
          goingRate: sellTruth.goingRate,
          minutesLeft: sellTruth.minutesLeft,
          relists: sellTruth.relists,
          listedSince: sellTruth.listedSinceHour,
          count: sell?.ids.length,
        },
      };
      rowsOut.push(JSON.stringify(line));
    }
  }
  const topA = topBySellVsBuy(evaluated, TOP);
  const topB = topByRealisticProfit(evaluated, TOP);
  for (const row of topA)
    if (row.flags)
      addToConfusion(deadTop, sellDead.get(row.uniqueTradeKey) ?? false, row.flags.includes('dead-listing'));
  const byKey = new Map<string, KeptRow>();
  const keep = (row: BenchRow): KeptRow => {
    let k = byKey.get(row.uniqueTradeKey);
    if (!k) {
      const buyIds = listing(row.buyRealm, row.variant)?.ids ?? [];
      k = {
        ...row,
        inA: false,
        inB: false,
        buyIds,
        buyGone: undefined,
        sellDead: sellDead.get(row.uniqueTradeKey) ?? false,
        buyBait: buyIds.length > 0 && buyIds.every((id) => truth.isBait(id)),
      };
      byKey.set(row.uniqueTradeKey, k);
      kept.push(k);
    }
    return k;
  };
  for (const row of topA) keep(row).inA = true;
  for (const row of topB) keep(row).inB = true;
  hourResults.push({ hour, rows: rows.length, shownB: topB.length, a: emptyTally(), b: emptyTally() });
}

/** An hour after an evaluation hour: which kept rows' buy listings are gone from the buy realm's dump. */
function markBuyGone(evalHour: number, idsNow: Map<number, Set<number>>): void {
  for (const row of kept) {
    if (row.hour !== evalHour) continue;
    const ids = idsNow.get(row.buyRealm);
    row.buyGone = row.buyIds.length === 0 || !row.buyIds.some((id) => ids?.has(id));
  }
}

// 1. The run: every hour of every realm into the builder (with evidence), rows at the evaluation hours.
const evalSet = new Set(EVAL_HOURS);
let generateMs = 0;
let waitMs = 0;
let ingestMs = 0;
let buildMs = 0;
let searchMs = 0;
let auctions = 0;
console.log(
  `trust: ${SIZE} ${REGION}, ${realms.length} connected realms, ${DAYS} days (${HOURS} hours), ` +
    `evaluation hours ${EVAL_HOURS[0]}-${EVAL_HOURS.at(-1)} every 2 h; load ${loadText()}`,
);
// Dumps are written one hour ahead in a worker thread (the same seed and size: the same market).
const source = new DumpSource({ seed: SEED, size: SIZE, region: REGION, realmIds });
const stored = new StoredDays();
source.request(0);
for (let h = 0; h < HOURS; h++) {
  const isEval = evalSet.has(h);
  const afterEval = evalSet.has(h - 1);
  const lowest = new Map<number, Map<number, LowestListing>>();
  const idsNow = new Map<number, Set<number>>();
  const tw = now();
  const { dumps, generateMs: hourGenerateMs } = await source.take(h);
  waitMs += now() - tw;
  generateMs += hourGenerateMs;
  if (h + 1 < HOURS) source.request(h + 1);
  realms.forEach((realm, i) => {
    const dump = dumps[i] as Uint8Array;
    const ti = now();
    auctions += builder.ingest(realm.id, dump, economy.lastModified(REGION, realm.id, h)).auctionCount;
    ingestMs += now() - ti;
    if (isEval) lowest.set(realm.id, lowestListings(keys.auctions(realm.id, dump), keys));
    if (afterEval) idsNow.set(realm.id, auctionIds(keys.auctions(realm.id, dump)));
  });
  if (afterEval) markBuyGone(h - 1, idsNow);
  if (isEval) {
    let t = now();
    builder.setTsm(economy.tsmRegion(REGION, h));
    const snapshot = builder.build();
    buildMs += now() - t;
    t = now();
    const rows = flippingSearch(snapshot, { buyingRealms: realmIds, sellingRealms: realmIds });
    searchMs += now() - t;
    evaluate(h, rows, lowest);
  }
  // As the server does once the hour's evidence is saved.
  stored.storeAndCompact(builder);
  if (h % 24 === 23) {
    const hours = h + 1;
    console.log(
      `day ${hours / 24}: ${((now() - t0) / 1000).toFixed(0)} s, per hour generate ${ms(generateMs / hours)} ms, ` +
        `ingest ${ms(ingestMs / hours)} ms, waiting for dumps ${ms(waitMs / hours)} ms, RSS ${mib(process.memoryUsage().rss)} MiB, load ${loadText()}`,
    );
  }
}
await source.close();
const runMs = now() - t0;
const runPeakRss = process.resourceUsage().maxRSS * 1024;
const evidenceBytes = stored.total(builder);
/** The evidence in memory at the end: kept snapshots and days, past ones compacted (RealmEvidence.byteLength). */
const held = { kept: 0, days: 0, shelved: 0, dayCount: 0 };
for (const id of realmIds) {
  const ev = builder.realmEvidence(id);
  if (!ev) continue;
  const { kept, days, shelved } = ev.byteLength;
  held.kept += kept;
  held.days += days;
  held.shelved += shelved;
  held.dayCount = Math.max(held.dayCount, ev.allDays.length);
}
market.close();

if (ROWS_OUT) writeFileSync(ROWS_OUT, `${rowsOut.join('\n')}\n`);

// 2. The truth: every sale on the kept rows' sell realms from the first evaluation hour on.
const tTruth = now();
const needed = new Map<number, Set<number>>();
for (const row of kept) {
  let set = needed.get(row.sellRealm);
  if (!set) needed.set(row.sellRealm, (set = new Set()));
  set.add(row.variant);
}
const firstEval = EVAL_HOURS[0] as number;
const lastEval = EVAL_HOURS.at(-1) as number;
const { sales, seen: salesSeen } = salesOf(market, needed, firstEval + 1, lastEval + WINDOW_HOURS);
const truthMs = now() - tTruth;

// 3. Scores.
const totalA = emptyTally();
const totalB = emptyTally();
const diag = {
  a: { sellDead: 0, buyBait: 0, flaggedLow: 0 },
  b: { sellDead: 0, buyBait: 0, flaggedLow: 0 },
};
const resultOf = new Map(hourResults.map((r) => [r.hour, r]));
for (const row of kept) {
  const outcome = {
    buyGone: row.buyGone ?? true,
    bestSale: bestSale(sales.get(`${row.sellRealm}:${row.variant}`), row.hour + 1, row.hour + WINDOW_HOURS),
  };
  const hr = resultOf.get(row.hour) as HourResult;
  if (row.inA) {
    addToTally(hr.a, row, row.sellVsBuyGold, outcome);
    addToTally(totalA, row, row.sellVsBuyGold, outcome);
    addToTally(tallyOf(aBySales, salesBucket(row)), row, row.sellVsBuyGold, outcome);
    if (row.sellDead) diag.a.sellDead++;
    if (row.buyBait) diag.a.buyBait++;
    if (row.confidence === 'low') diag.a.flaggedLow++;
  }
  if (row.inB) {
    const stated = row.realisticProfitGold as number;
    addToTally(hr.b, row, stated, outcome);
    addToTally(totalB, row, stated, outcome);
    addToTally(tallyOf(bByConfidence, row.confidence ?? 'unknown'), row, stated, outcome);
    addToTally(tallyOf(bBySales, salesBucket(row)), row, stated, outcome);
    if (row.sellDead) diag.b.sellDead++;
    if (row.buyBait) diag.b.buyBait++;
  }
}
const wired = trustRows > 0;
const summary = {
  ratioA: realisedRatio(totalA),
  ratioB: realisedRatio(totalB),
  goldBOverA: goldRatio(totalA, totalB),
  deadRecall: recall(dead),
  deadPrecision: precision(dead),
};

// 4. Cost of the evidence: consecutive hours ingested with and without it, each in a fresh process.
const costs = measureEvidenceCost({
  seed: SEED,
  region: REGION,
  sizes: COST_SIZES,
  hours: COST_HOURS,
  rounds: COST_ROUNDS,
});
const totalMs = now() - t0;

// 5. Report.
const gold = (x: number): string => `${count(Math.round(x))}g`;
const pct = (n: number, of: number): string => (of === 0 ? '-' : `${Math.round((100 * n) / of)}%`);
const evalCount = hourResults.length;
const scoreTable = table(
  [
    `top ${TOP}, ${evalCount} hours`,
    'rows',
    'stated gold',
    'realised gold',
    'realised / stated',
    'same, unsold kept',
    'realised per hour',
    'buy gone 1 h later',
    'no sale in 48 h',
    'losses',
    'sold at listed price',
    'sell listing planted dead',
    'buy listing bait',
  ],
  (
    [
      ['(a) Sell vs Buy', totalA, diag.a],
      ['(b) realistic profit, no low', totalB, diag.b],
    ] as const
  ).map(([name, t, d]) => [
    name,
    count(t.rows),
    gold(t.statedGold),
    gold(t.realisedGold),
    `**${fixed2(realisedRatio(t))}**`,
    fixed2(realisedRatioUnsoldKept(t)),
    gold(t.realisedGold / Math.max(1, evalCount)),
    pct(t.buyGone, t.rows),
    pct(t.noSale, t.rows),
    pct(t.losses, t.rows),
    pct(t.fullPrice, t.rows),
    pct(d.sellDead, t.rows),
    pct(d.buyBait, t.rows),
  ]),
);
const hourTable = table(
  [
    'hour',
    'rows',
    'shown (b)',
    'stated (a)',
    'realised (a)',
    'ratio (a)',
    'stated (b)',
    'realised (b)',
    'ratio (b)',
  ],
  hourResults.map((r) => [
    String(r.hour),
    count(r.rows),
    String(r.shownB),
    gold(r.a.statedGold),
    gold(r.a.realisedGold),
    fixed2(realisedRatio(r.a)),
    gold(r.b.statedGold),
    gold(r.b.realisedGold),
    fixed2(realisedRatio(r.b)),
  ]),
);
const deadTable = table(
  ['dead-listing flag', 'rows', 'planted dead (truth)', 'flagged', 'both', 'recall', 'precision'],
  (
    [
      [`every flipping row, ${evalCount} hours`, dead],
      [`top ${TOP} by Sell vs Buy`, deadTop],
    ] as const
  ).map(([name, c]) => [
    name,
    count(c.tp + c.fp + c.fn + c.tn),
    count(c.tp + c.fn),
    count(c.tp + c.fp),
    count(c.tp),
    `**${fixed2(recall(c))}**`,
    `**${fixed2(precision(c))}**`,
  ]),
);
const BUCKETS = ['realm sales >= 5', 'realm sales 1-4', 'no realm sales', 'unknown'];
const sliceRow = (name: string, t: Tally): string[] => [
  name,
  count(t.rows),
  gold(t.statedGold),
  gold(t.realisedGold),
  fixed2(realisedRatio(t)),
  fixed2(realisedRatioUnsoldKept(t)),
  pct(t.noSale, t.rows),
  pct(t.buyGone, t.rows),
];
const slices: string[][] = [];
for (const b of BUCKETS) {
  const t = aBySales.get(b);
  if (t) slices.push(sliceRow(`(a), ${b}`, t));
}
for (const c of ['high', 'medium', 'unknown']) {
  const t = bByConfidence.get(c);
  if (t) slices.push(sliceRow(`(b), ${c} confidence`, t));
}
for (const b of BUCKETS) {
  const t = bBySales.get(b);
  if (t) slices.push(sliceRow(`(b), ${b}`, t));
}
const sliceTable = table(
  [
    'slice of a top 100',
    'rows',
    'stated gold',
    'realised gold',
    'realised / stated',
    'unsold kept',
    'no sale',
    'buy gone',
  ],
  slices,
);
const deadSliceTable = table(
  [
    'dead-listing flag, every row, judged by',
    'rows',
    'planted dead',
    'flagged',
    'both',
    'recall',
    'precision',
  ],
  [...DEAD_LISTING_REFERENCES.map((r) => DEAD_BASIS_NAMES[r]), 'unknown']
    .filter((b) => deadByBasis.has(b))
    .map((b) => {
      const c = deadByBasis.get(b) as Confusion;
      return [
        b,
        count(c.tp + c.fp + c.fn + c.tn),
        count(c.tp + c.fn),
        count(c.tp + c.fp),
        count(c.tp),
        fixed2(recall(c)),
        fixed2(precision(c)),
      ];
    }),
);
const missedText = [...missed]
  .sort((x, y) => y[1] - x[1])
  .map(([reason, n]) => `${reason}: ${count(n)}`)
  .join('; ');
const costTable = table(
  [
    'size, consecutive hours',
    'auctions per hour',
    'ingest ms / hour',
    'with evidence',
    'ingest +',
    'full GC ms / hour (count)',
    'with evidence',
    'build ms',
    'with evidence',
    'peak RSS MiB',
    'with evidence',
    'RSS +, median',
    'ingest + by round',
    'CPU + by round',
    'RSS + by round',
  ],
  costs.map((c) => [
    `${c.size}, ${c.hours}`,
    count(c.auctionsPerHour),
    ms(c.plainMs),
    ms(c.evidenceMs),
    `**${Math.round((100 * c.evidenceMs) / c.plainMs - 100)}%**`,
    steadyGcText(c.plain),
    steadyGcText(c.evidence),
    ms(c.plain.buildMs),
    ms(c.evidence.buildMs),
    mib(c.plain.peakRss),
    mib(c.evidence.peakRss),
    `**${mib(c.rssMedian)} MiB**`,
    c.ratios.map((r) => `${Math.round(100 * r - 100)}%`).join(', '),
    c.cpuRatios.map((r) => `${Math.round(100 * r - 100)}%`).join(', '),
    c.rssDiffs.map((d) => `${mib(d)} MiB`).join(', '),
  ]),
);
const runLine =
  `The run took ${(runMs / 1000).toFixed(0)} s (${count(auctions)} auctions ingested; per hour of ${realms.length} realms: ` +
  `generate ${ms(generateMs / HOURS)} ms (in a worker thread, an hour ahead), ingest with evidence ` +
  `${ms(ingestMs / HOURS)} ms, waiting for the worker ${ms(waitMs / HOURS)} ms; ` +
  `${evalCount} builds ${ms(buildMs / Math.max(1, evalCount))} ms and flipping searches ` +
  `${ms(searchMs / Math.max(1, evalCount))} ms each), the truth ${(truthMs / 1000).toFixed(1)} s ` +
  `(${count(salesSeen)} sales), the whole benchmark ${(totalMs / 1000).toFixed(0)} s. Peak RSS of the run ` +
  `(simulator, its ground truth and the engine with evidence) ${mib(runPeakRss)} MiB; the evidence as ` +
  `stored (evidenceToBytes, ${realms.length} realms, ${Math.min(DAYS, 14)} daily buckets) ${mb(evidenceBytes)} MB, ` +
  `in memory ${mb(held.kept + held.days)} MB (kept snapshots ${mb(held.kept)} MB, today's ${mb(held.days)} MB) and ` +
  `${held.dayCount - 1} past days compacted once stored in files ${mb(held.shelved)} MB ` +
  `(the slowest compaction ${ms(stored.slowestCompactMs)} ms).`;
const checks =
  `${count(rowsSeen)} flipping rows at the evaluation hours (${count(trustRows)} with trust fields); ` +
  `rows whose buy or sell price differs from our own reading of the dumps: ${count(priceMismatches)}.`;
const line = summaryLine(summary);

console.log(
  `\n${scoreTable}\n\n${hourTable}\n\n${sliceTable}\n\n${deadTable}\n\n${deadSliceTable}\n\n` +
    `Planted dead listings not flagged, by reason: ${missedText || 'none'}.\n\n${costTable}\n\n${runLine}\n${checks}`,
);
if (!wired)
  console.log(
    '\nThe rows carry no realisticProfit / confidence / flags: (b) and the dead-listing flag are empty.',
  );
if (DEFAULTS && wired) {
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const maxCost = costs.find((c) => c.size === 'full');
  writeSection(
    'trust',
    `## Deal trust against the ground truth

Command: \`${COMMAND}\`\\
Machine: ${machineText(m)}

The simulator (\`${SIZE}\`, seed ${SEED}) runs ${DAYS} days; every hour of all ${realms.length} US connected
realms goes into one \`SnapshotBuilder\` with \`evidence: true\`. At ${evalCount} evaluation hours (every
2 h over the last 48: hours ${firstEval}-${lastEval}) a user buying and selling on every realm gets the
flipping rows (SPEC §5 floors), and two top-${TOP} lists are scored against the simulator's ground truth
(\`@goldroute/simulator/truth\`):

- **(a)** sorted by Sell vs Buy (the SPEC default); stated profit = Sell vs Buy;
- **(b)** sorted by the rows' \`realisticProfit\` (the expected profit since it replaced the going-rate profit) with low
  confidence hidden; stated profit = that figure.

A row realises, per unit, its realised sale x 0.95 - its buy price, where the realised sale is the
highest price at which that variant actually sold on the sell realm in the next ${WINDOW_HOURS} hours, capped at
the row's sell price (0 if it did not sell: the item was bought and not sold). A row whose buy
listing (the auctions at the buy price) was gone from the next hour's dump realises 0: it could not be
bought. ("same, unsold kept" is a diagnostic only: the ratio if an item that did not sell in the
window cost nothing.) Realised / stated pools all ${evalCount} x ${TOP} rows of a list (sum of realised profit over
sum of stated profit); realised gold is the sum over the ${evalCount} hours.

${scoreTable}

Realised / stated: (a) **${fixed2(summary.ratioA)}**, (b) **${fixed2(summary.ratioB)}** (target for (b) at
least 0.80: ${verdict(summary.ratioB >= 0.8)}). Realised gold (b) / (a) = **${fixed2(summary.goldBOverA)}**
((b) must realise more: ${verdict(totalB.realisedGold > totalA.realisedGold)}; the ratio is n/a when (a)
realised no gold at all).

The dead-listing flag against the planted dead listings: a row is truly dead when its sell realm's
lowest listing of the variant (the auction its sell price comes from) is a planted dead listing.
Recall target 0.95: ${verdict(summary.deadRecall >= 0.95)}; precision target 0.90: ${verdict(summary.deadPrecision >= 0.9)}.

${deadTable}

Where the rows come from, by the sales the sell realm was seen making in 14 days; and the dead-listing
flag by what the rule judged the sell price against (the realm's median sale when it had sales, else the
lower of the item floor, what the realm offered the item at in 14 days with all its variants counted, and
the variant's own floor there; else the listing is the realm's only price; a relisted price without sales
is dead whatever it was judged against, and a listing posted for 24 hours or less is dead only once
relisted). Planted dead listings not
flagged, by reason: ${missedText || 'none'}.

${sliceTable}

${deadSliceTable}

### Cost of the evidence

Consecutive hours of the US dumps (seed ${SEED}, written to \`bench/.data/\`, read as text) ingested into one
\`SnapshotBuilder\` with and without \`evidence: true\`, each in a fresh process that holds the engine and its
static data only (the simulator that wrote the dumps is dropped first), in ${COST_ROUNDS} rounds of
a plain run and an evidence run back to back (every other round the evidence run goes first).
"ingest ms / hour" is the median over the rounds of each mode's ingest time per hour, and "ingest +" the
ratio of those medians, on which the target is judged: a process's parse speed moves by up to a fifth
from one process to the next (V8 compiles the dump parser differently each time), whatever the run beside
it did, so the ratio of the two medians is steadier than the median of the rounds' ratios. The table's
last columns give every round ("CPU +": the ratio of the CPU time the ingest took, every thread of the
process, which the machine's other load stretches less than the wall time); "RSS +" is the median over
the rounds of the peak RSS difference; the full GC, build and peak RSS columns are those of the round
with the median ingest ratio. "ingest ms / hour" leaves out the first hour (nothing to
follow yet), and so does "full GC": the time V8's full (mark-compact) collections took within the
ingest, with how many there were an hour (Node's \`gc\` performance entries). Each dump is given to the
engine as text, as the server receives it (\`res.text()\` of Blizzard's response, the simulator's
\`auctionsJson\`): given as a Buffer, each dump is array-buffer memory beside the evidence's ~140 MB of
typed arrays at \`full\`, and V8 then ran ~15 full collections an hour against ~2 without the evidence,
a cost the server does not have. The build is the last hour's snapshot; peak RSS is \`process.resourceUsage().maxRSS\` after it.
Targets at \`full\` size: at most +25% ingest time and +150 MB RSS${
      maxCost
        ? ` (ingest ${verdict(maxCost.evidenceMs <= 1.25 * maxCost.plainMs)}, RSS ${verdict(maxCost.rssMedian <= 150e6)} at ${mb(maxCost.rssMedian)} MB)`
        : ''
    }.

${costTable}

${runLine}
${checks}

<details><summary>Per evaluation hour</summary>

${hourTable}

</details>

\`${line}\``,
  );
} else if (!DEFAULTS) console.log('\nBENCHMARKS.md not written (TRUST_* overrides in effect).');
console.log(line);
