import { describe, expect, it } from 'vitest';
import { ITEM_CLASSES, MISC_SUBCLASSES, PET_CAGE_ITEM_ID } from './item-classes';
import { createEconomy, SIZE_SHAPES } from './economy';
import type { BlizzardAuction } from './wire';

const economy = createEconomy({ seed: 42, size: 'tiny' });

describe('realms', () => {
  it('has at least four connected realms per region and Russian ones on EU', () => {
    const us = economy.connectedRealms('us');
    const eu = economy.connectedRealms('eu');
    expect(us.length).toBeGreaterThanOrEqual(4);
    expect(eu.length).toBeGreaterThanOrEqual(4);
    const russian = eu.filter((r) => r.russian);
    expect(russian.length).toBeGreaterThanOrEqual(1);
    for (const r of russian) {
      for (const realm of r.realms) {
        expect(realm.locale).toBe('ruRU');
        expect(realm.name).toMatch(/^[\u0400-\u04FF ]+$/);
        expect(realm.slug).toMatch(/^[a-z-]+$/);
      }
    }
    expect(us.every((r) => !r.russian && r.realms.every((x) => x.locale !== 'ruRU'))).toBe(true);
  });

  it('gives every connected realm 1-3 named realms, a population and unique ids', () => {
    const ids = new Set<number>();
    for (const region of ['us', 'eu'] as const) {
      for (const cr of economy.connectedRealms(region)) {
        expect(cr.realms.length).toBeGreaterThanOrEqual(1);
        expect(cr.realms.length).toBeLessThanOrEqual(3);
        expect(['LOW', 'MEDIUM', 'HIGH', 'FULL']).toContain(cr.population);
        expect(cr.id).toBe(cr.realms[0]?.id);
        for (const realm of cr.realms) {
          expect(ids.has(realm.id)).toBe(false);
          ids.add(realm.id);
          expect(realm.name.length).toBeGreaterThan(2);
          expect(realm.timezone).toMatch(/^[A-Z][a-z]+\//);
        }
      }
    }
  });

  it('has the full shape: 84 US and 93 EU connected realms, a dozen Russian, ~32k items, ~5.4M US auctions', () => {
    expect(SIZE_SHAPES.full.us.connectedRealms).toBe(84);
    expect(SIZE_SHAPES.full.eu.connectedRealms).toBe(93);
    expect(SIZE_SHAPES.full.eu.russian).toBe(12);
    expect(SIZE_SHAPES.full.items).toBe(32000);
    expect(SIZE_SHAPES.full.us.connectedRealms * SIZE_SHAPES.full.us.averageAuctions).toBeCloseTo(5.4e6, -5);
  });
});

describe('standard size (the embedded default)', () => {
  const standard = createEconomy({ seed: 1, size: 'standard' });

  it('has every connected realm of full, 84 US and 93 EU with Russian ones, and a smaller catalog', () => {
    expect(standard.connectedRealms('us')).toHaveLength(84);
    expect(standard.connectedRealms('eu')).toHaveLength(93);
    const ruRU = standard.connectedRealms('eu').filter((r) => r.realms.some((x) => x.locale === 'ruRU'));
    expect(ruRU.length).toBeGreaterThanOrEqual(1);
    expect(ruRU.length).toBe(SIZE_SHAPES.full.eu.russian);
    expect(standard.items).toHaveLength(SIZE_SHAPES.standard.items);
    expect(standard.pets).toHaveLength(SIZE_SHAPES.standard.pets);
    expect(SIZE_SHAPES.standard.us.averageAuctions).toBeLessThanOrEqual(3000);
  });

  it('keeps every expansion, quality and item class in the catalog', () => {
    expect(new Set(standard.items.map((i) => i.expansion)).size).toBe(11);
    for (const q of [1, 2, 3, 4, 5]) expect(standard.items.some((i) => i.quality === q)).toBe(true);
    const subclasses = new Set(standard.items.map((i) => `${i.classId}:${i.subclassName}`));
    for (const s of ['2:Sword', '4:Cosmetic', '15:Toy', '15:Mount', '15:Companion Pets', '15:Other']) {
      expect(subclasses.has(s)).toBe(true);
    }
    for (const c of [ITEM_CLASSES.recipe, ITEM_CLASSES.profession]) {
      expect(standard.items.some((i) => i.classId === c.id)).toBe(true);
    }
  });
});

describe('items and pets', () => {
  it('invents items with Blizzard classes, qualities, expansions and icons', () => {
    expect(economy.items.length).toBe(SIZE_SHAPES.tiny.items);
    const classIds = new Set(economy.items.map((i) => i.classId));
    for (const c of [
      ITEM_CLASSES.weapon,
      ITEM_CLASSES.armor,
      ITEM_CLASSES.recipe,
      ITEM_CLASSES.miscellaneous,
    ]) {
      expect(classIds.has(c.id)).toBe(true);
    }
    for (const item of economy.items) {
      expect(item.id).not.toBe(PET_CAGE_ITEM_ID);
      expect(item.expansion).toBeGreaterThanOrEqual(1);
      expect(item.expansion).toBeLessThanOrEqual(11);
      expect(item.icon).toMatch(/^[a-z_]+\d\d$/);
      if (item.classId === ITEM_CLASSES.miscellaneous.id)
        expect(MISC_SUBCLASSES[item.subclassId]).toBe(item.subclassName);
    }
    expect(economy.items.some((i) => i.name.length > 30)).toBe(true);
    expect(economy.items.some((i) => i.crafted)).toBe(true);
    const { items, pets } = economy.staticData('us');
    expect(items.get(economy.items[0]?.id ?? 0)?.mediaURL).toMatch(
      /^https:\/\/render\.worldofwarcraft\.com\/us\/icons\/56\/[a-z_]+\d\d\.jpg$/,
    );
    const pet = [...pets.values()][0];
    expect(pet?.npcId).toBeGreaterThan(0);
    expect(pet?.name).toBeTruthy();
  });
});

describe('auction dumps', () => {
  const realm = economy.connectedRealms('us')[0];
  if (!realm) throw new Error('no realm');
  const dump = economy.auctions('us', realm.id, 0);

  it('are deterministic per seed, realm and hour', () => {
    const again = createEconomy({ seed: 42, size: 'tiny' }).auctionsJson('us', realm.id, 0);
    expect(again).toBe(economy.auctionsJson('us', realm.id, 0));
    const other = createEconomy({ seed: 43, size: 'tiny' });
    const otherRealm = other.connectedRealms('us')[0]?.id ?? 0;
    expect(other.auctionsJson('us', otherRealm, 0).slice(300)).not.toBe(again.slice(300));
    expect(economy.auctionsJson('us', realm.id, 1)).not.toBe(again);
  });

  it('speak the Blizzard format', () => {
    expect(dump._links?.self.href).toContain(`/data/wow/connected-realm/${realm.id}/auctions`);
    expect(dump.auctions.length).toBeGreaterThan(300);
    const ids = new Set(dump.auctions.map((a) => a.id));
    expect(ids.size).toBe(dump.auctions.length);
    for (const a of dump.auctions) {
      expect(['SHORT', 'MEDIUM', 'LONG', 'VERY_LONG']).toContain(a.time_left);
      expect(Number.isInteger(a.buyout)).toBe(true);
      expect(a.quantity).toBeGreaterThanOrEqual(1);
      if (a.bid !== undefined) expect(a.bid).toBeLessThanOrEqual(a.buyout ?? 0);
      if (a.quantity > 1) expect((a.buyout ?? 0) % a.quantity).toBe(0);
    }
    const equipment = dump.auctions.filter((a) => economy.item(a.item.id)?.equipment);
    expect(equipment.some((a) => (a.item.bonus_lists?.length ?? 0) > 0)).toBe(true);
    expect(equipment.some((a) => a.item.modifiers?.some((m) => m.type === 9))).toBe(true);
    const pets = dump.auctions.filter((a) => a.item.id === PET_CAGE_ITEM_ID);
    expect(pets.length).toBeGreaterThan(0);
    for (const p of pets) {
      expect(economy.pet(p.item.pet_species_id ?? -1)).toBeDefined();
      expect(p.item.pet_level).toBeGreaterThanOrEqual(1);
      expect(p.item.pet_level).toBeLessThanOrEqual(25);
      expect([1, 2, 3]).toContain(p.item.pet_quality_id);
      expect(p.item.pet_breed_id).toBeGreaterThan(0);
    }
  });

  it('stream in chunks that concatenate to the whole dump', () => {
    const chunks = [...economy.auctionChunks('us', realm.id, 0, undefined, 4096)];
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join('')).toBe(economy.auctionsJson('us', realm.id, 0));
  });
});

