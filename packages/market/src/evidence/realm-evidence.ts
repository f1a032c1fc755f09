// Evidence for one connected realm from its consecutive hourly snapshots (docs/deal-trust.md):
// sales seen (auctions gone while they could not have expired), per-day lowest price and listings,
// the age of the current lowest listing and the listings depth near a price. Pure: no clock, no I/O;
// the caller feeds snapshots in time order and maps raw variants to its own stable indices. The same
// per-variant figures for every row of a listing at once come from the listing pass (listing-pass.ts).
import { NEAR_PRICE_FACTOR } from '@goldroute/domain';
import type { RealmAuctions } from '../ingest';
import { DAY_MS, DayBucket, dayOf } from './day-bucket';
import {
  CONSECUTIVE_MAX_MS,
  EVIDENCE_DAYS,
  inWindow,
  NONE_COUNTS,
  soldFromTimeLeft,
} from './evidence-window';
import {
  ageAt,
  keepPriceStreaks,
  keepSnapshot,
  type KeptSnapshot,
  priceAt,
  quantityAt,
  timeLeftAt,
} from './kept-snapshot';
import { type KeptHold, type KeptSlot, memoryKeptSlot, memoryShelf, type PastDayShelf } from './storage';
import { type ListingGroups, SNIPE_PRICE_RATIO } from './listing-groups';
import { ObserveScratch } from './observe-scratch';
import { PastDay, type WindowDay } from './past-day';
import { PastDayReader } from './past-day-reader';
import { medianOfBins } from './price-bins';
import { follow, GONE, groupAll, regroupListings } from './regroup';
import { indexInSorted } from '../sorted-search';

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

/**
 * The price a group's new auctions gone within the hour are judged against (isSnipe): the lowest of
 * its auctions that had stood an hour, else the lowest of those still listed now; Infinity when every
 * auction of the group was new and is gone.
 */
function snipeReference(prev: KeptSnapshot, seenAt: Int32Array, from: number, to: number): number {
  let settled = Infinity;
  let staying = Infinity;
  for (let j = from; j < to; j++) {
    const p = priceAt(prev, j);
    if (ageAt(prev, j) >= 2) settled = Math.min(settled, p);
    else if (seenAt[j] !== GONE) staying = Math.min(staying, p);
  }
  return settled < Infinity ? settled : staying;
}

/**
 * Whether auction `j` of a group (from..to, `from` its lowest), gone now, was a snipe: bought within
 * the hour it appeared at under half the price of the group's established listings (snipeReference),
 * or alone. That is bait or a mistake taken at once, and its price says nothing of what the realm
 * pays. Any new auction can be one: two baits posted in the same hour are each under half the realm's
 * price, though the dearer one is not under half the cheaper one.
 */
function isSnipe(prev: KeptSnapshot, j: number, from: number, to: number, reference: number): boolean {
  if (!prev.agesKnown || ageAt(prev, j) !== 1) return false;
  if (reference === Infinity) return from + 1 === to;
  return priceAt(prev, j) < SNIPE_PRICE_RATIO * reference;
}

export class RealmEvidence {
  private last: KeptHold | null = null;
  /** Where the last snapshot is kept (keepSnapshotsOn): in memory unless told otherwise. */
  private keptSlot: KeptSlot = memoryKeptSlot;
  /** Days in full, ascending: today's, and past days not yet compacted (compactPast); the newest last. */
  private days: DayBucket[] = [];
  /** Past days as the build reads them (past-day.ts), ascending; with `days`, at most EVIDENCE_DAYS. */
  private past: PastDay[] = [];

  /** Time of the last snapshot observed before a restore (storage keeps buckets, not the snapshot). */
  private restoredHourMs: number | null = null;

