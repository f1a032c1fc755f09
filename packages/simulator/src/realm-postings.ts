// Every auction posted on one realm in one hour, with its whole life decided when it is posted: when
// it will sell, be cancelled or run out. A posting's fate depends only on the posting itself (its
// price against the going rate, the item's demand on that realm), never on the other listings, so
// any hour's market is the postings of the 48 hours before it that are still alive: no history to
// replay, the same market whichever hours were asked for first, and the same after a restart.
import type { AuctionIds } from './auction-ids';
import {
  BAIT_SLOT_BASE,
  BAIT_SLOTS,
  DEAD_SLOT_BASE,
  DEAD_SLOTS_PER_GENERATION,
  NORMAL_SLOTS,
} from './auction-ids';
import type { MarketCatalog, RealmTraits } from './market-catalog';
import { keyAt } from './market-catalog';
import {
  BAIT_CHANCE_PER_ITEM_HOUR,
  BAIT_PRICE_RANGE,
  BUY_CEILING,
  CANCEL_RATE_PER_HOUR,
  DEAD_DURATION_HOURS,
  DEAD_POSTING_SHARE,
  DEAD_PRICE_RANGE,
  DURATION_WEIGHTS,
  DURATIONS_HOURS,
  MAX_RELISTS,
  MINUTES_PER_HOUR,
  OVERPRICE_MEAN,
  RELIST_CHANCE,
  UNDERCUT_SHARE,
} from './market-params';
import type { Rng } from './random';
import { hash4, mulberry32, poisson } from './random';
import { REGION_IDS } from './realms';

export const KIND_NORMAL = 0;
export const KIND_BAIT = 1;
export const KIND_DEAD = 2;
export type ListingKind = typeof KIND_NORMAL | typeof KIND_BAIT | typeof KIND_DEAD;

export const EXIT_SOLD = 0;
export const EXIT_CANCELLED = 1;
export const EXIT_EXPIRED = 2;
export type ExitReason = typeof EXIT_SOLD | typeof EXIT_CANCELLED | typeof EXIT_EXPIRED;

/** Hours a posting can stay listed: the longest duration Blizzard offers. */
export const LONGEST_LISTING_HOURS = 48;

/**
 * One auction as posted. Times are absolute minutes (hours since the Unix epoch x 60); the dump of
 * absolute hour H is taken at minute H x 60 and shows every posting with postedAt < H x 60 < exitAt.
 * A posting is made during hour H (between the dumps of H - 1 and H), so H's dump is its first.
 */
export interface Posting {
  id: number;
  /**
   * Id of the item's first posting: what the dumps draw the item's own details from (an
   * equipment's context, a pet's breed), so a relisted item is the same item.
   */
  itemSeed: number;
  key: number;
  variant: number;
  kind: ListingKind;
  quantity: number;
  /** The unit price is `spread` x the going rate of this absolute hour, rounded as sellers do. */
  priceHour: number;
  spread: number;
  postedAt: number;
  /** When its time runs out (what time_left counts down to). */
  expiresAt: number;
  /** When it leaves the auction house, and why. */
  exitAt: number;
  exit: ExitReason;
}

const STREAM_NORMAL = 0x6e6f726d;
const STREAM_BAIT = 0x62616974;
const STREAM_DEAD = 0x64656164;

/** Relative chance to sell of a listing priced at `spread` x the going rate: cheaper goes first. */
export function buyerAppeal(spread: number): number {
  if (spread <= 1) return 1;
  return spread >= BUY_CEILING ? 0 : (BUY_CEILING - spread) / (BUY_CEILING - 1);
}

/** Minutes until an event of this hourly hazard, at least one (events happen after a dump). */
function minutesUntil(hazardPerHour: number, u: number): number {
  if (hazardPerHour <= 0) return Infinity;
  return Math.max(1, Math.ceil((-Math.log(1 - u) / hazardPerHour) * MINUTES_PER_HOUR));
}

/** Index into DURATIONS_HOURS for a uniform draw, by DURATION_WEIGHTS. */
const DURATION_CDF = (() => {
  const total = DURATION_WEIGHTS.reduce((a, b) => a + b, 0);
  let running = 0;
  return DURATION_WEIGHTS.map((w) => (running += w) / total);
})();
function durationHours(u: number): number {
  let i = 0;
  while (i < DURATION_CDF.length - 1 && (DURATION_CDF[i] ?? 1) <= u) i++;
  return DURATIONS_HOURS[i] ?? LONGEST_LISTING_HOURS;
}