/** Lowest unit price per (item id, plain variant) on every realm for an hour. */
function lowest(region: 'us' | 'eu', hour: number): Map<number, Map<number, number>> {
  const out = new Map<number, Map<number, number>>();
  for (const cr of economy.connectedRealms(region)) {
    const map = new Map<number, number>();
    for (const a of economy.auctions(region, cr.id, hour).auctions as BlizzardAuction[]) {
      if (a.item.bonus_lists || a.item.id === PET_CAGE_ITEM_ID) continue;
      const unit = (a.buyout ?? 0) / a.quantity;
      map.set(a.item.id, Math.min(map.get(a.item.id) ?? Infinity, unit));
    }
    out.set(cr.id, map);
  }
  return out;
}

describe('prices', () => {
  const h0 = lowest('us', 0);
  const h1 = lowest('us', 1);
  const h12 = lowest('us', 12);
  const h24 = lowest('us', 24);
  const realms = [...h0.keys()];

  it('differ between realms in a way that persists (real deals) and move as listings come and go', () => {
    let persistent = 0;
    let compared = 0;
    let changedInAnHour = 0;
    let changedInADay = 0;
    for (const item of economy.items) {
      const a = realms.map((r) => h0.get(r)?.get(item.id));
      const b = realms.map((r) => h12.get(r)?.get(item.id));
      if (a.some((x) => x === undefined) || b.some((x) => x === undefined)) continue;
      compared++;
      const cheapest = (xs: (number | undefined)[]): number => xs.indexOf(Math.min(...(xs as number[])));
      if (cheapest(a) === cheapest(b)) persistent++;
      if (h1.get(realms[0] as number)?.get(item.id) !== a[0]) changedInAnHour++;
      if (h24.get(realms[0] as number)?.get(item.id) !== a[0]) changedInADay++;
    }
    expect(compared).toBeGreaterThan(20);
    // With 4 realms chance alone would keep the cheapest realm ~25% of the time.
    expect(persistent / compared).toBeGreaterThan(0.45);
    // Listings persist, so a realm's lowest price moves when its cheapest listing leaves or is
    // undercut: a few items an hour, most within a day.
    expect(changedInAnHour).toBeGreaterThan(0);
    expect(changedInADay).toBeGreaterThan(compared / 3);
  });

  it('include fake deals: lone auctions far below the realm price', () => {
    let fakes = 0;
    for (const cr of economy.connectedRealms('eu')) {
      for (const hour of [0, 1, 2]) {
        const byItem = new Map<number, number[]>();
        for (const a of economy.auctions('eu', cr.id, hour).auctions) {
          if (a.item.bonus_lists || a.item.id === PET_CAGE_ITEM_ID) continue;
          const list = byItem.get(a.item.id) ?? [];
          list.push((a.buyout ?? 0) / a.quantity);
          byItem.set(a.item.id, list);
        }
        for (const prices of byItem.values()) {
          prices.sort((x, y) => x - y);
          if (prices.length >= 3 && (prices[0] as number) < 0.3 * (prices[1] as number)) fakes++;
        }
      }
    }
    expect(fakes).toBeGreaterThan(0);
  });

  it('publish TSM rows consistent with the auctions', () => {
    const rows = economy.tsmRegion('us', 0);
    expect(rows.length).toBeGreaterThan(economy.items.length * 0.8);
    const pets = rows.filter((r) => r.petSpeciesId !== null);
    expect(pets.length).toBeGreaterThan(0);
    expect(pets.every((r) => r.itemId === null && r.regionId === 1)).toBe(true);
    let close = 0;
    let n = 0;
    for (const row of rows) {
      if (row.itemId === null) continue;
      expect(row.avgSalePrice).toBeLessThanOrEqual(row.marketValue);
      expect(row.saleRate).toBeGreaterThan(0);
      expect(row.saleRate).toBeLessThanOrEqual(0.6);
      const prices = realms.map((r) => h0.get(r)?.get(row.itemId as number)).filter((p): p is number => !!p);
      if (prices.length < 3) continue;
      prices.sort((x, y) => x - y);
      const median = prices[Math.floor(prices.length / 2)] as number;
      n++;
      if (row.marketValue > median / 4 && row.marketValue < median * 4) close++;
    }
    expect(close / n).toBeGreaterThan(0.85);
  });
});