  /** Daily buckets as restored from storage (evidence-codec.ts), and the last snapshot's time. */
  static fromDays(days: readonly DayBucket[], lastHourMs: number | null = null): RealmEvidence {
    const evidence = new RealmEvidence();
    evidence.days = [...days].sort((a, b) => a.day - b.day).slice(-EVIDENCE_DAYS);
    evidence.restoredHourMs = lastHourMs;
    return evidence;
  }

  /**
   * The days held in full, ascending: today's and those not yet compacted (storage writes them from
   * here; only observe and addPastDay add).
   */
  get buckets(): readonly DayBucket[] {
    return this.days;
  }

  /** Every day held, in full or compacted, ascending by day (the listing pass and the item floors read them). */
  get allDays(): readonly WindowDay[] {
    if (this.past.length === 0) return this.days;
    return [...this.past, ...this.days].sort((a, b) => a.day - b.day);
  }

  /** Whether a day (UTC days since the epoch) is held, in full or compacted. */
  hasDay(day: number): boolean {
    return this.days.some((b) => b.day === day) || this.past.some((b) => b.day === day);
  }

  /**
   * Keeps every day but the newest (today's) as only what the build reads of it (past-day.ts): about
   * a fifth of its bytes, kept on `shelf`. Only days `stored` says are stored in full as they are
   * now: a compacted day leaves `buckets`, so storage and the history no longer see it here.
   * Returns the days compacted.
   */
  compactPast(
    stored: (bucket: DayBucket) => boolean = () => true,
    shelf: PastDayShelf = memoryShelf,
  ): number {
    const newest = this.days[this.days.length - 1];
    const done = this.days.filter((b) => b !== newest && stored(b));
    if (done.length === 0) return 0;
    for (const b of done) this.past.push(PastDay.of(b, shelf));
    this.past.sort((a, b) => a.day - b.day);
    this.days = this.days.filter((b) => !done.includes(b));
    return done.length;
  }

  /**
   * The last snapshot observed, as kept (kept-snapshot.ts); null before the first one, and after a
   * restore until the next (storage keeps buckets only). For the listing pass (listing-pass.ts), which
   * answers the per-variant queries below for a whole listing at once. Read-only: the next observe
   * reuses its buffers, and with snapshots kept in files (kept-shelf.ts) the next read of any realm's
   * snapshot on the same shelf replaces it, so nothing may hold on to it.
   */
  get lastSnapshot(): KeptSnapshot | null {
    return this.last?.snapshot() ?? null;
  }

  /**
   * The last snapshot as stored before a restart (kept-codec.ts), so the build reads the same listing
   * evidence as before it and the next dump is followed from it, ages going on. Taken only as the
   * snapshot the restored days end with, before this process observed any; returns whether it was.
   */
  restoreSnapshot(snapshot: KeptSnapshot): boolean {
    if (this.last !== null || snapshot.hourMs !== this.restoredHourMs) return false;
    this.last = this.keptSlot.put(snapshot);
    return true;
  }

  /** Auctions in the last snapshot (0 before the first). */
  get keptCount(): number {
    return this.last?.count ?? 0;
  }

  /** Keeps the last snapshot in `slot` from now on (kept-shelf.ts), moving the one held now there. */
  keepSnapshotsOn(slot: KeptSlot): void {
    if (slot === this.keptSlot) return;
    const held = this.last?.snapshot() ?? null;
    this.keptSlot = slot;
    if (held) this.last = slot.put(held);
  }

  /**
   * Bytes held: the kept snapshot's buffers and every day's arrays (the memory the evidence costs);
   * and the bytes of past days shelved outside the process (past-day-files.ts).
   */
  get byteLength(): { kept: number; days: number; shelved: number } {
    const kept = this.last?.byteLength ?? 0;
    const full = this.days.reduce((sum, b) => sum + b.byteLength, 0);
    const shelved = this.past.reduce((sum, b) => sum + b.shelvedLength, 0);
    return { kept, days: this.past.reduce((sum, b) => sum + b.byteLength, full), shelved };
  }

  get lastHourMs(): number | null {
    return this.last?.hourMs ?? this.restoredHourMs;
  }

