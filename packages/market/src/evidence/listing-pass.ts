// The listing pass behind listingEvidence (listing-evidence.ts): one realm's evidence for every row of
// its listing at once, from the realm's last kept snapshot and its daily buckets. It gives per row
// what RealmEvidence's per-variant queries (lowestPrice, depthNear, lowestListingAge, quantityAt,
// salesSeen) would, in a few sequential passes over reused working arrays: the snapshot build runs it
// for every row of every realm each hour, so it allocates nothing per row.

import { NEAR_PRICE_FACTOR } from '@goldroute/domain';
import { LOWS_KEPT } from './day-bucket';
import { ageAt, type KeptSnapshot, priceAt, quantityAt, timeLeftAt } from './kept-snapshot';
import type { WindowDay } from './past-day';
import { PastDayReader } from './past-day-reader';
import { postedHours } from './posted-hours';
import { medianOfBinRange } from './price-bins';
import { inWindow } from './evidence-window';

const U16 = 0xffff;
const U32 = 0xffffffff;

/** The columns the pass fills, one entry per listing row (see ListingEvidence). */
export interface ListingColumns {
  lowestAge: Uint16Array;
  nearListings: Uint16Array;
  nearQuantity: Uint32Array;
  lowestQuantity: Uint32Array;
  sales: Uint16Array;
  median: Float64Array;
  lowQuartile: Float64Array;
  /** Hours the lowest listing was posted for: 12, 24 or 48, 0 when unknown (posted-hours.ts). */
  postedHours: Uint8Array;
}

/**
 * The listing pass's working arrays, grown and never shrunk: one per owner (each SnapshotBuilder's
 * ListingScratch), reused by its realms one pass after another.
 */
export class ListingPassScratch {
  constructor(
    /** What the past days are read with (the owner's, shared with its other readers of days). */
    readonly days = new PastDayReader(),
  ) {}

  /** Variant or key -> position + 1; all zeros between uses. */
  dense = new Int32Array(0);
  counts = new Int32Array(0);
  fill = new Int32Array(0);
  bins = new Uint16Array(0);
  listedDays = new Uint8Array(0);
  lows = new Float64Array(0);
}

/** The zeroed table for keys 0..max. */
function denseFor(scratch: ListingPassScratch, max: number): Int32Array {
  if (scratch.dense.length <= max)
    scratch.dense = new Int32Array(Math.max(max + 1, scratch.dense.length * 2));
  return scratch.dense;
}

function int32Scratch(scratch: ListingPassScratch, key: 'counts' | 'fill', n: number): Int32Array {
  if (scratch[key].length < n) scratch[key] = new Int32Array(Math.max(n, scratch[key].length * 2));
  return scratch[key];
}

/**
 * Each row's sales count and median from its `counts[j]` bins, which end at fill[j] in `bins`. A
 * function of its own: inside the larger pass it was optimised with that pass and ran ~4x slower.
 */
function mediansByRow(
  counts: Int32Array,
  fill: Int32Array,
  bins: Uint16Array,
  size: number,
  sales: Uint16Array,
  median: Float64Array,
): void {
  for (let j = 0; j < size; j++) {
    const c = counts[j] as number;
    if (c === 0) continue;
    sales[j] = Math.min(U16, c);
    median[j] = medianOfBinRange(bins, (fill[j] as number) - c, c);
  }
}

/**
 * Fills `out` (zeroed, `size` rows) for the rows of a listing whose variant keys are keys[0..size)
 * (negative: no variant, the row stays zero), from the realm's last kept snapshot (`last`, null
 * before any snapshot: RealmEvidence.lastSnapshot) and its days (`buckets`, ascending by
 * day: RealmEvidence.allDays), both only read. As lowestPrice, depthAtOrBelow, lowestListingAge,
 * quantityAt and salesSeen would per row, in a few sequential passes and without allocating per
 * row: the listing figures walk each row's auctions once, and the sales of the 14 days are swept
 * day by day into one buffer of bins, from which each row's median is selected in place.
 */
