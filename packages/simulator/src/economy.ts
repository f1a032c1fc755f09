// The seeded economy: realms, items, pets, hourly auction dumps, TSM region rows and the token
// price, all as pure functions of (seed, size, region, realm, hour). Dumps are produced lazily,
// one realm at a time, as a stream of JSON text chunks.
import type { BonusData } from './bonus-data';
import { createBonusData } from './bonus-data';
import type { Catalog, SimItem, SimPetSpecies } from './catalog';
import { createCatalog, PET_CAGE_ITEM_ID, QUALITY_NAMES } from './catalog';
import {
  hash4,
  hashedNormal,
  intBetween,
  mulberry32,
  poisson,
  smoothNoise,
  unit,
  weightedIndex,
} from './random';
import type { RegionCode, RegionShape, SimConnectedRealm } from './realms';
import { connectedRealmName, createConnectedRealms, POPULATION_NAMES, REGION_IDS } from './realms';
import { iconUrl } from './responses';
import type { BlizzardAuctionsResponse, TsmRegionRow } from './wire';

export type EconomySize = 'tiny' | 'small' | 'standard' | 'full';

export interface EconomyOptions {
  seed?: number;
  size?: EconomySize;
  /** Wall-clock time of hour 0 in ms (floored to the hour). Default 2024-11-01T00:00Z. */
  startTime?: number;
}

interface SizeShape {
  items: number;
  pets: number;
  us: RegionShape;
  eu: RegionShape;
}

export const SIZE_SHAPES: Readonly<Record<EconomySize, SizeShape>> = {
  tiny: {
    items: 300,
    pets: 30,
    us: { connectedRealms: 4, russian: 0, averageAuctions: 1200 },
    eu: { connectedRealms: 5, russian: 1, averageAuctions: 1200 },
  },
  small: {
    items: 4000,
    pets: 200,
    us: { connectedRealms: 12, russian: 0, averageAuctions: 9000 },
    eu: { connectedRealms: 14, russian: 2, averageAuctions: 9000 },
  },
  standard: {
    items: 6000,
    pets: 300,
    us: { connectedRealms: 84, russian: 0, averageAuctions: 3000 },
    eu: { connectedRealms: 93, russian: 12, averageAuctions: 3000 },
  },
  full: {
    items: 32000,
    pets: 1500,
    us: { connectedRealms: 84, russian: 0, averageAuctions: 64000 },
    eu: { connectedRealms: 93, russian: 12, averageAuctions: 58000 },
  },
};

export const DEFAULT_START_TIME = Date.UTC(2024, 10, 1, 0, 0, 0);
const HOUR_MS = 3_600_000;
const SLOT_MS = 15 * 60_000;
const COPPER_PER_GOLD = 10_000;

/** Region price level against the US baseline. */
const REGION_PRICE_SCALE: Readonly<Record<RegionCode, number>> = { us: 1, eu: 1.2 };
const TOKEN_BASE_GOLD: Readonly<Record<RegionCode, number>> = { us: 280_000, eu: 420_000 };
/** Share of a realm's auctions that are caged battle pets. */
const PET_AUCTION_SHARE = 0.05;
/** Chance per (item, realm, hour) of one lone auction far below the realm's price (a fake deal). */
const FAKE_DEAL_CHANCE = 0.006;
const PET_KEY_OFFSET = 1_000_000;
const TIME_LEFT = ['SHORT', 'MEDIUM', 'LONG', 'VERY_LONG'] as const;
const TIME_LEFT_WEIGHTS = [8, 17, 35, 40];
const CONTEXTS = [3, 5, 11, 13, 14, 26, 35, 64];

export interface TokenPoint {
  /** Unix ms. */
  timestamp: number;
  /** Copper. */
  price: number;
}

/** Rounds a copper price the way sellers post: copper below 1g, silver below 100g, gold above. */
function postedPrice(copper: number): number {
  if (copper < 10_000) return Math.max(1, Math.round(copper));
  if (copper < 1_000_000) return Math.round(copper / 100) * 100;
  return Math.round(copper / 10_000) * 10_000;
}

