// The measuring half of the trust benchmark: runs the simulator's hours through one SnapshotBuilder with
// evidence, keeps the top rows of (a) and (b) at the evaluation hours, reads the ground truth's sales,
// scores the rows and measures the evidence's cost. Everything the report needs comes back in one object.
import { writeFileSync } from 'node:fs';
import type { TradeItem } from '@goldroute/market';
import { flippingSearch } from '@goldroute/market';
import type { TruthListing } from '@goldroute/simulator/truth';
import { openMarket, salesOf } from './deal-run';
import { loadText, machine } from './machine';
import { mib, ms, now } from './stats';
import { measureEvidenceCost } from './trust-cost';
import type { BenchRow, HourResult, KeptRow } from './trust-rows';
import type { TrustResults } from './trust-results';
import { DEAD_BASIS_NAMES, missReason, rowOf, salesBucket, tallyOf } from './trust-rows';
import {
  addToConfusion,
  addToTally,
  bestSale,
  type Confusion,
  emptyConfusion,
  emptyTally,
  goldRatio,
  precision,
  realisedRatio,
  recall,
  topByRealisticProfit,
  topBySellVsBuy,
  type Tally,
} from './trust-score';
import {
  COST_HOURS,
  COST_ROUNDS,
  COST_SIZES,
  DAYS,
  EVAL_HOURS,
  HOURS,
  REALM_LIMIT,
  REGION,
  SEED,
  SIZE,
  TOP,
  WINDOW_HOURS,
} from './trust-settings';
import type { LowestListing } from './variant-keys';
import { auctionIds, lowestListings } from './variant-keys';
import { DumpSource } from './dump-worker';
import { StoredDays } from './stored-days';

/** Runs the trust benchmark's measurements (everything but the report). */
export async function runTrust(): Promise<TrustResults> {
  const m = machine();
  const t0 = now();
  const market = openMarket(SEED, SIZE, REALM_LIMIT);
  const { economy, truth, realms, realmIds, builder, keys } = market;

  const dead: Confusion = emptyConfusion();
  const deadTop: Confusion = emptyConfusion();
  let trustRows = 0;
  let rowsSeen = 0;
  let priceMismatches = 0;
  const kept: KeptRow[] = [];
  const hourResults: HourResult[] = [];

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

  /** Rows of one evaluation hour: dead-listing confusion over all, top 100 of (a) and (b) kept for scoring. */
  function evaluate(hour: number, rows: TradeItem[], lowest: Map<number, Map<number, LowestListing>>): void {
    const evaluated = rows.map((r) => rowOf(keys, hour, r));
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
        addToConfusion(
          deadTop,
          sellDead.get(row.uniqueTradeKey) ?? false,
          row.flags.includes('dead-listing'),
        );
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

  return {
    m,
    realmCount: realms.length,
    hourResults,
    totalA,
    totalB,
    diag,
    summary,
    wired,
    dead,
    deadTop,
    deadByBasis,
    missed,
    aBySales,
    bByConfidence,
    bBySales,
    rowsSeen,
    trustRows,
    priceMismatches,
    costs,
    firstEval,
    lastEval,
    auctions,
    generateMs,
    waitMs,
    ingestMs,
    buildMs,
    searchMs,
    runMs,
    truthMs,
    totalMs,
    salesSeen,
    runPeakRss,
    evidenceBytes,
    held,
    slowestCompactMs: stored.slowestCompactMs,
  };
}
