// One simulated market run for scoring deals: the simulator (size `standard`, one seed) runs `days`
// days; every hour of every US connected realm goes into one SnapshotBuilder with evidence, and at the
// evaluation hours (every 2 h over the last 48) a user buying and selling on every realm gets the
// flipping rows. Every row is kept with what really happened after its hour (the simulator's ground
// truth): whether its buy listing was still there an hour later, and the best price its variant sold
// at on its sell realm in the next 48 hours.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MarketSnapshot, TradeItem } from '@goldroute/market';
import { createPastDayFiles, flippingSearch, goldToCopper, SnapshotBuilder } from '@goldroute/market';
import type { EconomySize, RegionCode } from '@goldroute/simulator';
import { createEconomy } from '@goldroute/simulator';
import type { ListingHazard } from '@goldroute/simulator/truth';
import { groundTruth } from '@goldroute/simulator/truth';
import { DumpSource } from './dump-worker';
import { StoredDays } from './stored-days';
import type { Outcome, SaleSeries } from './trust-score';
import { bestSale } from './trust-score';
import { auctionIds, lowestListings, VariantKeys } from './variant-keys';

const REGION: RegionCode = 'us';
export const WINDOW_HOURS = 48;

export interface DealRunOptions {
  seed: number;
  days: number;
  /** 0: every realm. */
  realmLimit?: number;
  /** Called at the end of each simulated day. */
  onDay?: (day: number) => void;
  /** Called at each evaluation hour with that hour's snapshot and the realm ids (other users' searches). */
  onEvalHour?: (hour: number, snapshot: MarketSnapshot, realmIds: readonly number[]) => void;
}

/** A flipping row at an evaluation hour, with its outcome. Money: copper unless named gold. */
export interface DealRow {
  hour: number;
  item: TradeItem;
  variant: number;
  /** Unit prices the row listed, copper. */
  buy: number;
  sell: number;
  outcome: Outcome;
  /** The sell listing is one the simulator planted dead (a price nobody pays). */
  sellDead: boolean;
  /**
   * What the market's own rules made of the row's future at its hour (hindsight no reader of the dumps
   * has): the sell listing's chance per hour of being bought and minutes left, and whether the buy
   * listing was bait.
   */
  hindsight: { sell: ListingHazard | null; buyBait: boolean };
}

export interface DealRun {
  seed: number;
  realms: number;
  evalHours: number[];
  rows: DealRow[];
}

/**
 * The simulator of one seed and one SnapshotBuilder with evidence over its US realms (the first
 * `realmLimit`, or all), past days in files as the server keeps them (past-day-shelves.ts), and the
 * bench's own variant keys. `close` removes the files.
 */
export function openMarket(seed: number, size: EconomySize, realmLimit: number) {
  const economy = createEconomy({ seed, size });
  const truth = groundTruth(economy);
  const all = economy.connectedRealms(REGION);
  const realms = realmLimit > 0 ? all.slice(0, realmLimit) : all;
  const realmIds = realms.map((r) => r.id);
  const statics = economy.staticData(REGION);
  const pastDaysDir = mkdtempSync(path.join(tmpdir(), 'past-days-'));
  const pastDays = createPastDayFiles(pastDaysDir);
  const builder = new SnapshotBuilder({
    region: REGION,
    realms: statics.realms.filter((r) => realmIds.includes(r.id)),
    items: statics.items,
    pets: statics.pets,
    bonusData: economy.bonusData,
    evidence: true,
    pastDays,
  });
  const keys = new VariantKeys({ items: statics.items, pets: statics.pets, bonusData: economy.bonusData });
  const close = () => {
    pastDays.close();
    rmSync(pastDaysDir, { recursive: true, force: true });
  };
  return { economy, truth, realms, realmIds, statics, builder, keys, close };
}

/**
 * The ground truth's sales in hours fromHour..toHour of the wanted variants (dense indexes) of each
 * realm, by `realm:variant`; `seen` counts every sale on those realms.
 */
export function salesOf(
  market: Pick<ReturnType<typeof openMarket>, 'truth' | 'keys'>,
  wanted: ReadonlyMap<number, ReadonlySet<number>>,
  fromHour: number,
  toHour: number,
): { sales: Map<string, SaleSeries>; seen: number } {
  const sales = new Map<string, SaleSeries>();
  let seen = 0;
  for (const [realmId, variants] of wanted) {
    for (const sale of market.truth.sales(REGION, realmId, fromHour, toHour)) {
      seen++;
      const v = market.keys.ofItem(sale.item);
      if (!variants.has(v)) continue;
      const key = `${realmId}:${v}`;
      let series = sales.get(key);
      if (!series) sales.set(key, (series = { hour: [], price: [] }));
      series.hour.push(sale.hour);
      series.price.push(sale.unitPrice);
    }
  }
  return { sales, seen };
}

