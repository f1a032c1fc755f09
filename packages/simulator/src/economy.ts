// The seeded economy: realms, items, pets, hourly auction dumps, TSM region rows and the token
// price, all as pure functions of (seed, size, region, realm, wall-clock hour). Dumps come from a
// market whose auctions live across hours (market.ts), produced lazily, one realm at a time, as a
// stream of JSON text chunks.
import { auctionDumpChunks } from './auction-dump';
import type { BonusData } from './bonus-types';
import { createBonusData } from './bonus-data';
import type { Catalog, SimItem, SimPetSpecies } from './catalog';
import { createCatalog } from './catalog';
import { QUALITY_NAMES } from './item-classes';
import type { MarketOptions } from './market';
import { Market } from './market';
import { HOUR_MS, itemDrift, PET_AUCTION_SHARE, PET_KEY_OFFSET, REGION_PRICE_SCALE } from './pricing';
import { hash4, hashedNormal, smoothNoise, unit } from './random';
import type { RegionCode, RegionShape, SimConnectedRealm } from './realms';
import { connectedRealmName, createConnectedRealms, POPULATION_NAMES, REGION_IDS } from './realms';
import { iconUrl } from './icon-url';
import { PublicationSchedule } from './publication';
import type { BlizzardAuctionsResponse, TsmRegionRow } from './wire';
import type { ItemInfo } from '@goldroute/domain';

export type EconomySize = 'tiny' | 'small' | 'standard' | 'full';

export interface EconomyOptions {
  seed?: number;
  size?: EconomySize;
  /**
   * Wall-clock time of hour 0 in ms (floored to the hour). Default 2024-11-01T00:00Z. It only names
   * the hours: with the default hourMs the market at a wall-clock hour is the same whatever the start time.
   */
  startTime?: number;
  /** Memory budget of the market's cached realm books (see MarketOptions). */
  cachedListings?: MarketOptions['cachedListings'];
  /**
   * How long a simulated hour lasts on the wall clock, ms (default 3_600_000). A shorter one runs the
   * same market faster (hour 0 is still startTime's market hour) and shrinks the publication schedule
   * inside each hour alike; tests and benchmarks watch many batches with it.
   */
  hourMs?: number;
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
const SLOT_MS = 15 * 60_000;
const COPPER_PER_GOLD = 10_000;

const TOKEN_BASE_GOLD: Readonly<Record<RegionCode, number>> = { us: 280_000, eu: 420_000 };

export interface TokenPoint {
  /** Unix ms. */
  timestamp: number;
  /** Copper. */
  price: number;
}

export class Economy {
  readonly seed: number;
  readonly size: EconomySize;
  /** Wall-clock time of hour 0, ms. */
  readonly startTime: number;
  /** Wall-clock length of a simulated hour, ms. */
  readonly hourMs: number;
  /** When each dump and commodities file is published (publication.ts). */
  readonly schedule: PublicationSchedule;
  readonly items: readonly SimItem[];
  readonly pets: readonly SimPetSpecies[];
  readonly bonusData: BonusData;
  private readonly itemById = new Map<number, SimItem>();
  private readonly petById = new Map<number, SimPetSpecies>();
  private readonly realmsByRegion: Record<RegionCode, SimConnectedRealm[]>;
  private readonly realmById: Record<RegionCode, Map<number, SimConnectedRealm>>;
  private readonly market: Market;

  constructor(options: EconomyOptions = {}) {
    this.seed = (options.seed ?? 1) >>> 0;
    this.size = options.size ?? 'small';
    this.startTime = Math.floor((options.startTime ?? DEFAULT_START_TIME) / HOUR_MS) * HOUR_MS;
    this.hourMs = options.hourMs ?? HOUR_MS;
    if (!Number.isInteger(this.hourMs) || this.hourMs < 1000)
      throw new Error('hourMs must be whole ms, >= 1000');
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
    this.market = new Market(
      {
        seed: this.seed,
        items: this.items,
        pets: this.pets,
        realms: [...this.realmsByRegion.us, ...this.realmsByRegion.eu],
      },
      { cachedListings: options.cachedListings },
    );
    this.schedule = new PublicationSchedule({
      seed: this.seed,
      startTime: this.startTime,
      hourMs: this.hourMs,
      realms: {
        us: this.realmsByRegion.us.map((r) => r.id),
        eu: this.realmsByRegion.eu.map((r) => r.id),
      },
    });
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
    return this.schedule.hourTime(hour);
  }

  /** Hour index at a wall-clock time. */
  hourAt(time: number): number {
    return this.schedule.hourAt(time);
  }

  /**
   * When a realm's dump for an hour was published (its Last-Modified), ms: the schedule's publishedAt.
   * For an hour the realm was left behind in, when it would have been (see schedule.visibleDump).
   */
  lastModified(region: RegionCode, connectedRealmId: number, hour: number): number {
    this.requireRealm(region, connectedRealmId);
    return this.schedule.publishedAt(region, connectedRealmId, hour);
  }

  private requireRealm(region: RegionCode, id: number): SimConnectedRealm {
    const realm = this.realmById[region].get(id);
    if (!realm) throw new Error(`unknown connected realm ${region}/${id}`);
    return realm;
  }

  /** The market's hour: hour 0 is startTime's real hour, then one market hour per simulated hour. */
  private absoluteHour(hour: number): number {
    return Math.floor(this.startTime / HOUR_MS) + hour;
  }

  /**
   * The realm's auction dump for an hour as JSON text chunks of about `chunkSize` characters:
   * exactly the body of GET /data/wow/connected-realm/{id}/auctions. Memory stays bounded. The
   * auctions persist from hour to hour (see market.ts); any hour can be asked for first.
   */
  *auctionChunks(
    region: RegionCode,
    connectedRealmId: number,
    hour: number,
    origin = `https://${region}.api.blizzard.com`,
    chunkSize = 1 << 16,
  ): Generator<string, void, undefined> {
    this.requireRealm(region, connectedRealmId);
    yield* auctionDumpChunks(
      this.market,
      region,
      connectedRealmId,
      this.absoluteHour(hour),
      origin,
      chunkSize,
    );
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
      const marketValue = Math.round(level * itemDrift(this.seed, key, absHour) * 1.1);
      const historicalDrift =
        (itemDrift(this.seed, key, absHour) + itemDrift(this.seed, key, absHour - 720)) / 2;
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

/** Item data the way the app keeps it: the one ItemInfo of @goldroute/domain. */
export type StaticItem = ItemInfo;

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
