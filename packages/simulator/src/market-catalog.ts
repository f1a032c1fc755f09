// What the auction market trades, as dense arrays over one key space (items first, then battle-pet
// species), so generating thousands of postings an hour costs array reads, not object lookups; and
// what each realm carries: how often each key is posted there, how many buyers it has.
import type { SimItem, SimPetSpecies } from './catalog';
import { PET_CAGE_ITEM_ID } from './item-classes';
import { dailySaleChance, DEMAND_SIGMA, POPULATION_DEMAND, STOCK_HOURS_PER_POSTING } from './market-params';
import {
  PET_AUCTION_SHARE,
  PET_KEY_OFFSET,
  petPriceFactor,
  postedPrice,
  presence,
  realmPriceLevel,
} from './pricing';
import { hash4, hashedNormal } from './random';
import type { SimConnectedRealm } from './realms';

/** The parts of an economy the market is made of. */
export interface MarketWorld {
  seed: number;
  items: readonly SimItem[];
  pets: readonly SimPetSpecies[];
  /** Every connected realm, US first then EU: a realm's position is its slot in auction ids. */
  realms: readonly SimConnectedRealm[];
}

/** A caged pet's variant byte: (level - 1) * 3 + (quality - 1). */
const PET_QUALITIES = 3;
/** Blizzard item contexts (where a piece of equipment dropped) the dumps show. */
const ITEM_CONTEXTS = [3, 5, 11, 13, 14, 26, 35, 64];

export class MarketCatalog {
  readonly seed: number;
  readonly itemCount: number;
  readonly keyCount: number;
  /** The id the price hashes use: item id, or PET_KEY_OFFSET + species id. */
  readonly hashKey: Int32Array;
  readonly basePrice: Float64Array;
  readonly sigma: Float64Array;
  /** Share of a realm's postings (before the realm's own presence factor). */
  readonly postingShare: Float64Array;
  /** Sale hazard per hour of a listing at or below the going rate on a typical realm. */
  readonly saleHazard: Float64Array;
  private readonly items: readonly SimItem[];
  private readonly pets: readonly SimPetSpecies[];
  /** Cumulative template weights per item, normalised to end at 1. */
  private readonly templateCdf: (readonly number[])[];

  constructor(world: MarketWorld) {
    this.seed = world.seed;
    this.items = world.items;
    this.pets = world.pets;
    this.itemCount = world.items.length;
    this.keyCount = this.itemCount + world.pets.length;
    this.hashKey = new Int32Array(this.keyCount);
    this.basePrice = new Float64Array(this.keyCount);
    this.sigma = new Float64Array(this.keyCount);
    this.postingShare = new Float64Array(this.keyCount);
    this.saleHazard = new Float64Array(this.keyCount);
    this.templateCdf = world.items.map((it) => {
      const total = it.templates.reduce((sum, t) => sum + t.weight, 0);
      let running = 0;
      return it.templates.map((t) => (running += t.weight) / total);
    });
    const hazard = (saleRate: number) => -Math.log(1 - dailySaleChance(saleRate)) / 24;
    world.items.forEach((it, k) => {
      this.hashKey[k] = it.id;
      this.basePrice[k] = it.basePrice;
      this.sigma[k] = it.sigma;
      this.postingShare[k] = it.share * (1 - PET_AUCTION_SHARE);
      this.saleHazard[k] = hazard(it.saleRate);
    });
    world.pets.forEach((pet, p) => {
      const k = this.itemCount + p;
      this.hashKey[k] = PET_KEY_OFFSET + pet.speciesId;
      this.basePrice[k] = pet.basePrice;
      this.sigma[k] = pet.sigma;
      this.postingShare[k] = pet.share * PET_AUCTION_SHARE;
      this.saleHazard[k] = hazard(pet.saleRate);
    });
  }

  isPet(key: number): boolean {
    return key >= this.itemCount;
  }

  /** Whether sellers sometimes post this item in stacks of more than one. */
  stacks(key: number): boolean {
    return !this.isPet(key) && (this.items[key]?.stacks ?? false);
  }

  /**
   * The variant a seller posts, from two uniform draws: an equipment template by its weight, or a
   * pet's level (mostly 1, some 25, a few between) and quality (mostly rare).
   */
  variantFor(key: number, u: number, v: number): number {
    if (!this.isPet(key)) {
      const cdf = this.templateCdf[key];
      if (!cdf || cdf.length < 2) return 0;
      let t = 0;
      while (t < cdf.length - 1 && (cdf[t] ?? 1) <= u) t++;
      return t;
    }
    const level = u < 0.7 ? 1 : u < 0.9 ? 25 : 2 + Math.floor(((u - 0.9) / 0.1) * 23);
    const quality = v < 0.75 ? 3 : v < 0.9 ? 2 : 1;
    return (level - 1) * PET_QUALITIES + (quality - 1);
  }

