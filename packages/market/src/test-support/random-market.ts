// Seeded random small markets for property tests: realms, items, pets, TSM rows and per-realm
// Blizzard auction dumps (JSON text) with deliberate price ties and key collisions.
import { createBonusData, mulberry32 } from '@goldroute/simulator';
import type { ItemInfo, PetInfo, RealmInfo, TsmRow } from '../types';
import type { MarketInput } from './build';
import type { RefDump } from './reference-market';

/** The tests' seeded randomness: the simulator's mulberry32, one stream per seed. */
export const rng: (seed: number) => () => number = mulberry32;

export interface RandomMarket extends MarketInput {
  buying: number[];
  selling: number[];
}

const CLASSES: readonly (readonly [string, string])[] = [
  ['Weapon', 'Sword'],
  ['Armor', 'Plate'],
  ['Armor', 'Cosmetic'],
  ['Recipe', 'Tailoring'],
  ['Miscellaneous', 'Companion Pets'],
  ['Miscellaneous', 'Mount'],
  ['Miscellaneous', 'Toy'],
  ['Miscellaneous', 'Junk'],
  ['Consumable', 'Potion'],
];
// Bonus lists drawn from the simulator's table: level adds, set levels (two priorities), curves
// with and without offsets, sockets, tertiaries, quality, and stat-only suffixes that collide.
const BONUS_LISTS: readonly (readonly number[])[] = [
  [],
  [1472],
  [6600],
  [3002],
  [3002, 6601],
  [7003],
  [7003, 7004],
  [8100],
  [8201],
  [6514],
  [6936, 42],
  [40, 41],
  [43],
  [9501],
  [3000, 6514, 41],
];
const DROP_LEVELS = [undefined, 10, 35, 60, 70, 80];
const PRICES_GOLD = [300, 900, 1500, 2000, 2000, 5000, 10000, 10000, 20000, 45000];
const POPULATIONS = ['Low', 'Medium', 'High', 'Full'];

export function randomMarket(seed: number): RandomMarket {
  const r = rng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  const realmCount = int(2, 6);
  const realmIds = new Set<number>();
  while (realmIds.size < realmCount) realmIds.add(int(1, 400));
  const realms: RealmInfo[] = [...realmIds].map((id) => ({
    id,
    name: `Realm ${id}`,
    population: pick(POPULATIONS),
  }));
  const items = new Map<number, ItemInfo>();
  const itemCount = int(1, 10);
  while (items.size < itemCount) {
    const id = int(1000, 1012);
    const [className, subclassName] = pick(CLASSES);
    items.set(id, {
      id,
      name: `Item ${id}`,
      classId: 0,
      className,
      subclassId: 0,
      subclassName,
      quality: int(1, 4),
      level: int(10, 300),
      expansion: int(1, 11),
      crafted: r() < 0.2,
      mediaURL: `https://render.worldofwarcraft.com/us/icons/56/inv_${id}.jpg`,
    });
  }
  const pets = new Map<number, PetInfo>();
  const petCount = int(0, 3);
  while (pets.size < petCount) {
    const speciesId = int(40, 60);
    pets.set(speciesId, {
      speciesId,
      name: `Pet ${speciesId}`,
      npcId: 9000 + speciesId,
      expansion: int(1, 11),
      mediaURL: `https://render.worldofwarcraft.com/us/icons/56/pet_${speciesId}.jpg`,
      familyName: 'Critter',
    });
  }
  const tsm: TsmRow[] = [];
  // Per id, a draw whether it has a row, then its values in field order: market value, average sale,
  // sale rate, historical.
  const addTsmRows = (
    ids: Iterable<number>,
    pet: boolean,
    noRow: number,
    avgSalePrice: () => number,
    saleRate: () => number,
  ): void => {
    for (const id of ids) {
      if (r() < noRow) continue;
      tsm.push({
        itemId: pet ? null : id,
        petSpeciesId: pet ? id : null,
        marketValue: int(100, 60000) * 10000,
        avgSalePrice: avgSalePrice(),
        saleRate: saleRate(),
        historical: int(100, 60000) * 10000,
      });
    }
  };
  addTsmRows(
    items.keys(),
    false,
    0.1,
    () => pick([100, 499, 500, 800, 3000, 20000]) * 10000 + int(0, 3),
    () => pick([0, 0.0005, 0.001, 0.01, 0.2]),
  );
  addTsmRows(
    pets.keys(),
    true,
    0.2,
    () => pick([300, 2000, 9000]) * 10000,
    () => pick([0.0005, 0.05]),
  );
  const itemIds = [...items.keys(), 999_999]; // one unknown item
  const petIds = [...pets.keys(), 4999]; // one unknown species
  const dumps: RefDump[] = [];
  for (const realm of realms) {
    if (r() < 0.1) continue; // a realm without a dump
    const auctions: unknown[] = [];
    const n = int(0, 40);
    for (let k = 0; k < n; k++) {
      const quantity = r() < 0.1 ? int(2, 5) : 1;
      const unit = pick(PRICES_GOLD) * 10000 + (r() < 0.2 ? int(1, 99) : 0);
      const auction: Record<string, unknown> = { id: 1_000_000 + k };
      if (r() < 0.15 && petIds.length > 0) {
        auction.item = {
          id: 82800,
          modifiers: [{ type: 6, value: 1 }],
          pet_breed_id: int(3, 12),
          pet_level: pick([1, 1, 25]),
          pet_quality_id: pick([2, 3, 3]),
          pet_species_id: pick(petIds),
        };
      } else {
        const item: Record<string, unknown> = { id: pick(itemIds), context: int(1, 30) };
        const bonus = pick(BONUS_LISTS);
        if (bonus.length > 0) item.bonus_lists = r() < 0.5 ? [...bonus] : [...bonus].reverse();
        const drop = pick(DROP_LEVELS);
        const mods = [];
        if (drop !== undefined) mods.push({ type: 9, value: drop });
        if (r() < 0.3) mods.push({ type: 28, value: int(100, 3000) });
        if (mods.length > 0) item.modifiers = mods;
        auction.item = item;
      }
      if (r() < 0.2) auction.bid = Math.round(unit * quantity * 0.7);
      if (r() < 0.93) auction.buyout = unit * quantity;
      auction.quantity = quantity;
      auction.time_left = pick(['SHORT', 'LONG', 'VERY_LONG']);
      auctions.push(auction);
    }
    dumps.push({ realmId: realm.id, json: JSON.stringify({ _links: { self: { href: 'x' } }, auctions }) });
  }
  const subset = (): number[] => {
    const ids = realms.filter(() => r() < 0.7).map((x) => x.id);
    if (r() < 0.2) ids.push(99_999); // not in the region
    return ids;
  };
  return {
    realms,
    items,
    pets,
    bonusData: createBonusData(),
    tsm,
    dumps,
    buying: subset(),
    selling: subset(),
  };
}
