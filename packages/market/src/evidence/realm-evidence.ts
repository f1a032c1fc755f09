// Evidence for one connected realm from its consecutive hourly snapshots (issue 13, section 2):
// sales seen (auctions gone while they could not have expired), per-day lowest price and listings,
// the age of the current lowest listing and the listings depth near a price. Pure: no clock, no I/O;
// the caller feeds snapshots in time order and maps raw variants to its own stable indices.

import { NEAR_PRICE_FACTOR } from '@goldroute/domain';
import type { RealmAuctions } from '../auction-columns';
import { TIME_LEFT_LONG, TIME_LEFT_VERY_LONG } from '../time-left';
import { AuctionIdTable } from './auction-ids';
import { DAY_MS, DayBucket, dayOf } from './day-bucket';
import { type ListingGroups, groupListings } from './listing-groups';
import { medianOfBins } from './price-bins';
import { indexInSorted } from './sorted-search';

export const EVIDENCE_DAYS = 14;
const HOUR_MS = 3_600_000;
/** Up to this far apart, two snapshots are consecutive hours (Blizzard's hourly dumps drift). */
export const CONSECUTIVE_MAX_MS = 1.5 * HOUR_MS;
/** VERY_LONG means 12 to 48 hours left, so such an auction cannot expire in a shorter gap. */
export const VERY_LONG_MIN_MS = 12 * HOUR_MS;
const NONE_COUNTS = 4; // above every time-left code

/**
 * The lowest time-left code that, in the previous snapshot, proves an auction gone now was sold:
 * - consecutive hours (gap <= 1.5 h): LONG (2-12 h left) or VERY_LONG;
 * - a gap up to 12 h (hours missed): only VERY_LONG (12-48 h left) could not have expired;
 * - a gap of 12 h or more: nothing, since even VERY_LONG auctions may have run out meanwhile.
 * Cancelled auctions look like sales under every rule; the snapshots cannot tell them apart.
 */
export function soldFromTimeLeft(gapMs: number): number {
  if (gapMs <= CONSECUTIVE_MAX_MS) return TIME_LEFT_LONG;
  if (gapMs < VERY_LONG_MIN_MS) return TIME_LEFT_VERY_LONG;
  return NONE_COUNTS;
}

export interface SalesSeen {
  count: number;
  /** Median unit price, copper (within ~1%, see price-bins.ts); null without sales. */
  median: number | null;
}

export interface HistoryDay {
  /** UTC midnight of the day, ms. */
  day: number;
  lowest: number | null;
  listings: number;
  sales: number;
  median: number | null;
}

export interface Depth {
  listings: number;
  quantity: number;
}

/** The snapshot last observed, kept to follow its auctions into the next one. */
interface Snapshot extends ListingGroups {
  hourMs: number;
  auctions: RealmAuctions;
  variant: Int32Array;
  /** Consecutive snapshots each auction has been seen in (1 = new). */
  age: Int32Array;
  ids: AuctionIdTable;
}

/** Lowest prices within this ratio of each other count as the same price (rounding of stacks). */
const SAME_PRICE = 1.005;

/**
 * A lowest listing that is relisted (a new auction id at the same price, as dead listings are when
 * they expire) keeps its age: the age is that of the lowest price, held by one auction or by several
 * in a row, as long as consecutive snapshots showed it.
 */
function keepPriceStreaks(groups: ListingGroups, prev: ListingGroups): void {
  const { variants, lowest, lowestAge } = groups;
  for (let k = 0; k < variants.length; k++) {
    const p = indexInSorted(prev.variants, prev.variants.length, variants[k] as number);
    if (p < 0) continue;
    const was = prev.lowest[p] as number;
    const now = lowest[k] as number;
    if (now <= was * SAME_PRICE && was <= now * SAME_PRICE) {
      lowestAge[k] = Math.max(lowestAge[k] as number, (prev.lowestAge[p] as number) + 1);
    }
  }
}

export class RealmEvidence {
  private last: Snapshot | null = null;
  /** Ascending by day, at most EVIDENCE_DAYS, the newest last. */
  private days: DayBucket[] = [];