export function fillListing(
  last: KeptSnapshot | null,
  buckets: readonly WindowDay[],
  keys: Int32Array,
  size: number,
  nowMs: number,
  out: ListingColumns,
  scratch = new ListingPassScratch(),
): void {
  let maxKey = -1;
  for (let j = 0; j < size; j++) if ((keys[j] as number) > maxKey) maxKey = keys[j] as number;
  if (maxKey < 0) return;
  if (last !== null && last.variants.length > 0) {
    const { variants, start, lowestAge } = last;
    const m = variants.length;
    const dense = denseFor(scratch, Math.max(maxKey, variants[m - 1] as number));
    for (let k = 0; k < m; k++) dense[variants[k] as number] = k + 1;
    for (let j = 0; j < size; j++) {
      const key = keys[j] as number;
      if (key < 0) continue;
      const k = (dense[key] as number) - 1;
      if (k < 0) continue;
      const from = start[k] as number;
      const to = start[k + 1] as number;
      // The lowest heads the group; the others are in no price order, so the walk sees them all.
      const low = priceAt(last, from);
      const near = low * NEAR_PRICE_FACTOR;
      let nearListings = 0;
      let nearQuantity = 0;
      let lowQuantity = 0;
      for (let i = from; i < to; i++) {
        const price = priceAt(last, i);
        if (price > near) continue;
        const q = quantityAt(last, i);
        nearListings++;
        nearQuantity += q;
        if (price <= low) lowQuantity += q;
      }
      out.lowestAge[j] = Math.min(U16, lowestAge[k] as number);
      out.postedHours[j] = postedHours(ageAt(last, from), timeLeftAt(last, from), last.streak);
      out.nearListings[j] = Math.min(U16, nearListings);
      out.nearQuantity[j] = Math.min(U32, nearQuantity);
      out.lowestQuantity[j] = Math.min(U32, lowQuantity);
    }
    for (let k = 0; k < m; k++) dense[variants[k] as number] = 0;
  }
  const days = inWindow(buckets, nowMs);
  if (days.length === 0) return;
  // Each key's first row takes the sales; rows repeating a key copy them at the end.
  const dense = denseFor(scratch, maxKey);
  for (let j = 0; j < size; j++) {
    const key = keys[j] as number;
    if (key >= 0 && dense[key] === 0) dense[key] = j + 1;
  }
  // The lower quartile of the daily lowest prices: the realm's usual floor for the item.
  // Working rows (reused: fresh ones took 33 B a row of every realm each hour, all garbage).
  if (scratch.listedDays.length < size)
    scratch.listedDays = new Uint8Array(Math.max(size, scratch.listedDays.length * 2));
  if (scratch.lows.length < size * LOWS_KEPT)
    scratch.lows = new Float64Array(Math.max(size * LOWS_KEPT, scratch.lows.length * 2));
  const listedDays = scratch.listedDays;
  const lows = scratch.lows;
  listedDays.fill(0, 0, size);
  lows.fill(Infinity, 0, size * LOWS_KEPT);
  for (const b of days) b.lowestByRow(dense, listedDays, lows, scratch.days);
  for (let j = 0; j < size; j++) {
    const n = listedDays[j] as number;
    if (n > 0) out.lowQuartile[j] = lows[j * LOWS_KEPT + Math.min(LOWS_KEPT - 1, n >> 2)] as number;
  }
  const counts = int32Scratch(scratch, 'counts', size);
  counts.fill(0, 0, size);
  for (const b of days) b.countSalesByRow(dense, counts, scratch.days);
  const fill = int32Scratch(scratch, 'fill', size);
  let total = 0;
  for (let j = 0; j < size; j++) {
    fill[j] = total;
    total += counts[j] as number;
  }
  if (scratch.bins.length < total) scratch.bins = new Uint16Array(Math.max(total, scratch.bins.length * 2));
  const bins = scratch.bins;
  for (const b of days) b.binsByRow(dense, fill, bins, scratch.days);
  mediansByRow(counts, fill, bins, size, out.sales, out.median);
  for (let j = 0; j < size; j++) {
    const key = keys[j] as number;
    if (key < 0) continue;
    const first = (dense[key] as number) - 1;
    if (first !== j) {
      out.sales[j] = out.sales[first] as number;
      out.median[j] = out.median[first] as number;
      out.lowQuartile[j] = out.lowQuartile[first] as number;
    }
  }
  for (let j = 0; j < size; j++) {
    const key = keys[j] as number;
    if (key >= 0) dense[key] = 0;
  }
}