/** Runs the market and returns every row of every evaluation hour with its outcome. */
export async function runDeals(options: DealRunOptions): Promise<DealRun> {
  const hours = options.days * 24;
  const evalHours = Array.from({ length: 24 }, (_, k) => hours - WINDOW_HOURS + 2 * k);
  const market = openMarket(options.seed, 'standard', options.realmLimit ?? 0);
  const { economy, truth, realms, realmIds, builder, keys } = market;
  const evalSet = new Set(evalHours);
  const rows: DealRow[] = [];
  /** Buy listing ids of each evaluation hour's rows, checked against the next hour's dumps. */
  const buyIdsOf = new Map<DealRow, number[]>();
  const source = new DumpSource({ seed: options.seed, size: 'standard', region: REGION, realmIds });
  const stored = new StoredDays();
  source.request(0);
  try {
    for (let h = 0; h < hours; h++) {
      const { dumps } = await source.take(h);
      if (h + 1 < hours) source.request(h + 1);
      const isEval = evalSet.has(h);
      const afterEval = evalSet.has(h - 1);
      const lowest = new Map<number, ReturnType<typeof lowestListings>>();
      const idsNow = new Map<number, Set<number>>();
      realms.forEach((realm, i) => {
        const dump = dumps[i] as Uint8Array;
        builder.ingest(realm.id, dump, economy.lastModified(REGION, realm.id, h));
        if (isEval) lowest.set(realm.id, lowestListings(keys.auctions(realm.id, dump), keys));
        if (afterEval) idsNow.set(realm.id, auctionIds(keys.auctions(realm.id, dump)));
      });
      if (afterEval) {
        for (const [row, ids] of buyIdsOf) {
          const now = idsNow.get(row.item.buyingConnectedRealmId);
          row.outcome.buyGone = ids.length === 0 || !ids.some((id) => now?.has(id));
        }
        buyIdsOf.clear();
      }
      if (isEval) {
        builder.setTsm(economy.tsmRegion(REGION, h));
        const snapshot = builder.build();
        options.onEvalHour?.(h, snapshot, realmIds);
        const found = flippingSearch(snapshot, { buyingRealms: realmIds, sellingRealms: realmIds });
        const hazards = new Map(realmIds.map((id) => [id, truth.saleHazards(REGION, id, h)]));
        for (const item of found) {
          const variant = keys.indexOf(item.uniqueItemKey);
          const sellListing = lowest.get(item.sellingConnectedRealmId)?.get(variant);
          const buyIds = lowest.get(item.buyingConnectedRealmId)?.get(variant)?.ids ?? [];
          const sellId = sellListing?.ids[0];
          const row: DealRow = {
            hour: h,
            item,
            variant,
            buy: goldToCopper(item.buyBuyout),
            sell: goldToCopper(item.sellBuyout),
            outcome: { buyGone: true, bestSale: null },
            sellDead: sellListing?.ids.some((id) => truth.isPlantedDead(id)) ?? false,
            hindsight: {
              sell:
                sellId === undefined
                  ? null
                  : (hazards.get(item.sellingConnectedRealmId)?.get(sellId) ?? null),
              buyBait: buyIds.length > 0 && buyIds.every((id) => truth.isBait(id)),
            },
          };
          rows.push(row);
          buyIdsOf.set(row, buyIds);
        }
      }
      stored.storeAndCompact(builder);
      if (h % 24 === 23) options.onDay?.((h + 1) / 24);
    }
  } finally {
    await source.close();
    market.close();
  }

  // What sold: every sale on the rows' sell realms from the first evaluation hour on.
  const wanted = new Map<number, Set<number>>();
  for (const row of rows) {
    let set = wanted.get(row.item.sellingConnectedRealmId);
    if (!set) wanted.set(row.item.sellingConnectedRealmId, (set = new Set()));
    set.add(row.variant);
  }
  const first = evalHours[0] as number;
  const last = evalHours.at(-1) as number;
  const { sales } = salesOf(market, wanted, first + 1, last + WINDOW_HOURS);
  for (const row of rows) {
    const series = sales.get(`${row.item.sellingConnectedRealmId}:${row.variant}`);
    row.outcome.bestSale = bestSale(series, row.hour + 1, row.hour + WINDOW_HOURS);
  }
  return { seed: options.seed, realms: realms.length, evalHours, rows };
}
