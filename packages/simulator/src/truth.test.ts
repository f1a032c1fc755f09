// The ground truth agrees with the dumps, and the market runs by its stated rules.
import { describe, expect, it } from 'vitest';
import { createEconomy } from './economy';
import type { RegionCode } from './realms';
import { groundTruth, MARKET_RULES } from './truth';
import type { BlizzardAuction } from './wire';

const economy = createEconomy({ seed: 7, size: 'tiny' });
const truth = groundTruth(economy);
const REGION: RegionCode = 'us';
const realms = economy.connectedRealms(REGION);
const FIRST = 100;
const LAST = 160;

const dumpCache = new Map<string, Map<number, BlizzardAuction>>();
function dump(realmId: number, hour: number): Map<number, BlizzardAuction> {
  const key = `${realmId}:${hour}`;
  let d = dumpCache.get(key);
  if (!d) {
    d = new Map(economy.auctions(REGION, realmId, hour).auctions.map((a) => [a.id, a]));
    dumpCache.set(key, d);
  }
  return d;
}
const unitPrice = (a: BlizzardAuction) => (a.buyout ?? 0) / a.quantity;

describe('ground truth', () => {
  it('names exactly the auctions that left between two dumps, each as it was listed', () => {
    const wrong: unknown[] = [];
    let early = 0;
    for (const r of realms) {
      const departures = truth.departures(REGION, r.id, FIRST + 1, LAST);
      const byHour = new Map<number, typeof departures>();
      for (const d of departures) byHour.set(d.hour, [...(byHour.get(d.hour) ?? []), d]);
      for (let h = FIRST + 1; h <= LAST; h++) {
        const before = dump(r.id, h - 1);
        const after = dump(r.id, h);
        const gone = [...before.keys()].filter((id) => !after.has(id)).sort((a, b) => a - b);
        const left = byHour.get(h) ?? [];
        expect(left.map((d) => d.auctionId).sort((a, b) => a - b)).toEqual(gone);
        for (const d of left) {
          const listed = before.get(d.auctionId);
          if (!listed) continue;
          const couldRunOut = listed.time_left === 'SHORT' || listed.time_left === 'MEDIUM';
          if (!couldRunOut) early++;
          if (
            JSON.stringify(d.item) !== JSON.stringify(listed.item) ||
            d.quantity !== listed.quantity ||
            d.unitPrice !== unitPrice(listed) ||
            // An auction gone before it could run out was bought or cancelled.
            (d.reason === 'expired' && !couldRunOut)
          )
            wrong.push({ departure: d, listed });
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(early).toBeGreaterThan(100);
  });

  it('reports sales at prices near the going rate: nothing priced far above it sells', () => {
    const sales = realms.flatMap((r) => truth.sales(REGION, r.id, FIRST, LAST));
    const normal = sales.filter((s) => s.kind === 'normal');
    expect(normal.length).toBeGreaterThan(200);
    for (const s of normal) {
      // Going rates drift a little between posting and sale.
      expect(s.unitPrice).toBeLessThan(MARKET_RULES.buyCeiling * 1.25 * s.goingRate);
    }
    const ratios = normal.map((s) => s.unitPrice / s.goingRate).sort((a, b) => a - b);
    const median = ratios[Math.floor(ratios.length / 2)] ?? 0;
    expect(median).toBeGreaterThan(0.95);
    expect(median).toBeLessThan(1.1);
  });

  it('plants dead listings that sit for days at 3-10x the going rate and never sell', () => {
    let relisted = 0;
    for (const r of realms) {
      const dead = truth.plantedDead(REGION, r.id, LAST);
      for (const d of dead) {
        expect(truth.isPlantedDead(d.auctionId)).toBe(true);
        expect(dump(r.id, LAST).has(d.auctionId)).toBe(true);
        expect(d.unitPrice / d.goingRate).toBeGreaterThan(MARKET_RULES.deadPriceRange[0] * 0.8);
        expect(d.unitPrice / d.goingRate).toBeLessThan(MARKET_RULES.deadPriceRange[1] * 1.25);
        if (d.relists === 0) continue;
        relisted++;
        // Listed since then, at the same price, under one id per 48 hours.
        expect(d.listedSinceHour).toBeLessThanOrEqual(LAST - 48 * d.relists);
        const since = Math.max(FIRST, d.listedSinceHour);
        for (let h = since; h <= LAST; h += 6) {
          const same = [...dump(r.id, h).values()].filter(
            (a) => unitPrice(a) === d.unitPrice && JSON.stringify(a.item) === JSON.stringify(d.item),
          );
          expect(same.some((a) => truth.isPlantedDead(a.id))).toBe(true);
        }
      }
      for (const d of truth.departures(REGION, r.id, FIRST, LAST).filter((x) => x.kind === 'dead')) {
        expect(d.reason).toBe('expired');
      }
    }
    expect(relisted).toBeGreaterThan(0);
  });

  it('plants bait far below the going rate, bought before the next dump', () => {
    let count = 0;
    for (const r of realms) {
      for (const hour of [FIRST, FIRST + 1, FIRST + 2]) {
        const sold = new Set(truth.sales(REGION, r.id, hour + 1, hour + 1).map((s) => s.auctionId));
        for (const b of truth.bait(REGION, r.id, hour)) {
          count++;
          expect(truth.isBait(b.auctionId)).toBe(true);
          expect(truth.isPlantedDead(b.auctionId)).toBe(false);
          expect(b.unitPrice).toBeLessThan(0.3 * b.goingRate);
          expect(dump(r.id, hour).has(b.auctionId)).toBe(true);
          expect(dump(r.id, hour + 1).has(b.auctionId)).toBe(false);
          expect(sold.has(b.auctionId)).toBe(true);
        }
      }
    }
    expect(count).toBeGreaterThan(5);
  });

  it('tells dead and bait ids from the others', () => {
    const r = realms[0]?.id ?? 0;
    const dead = new Set(truth.plantedDead(REGION, r, LAST).map((d) => d.auctionId));
    const bait = new Set(truth.bait(REGION, r, LAST).map((d) => d.auctionId));
    for (const id of dump(r, LAST).keys()) {
      expect(truth.isPlantedDead(id)).toBe(dead.has(id));
      expect(truth.isBait(id)).toBe(bait.has(id));
    }
    expect(truth.isPlantedDead(12)).toBe(false);
  });

  it('has buyers at rates that differ by population and by item demand', () => {
    const small = createEconomy({ seed: 3, size: 'small' });
    const smallTruth = groundTruth(small);
    const byPopulation = new Map<string, { sold: number; left: number }>();
    const byDemand = { high: { sold: 0, left: 0 }, low: { sold: 0, left: 0 } };
    for (const region of ['us', 'eu'] as const) {
      for (const r of small.connectedRealms(region)) {
        const stats = byPopulation.get(r.population) ?? { sold: 0, left: 0 };
        for (const d of smallTruth.departures(region, r.id, 0, 11)) {
          if (d.kind !== 'normal') continue;
          const sold = d.reason === 'sold' ? 1 : 0;
          stats.sold += sold;
          stats.left++;
          const saleRate = small.item(d.item.id)?.saleRate ?? small.pet(d.item.pet_species_id ?? 0)?.saleRate;
          const bucket =
            (saleRate ?? 0) > 0.05 ? byDemand.high : saleRate === undefined ? undefined : byDemand.low;
          if (bucket) {
            bucket.sold += sold;
            bucket.left++;
          }
        }
        byPopulation.set(r.population, stats);
      }
    }
    const rate = (s?: { sold: number; left: number }) => (s ? s.sold / s.left : Number.NaN);
    expect(rate(byPopulation.get('FULL'))).toBeGreaterThan(rate(byPopulation.get('LOW')) * 1.3);
    expect(rate(byDemand.high)).toBeGreaterThan(rate(byDemand.low) * 1.5);
  });

  it("states each listing's chance to be bought as the market then buys it", () => {
    let expected = 0;
    let bought = 0;
    let deadOrDear = 0;
    for (const r of realms) {
      const hazards = truth.saleHazards(REGION, r.id, FIRST);
      const listings = truth.listings(REGION, r.id, FIRST);
      const sold = new Set(truth.sales(REGION, r.id, FIRST + 1, FIRST + 24).map((s) => s.auctionId));
      for (const l of listings) {
        const h = hazards.get(l.auctionId);
        if (!h) throw new Error(`no hazard for ${l.auctionId}`);
        if (l.kind === 'bait') {
          expect(h.perHour).toBe(Infinity);
          continue;
        }
        expect(h.minutesLeft).toBe(l.minutesLeft);
        if (l.kind === 'dead') expect(h.perHour).toBe(0);
        if (h.perHour === 0) {
          // Dead, or priced over the buyers' ceiling when it was posted.
          deadOrDear++;
          expect(sold.has(l.auctionId)).toBe(false);
          continue;
        }
        // Bought within 24 hours (or before it runs out), by the stated hazard.
        expected += 1 - Math.exp(-h.perHour * Math.min(24, l.minutesLeft / 60));
        if (sold.has(l.auctionId)) bought++;
      }
    }
    expect(deadOrDear).toBeGreaterThan(50);
    expect(expected).toBeGreaterThan(200);
    expect(bought / expected).toBeGreaterThan(0.85);
    expect(bought / expected).toBeLessThan(1.15);
  });
});