  /**
   * Takes in the realm's snapshot of `hourMs`. A snapshot not newer than the last one is ignored
   * (returns false): a re-fetched dump must not count its own auctions twice. `keyOf` must give
   * small non-negative integers (a dense variant numbering): the grouping keeps working tables as
   * long as the largest one (in `scratch`, which a SnapshotBuilder shares between its realms; never
   * cleared: the work per call follows the auctions, not the variant range).
   */
  observe(
    hourMs: number,
    auctions: RealmAuctions,
    keyOf: (raw: number) => number,
    scratch = new ObserveScratch(),
  ): boolean {
    // A dump seen before a restart must not count its hour twice.
    const lastHour = this.lastHourMs;
    if (lastHour !== null && hourMs <= lastHour) return false;
    const prev = this.last?.snapshot() ?? null;
    // Columns in locals: the loops below run per auction, and property reads through a parameter
    // object cost several times the loop body once the object's shape varies between callers.
    const n = auctions.count;
    const age = scratch.ages(n);
    const dump = {
      n,
      unitPrice: auctions.unitPrice,
      quantity: auctions.quantity,
      timeLeft: auctions.timeLeft,
      age,
    };
    const bucket = this.bucket(dayOf(hourMs));
    bucket.snapshots++;
    const consecutive = prev !== null && hourMs - prev.hourMs <= CONSECUTIVE_MAX_MS;
    let groups: ListingGroups;
    if (prev === null) {
      age.fill(1, 0, n);
      groups = groupAll(auctions, keyOf, dump, scratch.regroup);
    } else {
      const followed = follow(prev, auctions, keyOf, age, scratch.regroup);
      const minCode = soldFromTimeLeft(hourMs - prev.hourMs);
      if (minCode < NONE_COUNTS) this.addSales(prev, followed.seenAt, minCode, bucket, scratch);
      groups = regroupListings(prev, followed, dump, !consecutive, scratch.regroup);
    }
    if (prev !== null && consecutive) keepPriceStreaks(groups, prev);
    bucket.addListingsSorted(groups.variants, groups.dayLowest, groups.start, groups.m);
    // The previous snapshot is read no more: the new one may take its buffers.
    const slot = this.keptSlot;
    this.last = slot.put(keepSnapshot(hourMs, consecutive, groups, auctions.id, prev, slot.buffers));
    return true;
  }

  /**
   * The previous snapshot's auctions gone now that could not have expired (time-left code at least
   * `minCode`), as sales into the day. Walked group by group, so ascending by variant (the day
   * merges them in one pass).
   */
  private addSales(
    prev: KeptSnapshot,
    seenAt: Int32Array,
    minCode: number,
    bucket: DayBucket,
    scratch: ObserveScratch,
  ): void {
    const { variants: pv, start: ps } = prev;
    let sold = scratch.sold(0);
    let count = 0;
    for (let k = 0; k < pv.length; k++) {
      const v = pv[k] as number;
      const from = ps[k] as number;
      const to = ps[k + 1] as number;
      // Worked out for the first new auction gone in the group, if any.
      let reference = -1;
      for (let j = from; j < to; j++) {
        // Kept auctions without an id are never GONE (follow marks them listed again).
        if (seenAt[j] === GONE && timeLeftAt(prev, j) >= minCode) {
          if (prev.agesKnown && ageAt(prev, j) === 1) {
            if (reference < 0) reference = snipeReference(prev, seenAt, from, to);
            if (isSnipe(prev, j, from, to, reference)) continue;
          }
          if (count === sold.variant.length) sold = scratch.sold(count + 1);
          sold.variant[count] = v;
          sold.price[count] = priceAt(prev, j);
          sold.quantity[count++] = quantityAt(prev, j);
        }
      }
    }
    bucket.addSalesSorted(sold.variant, sold.price, sold.quantity, count);
  }