/** Minute within hour `absHour`'s posting window: after the previous dump, before this one. */
function postingMinute(absHour: number, u: number): number {
  return (absHour - 1) * MINUTES_PER_HOUR + 1 + Math.floor(u * (MINUTES_PER_HOUR - 1));
}

export class RealmPostings {
  private readonly posting: Posting = {
    id: 0,
    itemSeed: 0,
    key: 0,
    variant: 0,
    kind: KIND_NORMAL,
    quantity: 1,
    priceHour: 0,
    spread: 1,
    postedAt: 0,
    expiresAt: 0,
    exitAt: 0,
    exit: EXIT_EXPIRED,
  };

  constructor(
    private readonly catalog: MarketCatalog,
    private readonly ids: AuctionIds,
    readonly traits: RealmTraits,
  ) {}

  /**
   * Calls `visit` for every auction posted during absolute hour `absHour` that is still listed
   * after absolute minute `aliveAfter` (all of them by default), in a fixed order: normal postings,
   * bait, fresh dead listings, dead listings relisted this hour. The object passed is reused: copy
   * what you keep. Every posting draws the same count of random numbers whatever happens to it, so
   * skipping one never shifts the next.
   */
  forEach(absHour: number, visit: (p: Readonly<Posting>) => void, aliveAfter = -Infinity): void {
    this.normal(absHour, visit, aliveAfter);
    this.bait(absHour, visit, aliveAfter);
    for (let generation = 0; generation <= MAX_RELISTS; generation++) {
      this.dead(absHour - generation * DEAD_DURATION_HOURS, generation, visit, aliveAfter);
    }
  }

  private rng(stream: number, absHour: number): Rng {
    const realm = this.traits.realm;
    return mulberry32(hash4(this.catalog.seed ^ stream, REGION_IDS[realm.region], realm.id, absHour));
  }

  private normal(absHour: number, visit: (p: Readonly<Posting>) => void, aliveAfter: number): void {
    const { catalog, traits } = this;
    const rng = this.rng(STREAM_NORMAL, absHour);
    const count = Math.min(NORMAL_SLOTS, poisson(rng, traits.postingsPerHour));
    const p = this.posting;
    const firstDump = absHour * MINUTES_PER_HOUR;
    for (let slot = 0; slot < count; slot++) {
      const uKey = rng();
      const uVariant = rng();
      const uVariant2 = rng();
      const uUndercut = rng();
      const uSpread = rng();
      const uDuration = rng();
      const uQuantity = rng();
      const uMinute = rng();
      const uSale = rng();
      const uCancel = rng();
      const key = keyAt(traits.postingCdf, uKey);
      const spread =
        uUndercut < UNDERCUT_SHARE ? 0.97 + 0.07 * uSpread : 1 - OVERPRICE_MEAN * Math.log(1 - uSpread);
      const postedAt = postingMinute(absHour, uMinute);
      const expiresAt = postedAt + durationHours(uDuration) * MINUTES_PER_HOUR;
      const saleHazard = buyerAppeal(spread) * (traits.saleHazard[key] ?? 0);
      const soldAt = firstDump + minutesUntil(saleHazard, uSale);
      const cancelledAt = firstDump + minutesUntil(CANCEL_RATE_PER_HOUR, uCancel);
      let exitAt = expiresAt;
      let exit: ExitReason = EXIT_EXPIRED;
      if (soldAt < exitAt) {
        exitAt = soldAt;
        exit = EXIT_SOLD;
      }
      if (cancelledAt < exitAt) {
        exitAt = cancelledAt;
        exit = EXIT_CANCELLED;
      }
      if (exitAt <= aliveAfter) continue;
      p.id = this.ids.id(traits.slot, absHour, slot);
      p.itemSeed = p.id;
      p.key = key;
      p.variant = catalog.variantFor(key, uVariant, uVariant2);
      p.kind = KIND_NORMAL;
      // Some goods are posted in stacks of 2-20.
      p.quantity = catalog.stacks(key) && uQuantity < 0.15 ? 2 + Math.floor((uQuantity / 0.15) * 19) : 1;
      p.priceHour = absHour;
      p.spread = spread;
      p.postedAt = postedAt;
      p.expiresAt = expiresAt;
      p.exitAt = exitAt;
      p.exit = exit;
      visit(p);
    }
  }

