// Our own reading of the dumps agrees with the engine's snapshot, and the ground truth's items get the
// same variant keys as the auctions of the dumps.
import { describe, expect, it } from 'vitest';
import { SnapshotBuilder } from '@goldroute/market';
import { createEconomy } from '@goldroute/simulator';
import { groundTruth } from '@goldroute/simulator/truth';
import type { LowestListing } from './variant-keys';
import { auctionIds, lowestListings, UNKNOWN_VARIANT, VariantKeys } from './variant-keys';

const economy = createEconomy({ seed: 5, size: 'tiny' });
const REGION = 'us' as const;
const HOUR = 30;
const realms = economy.connectedRealms(REGION);
const statics = economy.staticData(REGION);
const sources = { items: statics.items, pets: statics.pets, bonusData: economy.bonusData };

describe('VariantKeys', () => {
  const builder = new SnapshotBuilder({ region: REGION, realms: statics.realms, ...sources });
  const keys = new VariantKeys(sources);
  const lowest = new Map<number, Map<number, LowestListing>>();
  const dumps = new Map<number, string>();
  for (const r of realms) {
    const dump = economy.auctionsJson(REGION, r.id, HOUR);
    dumps.set(r.id, dump);
    builder.ingest(r.id, dump);
    lowest.set(r.id, lowestListings(keys.auctions(r.id, dump), keys));
  }
  const snapshot = builder.build();

  it("finds every snapshot entry's variant, realm and lowest price, and nothing more", () => {
    let entries = 0;
    for (let v = 0; v < snapshot.variantCount; v++) {
      const key = snapshot.variants[v]?.uniqueItemKey ?? '';
      const index = keys.indexOf(key);
      expect(index).toBeGreaterThan(UNKNOWN_VARIANT);
      expect(keys.key(index)).toBe(key);
      for (let e = snapshot.offsets[v] as number; e < (snapshot.offsets[v + 1] as number); e++) {
        const realm = snapshot.realms[snapshot.entryRealm[e] as number]?.id ?? -1;
        expect(lowest.get(realm)?.get(index)?.price).toBe(snapshot.entryPrice[e]);
        entries++;
      }
    }
    let listed = 0;
    for (const m of lowest.values()) listed += m.size;
    expect(listed).toBe(entries);
    expect(entries).toBeGreaterThan(1000);
  });

  it('keeps every auction at the lowest price, each listed in the dump at that price', () => {
    let checked = 0;
    for (const r of realms) {
      const auctions = JSON.parse(dumps.get(r.id) ?? '{}') as {
        auctions: { id: number; buyout: number; quantity: number }[];
      };
      const price = new Map(auctions.auctions.map((a) => [a.id, Math.round(a.buyout / a.quantity)]));
      for (const low of lowest.get(r.id)?.values() ?? []) {
        for (const id of low.ids) expect(price.get(id)).toBe(low.price);
        checked += low.ids.length;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("gives the ground truth's items the keys of the same auctions in the dumps", () => {
    const truth = groundTruth(economy);
    let checked = 0;
    for (const r of realms) {
      const auctions = keys.auctions(r.id, dumps.get(r.id) ?? '');
      const rawOf = new Map<number, number>();
      for (let i = 0; i < auctions.count; i++) rawOf.set(auctions.id[i] as number, auctions.raw[i] as number);
      // Auctions that left in the next hour were all in this hour's dump.
      for (const d of truth.departures(REGION, r.id, HOUR + 1, HOUR + 1)) {
        const raw = rawOf.get(d.auctionId);
        expect(raw).toBeDefined();
        expect(keys.ofItem(d.item)).toBe(keys.ofRaw(raw as number));
        checked++;
      }
      const ids = auctionIds(auctions);
      for (const dead of truth.plantedDead(REGION, r.id, HOUR)) {
        expect(ids.has(dead.auctionId)).toBe(true);
        expect(keys.ofItem(dead.item)).toBe(keys.ofRaw(rawOf.get(dead.auctionId) as number));
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