export class Economy {
  readonly seed: number;
  readonly size: EconomySize;
  /** Wall-clock time of hour 0, ms. */
  readonly startTime: number;
  readonly items: readonly SimItem[];
  readonly pets: readonly SimPetSpecies[];
  readonly bonusData: BonusData;
  private readonly itemById = new Map<number, SimItem>();
  private readonly petById = new Map<number, SimPetSpecies>();
  private readonly realmsByRegion: Record<RegionCode, SimConnectedRealm[]>;
  private readonly realmById: Record<RegionCode, Map<number, SimConnectedRealm>>;

  constructor(options: EconomyOptions = {}) {
    this.seed = (options.seed ?? 1) >>> 0;
    this.size = options.size ?? 'small';
    this.startTime = Math.floor((options.startTime ?? DEFAULT_START_TIME) / HOUR_MS) * HOUR_MS;
    const shape = SIZE_SHAPES[this.size];
    const catalog: Catalog = createCatalog(this.seed, shape.items, shape.pets);
    this.items = catalog.items;
    this.pets = catalog.pets;
    for (const item of this.items) this.itemById.set(item.id, item);
    for (const pet of this.pets) this.petById.set(pet.speciesId, pet);
    this.bonusData = createBonusData();
    this.realmsByRegion = {
      us: createConnectedRealms(this.seed, 'us', shape.us),
      eu: createConnectedRealms(this.seed, 'eu', shape.eu),
    };
    this.realmById = {
      us: new Map(this.realmsByRegion.us.map((r) => [r.id, r])),
      eu: new Map(this.realmsByRegion.eu.map((r) => [r.id, r])),
    };
  }

  connectedRealms(region: RegionCode): readonly SimConnectedRealm[] {
    return this.realmsByRegion[region];
  }

  connectedRealm(region: RegionCode, id: number): SimConnectedRealm | undefined {
    return this.realmById[region].get(id);
  }

  item(id: number): SimItem | undefined {
    return this.itemById.get(id);
  }

  pet(speciesId: number): SimPetSpecies | undefined {
    return this.petById.get(speciesId);
  }

  /** Wall-clock start of an hour index, ms. */
  hourTime(hour: number): number {
    return this.startTime + hour * HOUR_MS;
  }

  /** Hour index at a wall-clock time. */
  hourAt(time: number): number {
    return Math.floor((time - this.startTime) / HOUR_MS);
  }

  /** When a realm's dump for an hour was published (its Last-Modified), ms. */
  lastModified(region: RegionCode, connectedRealmId: number, hour: number): number {
    const realm = this.requireRealm(region, connectedRealmId);
    return this.hourTime(hour) + realm.publishMinute * 60_000;
  }

  private requireRealm(region: RegionCode, id: number): SimConnectedRealm {
    const realm = this.realmById[region].get(id);
    if (!realm) throw new Error(`unknown connected realm ${region}/${id}`);
    return realm;
  }

  private absoluteHour(hour: number): number {
    return Math.floor(this.startTime / HOUR_MS) + hour;
  }

  /** Region-wide drift of an item's price level (slow, shared by all realms). */
  private itemDrift(key: number, absHour: number): number {
    return Math.exp(0.07 * smoothNoise(this.seed ^ key, 1, absHour, 12));
  }

  /** Price level of one item on one realm in one hour, before the variant factor (copper). */
  private realmPriceLevel(
    region: RegionCode,
    key: number,
    basePrice: number,
    sigma: number,
    realm: SimConnectedRealm,
    absHour: number,
  ): number {
    const stable = Math.exp(sigma * hashedNormal(this.seed, key, realm.id, 7));
    const drift = Math.exp(0.05 * smoothNoise(this.seed ^ key, realm.id, absHour, 6));
    return (
      basePrice * REGION_PRICE_SCALE[region] * realm.priceBias * stable * drift * this.itemDrift(key, absHour)
    );
  }

  /** Listing intensity multiplier of an item on a realm (some realms simply do not carry it). */
  private presence(key: number, realmId: number): number {
    return Math.exp(0.8 * hashedNormal(this.seed, key, realmId, 11) - 0.32);
  }

