import { createEconomy } from '@goldroute/simulator';
import { expectedProfit, goingRateProfit } from '@goldroute/domain';
import { describe, expect, it } from 'vitest';
import { flippingSearch } from '../deals';
import { binPrice, priceBin } from '../evidence';
import { SnapshotBuilder } from './';
import { decodeSnapshot, encodeSnapshot } from './snapshot-codec';

const economy = createEconomy({ seed: 3, size: 'tiny' });
const data = economy.staticData('eu');
const [realmA, realmB] = data.realms;
const item = [...data.items.values()][0];
const H = 3_600_000;
const NO_FLOORS = { minProfit: 0, minAvgSale: 0, minSaleRate: 0, minProfitPercent: 0 };
const T0 = Date.UTC(2026, 10, 20, 10);

/** [auction id, gold per unit, quantity, time left]. */
type Row = [number, number, number, string];
const dump = (rows: Row[]): string =>
  JSON.stringify({
    auctions: rows.map(([id, gold, quantity, left]) => ({
      id,
      item: { id: item?.id },
      quantity,
      unit_price: gold * 10_000,
      time_left: left,
    })),
  });

function builder(): SnapshotBuilder {
  return new SnapshotBuilder({
    region: 'eu',
    realms: data.realms,
    items: data.items,
    pets: data.pets,
    bonusData: economy.bonusData,
    evidence: true,
  });
}

describe('a snapshot with evidence', () => {
  const b = builder();
  const a = realmA?.id as number;
  const bb = realmB?.id as number;
  b.ingest(
    a,
    dump([
      [1, 100, 1, 'LONG'],
      [2, 105, 2, 'VERY_LONG'],
      [3, 300, 1, 'VERY_LONG'],
    ]),
    T0,
  );
  b.ingest(bb, dump([[10, 50, 3, 'VERY_LONG']]), T0);
  // An hour later auction 1 is gone while it had 2-12 hours left: sold at 100g. Auction 4 is new.
  b.ingest(
    a,
    dump([
      [2, 105, 2, 'VERY_LONG'],
      [3, 300, 1, 'VERY_LONG'],
      [4, 104, 1, 'VERY_LONG'],
    ]),
    T0 + H,
  );
  b.ingest(bb, dump([[10, 50, 3, 'VERY_LONG']]), T0 + H);
  const snap = b.build();

  it('puts what the two hours showed on the deal', () => {
    const [row] = flippingSearch(snap, { buyingRealms: [bb], sellingRealms: [a], floors: NO_FLOORS });
    expect(row).toMatchObject({ buyBuyout: 50, sellBuyout: 104, sellVsBuy: 48.8 });
    expect(row?.evidence).toEqual({
      salesSeen14d: 1,
      medianSale14d: binPrice(priceBin(1_000_000)) / 10_000, // 100g within the 2% bin
      sellListingsNearPrice: 2, // 104g and 105g are within 1.1 x 104g; 300g is not
      sellQuantityNearPrice: 3,
      realmsOffering: 2,
      buyQuantity: 3,
      sellListingAgeSnapshots: 1, // auction 4 is new
      buyListingAgeSnapshots: 2,
      buyRealmUpdatedAt: (T0 + H) / 1000,
      sellRealmUpdatedAt: (T0 + H) / 1000,
      hoursObserved: 2,
      sellLowQuartile14d: 100, // the day's lowest on the sell realm (100g at hour 0): one day listed
      regionMedianLowest: 77, // the two realms' lowest prices now, 50g and 104g
      sellItemFloor14d: 100, // the item's one day on the sell realm, its lowest 100g (below the 104g sell price)
      sellPostedHours: null, // new and VERY_LONG: posted for 24 or 48 hours, the band cannot tell yet
    });
    // Sold at what the realm paid, ~100g, less than the 104g listed: 100 x 0.95 - 50.
    expect(goingRateProfit(row!, row!.evidence)).toBeCloseTo(
      (binPrice(priceBin(1_000_000)) / 10_000) * 0.95 - 50,
      4,
    );
    expect(row?.realisticProfit).toBe(expectedProfit(row!, row!.evidence).expectedProfit);
    // Two realms offer it, and one sale in two hours proves no pace (at least 48 hours are counted).
    expect(row?.flags).toEqual(['thin-supply', 'slow-seller']);
    // Two hours watched: the figure rests on the region's numbers as much as the realm's.
    expect(row?.confidence).toBe('medium');
  });

  it('names the raw variants behind each variant (the history reads the realm evidence by them)', () => {
    const v = snap.variantIndexOf(snap.variants[0]?.uniqueItemKey as string);
    expect(Array.from(snap.rawIds.subarray(snap.rawOffsets[v], snap.rawOffsets[v + 1]))).toEqual([0]);
    expect(b.realmEvidence(a)?.history(0).at(-1)).toMatchObject({ sales: 1, lowest: 1_000_000, listings: 3 }); // the day's lowest: 100g at hour 0
  });

  it('keeps the evidence through the snapshot codec (scaled mode hands it over)', () => {
    const back = decodeSnapshot(encodeSnapshot(snap));
    expect(flippingSearch(back, { buyingRealms: [bb], sellingRealms: [a], floors: NO_FLOORS })).toEqual(
      flippingSearch(snap, { buyingRealms: [bb], sellingRealms: [a], floors: NO_FLOORS }),
    );
  });

  it('ignores a dump that is not newer than the last one of the realm', () => {
    const again = builder();
    again.ingest(a, dump([[1, 100, 1, 'LONG']]), T0);
    again.ingest(a, dump([]), T0); // the same hour re-fetched, empty: no sale
    again.ingest(a, dump([[5, 90, 1, 'LONG']]), T0 + H);
    expect(again.realmEvidence(a)?.salesSeen(0, T0 + H).count).toBe(1);
  });
});