  /** Time of the last snapshot observed before a restore (storage keeps buckets, not the snapshot). */
  private restoredHourMs: number | null = null;

  /** Daily buckets as restored from storage (evidence-codec.ts), and the last snapshot's time. */
  static fromDays(days: DayBucket[], lastHourMs: number | null = null): RealmEvidence {
    const evidence = new RealmEvidence();
    evidence.days = [...days].sort((a, b) => a.day - b.day).slice(-EVIDENCE_DAYS);
    evidence.restoredHourMs = lastHourMs;
    return evidence;
  }

  get buckets(): readonly DayBucket[] {
    return this.days;
  }

  get lastHourMs(): number | null {
    return this.last?.hourMs ?? this.restoredHourMs;
  }

  /**
   * Takes in the realm's snapshot of `hourMs`. A snapshot not newer than the last one is ignored
   * (returns false): a re-fetched dump must not count its own auctions twice. `keyOf` must give
   * small non-negative integers (a dense variant numbering): the grouping allocates arrays as long
   * as the largest one, for this call only.
   */
  observe(hourMs: number, auctions: RealmAuctions, keyOf: (raw: number) => number): boolean {
    const prev = this.last;
    // A dump seen before a restart must not count its hour twice.
    const lastHour = this.lastHourMs;
    if (lastHour !== null && hourMs <= lastHour) return false;
    // Columns in locals: the loops below run per auction, and property reads through a parameter
    // object cost several times the loop body once the object's shape varies between callers.
    const n = auctions.count;
    const raw = auctions.raw;
    const ids = auctions.id;
    const variant = new Int32Array(n);
    let maxVariant = -1;
    for (let i = 0; i < n; i++) {
      const v = keyOf(raw[i] as number);
      variant[i] = v;
      if (v > maxVariant) maxVariant = v;
    }
    const bucket = this.bucket(dayOf(hourMs));
    bucket.snapshots++;
    const age = new Int32Array(n);
    if (prev === null) age.fill(1);
    else {
      const still = new Uint8Array(prev.auctions.count);
      const prevIds = prev.ids;
      const prevAge = prev.age;
      const prevId = prev.auctions.id;
      // Guess first that the auction follows the previous match, as when both dumps list surviving
      // auctions in the same relative order; the table answers when the guess misses.
      let guess = 0;
      for (let i = 0; i < n; i++) {
        const id = ids[i] as number;
        const j = prevId[guess] === id && id >= 0 ? guess : prevIds.get(id);
        if (j >= 0) {
          still[j] = 1;
          guess = j + 1;
        }
        age[i] = j >= 0 ? (prevAge[j] as number) + 1 : 1;
      }
      const minCode = soldFromTimeLeft(hourMs - prev.hourMs);
      const { count, id, timeLeft, unitPrice, quantity } = prev.auctions;
      const prevVariant = prev.variant;
      for (let j = 0; j < count; j++) {
        if (still[j] === 0 && (timeLeft[j] as number) >= minCode && (id[j] as number) >= 0) {
          bucket.addSale(prevVariant[j] as number, unitPrice[j] as number, quantity[j] as number);
        }
      }
    }
    const groups = groupListings(variant, auctions.unitPrice, age, maxVariant);
    if (prev !== null && hourMs - prev.hourMs <= CONSECUTIVE_MAX_MS) keepPriceStreaks(groups, prev);
    const { variants, start, lowest } = groups;
    for (let k = 0; k < variants.length; k++) {
      bucket.addListings(
        variants[k] as number,
        lowest[k] as number,
        (start[k + 1] as number) - (start[k] as number),
      );
    }
    // A new table each hour: keeping the previous one to refill (tried) saved nothing measurable and
    // would hold 1.5 MB more per large realm.
    this.last = { ...groups, hourMs, auctions, variant, age, ids: new AuctionIdTable(ids, n) };
    return true;
  }