  /**
   * The realm's auction dump for an hour as JSON text chunks of about `chunkSize` characters:
   * exactly the body of GET /data/wow/connected-realm/{id}/auctions. Memory stays bounded.
   */
  *auctionChunks(
    region: RegionCode,
    connectedRealmId: number,
    hour: number,
    origin = `https://${region}.api.blizzard.com`,
    chunkSize = 1 << 16,
  ): Generator<string, void, undefined> {
    const realm = this.requireRealm(region, connectedRealmId);
    const absHour = this.absoluteHour(hour);
    const rng = mulberry32(hash4(this.seed, REGION_IDS[region], realm.id, absHour));
    const href = `${origin}/data/wow/connected-realm/${realm.id}`;
    let buf =
      `{"_links":{"self":{"href":"${href}/auctions?namespace=dynamic-${region}"}},` +
      `"connected_realm":{"href":"${href}?namespace=dynamic-${region}"},"auctions":[`;
    let auctionId = 1_000_000_000 + (hash4(this.seed, realm.id, absHour) % 900_000_000);
    let first = true;
    const emit = (item: string, unitPrice: number, quantity: number): void => {
      const buyout = unitPrice * quantity;
      let bidPart = '';
      if (rng() < 0.2) bidPart = `,"bid":${Math.min(buyout, postedPrice(buyout * (0.5 + 0.4 * rng())))}`;
      const timeLeft = TIME_LEFT[weightedIndex(rng, TIME_LEFT_WEIGHTS)] ?? 'LONG';
      buf +=
        `${first ? '' : ','}{"id":${auctionId++},"item":${item}${bidPart}` +
        `,"buyout":${buyout},"quantity":${quantity},"time_left":"${timeLeft}"}`;
      first = false;
    };
    const itemVolume = realm.auctionVolume * (1 - PET_AUCTION_SHARE);
    for (const item of this.items) {
      const mean = itemVolume * item.share * this.presence(item.id, realm.id);
      const count = poisson(rng, mean);
      const fake = unit(hash4(this.seed ^ 0xfa4e, item.id, realm.id, absHour)) < FAKE_DEAL_CHANCE;
      if (count === 0 && !fake) continue;
      const level = this.realmPriceLevel(region, item.id, item.basePrice, item.sigma, realm, absHour);
      const weights = item.templates.map((t) => t.weight);
      for (let k = 0; k <= count; k++) {
        const isFake = k === count;
        if (isFake && !fake) break;
        const template = item.templates[weightedIndex(rng, weights)] ?? item.templates[0];
        if (!template) break;
        const spread = isFake
          ? 0.04 + 0.2 * rng()
          : k === 0
            ? 1 + 0.04 * rng()
            : 1 - 0.35 * Math.log(1 - rng());
        const unitPrice = postedPrice(level * template.priceFactor * spread);
        const quantity = item.stacks && rng() < 0.15 ? intBetween(rng, 2, 20) : 1;
        emit(this.itemJson(item, template.bonusLists, template.dropLevel, rng), unitPrice, quantity);
      }
      if (buf.length >= chunkSize) {
        yield buf;
        buf = '';
      }
    }
    const petVolume = realm.auctionVolume * PET_AUCTION_SHARE;
    for (const pet of this.pets) {
      const key = PET_KEY_OFFSET + pet.speciesId;
      const count = poisson(rng, petVolume * pet.share * this.presence(key, realm.id));
      const fake = unit(hash4(this.seed ^ 0xfa4e, key, realm.id, absHour)) < FAKE_DEAL_CHANCE;
      if (count === 0 && !fake) continue;
      const level = this.realmPriceLevel(region, key, pet.basePrice, pet.sigma, realm, absHour);
      for (let k = 0; k <= count; k++) {
        const isFake = k === count;
        if (isFake && !fake) break;
        const r = rng();
        const petLevel = r < 0.7 ? 1 : r < 0.9 ? 25 : intBetween(rng, 2, 24);
        const q = rng();
        const petQuality = q < 0.75 ? 3 : q < 0.9 ? 2 : 1;
        const factor = (petLevel === 25 ? 1.6 : 1) * (petQuality === 3 ? 1 : petQuality === 2 ? 0.6 : 0.4);
        const spread = isFake
          ? 0.04 + 0.2 * rng()
          : k === 0
            ? 1 + 0.04 * rng()
            : 1 - 0.35 * Math.log(1 - rng());
        const unitPrice = postedPrice(level * factor * spread);
        const breed = intBetween(rng, 3, 12);
        const itemJson =
          `{"id":${PET_CAGE_ITEM_ID},"modifiers":[{"type":6,"value":${50000 + pet.speciesId}}]` +
          `,"pet_breed_id":${breed},"pet_level":${petLevel},"pet_quality_id":${petQuality},"pet_species_id":${pet.speciesId}}`;
        emit(itemJson, unitPrice, 1);
      }
      if (buf.length >= chunkSize) {
        yield buf;
        buf = '';
      }
    }
    buf += `],"commodities":{"href":"${origin}/data/wow/auctions/commodities?namespace=dynamic-${region}"}}`;
    yield buf;
  }