describe('the item floor of a deal (its variants on the sell realm, compared across the region)', () => {
  const [A, B, C] = data.realms.map((r) => r.id) as [number, number, number];
  /** A plain and a Speed variant of one item: [auction id, gold per unit, Speed?]. */
  const variants = (rows: [number, number, boolean][]): string =>
    JSON.stringify({
      auctions: rows.map(([id, gold, speed]) => ({
        id,
        item: speed ? { id: item?.id, bonus_lists: [42] } : { id: item?.id },
        quantity: 1,
        unit_price: gold * 10_000,
        time_left: 'VERY_LONG',
      })),
    });
  const b = builder();
  for (const at of [T0, T0 + H]) {
    // Realm A lists the Speed variant at 1,000g, 10x the plain one; realm B prices the item 2x realm C.
    b.ingest(
      A,
      variants([
        [1, 100, false],
        [2, 1000, true],
      ]),
      at,
    );
    b.ingest(
      B,
      variants([
        [3, 200, false],
        [4, 400, true],
      ]),
      at,
    );
    b.ingest(
      C,
      variants([
        [5, 100, false],
        [6, 200, true],
      ]),
      at,
    );
  }
  const snap = b.build();

  it('converts the sell realm prices of the other variants by their worth, the sell realm left out', () => {
    const [row] = flippingSearch(snap, { buyingRealms: [C], sellingRealms: [A], floors: NO_FLOORS }).filter(
      (r) => r.uniqueItemKey.endsWith('_speed'),
    );
    // Each realm's level for the item is the mean of its two prices over their region medians (plain
    // 100g, Speed 400g): A 1.75, B 1.5, C 0.75. Over them, the plain variant is worth 133.3g and Speed
    // 266.7g on B and C (A left out). A's plain days at 100g are 0.75 of the plain worth: a Speed floor
    // of 0.75 x 266.7g = 200g (its own 1,000g days are at the sell price). By the region medians with
    // realm A counted it would be 1 x 400g, and 1,000g is under the 3.5x a 2-hour-old listing needs.
    expect(row?.sellBuyout).toBe(1000);
    expect(row?.evidence.sellItemFloor14d).toBeCloseTo(200, 3);
    expect(row?.flags).toContain('dead-listing');
  });
});