describe('token', () => {
  it('hovers around 2024 prices and keeps 14 days of 15-minute history', () => {
    const now = economy.hourTime(0);
    const us = economy.tokenPrice('us', now) / 10000;
    const eu = economy.tokenPrice('eu', now) / 10000;
    expect(us).toBeGreaterThan(200_000);
    expect(us).toBeLessThan(380_000);
    expect(eu).toBeGreaterThan(300_000);
    expect(eu).toBeLessThan(550_000);
    expect(Number.isInteger(us)).toBe(true);
    const history = economy.tokenHistory('us', now);
    expect(history).toHaveLength(14 * 96 + 1);
    expect((history[1]?.timestamp ?? 0) - (history[0]?.timestamp ?? 0)).toBe(15 * 60_000);
    expect(history.at(-1)?.price).toBe(economy.tokenPrice('us', now));
    expect(new Set(history.map((p) => p.price)).size).toBeGreaterThan(100);
  });
});

describe('a shortened hour (hourMs)', () => {
  it('runs the same market faster: hour h is the same dump, h simulated hours after the start', () => {
    const fast = createEconomy({ seed: 42, size: 'tiny', hourMs: 60_000 });
    const realm = economy.connectedRealms('us')[0]?.id ?? 0;
    expect(fast.startTime).toBe(economy.startTime);
    expect(fast.hourTime(5)).toBe(economy.startTime + 5 * 60_000);
    expect(fast.hourAt(economy.startTime + 5 * 60_000 + 59_999)).toBe(5);
    expect(fast.auctionsJson('us', realm, 5)).toBe(economy.auctionsJson('us', realm, 5));
    // Its dump is published inside its own (one-minute) hour, in whole seconds.
    const published = fast.lastModified('us', realm, 5);
    expect(published).toBeGreaterThanOrEqual(fast.hourTime(5));
    expect(published).toBeLessThan(fast.hourTime(6));
    expect(published % 1000).toBe(0);
    expect(() => createEconomy({ hourMs: 0.5 })).toThrow(/hourMs/);
  });
});