  /** Price of this variant against the item's plain variant. */
  variantFactor(key: number, variant: number): number {
    if (this.isPet(key)) {
      return petPriceFactor(Math.floor(variant / PET_QUALITIES) + 1, (variant % PET_QUALITIES) + 1);
    }
    return this.items[key]?.templates[variant]?.priceFactor ?? 1;
  }

  /** Going rate of a variant on a realm in an absolute hour, copper per unit (unrounded). */
  goingRate(key: number, variant: number, realm: SimConnectedRealm, absHour: number): number {
    const level = realmPriceLevel(
      this.seed,
      realm.region,
      this.hashKey[key] ?? 0,
      this.basePrice[key] ?? 0,
      this.sigma[key] ?? 0,
      realm,
      absHour,
    );
    return level * this.variantFactor(key, variant);
  }

  /** The unit price a seller posts at `spread` times the going rate of `priceHour`. */
  unitPrice(
    key: number,
    variant: number,
    realm: SimConnectedRealm,
    priceHour: number,
    spread: number,
  ): number {
    return postedPrice(this.goingRate(key, variant, realm, priceHour) * spread);
  }

  /**
   * The auction's `item` object as JSON text. What the market does not track (an equipment's
   * context and crafting modifier, a pet's breed) is drawn from the item seed (the id of the
   * item's first posting), so it never changes while the item is listed, relisted or not.
   */
  auctionItemJson(key: number, variant: number, itemSeed: number): string {
    const h = hash4(this.seed ^ 0xa11c, itemSeed, 1);
    if (this.isPet(key)) {
      const pet = this.pets[key - this.itemCount];
      const species = pet?.speciesId ?? 0;
      const level = Math.floor(variant / PET_QUALITIES) + 1;
      const quality = (variant % PET_QUALITIES) + 1;
      return (
        `{"id":${PET_CAGE_ITEM_ID},"modifiers":[{"type":6,"value":${50000 + species}}]` +
        `,"pet_breed_id":${3 + (h % 10)},"pet_level":${level},"pet_quality_id":${quality},"pet_species_id":${species}}`
      );
    }
    const item = this.items[key];
    if (!item?.equipment) return `{"id":${item?.id ?? 0}}`;
    const template = item.templates[variant];
    let s = `{"id":${item.id},"context":${ITEM_CONTEXTS[h % ITEM_CONTEXTS.length] ?? 3}`;
    if (template && template.bonusLists.length > 0) s += `,"bonus_lists":[${template.bonusLists.join(',')}]`;
    const mods: string[] = [];
    if (template?.dropLevel !== undefined) mods.push(`{"type":9,"value":${template.dropLevel}}`);
    if (template?.craftedStats) {
      const [first, second] = template.craftedStats;
      mods.push(`{"type":29,"value":${first}}`, `{"type":30,"value":${second}}`);
    }
    if ((h >>> 4) % 10 < 3) mods.push(`{"type":28,"value":${1000 + ((h >>> 8) % 1801)}}`);
    if (mods.length > 0) s += `,"modifiers":[${mods.join(',')}]`;
    return `${s}}`;
  }
}

/** What one connected realm's market is like: which keys its sellers post, how many buyers it has. */
export interface RealmTraits {
  realm: SimConnectedRealm;
  /** Position among all connected realms (auction id slot). */
  slot: number;
  /** Expected normal postings per hour. */
  postingsPerHour: number;
  /** Cumulative posting weights over keys, normalised to end at 1. */
  postingCdf: Float32Array;
  /**
   * Sale hazard per hour of a listing at or below the going rate, per key: the item's demand x
   * the realm's population x the item's standing on this realm.
   */
  saleHazard: Float32Array;
}

export function realmTraits(catalog: MarketCatalog, realm: SimConnectedRealm, slot: number): RealmTraits {
  const cdf = new Float32Array(catalog.keyCount);
  const saleHazard = new Float32Array(catalog.keyCount);
  const population = POPULATION_DEMAND[realm.population];
  let total = 0;
  for (let k = 0; k < catalog.keyCount; k++) {
    const hashKey = catalog.hashKey[k] ?? 0;
    total += (catalog.postingShare[k] ?? 0) * presence(catalog.seed, hashKey, realm.id);
    cdf[k] = total;
    const standing = Math.exp(DEMAND_SIGMA * hashedNormal(catalog.seed, hashKey, realm.id, 13));
    saleHazard[k] = (catalog.saleHazard[k] ?? 0) * population * standing;
  }
  for (let k = 0; k < cdf.length; k++) cdf[k] = (cdf[k] ?? 0) / total;
  return {
    realm,
    slot,
    postingsPerHour: realm.auctionVolume / STOCK_HOURS_PER_POSTING,
    postingCdf: cdf,
    saleHazard,
  };
}

/** The key whose cumulative weight first exceeds u (binary search). */
export function keyAt(cdf: Float32Array, u: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cdf[mid] ?? 1) > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