  private itemJson(
    item: SimItem,
    bonusLists: readonly number[],
    dropLevel: number | undefined,
    rng: () => number,
  ): string {
    if (!item.equipment) return `{"id":${item.id}}`;
    let s = `{"id":${item.id},"context":${CONTEXTS[Math.floor(rng() * CONTEXTS.length)] ?? 3}`;
    if (bonusLists.length > 0) s += `,"bonus_lists":[${bonusLists.join(',')}]`;
    const mods: string[] = [];
    if (dropLevel !== undefined) mods.push(`{"type":9,"value":${dropLevel}}`);
    if (rng() < 0.3) mods.push(`{"type":28,"value":${intBetween(rng, 1000, 2800)}}`);
    if (mods.length > 0) s += `,"modifiers":[${mods.join(',')}]`;
    return `${s}}`;
  }

  /** The whole dump as one string (tests and small sizes). */
  auctionsJson(region: RegionCode, connectedRealmId: number, hour: number, origin?: string): string {
    let out = '';
    for (const chunk of this.auctionChunks(region, connectedRealmId, hour, origin)) out += chunk;
    return out;
  }

  /** The dump as an object (JSON.parse of auctionsJson). */
  auctions(region: RegionCode, connectedRealmId: number, hour: number): BlizzardAuctionsResponse {
    return JSON.parse(this.auctionsJson(region, connectedRealmId, hour)) as BlizzardAuctionsResponse;
  }

  /** TSM region pricing rows (copper), one per item and per pet species with sales, for an hour. */
  tsmRegion(region: RegionCode, hour: number): TsmRegionRow[] {
    const absHour = this.absoluteHour(hour);
    const regionId = REGION_IDS[region];
    const realms = this.realmsByRegion[region];
    const volume = realms.reduce((s, r) => s + r.auctionVolume, 0);
    const rows: TsmRegionRow[] = [];
    const row = (
      key: number,
      itemId: number | null,
      petSpeciesId: number | null,
      basePrice: number,
      share: number,
      saleRate: number,
    ): TsmRegionRow => {
      const level =
        basePrice * REGION_PRICE_SCALE[region] * Math.exp(0.08 * hashedNormal(this.seed, key, 0x75a1));
      const marketValue = Math.round(level * this.itemDrift(key, absHour) * 1.1);
      const historicalDrift = (this.itemDrift(key, absHour) + this.itemDrift(key, absHour - 720)) / 2;
      const historical = Math.round(level * historicalDrift * 1.1);
      const avgSalePrice = Math.round(marketValue * (0.6 + 0.3 * unit(hash4(this.seed, key, 0xa5a1))));
      const quantity = Math.max(1, Math.round(volume * share));
      const rate = Math.max(0.0001, Math.round(saleRate * 10_000) / 10_000);
      return {
        regionId,
        itemId,
        petSpeciesId,
        quantity,
        marketValue,
        avgSalePrice,
        saleRate: rate,
        soldPerDay: Math.round(rate * quantity * 0.4 * 100) / 100,
        historical,
      };
    };
    for (const item of this.items) {
      if (item.saleRate <= 0) continue;
      rows.push(
        row(item.id, item.id, null, item.basePrice, item.share * (1 - PET_AUCTION_SHARE), item.saleRate),
      );
    }
    for (const pet of this.pets) {
      if (pet.saleRate <= 0) continue;
      const key = PET_KEY_OFFSET + pet.speciesId;
      rows.push(row(key, null, pet.speciesId, pet.basePrice, pet.share * PET_AUCTION_SHARE, pet.saleRate));
    }
    return rows;
  }

