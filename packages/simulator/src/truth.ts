// @goldroute/simulator/truth: what really happened in the simulated market, for tests and
// benchmarks only (the app never imports it; it must infer all this from the dumps): which auctions
// sold, at which price and hour, which were cancelled or ran out, which listings were planted dead
// and which were bait. Realms are named as in Economy.auctionChunks, by region and connected realm
// id (the two regions may share an id); hours are the economy's hour indexes; "sold in hour h"
// means it was in the dump of h - 1 and is not in the dump of h.
import { DEAD_SLOT_BASE, DEAD_SLOTS_PER_GENERATION, slotKind } from './auction-ids';
import type { Economy } from './economy';
import { Market } from './market';
import * as params from './market-params';
import { HOUR_MS } from './pricing';
import type { Posting } from './realm-postings';
import { buyerAppeal, KIND_BAIT, KIND_DEAD, KIND_NORMAL, LONGEST_LISTING_HOURS } from './realm-postings';
import type { RegionCode, SimConnectedRealm } from './realms';
import type { BlizzardAuctionItem } from './wire';

export type TruthKind = 'normal' | 'bait' | 'dead';
export type DepartureReason = 'sold' | 'cancelled' | 'expired';

interface TruthAuction {
  auctionId: number;
  region: RegionCode;
  realmId: number;
  kind: TruthKind;
  /** The auction's `item` exactly as the dumps show it. */
  item: BlizzardAuctionItem;
  quantity: number;
  /** Copper per unit. */
  unitPrice: number;
}

/** An auction that left the auction house. */
export interface TruthDeparture extends TruthAuction {
  /** The first hour whose dump no longer lists it. */
  hour: number;
  reason: DepartureReason;
  /** The variant's going rate on the realm in that hour, copper per unit. */
  goingRate: number;
}

/** A listing in one hour's dump. */
export interface TruthListing extends TruthAuction {
  /** The variant's going rate on the realm in that hour, copper per unit. */
  goingRate: number;
  /** Times a dead listing has been relisted (0 for its first posting). */
  relists: number;
  /** Hour of the first dump that showed the listing (a dead listing's first posting). */
  listedSinceHour: number;
  /** Minutes until its time runs out, from the dump's minute (what time_left tells in bands). */
  minutesLeft: number;
}

/** A listing's chance per hour of being bought, and the minutes until it runs out (GroundTruth.saleHazards). */
export interface ListingHazard {
  perHour: number;
  minutesLeft: number;
}

/** The planting rates and buying rules the market runs by. */
export const MARKET_RULES = {
  deadPostingShare: params.DEAD_POSTING_SHARE,
  deadPriceRange: params.DEAD_PRICE_RANGE,
  deadDurationHours: params.DEAD_DURATION_HOURS,
  relistChance: params.RELIST_CHANCE,
  maxRelists: params.MAX_RELISTS,
  baitChancePerItemHour: params.BAIT_CHANCE_PER_ITEM_HOUR,
  baitPriceRange: params.BAIT_PRICE_RANGE,
  buyCeiling: params.BUY_CEILING,
  cancelRatePerHour: params.CANCEL_RATE_PER_HOUR,
} as const;

const KIND_NAMES: readonly TruthKind[] = ['normal', 'bait', 'dead'];
/** listingsOfKind: every kind. */
const ANY_KIND = -1;
const REASONS: readonly DepartureReason[] = ['sold', 'cancelled', 'expired'];
const MINUTES = params.MINUTES_PER_HOUR;

export class GroundTruth {
  /** Its own market (its own cache), so asking the truth never moves the economy's books. */
  private readonly market: Market;
  private readonly startHour: number;

  constructor(economy: Economy) {
    this.startHour = Math.round(economy.startTime / HOUR_MS);
    this.market = new Market({
      seed: economy.seed,
      items: economy.items,
      pets: economy.pets,
      realms: [...economy.connectedRealms('us'), ...economy.connectedRealms('eu')],
    });
  }

  /** Auctions bought on a realm in hours fromHour..toHour (inclusive), in posting order. */
  sales(region: RegionCode, realmId: number, fromHour: number, toHour: number): TruthDeparture[] {
    return this.departures(region, realmId, fromHour, toHour).filter((d) => d.reason === 'sold');
  }

  /** Every auction that left a realm in hours fromHour..toHour (inclusive): sold, cancelled or expired. */
  departures(region: RegionCode, realmId: number, fromHour: number, toHour: number): TruthDeparture[] {
    const postings = this.market.postings(this.market.slot(region, realmId));
    const realm = postings.traits.realm;
    const from = this.startHour + fromHour;
    const to = this.startHour + toHour;
    const out: TruthDeparture[] = [];
    for (let h = from - LONGEST_LISTING_HOURS; h <= to; h++) {
      postings.forEach(h, (p) => {
        const goneHour = Math.ceil(p.exitAt / MINUTES);
        if (goneHour < from || goneHour > to) return;
        out.push({
          ...this.auction(realm, p, this.market.unitPrice(realm, p)),
          hour: goneHour - this.startHour,
          reason: REASONS[p.exit] ?? 'expired',
          goingRate: Math.round(this.market.catalog.goingRate(p.key, p.variant, realm, goneHour)),
        });
      });
    }
    return out;
  }