  /**
   * A whole past day taken from other snapshots (a replay of older dumps): kept when this evidence
   * has no bucket for that day and it falls in the 14 days ending with its newest day.
   */
  addPastDay(bucket: DayBucket): boolean {
    const newest = this.days[this.days.length - 1]?.day ?? bucket.day;
    if (bucket.day > newest || bucket.day <= newest - EVIDENCE_DAYS) return false;
    if (this.days.some((b) => b.day === bucket.day)) return false;
    bucket.freeze();
    this.days = [...this.days, bucket].sort((a, b) => a.day - b.day);
    return true;
  }

  private bucket(day: number): DayBucket {
    const newest = this.days[this.days.length - 1];
    if (newest !== undefined && newest.day >= day) return newest;
    newest?.freeze();
    const bucket = new DayBucket(day);
    this.days.push(bucket);
    this.days = this.days.filter((b) => b.day > day - EVIDENCE_DAYS);
    return bucket;
  }

  /** Snapshots taken in the 14 UTC days ending with the day of `nowMs` (hours of evidence). */
  hoursObserved(nowMs: number): number {
    const today = dayOf(nowMs);
    let hours = 0;
    for (const b of this.days) if (b.day > today - EVIDENCE_DAYS && b.day <= today) hours += b.snapshots;
    return hours;
  }

  /** Sales of the variant seen in the 14 UTC days ending with the day of `nowMs`. */
  salesSeen(variant: number, nowMs: number): SalesSeen {
    const today = dayOf(nowMs);
    const bins: number[] = [];
    let count = 0;
    for (const b of this.days) {
      if (b.day > today - EVIDENCE_DAYS && b.day <= today) count += b.collectBins(variant, bins);
    }
    return { count, median: medianOfBins(bins) };
  }

  /** The 14 days ending with the newest day observed, oldest first (empty before any snapshot). */
  history(variant: number): HistoryDay[] {
    const newest = this.days[this.days.length - 1];
    if (newest === undefined) return [];
    const out: HistoryDay[] = [];
    for (let d = newest.day - EVIDENCE_DAYS + 1; d <= newest.day; d++) {
      const cell = this.days.find((b) => b.day === d)?.cell(variant) ?? null;
      out.push({
        day: d * DAY_MS,
        lowest: cell?.lowest ?? null,
        listings: cell?.listings ?? 0,
        sales: cell?.sales ?? 0,
        median: cell === null ? null : medianOfBins(cell.bins),
      });
    }
    return out;
  }

  /** Index of the variant among the last snapshot's listed variants, or -1. */
  private listedIndex(variant: number): number {
    const vs = this.last?.variants;
    return vs === undefined ? -1 : indexInSorted(vs, vs.length, variant);
  }

  /** The variant's lowest unit price in the last snapshot, copper; null when not listed. */
  lowestPrice(variant: number): number | null {
    const k = this.listedIndex(variant);
    return k < 0 ? null : ((this.last as Snapshot).lowest[k] as number);
  }

  /** Snapshots in a row that have shown the variant's current lowest listing (0: not listed now). */
  lowestListingAge(variant: number): number {
    const k = this.listedIndex(variant);
    return k < 0 ? 0 : ((this.last as Snapshot).lowestAge[k] as number);
  }

  /** Listings of the variant in the last snapshot with a unit price at or below `price`, and their units. */
  depthAtOrBelow(variant: number, price: number): Depth {
    const k = this.listedIndex(variant);
    if (k < 0) return { listings: 0, quantity: 0 };
    const s = this.last as Snapshot;
    let listings = 0;
    let quantity = 0;
    for (let o = s.start[k] as number; o < (s.start[k + 1] as number); o++) {
      const i = s.order[o] as number;
      if ((s.auctions.unitPrice[i] as number) <= price) {
        listings++;
        quantity += s.auctions.quantity[i] as number;
      }
    }
    return { listings, quantity };
  }

  /** Depth near a sell price: at or below NEAR_PRICE_FACTOR x `price` (DealEvidence.sellListingsNearPrice). */
  depthNear(variant: number, price: number): Depth {
    return this.depthAtOrBelow(variant, price * NEAR_PRICE_FACTOR);
  }

  /** Units buyable at `price` or less: at the realm's lowest price, the units at the buy price. */
  quantityAt(variant: number, price: number): number {
    return this.depthAtOrBelow(variant, price).quantity;
  }
}
