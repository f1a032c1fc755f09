import { CATEGORIES, categoryOf, dropshipGroupKey as domainGroupKey } from '@goldroute/domain';
import { createEconomy } from '@goldroute/simulator';
import { describe, expect, it } from 'vitest';
import { flippingSearch } from '../deals';
import { IngestError, RawVariantTable, ingestRealmDump } from '../ingest';
import { appClassification, buildSnapshot, SnapshotBuilder } from './';
import type { ItemInfo, PetInfo } from '../types';

const economy = createEconomy({ seed: 3, size: 'tiny' });
const region = 'eu';
const data = economy.staticData(region);

function builder(): SnapshotBuilder {
  return new SnapshotBuilder({
    region,
    realms: data.realms,
    items: data.items,
    pets: data.pets,
    bonusData: economy.bonusData,
  });
}

describe('appClassification', () => {
  it('maps Blizzard classes and the special subclasses to the SPEC categories', () => {
    expect(appClassification('Miscellaneous', 'Companion Pets')).toEqual({
      class: 'Miscellaneous',
      subclass: 'Companions',
    });
    expect(appClassification('Miscellaneous', 'Toy')).toEqual({ class: 'Miscellaneous', subclass: 'Toys' });
    expect(appClassification('Miscellaneous', 'Mount')).toEqual({
      class: 'Miscellaneous',
      subclass: 'Mount',
    });
    expect(appClassification('Armor', 'Cosmetic')).toEqual({ class: 'Armor', subclass: 'Cosmetic' });
    expect(appClassification('Weapon', 'Sword')).toEqual({ class: 'Weapon', subclass: 'Sword' });
    expect(appClassification('Consumable', 'Potion')).toEqual({ class: 'Miscellaneous', subclass: 'Potion' });
  });
});

describe('snapshots of simulator data', () => {
  const b = builder();
  for (const realm of economy.connectedRealms(region))
    b.ingest(realm.id, economy.auctionsJson(region, realm.id, 0));
  b.setTsm(economy.tsmRegion(region, 0));
  const snap = b.build();

  it('lays out every variant with its realms sorted by price, then realm', () => {
    expect(snap.variantCount).toBeGreaterThan(200);
    expect(snap.offsets[snap.variantCount]).toBe(snap.entryPrice.length);
    for (let v = 0; v < snap.variantCount; v++) {
      const start = snap.offsets[v] as number;
      const end = snap.offsets[v + 1] as number;
      expect(end).toBeGreaterThan(start);
      const realmsSeen = new Set<number>();
      for (let k = start; k < end; k++) {
        realmsSeen.add(snap.entryRealm[k] as number);
        if (k > start) {
          const p0 = snap.entryPrice[k - 1] as number;
          const p1 = snap.entryPrice[k] as number;
          expect(
            p0 < p1 || (p0 === p1 && (snap.entryRealm[k - 1] as number) < (snap.entryRealm[k] as number)),
          ).toBe(true);
        }
      }
      expect(realmsSeen.size).toBe(end - start);
    }
  });

  it('orders variants by item id (pets last) and keeps dropship groups contiguous', () => {
    const keys = snap.variants.map((v) => v.uniqueItemKey);
    expect(new Set(keys).size).toBe(keys.length);
    const firstPet = snap.variants.findIndex((v) => v.realPetId !== null);
    expect(firstPet).toBeGreaterThan(0);
    expect(snap.variants.slice(firstPet).every((v) => String(v.id).startsWith('pet_'))).toBe(true);
    const groupKeys = new Set<string>();
    for (let v = 0; v < snap.variantCount; v++) {
      const variant = snap.variants[v];
      if (!variant) continue;
      if (v > 0 && snap.groupOf[v] !== snap.groupOf[v - 1])
        expect(groupKeys.has(variant.groupKey)).toBe(false);
      groupKeys.add(variant.groupKey);
    }
    expect(groupKeys.size).toBe(snap.groupCount);
    expect(snap.variantIndexOf(keys[3] as string)).toBe(3);
  });

  it('carries item data, pet data and TSM figures per variant, frozen', () => {
    const pet = snap.variants.find((v) => v.realPetId !== null);
    const species = economy.pet(pet?.realPetId ?? -1);
    expect(pet?.npcId).toBe(species?.npcId);
    expect(pet?.class).toBe('Pet');
    expect(pet?.uniqueItemKey).toMatch(/^pet_\d+_l\d+_q\d$/);
    const tsm = new Map(
      economy
        .tsmRegion(region, 0)
        .filter((r) => r.itemId !== null)
        .map((r) => [r.itemId, r]),
    );
    const equip = snap.variants.find((v) => v.bonus.length > 0 && tsm.has(v.itemId));
    const row = tsm.get(equip?.itemId ?? -1);
    expect(equip?.avgSale).toBe((row?.avgSalePrice ?? 0) / 10000);
    expect(equip?.saleRate).toBe(row?.saleRate);
    expect(Object.isFrozen(equip)).toBe(true);
    expect(Object.isFrozen(equip?.bonus)).toBe(true);
    expect(equip?.mediaURL).toMatch(/^https:\/\/render\.worldofwarcraft\.com\/eu\/icons\/56\/\w+\.jpg$/);
  });

  it('gives every variant one of the SPEC categories and the domain group key', () => {
    const seen = new Set<string>();
    for (const v of snap.variants) {
      const category = categoryOf(v);
      expect(CATEGORIES).toContain(category);
      seen.add(category);
      expect(v.groupKey).toBe(domainGroupKey(v));
    }
    expect([...seen].sort()).toEqual([...CATEGORIES].sort());
  });

  it('counts auctions per realm and finds real deals', () => {
    for (let r = 0; r < snap.realmCount; r++) expect(snap.realmAuctions[r]).toBeGreaterThan(100);
    const all = data.realms.map((r) => r.id);
    expect(flippingSearch(snap, { buyingRealms: all, sellingRealms: all }).length).toBeGreaterThan(5);
  });
});