  /** Whether this auction id is a planted dead listing (any realm of the economy). */
  isPlantedDead(auctionId: number): boolean {
    return this.kindOf(auctionId) === 'dead';
  }

  /** Whether this auction id is bait (a lone listing far below the going rate, bought within the hour). */
  isBait(auctionId: number): boolean {
    return this.kindOf(auctionId) === 'bait';
  }

  /**
   * The chance per hour that a buyer takes each listing of a realm's dump of this hour, by auction id: the
   * rule the market runs by, not what happened. A normal listing's is its item's demand on the realm times
   * the buyers' appeal of its price against the going rate it was posted at; a dead listing's is 0; bait is
   * bought within the hour (Infinity). What a
   * perfect reader of the market could know of a listing's future, with `minutesLeft` until it runs out.
   */
  saleHazards(region: RegionCode, realmId: number, hour: number): Map<number, ListingHazard> {
    const postings = this.market.postings(this.market.slot(region, realmId));
    const demand = postings.traits.saleHazard;
    const dumpMinute = (this.startHour + hour) * MINUTES;
    const out = new Map<number, ListingHazard>();
    for (let h = this.startHour + hour - LONGEST_LISTING_HOURS; h <= this.startHour + hour; h++) {
      postings.forEach(
        h,
        (p) => {
          let perHour = 0;
          if (p.kind === KIND_BAIT) perHour = Infinity;
          else if (p.kind === KIND_NORMAL) perHour = buyerAppeal(p.spread) * (demand[p.key] ?? 0);
          out.set(p.id, { perHour, minutesLeft: p.expiresAt - dumpMinute });
        },
        dumpMinute,
      );
    }
    return out;
  }

  /** The planted dead listings in a realm's dump of this hour. */
  plantedDead(region: RegionCode, realmId: number, hour: number): TruthListing[] {
    return this.listingsOfKind(region, realmId, hour, KIND_DEAD);
  }

  /** The bait listings in a realm's dump of this hour (each gone by the next dump). */
  bait(region: RegionCode, realmId: number, hour: number): TruthListing[] {
    return this.listingsOfKind(region, realmId, hour, KIND_BAIT);
  }

  /** Every listing in a realm's dump of this hour, whatever its kind. */
  listings(region: RegionCode, realmId: number, hour: number): TruthListing[] {
    return this.listingsOfKind(region, realmId, hour, ANY_KIND);
  }

  private kindOf(auctionId: number): TruthKind | undefined {
    const decoded = this.market.ids.decode(auctionId);
    if (!decoded || !this.market.realmAtSlot(decoded.realmSlot)) return undefined;
    return slotKind(decoded.slot);
  }

  private listingsOfKind(region: RegionCode, realmId: number, hour: number, kind: number): TruthListing[] {
    const slot = this.market.slot(region, realmId);
    const realm = this.market.postings(slot).traits.realm;
    const absHour = this.startHour + hour;
    const book = this.market.book(slot, absHour);
    const out: TruthListing[] = [];
    for (let i = 0; i < book.length; i++) {
      if (kind !== ANY_KIND && book.kind[i] !== kind) continue;
      const id = book.id[i] ?? 0;
      const key = book.key[i] ?? 0;
      const variant = book.variant[i] ?? 0;
      const listing = {
        id,
        itemSeed: book.itemSeed[i] ?? 0,
        key,
        variant,
        kind: book.kindAt(i),
        quantity: book.quantity[i] ?? 1,
      };
      const dead = book.kind[i] === KIND_DEAD;
      const duration = dead ? params.DEAD_DURATION_HOURS * MINUTES : 0;
      const postedHour = Math.ceil(((book.expiresAt[i] ?? 0) - duration) / MINUTES);
      const slot = this.market.ids.decode(id)?.slot ?? 0;
      const relists = dead ? Math.floor((slot - DEAD_SLOT_BASE) / DEAD_SLOTS_PER_GENERATION) : 0;
      out.push({
        ...this.auction(realm, listing, book.unitPrice[i] ?? 0),
        goingRate: Math.round(this.market.catalog.goingRate(key, variant, realm, absHour)),
        relists,
        listedSinceHour: dead ? postedHour - relists * params.DEAD_DURATION_HOURS - this.startHour : hour,
        minutesLeft: (book.expiresAt[i] ?? 0) - absHour * MINUTES,
      });
    }
    return out;
  }

  private auction(
    realm: SimConnectedRealm,
    listing: Pick<Posting, 'id' | 'itemSeed' | 'key' | 'variant' | 'kind' | 'quantity'>,
    unitPrice: number,
  ): TruthAuction {
    const { catalog } = this.market;
    const itemJson = catalog.auctionItemJson(listing.key, listing.variant, listing.itemSeed);
    return {
      auctionId: listing.id,
      region: realm.region,
      realmId: realm.id,
      kind: KIND_NAMES[listing.kind] ?? 'normal',
      item: JSON.parse(itemJson) as BlizzardAuctionItem,
      quantity: listing.quantity,
      unitPrice,
    };
  }
}

/** The ground truth of an economy's market. */
export function groundTruth(economy: Economy): GroundTruth {
  return new GroundTruth(economy);
}