  /** Lone auctions far below the going rate; a sniper buys each before the next dump. */
  private bait(absHour: number, visit: (p: Readonly<Posting>) => void, aliveAfter: number): void {
    const { catalog, traits } = this;
    const rng = this.rng(STREAM_BAIT, absHour);
    const count = Math.min(BAIT_SLOTS, poisson(rng, catalog.keyCount * BAIT_CHANCE_PER_ITEM_HOUR));
    const p = this.posting;
    const [low, high] = BAIT_PRICE_RANGE;
    for (let n = 0; n < count; n++) {
      const uKey = rng();
      const uVariant = rng();
      const uVariant2 = rng();
      const uSpread = rng();
      const uDuration = rng();
      const uMinute = rng();
      const uSale = rng();
      const exitAt = absHour * MINUTES_PER_HOUR + 1 + Math.floor(uSale * (MINUTES_PER_HOUR - 1));
      if (exitAt <= aliveAfter) continue;
      // Any item, listed on this realm or not: bait is what makes a deal look better than it is.
      const key = Math.min(catalog.keyCount - 1, Math.floor(uKey * catalog.keyCount));
      p.id = this.ids.id(traits.slot, absHour, BAIT_SLOT_BASE + n);
      p.itemSeed = p.id;
      p.key = key;
      p.variant = catalog.variantFor(key, uVariant, uVariant2);
      p.kind = KIND_BAIT;
      p.quantity = 1;
      p.priceHour = absHour;
      p.spread = low + (high - low) * uSpread;
      p.postedAt = postingMinute(absHour, uMinute);
      p.expiresAt = p.postedAt + durationHours(uDuration) * MINUTES_PER_HOUR;
      p.exitAt = exitAt;
      p.exit = EXIT_SOLD;
      visit(p);
    }
  }

  /**
   * Dead listings first posted in `firstHour`, as they stand in their `generation`-th posting (0 =
   * the first, k = the k-th relist, posted when the previous one ran out): same item, same price,
   * a new auction id, 48 hours each time. Only listings relisted at least `generation` times visit.
   */
  private dead(
    firstHour: number,
    generation: number,
    visit: (p: Readonly<Posting>) => void,
    aliveAfter: number,
  ): void {
    const { catalog, traits } = this;
    const rng = this.rng(STREAM_DEAD, firstHour);
    const count = Math.min(
      DEAD_SLOTS_PER_GENERATION,
      poisson(rng, traits.postingsPerHour * DEAD_POSTING_SHARE),
    );
    const p = this.posting;
    const [low, high] = DEAD_PRICE_RANGE;
    const durationMinutes = DEAD_DURATION_HOURS * MINUTES_PER_HOUR;
    for (let n = 0; n < count; n++) {
      const uKey = rng();
      const uVariant = rng();
      const uVariant2 = rng();
      const uSpread = rng();
      const uMinute = rng();
      const uRelists = rng();
      // P(relisted at least k times) = RELIST_CHANCE^k.
      const relists = Math.min(MAX_RELISTS, Math.floor(Math.log(1 - uRelists) / Math.log(RELIST_CHANCE)));
      const postedAt = postingMinute(firstHour, uMinute) + generation * durationMinutes;
      if (relists < generation || postedAt + durationMinutes <= aliveAfter) continue;
      const key = keyAt(traits.postingCdf, uKey);
      p.id = this.ids.id(
        traits.slot,
        firstHour + generation * DEAD_DURATION_HOURS,
        DEAD_SLOT_BASE + generation * DEAD_SLOTS_PER_GENERATION + n,
      );
      p.itemSeed = generation === 0 ? p.id : this.ids.id(traits.slot, firstHour, DEAD_SLOT_BASE + n);
      p.key = key;
      p.variant = catalog.variantFor(key, uVariant, uVariant2);
      p.kind = KIND_DEAD;
      p.quantity = 1;
      p.priceHour = firstHour;
      p.spread = low * Math.pow(high / low, uSpread);
      p.postedAt = postedAt;
      p.expiresAt = postedAt + durationMinutes;
      p.exitAt = p.expiresAt;
      p.exit = EXIT_EXPIRED;
      visit(p);
    }
  }
}