  /**
   * A whole past day taken from other snapshots (a replay of older dumps): kept when this evidence
   * has no bucket for that day and it falls in the 14 days ending with its newest day.
   */
  addPastDay(bucket: DayBucket): boolean {
    const newest = this.newestDay() ?? bucket.day;
    if (bucket.day > newest || bucket.day <= newest - EVIDENCE_DAYS) return false;
    if (this.hasDay(bucket.day)) return false;
    bucket.freeze();
    this.days = [...this.days, bucket].sort((a, b) => a.day - b.day);
    return true;
  }

  /** The newest day held (today's once a snapshot came), or null. */
  private newestDay(): number | null {
    const full = this.days[this.days.length - 1]?.day ?? null;
    const past = this.past[this.past.length - 1]?.day ?? null;
    return full === null ? past : past === null ? full : Math.max(full, past);
  }

  private bucket(day: number): DayBucket {
    const newest = this.days[this.days.length - 1];
    if (newest !== undefined && newest.day >= day) return newest;
    newest?.freeze();
    const bucket = new DayBucket(day);
    this.days.push(bucket);
    this.days = this.days.filter((b) => b.day > day - EVIDENCE_DAYS);
    this.past = this.past.filter((b) => b.day > day - EVIDENCE_DAYS);
    return bucket;
  }

  /** The days of the 14 UTC days ending with the day of `nowMs`, ascending. */
  windowDays(nowMs: number): WindowDay[] {
    return inWindow(this.allDays, nowMs);
  }

  /** Snapshots taken in the 14 UTC days ending with the day of `nowMs` (hours of evidence). */
  hoursObserved(nowMs: number): number {
    return this.windowDays(nowMs).reduce((hours, b) => hours + b.snapshots, 0);
  }

  /**
   * Sales of the variant seen in the 14 UTC days ending with the day of `nowMs`; past days are read with
   * `reader` (a query's own when none is given).
   */
  salesSeen(variant: number, nowMs: number, reader = new PastDayReader()): SalesSeen {
    const bins: number[] = [];
    let count = 0;
    for (const b of this.windowDays(nowMs)) count += b.collectBins(variant, bins, reader);
    return { count, median: medianOfBins(bins) };
  }

  /**
   * The 14 days ending with the newest day held in full, oldest first (empty before any snapshot).
   * Compacted days (compactPast) show as days without data: the history is read from stored evidence.
   */
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

  // One variant at a time (each call reads the last snapshot, from its file when kept in one): for
  // single look-ups; the listing pass answers a whole listing at once.

  /** The last snapshot and the variant's index among its listed variants (-1: not listed). */
  private listed(variant: number): { s: KeptSnapshot; k: number } | null {
    const s = this.lastSnapshot;
    if (s === null) return null;
    const k = indexInSorted(s.variants, s.variants.length, variant);
    return k < 0 ? null : { s, k };
  }

  /** The variant's lowest unit price in the last snapshot, copper; null when not listed. */
  lowestPrice(variant: number): number | null {
    const at = this.listed(variant);
    return at === null ? null : priceAt(at.s, at.s.start[at.k] as number);
  }

  /** Snapshots in a row that have shown the variant's current lowest listing (0: not listed now). */
  lowestListingAge(variant: number): number {
    const at = this.listed(variant);
    return at === null ? 0 : (at.s.lowestAge[at.k] as number);
  }

  /** Listings of the variant in the last snapshot with a unit price at or below `price`, and their units. */
  depthAtOrBelow(variant: number, price: number): Depth {
    const at = this.listed(variant);
    if (at === null) return { listings: 0, quantity: 0 };
    const { s, k } = at;
    let listings = 0;
    let quantity = 0;
    const to = s.start[k + 1] as number;
    // Past its lowest two, a group is in no price order: every auction is looked at.
    for (let i = s.start[k] as number; i < to; i++) {
      if (priceAt(s, i) > price) continue;
      listings++;
      quantity += quantityAt(s, i);
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