describe('the hours a sell listing was posted for (read off its time left and age)', () => {
  const sellPosted = (hours: Row[][]): number | null | undefined => {
    const b = builder();
    const a = realmA?.id as number;
    const bb = realmB?.id as number;
    hours.forEach((rows, h) => {
      b.ingest(a, dump(rows), T0 + h * H);
      b.ingest(bb, dump([[10, 50, 1, 'VERY_LONG']]), T0 + h * H);
    });
    const [row] = flippingSearch(b.build(), { buyingRealms: [bb], sellingRealms: [a], floors: NO_FLOORS });
    return row?.evidence.sellPostedHours;
  };

  it('says 12 hours for a new lowest listing that reads LONG, 48 for one still VERY_LONG after 13 hours', () => {
    const first: Row = [1, 100, 1, 'VERY_LONG'];
    expect(sellPosted([[first], [first, [2, 90, 1, 'LONG']]])).toBe(12);
    // Seen first in the second snapshot, then 14 hours more.
    const hours: Row[][] = [[[9, 500, 1, 'VERY_LONG']], ...Array.from({ length: 15 }, () => [first])];
    expect(sellPosted(hours)).toBe(48);
  });

  it('says nothing of a listing already up in the first snapshot: it may be older than it looks', () => {
    expect(sellPosted([[[2, 90, 1, 'LONG']]])).toBeNull();
    expect(sellPosted([[[2, 90, 1, 'LONG']], [[2, 90, 1, 'LONG']]])).toBeNull();
  });
});

describe('the worth of a rare variant, learned from the other items (worth-model.ts)', () => {
  const items = [...data.items.values()].slice(0, 6).map((i) => i.id);
  const [A, B, C] = data.realms.map((r) => r.id) as [number, number, number];
  /** [auction id, item id, gold per unit, Speed?]. */
  const auctions = (rows: [number, number, number, boolean][]): string =>
    JSON.stringify({
      auctions: rows.map(([id, itemId, gold, speed]) => ({
        id,
        item: speed ? { id: itemId, bonus_lists: [42] } : { id: itemId },
        quantity: 1,
        unit_price: gold * 10_000,
        time_left: 'VERY_LONG',
      })),
    });
  const target = items[0] as number;
  /** The target's Speed variant on A (1,000g) and B (800g: the only other realm with it); plain at 100g everywhere. */
  function floorOnA(otherItems: number[]): { floor: number | null | undefined; flags: string[] | undefined } {
    const b = builder();
    let id = 1;
    const others = (speedGold: number) =>
      otherItems.flatMap((itemId): [number, number, number, boolean][] => [
        [id++, itemId, 100, false],
        [id++, itemId, speedGold, true],
      ]);
    for (const at of [T0, T0 + H]) {
      id = 1;
      b.ingest(
        A,
        auctions([
          [id++, target, 100, false],
          [id++, target, 1000, true],
        ]),
        at,
      );
      // Elsewhere a Speed variant is worth 1.25x the plain one, on every other item.
      b.ingest(B, auctions([[id++, target, 100, false], [id++, target, 800, true], ...others(125)]), at);
      b.ingest(C, auctions([[id++, target, 100, false], ...others(125)]), at);
    }
    // Bought on B (its only other realm), sold on A.
    const [row] = flippingSearch(b.build(), {
      buyingRealms: [B],
      sellingRealms: [A],
      floors: NO_FLOORS,
    }).filter((r) => r.id === target && r.uniqueItemKey.endsWith('_speed'));
    return { floor: row?.evidence.sellItemFloor14d, flags: row?.flags };
  }

  it('prices the Speed variant by what Speed adds on every item, not by its one other listing at 8x', () => {
    // Alone, the 800g listing on B says Speed is worth 8x plain: A's 100g plain days convert to 800g.
    const alone = floorOnA([]);
    expect(alone.floor).toBeGreaterThan(600);
    expect(alone.flags).not.toContain('dead-listing');
    // Five items say Speed adds 25%; B's one listing moves that only part of the way (1 realm against 4).
    const taught = floorOnA(items.slice(1));
    expect(taught.floor).toBeGreaterThan(150);
    expect(taught.floor).toBeLessThan(250);
    expect(taught.flags).toContain('dead-listing');
  });
});