  /** WoW token price (copper, whole gold) at a wall-clock time; it moves every 15 minutes. */
  tokenPrice(region: RegionCode, time: number): number {
    const slot = Math.floor(time / SLOT_MS);
    const key = REGION_IDS[region];
    const gold =
      TOKEN_BASE_GOLD[region] *
      Math.exp(
        0.06 * smoothNoise(this.seed, key, slot, 96) + 0.015 * smoothNoise(this.seed, key + 10, slot, 4),
      );
    return Math.round(gold) * COPPER_PER_GOLD;
  }

  /** Token prices every 15 minutes over the 14 days up to `time` (oldest first). */
  tokenHistory(region: RegionCode, time: number, days = 14): TokenPoint[] {
    const last = Math.floor(time / SLOT_MS);
    const count = days * 96;
    const points: TokenPoint[] = [];
    for (let s = last - count; s <= last; s++) {
      points.push({ timestamp: s * SLOT_MS, price: this.tokenPrice(region, s * SLOT_MS) });
    }
    return points;
  }

  /** Static data the app would otherwise assemble from the item API, patch numbers and pet names. */
  staticData(region: RegionCode): {
    items: Map<number, StaticItem>;
    pets: Map<number, StaticPet>;
    realms: RealmSummary[];
  } {
    const items = new Map<number, StaticItem>();
    for (const it of this.items) {
      items.set(it.id, {
        id: it.id,
        name: it.name,
        classId: it.classId,
        className: it.className,
        subclassId: it.subclassId,
        subclassName: it.subclassName,
        quality: it.quality,
        level: it.level,
        expansion: it.expansion,
        crafted: it.crafted,
        mediaURL: iconUrl(region, it.icon),
      });
    }
    const pets = new Map<number, StaticPet>();
    for (const p of this.pets) {
      pets.set(p.speciesId, {
        speciesId: p.speciesId,
        name: p.name,
        npcId: p.npcId,
        expansion: p.expansion,
        mediaURL: iconUrl(region, p.icon),
        familyName: p.familyName,
      });
    }
    const realms = this.realmsByRegion[region].map((r) => ({
      id: r.id,
      name: connectedRealmName(r),
      population: POPULATION_NAMES[r.population],
      russian: r.russian,
    }));
    return { items, pets, realms };
  }

  qualityOf(quality: number): { type: string; name: string } {
    return QUALITY_NAMES[quality] ?? { type: 'COMMON', name: 'Common' };
  }
}

/** Item data the way the app keeps it (Blizzard item API + patch number + crafted list + icon URL). */
export interface StaticItem {
  id: number;
  name: string;
  classId: number;
  className: string;
  subclassId: number;
  subclassName: string;
  quality: number;
  level: number;
  expansion: number;
  crafted: boolean;
  mediaURL: string;
}

/** Battle pet species data (name, creature id for links, expansion, icon URL). */
export interface StaticPet {
  speciesId: number;
  name: string;
  npcId: number;
  expansion: number;
  mediaURL: string;
  familyName: string;
}

/** A connected realm as the tools list it: id, display name, population name, Russian flag. */
export interface RealmSummary {
  id: number;
  name: string;
  population: string;
  russian: boolean;
}

export function createEconomy(options: EconomyOptions = {}): Economy {
  return new Economy(options);
}
