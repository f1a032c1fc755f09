// The market lives across hours: what consecutive dumps of a realm show, checked on the wire.
import { describe, expect, it } from 'vitest';
import { createEconomy } from './economy';
import { TIME_LEFT_ORDER } from './market-params';
import type { RegionCode } from './realms';
import type { BlizzardAuction } from './wire';

const economy = createEconomy({ seed: 42, size: 'tiny' });
const REGION: RegionCode = 'eu';
const realms = economy.connectedRealms(REGION);
const HOURS = 30;

/** Each realm's dumps for hours 0..HOURS, by auction id. */
const dumps = new Map(
  realms.map((r) => [
    r.id,
    Array.from(
      { length: HOURS + 1 },
      (_, h) => new Map(economy.auctions(REGION, r.id, h).auctions.map((a) => [a.id, a])),
    ),
  ]),
);
const rank = (a: BlizzardAuction) => TIME_LEFT_ORDER.indexOf(a.time_left);

function* consecutive(): Generator<[Map<number, BlizzardAuction>, Map<number, BlizzardAuction>]> {
  for (const hours of dumps.values()) {
    for (let h = 0; h < HOURS; h++) yield [hours[h] ?? new Map(), hours[h + 1] ?? new Map()];
  }
}

describe('auctions that live across hours', () => {
  it('keep their id, item, price and quantity from dump to dump', () => {
    let kept = 0;
    const changed: number[] = [];
    const same = (a: BlizzardAuction) => JSON.stringify({ ...a, time_left: undefined });
    for (const [before, after] of consecutive()) {
      for (const [id, a] of after) {
        const earlier = before.get(id);
        if (!earlier) continue;
        kept++;
        if (same(a) !== same(earlier)) changed.push(id);
      }
    }
    expect(changed).toEqual([]);
    // Most listings outlive an hour.
    expect(kept).toBeGreaterThan(0.8 * HOURS * realms.reduce((n, r) => n + r.auctionVolume, 0));
  });

  it('are unique across the realms of both regions', () => {
    const seen = new Set<number>();
    for (const region of ['us', 'eu'] as const) {
      for (const r of economy.connectedRealms(region)) {
        for (const a of economy.auctions(region, r.id, 7).auctions) {
          expect(seen.has(a.id)).toBe(false);
          seen.add(a.id);
        }
      }
    }
  });

  it('only count time_left down, from VERY_LONG or LONG when new', () => {
    let fresh = 0;
    const wrong: BlizzardAuction[] = [];
    for (const [before, after] of consecutive()) {
      for (const [id, a] of after) {
        const earlier = before.get(id);
        if (earlier && rank(a) > rank(earlier)) wrong.push(a);
        if (earlier) continue;
        fresh++;
        if (rank(a) < rank({ ...a, time_left: 'LONG' })) wrong.push(a);
      }
    }
    expect(wrong).toEqual([]);
    expect(fresh).toBeGreaterThan(HOURS * realms.length * 10);
  });

  it('stay listed for at most 48 hours under one id', () => {
    let longest = 0;
    for (const hours of dumps.values()) {
      const firstSeen = new Map<number, number>();
      hours.forEach((dump, h) => {
        for (const id of dump.keys()) {
          if (!firstSeen.has(id)) firstSeen.set(id, h);
          longest = Math.max(longest, h - (firstSeen.get(id) ?? h));
        }
      });
    }
    expect(longest).toBeLessThan(48);
  });

  it('leave some hours sooner than their time_left allows (bought or cancelled), as well as by running out', () => {
    let early = 0;
    let late = 0;
    for (const [before, after] of consecutive()) {
      for (const [id, a] of before) {
        if (after.has(id)) continue;
        if (a.time_left === 'LONG' || a.time_left === 'VERY_LONG') early++;
        else late++;
      }
    }
    expect(early).toBeGreaterThan(100);
    expect(late).toBeGreaterThan(100);
  });

  it('are the same market whichever hours are asked for first', () => {
    const realm = realms[1]?.id ?? 0;
    const fresh = () => createEconomy({ seed: 42, size: 'tiny' });
    const sequential = fresh();
    const expected = Array.from({ length: 40 }, (_, h) => sequential.auctionsJson(REGION, realm, h));
    const jumping = fresh();
    for (const h of [39, 3, 4, 20, 0, 38, 39, 12]) {
      expect(jumping.auctionsJson(REGION, realm, h)).toBe(expected[h]);
    }
    // Without a cache (every hour rebuilt from its postings) the market is the same.
    const uncached = createEconomy({ seed: 42, size: 'tiny', cachedListings: 0 });
    for (const h of [12, 13, 39]) expect(uncached.auctionsJson(REGION, realm, h)).toBe(expected[h]);
    // Two weeks before hour 0, asked for after it: no history to replay.
    const pastFirst = fresh().auctionsJson(REGION, realm, -336);
    expect(jumping.auctionsJson(REGION, realm, -336)).toBe(pastFirst);
    // The wall-clock hour decides, not the economy's start time.
    const later = createEconomy({ seed: 42, size: 'tiny', startTime: economy.hourTime(10) });
    expect(later.auctionsJson(REGION, realm, 5)).toBe(expected[15]);
    const otherSeed = createEconomy({ seed: 43, size: 'tiny' });
    const otherRealm = otherSeed.connectedRealms(REGION)[1]?.id ?? 0;
    expect(otherSeed.auctionsJson(REGION, otherRealm, 0).slice(300)).not.toBe(expected[0]?.slice(300));
  });

  it('hold about the realm volume of auctions', () => {
    for (const r of realms) {
      const size = dumps.get(r.id)?.[HOURS]?.size ?? 0;
      expect(size).toBeGreaterThan(0.6 * r.auctionVolume);
      expect(size).toBeLessThan(1.5 * r.auctionVolume);
    }
  });
});