describe('SnapshotBuilder', () => {
  it('keeps the previous listing of a realm when a new dump is malformed or truncated', () => {
    const b = builder();
    const realm = economy.connectedRealms(region)[0];
    if (!realm) throw new Error('no realm');
    const good = economy.auctionsJson(region, realm.id, 0);
    const first = b.ingest(realm.id, good);
    expect(() => b.ingest(realm.id, good.slice(0, good.length / 2))).toThrow(IngestError);
    expect(() => b.ingest(realm.id, good.replace('"auctions":[', '"auctions":[,'))).toThrow(IngestError);
    expect(b.listing(realm.id)).toBe(first);
    const snap = b.build();
    expect(snap.realmAuctions[snap.realmIndexOf(realm.id)]).toBe(first.auctionCount);
    const next = b.ingest(realm.id, economy.auctionsJson(region, realm.id, 1), 123);
    expect(b.listing(realm.id)).toBe(next);
    expect(b.build().lastModified).toBe(123);
  });

  it("gives every build that brings a new dump its own second, even when the dump's is not newer", () => {
    const b = builder();
    const [first, second, third] = economy.connectedRealms(region);
    if (!first || !second || !third) throw new Error('too few realms');
    b.ingest(first.id, economy.auctionsJson(region, first.id, 0), 1_795_921_877_400);
    expect(b.build().lastModified).toBe(1_795_921_877_400);
    // The batch's last realm, stamped in the same second as the first: a new snapshot all the same.
    b.ingest(second.id, economy.auctionsJson(region, second.id, 0), 1_795_921_877_100);
    expect(b.build().lastModified).toBe(1_795_921_878_000);
    // Nothing new since: the same time, so open tools do not reload for it.
    expect(b.build().lastModified).toBe(1_795_921_878_000);
    // A dump newer than that second brings its own time again.
    b.ingest(third.id, economy.auctionsJson(region, third.id, 0), 1_795_921_990_500);
    expect(b.build().lastModified).toBe(1_795_921_990_500);
  });

  it('names the ids its lookups lack, and builds them in once the lookups learn them', () => {
    const items = new Map<number, ItemInfo>();
    const pets = new Map<number, PetInfo>();
    const b = new SnapshotBuilder({ region, realms: data.realms, items, pets, bonusData: economy.bonusData });
    const realm = economy.connectedRealms(region)[0];
    if (!realm) throw new Error('no realm');
    b.ingest(realm.id, economy.auctionsJson(region, realm.id, 0));
    const dump = economy.auctions(region, realm.id, 0).auctions;
    const listedItems = [...new Set(dump.filter((a) => !a.item.pet_species_id).map((a) => a.item.id))];
    const listedPets = [...new Set(dump.flatMap((a) => a.item.pet_species_id ?? []))];
    const missing = b.missingIds();
    const byId = (ids: number[]) => [...ids].sort((x, y) => x - y);
    expect(byId(missing.itemIds)).toEqual(byId(listedItems));
    expect(byId(missing.petSpecies)).toEqual(byId(listedPets));

    // Half the items become known: those are built, the rest are still reported.
    const half = missing.itemIds.slice(0, Math.floor(missing.itemIds.length / 2));
    for (const id of half) items.set(id, data.items.get(id) as ItemInfo);
    const partial = b.build();
    expect(new Set(partial.variants.map((v) => v.itemId))).toEqual(new Set(half));
    expect(partial.unknownItemIds).toEqual(missing.itemIds.slice(half.length));
    expect(b.missingIds().itemIds).toEqual(missing.itemIds.slice(half.length));

    // The rest learnt: nothing is missing or reported unknown any more.
    for (const id of missing.itemIds) items.set(id, data.items.get(id) as ItemInfo);
    for (const id of missing.petSpecies) pets.set(id, data.pets.get(id) as PetInfo);
    expect(b.missingIds()).toEqual({ itemIds: [], petSpecies: [] });
    const full = b.build();
    expect(full.unknownItemIds).toEqual([]);
    expect(full.unknownPetSpecies).toEqual([]);
    expect(full.variantCount).toBeGreaterThan(partial.variantCount);
  });

  it('names the most listed missing ids first, so a source that learns a few at a time starts there', () => {
    const b = new SnapshotBuilder({
      region,
      realms: data.realms,
      items: new Map(),
      pets: new Map(),
      bonusData: economy.bonusData,
    });
    const dump = (ids: number[]) =>
      JSON.stringify({
        auctions: ids.map((id, i) => ({ id: i + 1, item: { id }, buyout: 10, quantity: 1 })),
      });
    const [one, two] = data.realms;
    if (!one || !two) throw new Error('two realms needed');
    b.ingest(one.id, dump([400, 500, 600]));
    b.ingest(two.id, dump([500, 600]));
    expect(b.missingIds().itemIds).toEqual([500, 600, 400]);
  });

  it('leaves excluded (fake) items out of every variant without asking to learn them', () => {
    const realm = economy.connectedRealms(region)[0];
    if (!realm) throw new Error('no realm');
    const plain = builder();
    plain.ingest(realm.id, economy.auctionsJson(region, realm.id, 0));
    const all = plain.build();
    const fake = all.variants[0]?.itemId ?? 0;
    expect(fake).toBeGreaterThan(0);
    const b = new SnapshotBuilder({
      region,
      realms: data.realms,
      items: data.items,
      pets: data.pets,
      bonusData: economy.bonusData,
      excludedItems: new Set([fake]),
    });
    b.ingest(realm.id, economy.auctionsJson(region, realm.id, 0));
    const snap = b.build();
    expect(snap.variants.some((v) => v.itemId === fake)).toBe(false);
    expect(snap.variantCount).toBe(all.variantCount - all.variants.filter((v) => v.itemId === fake).length);
    expect(snap.unknownItemIds).not.toContain(fake);
    expect(b.missingIds().itemIds).not.toContain(fake);
  });

  it('leaves unknown items and species out and reports them', () => {
    const table = new RawVariantTable();
    const json = JSON.stringify({
      auctions: [
        { id: 1, item: { id: 424242 }, buyout: 10, quantity: 1 },
        {
          id: 2,
          item: { id: 82800, pet_species_id: 1, pet_level: 1, pet_quality_id: 3 },
          buyout: 10,
          quantity: 1,
        },
      ],
    });
    const first = data.realms[0];
    if (!first) throw new Error('no realm');
    const listing = ingestRealmDump(json, { connectedRealmId: first.id, table });
    const snap = buildSnapshot({
      region,
      realms: data.realms,
      listings: [listing, { ...listing, connectedRealmId: 999_999 }],
      table,
      items: (id) => data.items.get(id),
      pets: data.pets,
      bonusData: economy.bonusData,
    });
    expect(snap.variantCount).toBe(0);
    expect(snap.unknownItemIds).toEqual([424242]);
    expect(snap.unknownPetSpecies).toEqual([1]);
    expect(snap.realmHasData[snap.realmIndexOf(first.id)]).toBe(1);
  });
});
