// The evidence of one realm for each row of its latest listing (RealmListing order: one row per raw
// variant), as the snapshot builder lays it into its entry columns. Taken right after the realm's
// snapshot is observed: a row's lowest price is the price a deal would buy or sell at on that realm.

import { fillListing, ListingPassScratch } from './listing-pass';
import { roomFor } from '../grown';
import { PastDayReader } from './past-day-reader';
import type { RealmEvidence } from './realm-evidence';

/** Parallel to the listing's rows; quantities saturate at 2^32 - 1, counts and ages at 65,535. */
export interface ListingEvidence {
  /** Snapshots in a row that showed the row's lowest listing (1 = new this hour). */
  readonly lowestAge: Uint16Array;
  /** Listings at or below NEAR_PRICE_FACTOR x the lowest price (the lowest included), and their units. */
  readonly nearListings: Uint16Array;
  readonly nearQuantity: Uint32Array;
  /** Units listed at the lowest price. */
  readonly lowestQuantity: Uint32Array;
  /** Sales seen in the 14 days and their median unit price (copper; 0 without sales). */
  readonly sales: Uint16Array;
  readonly median: Float64Array;
  /** Lower quartile of the row's daily lowest prices over the 14 days (copper; 0: never listed). */
  readonly lowQuartile: Float64Array;
  /** Hours the lowest listing was posted for (12, 24 or 48; 0: unknown). */
  readonly postedHours: Uint8Array;
  /** Snapshots of the realm in the 14 days. */
  readonly hoursObserved: number;
}

/**
 * What listingEvidence works in and answers with, grown to the largest listing and never shrunk: one
 * per owner (each SnapshotBuilder has its own), reused realm after realm.
 */
export class ListingScratch {
  /** Row keys (keyOf of each raw id). */
  keys = new Int32Array(0);
  /** The columns every call fills: the build reads each realm's at once. */
  readonly columns = {
    lowestAge: new Uint16Array(0),
    nearListings: new Uint16Array(0),
    nearQuantity: new Uint32Array(0),
    lowestQuantity: new Uint32Array(0),
    sales: new Uint16Array(0),
    median: new Float64Array(0),
    lowQuartile: new Float64Array(0),
    postedHours: new Uint8Array(0),
  };
  readonly pass: ListingPassScratch;

  /** `days`: what the pass reads past days with (its owner's). */
  constructor(days = new PastDayReader()) {
    this.pass = new ListingPassScratch(days);
  }
}

type Columns = ListingScratch['columns'];

function zeroed<T extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(
  columns: Columns,
  key: keyof Columns,
  size: number,
): T {
  let arr = columns[key] as T;
  if (arr.length < size) {
    arr = roomFor(arr, size);
    (columns[key] as T) = arr;
  }
  const view = arr.subarray(0, size) as T;
  view.fill(0);
  return view;
}

/**
 * The evidence of the listing's rows. The columns are views into `scratch`, valid until its next call
 * (the snapshot build copies each realm's into its entry columns at once): fresh ones per realm and
 * build were 30 B a row of garbage that the peak RSS carried.
 */
export function listingEvidence(
  evidence: RealmEvidence,
  rawIds: Int32Array,
  size: number,
  nowMs: number,
  keyOf: (raw: number) => number,
  scratch = new ListingScratch(),
): ListingEvidence {
  const { columns } = scratch;
  const out = {
    lowestAge: zeroed<Uint16Array>(columns, 'lowestAge', size),
    nearListings: zeroed<Uint16Array>(columns, 'nearListings', size),
    nearQuantity: zeroed<Uint32Array>(columns, 'nearQuantity', size),
    lowestQuantity: zeroed<Uint32Array>(columns, 'lowestQuantity', size),
    sales: zeroed<Uint16Array>(columns, 'sales', size),
    median: zeroed<Float64Array>(columns, 'median', size),
    lowQuartile: zeroed<Float64Array>(columns, 'lowQuartile', size),
    postedHours: zeroed<Uint8Array>(columns, 'postedHours', size),
    hoursObserved: evidence.hoursObserved(nowMs),
  };
  const keys = (scratch.keys = roomFor(scratch.keys, size));
  for (let j = 0; j < size; j++) keys[j] = keyOf(rawIds[j] as number);
  fillListing(evidence.lastSnapshot, evidence.allDays, keys, size, nowMs, out, scratch.pass);
  return out;
}
