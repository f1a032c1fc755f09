// The snapshot's item floors (evidence/item-floor.ts), one per (variant, realm) entry, filled once the
// entries are laid out and sorted: every realm's lowest price of every variant is then known, to say
// what the variants are worth against each other (variant-worth.ts), and each entry's price is its
// realm's lowest, the sell price a deal on that realm shows. On each realm, the worth of a variant it
// lists leaves the realm's own price out: a variant offered on two realms, one of them by a dead
// listing, is otherwise worth half the dead price, and the floor converted by it is as dear.

import {
  fillItemFloors,
  ItemFloorScratch,
  type ItemValues,
  type PastDayReader,
  type WindowDay,
} from '../evidence';
import type { RealmListing } from '../ingest';
import { variantWorth } from './variant-worth';
import { blendedWorth, fitWorthModel, type VariantFeatures, VariantTraits } from './worth-model';

export interface EntryFloorsInput {
  /** Latest listing per realm index (undefined: none). */
  listingOf: readonly (RealmListing | undefined)[];
  realmIds: Int32Array;
  /** Entries of variant v are offsets[v] .. offsets[v + 1] - 1, sorted by (price, realm index). */
  offsets: Uint32Array;
  entryPrice: Float64Array;
  entryRealm: Uint16Array;
  /** Raw variant id -> snapshot variant (negative: none). */
  variantOfRaw: Int32Array;
  /** A number naming each variant's item: two variants of one item share it. */
  itemKey: (v: number) => number;
  /** Prices above it were clamped to it in entryPrice. */
  maxPrice: number;
  /** Per entry: the realm's 14-day floor of the variant (evidence/listing-pass.ts lowQuartile; 0: none). */
  lowQuartile: Float32Array;
  /** What sets each variant apart from the others of its item (worth-model.ts). */
  features: (v: number) => VariantFeatures;
  /** The realm's evidence days in the window (empty: none). */
  days: (connectedRealmId: number) => readonly WindowDay[];
  /** What the past days are read with (past-day-reader.ts). */
  pastDays: PastDayReader;
}

/** One realm's rows at a time: made per build, grown to its largest realm and reused realm after realm. */
class RealmRows {
  variant = new Int32Array(0);
  sell = new Float64Array(0);
  entry = new Int32Array(0);
  floor = new Float64Array(0);

  /** Room for `n` rows (their contents are stale). */
  reserve(n: number): void {
    if (this.variant.length >= n) return;
    const size = Math.max(n, this.variant.length * 2);
    this.variant = new Int32Array(size);
    this.sell = new Float64Array(size);
    this.entry = new Int32Array(size);
    this.floor = new Float64Array(size);
  }
}

/** Each variant's item, numbered from 0 in variant order (the variants of one item are consecutive). */
function itemsOf(input: EntryFloorsInput, V: number): { itemOf: Int32Array; items: number } {
  const itemOf = new Int32Array(V);
  const items = new Map<number, number>();
  for (let v = 0; v < V; v++) {
    const key = input.itemKey(v);
    let item = items.get(key);
    if (item === undefined) items.set(key, (item = items.size));
    itemOf[v] = item;
  }
  return { itemOf, items: items.size };
}

/**
 * The entry of variant `v` on realm `r` at `price`, or -1 (the row is not the realm's lowest of `v`):
 * entries are sorted by (price, realm index), so one binary search finds it, however many realms
 * share the price.
 */
function entryAt(
  offsets: Uint32Array,
  entryPrice: Float64Array,
  entryRealm: Uint16Array,
  v: number,
  r: number,
  price: number,
): number {
  let lo = offsets[v] as number;
  let hi = offsets[v + 1] as number;
  const end = hi;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const p = entryPrice[mid] as number;
    if (p < price || (p === price && (entryRealm[mid] as number) < r)) lo = mid + 1;
    else hi = mid;
  }
  return lo < end && entryPrice[lo] === price && entryRealm[lo] === r ? lo : -1;
}

/**
 * Each entry's price for the variants' worth: the realm's 14-day floor of the variant where it lies
 * below today's lowest, so a dead or hopeful listing up today does not make the variant look dear.
 */
function worthPrices(entryPrice: Float64Array, lowQuartile: Float32Array): Float32Array {
  const price = new Float32Array(entryPrice.length);
  for (let k = 0; k < price.length; k++) {
    const lq = lowQuartile[k] as number;
    const p = entryPrice[k] as number;
    price[k] = lq > 0 && lq < p ? lq : p;
  }
  return price;
}

/**
 * The worth of each variant (`region`) and of each entry's variant without its realm (`without`),
 * each blended with what the region-wide model of variant features predicts (worth-model.ts): a
 * variant listed on a realm or two is worth what its few listings say only as far as their number
 * allows.
 */
function blendWithModel(
  offsets: Uint32Array,
  itemOf: Int32Array,
  features: (v: number) => VariantFeatures,
  region: Float64Array,
  without: Float32Array,
): void {
  const V = offsets.length - 1;
  const realms = new Uint16Array(V);
  for (let v = 0; v < V; v++) realms[v] = (offsets[v + 1] as number) - (offsets[v] as number);
  const { predictedLog } = fitWorthModel(itemOf, new VariantTraits(V, features), region, realms);
  for (let v = 0; v < V; v++) {
    const predicted = predictedLog[v] as number;
    const n = realms[v] as number;
    for (let k = offsets[v] as number; k < (offsets[v + 1] as number); k++)
      without[k] = blendedWorth(without[k] as number, n - 1, predicted);
    region[v] = blendedWorth(region[v] as number, n, predicted);
  }
}

/** out[k] = the item floor of entry k (copper; 0 where there is none). */
export function fillEntryItemFloors(input: EntryFloorsInput, out: Float32Array): void {
  const { listingOf, variantOfRaw, offsets, entryPrice, entryRealm } = input;
  const { itemOf, items } = itemsOf(input, offsets.length - 1);
  // out[k] holds the worth of entry k's variant without its realm until its realm's pass replaces it.
  const region = variantWorth(
    offsets,
    worthPrices(entryPrice, input.lowQuartile),
    entryRealm,
    itemOf,
    input.realmIds.length,
    out,
  );
  blendWithModel(offsets, itemOf, input.features, region, out);
  // The worth each realm's pass sees: the region's, but for the variants the realm lists (set, then put back).
  const worth = Float64Array.from(region);
  const values: ItemValues = { variantOfKey: variantOfRaw, itemOf, worth, items };
  const rows = new RealmRows();
  const floorScratch = new ItemFloorScratch(input.pastDays);
  for (let r = 0; r < listingOf.length; r++) {
    const l = listingOf[r];
    if (!l) continue;
    const days = input.days(input.realmIds[r] as number);
    rows.reserve(l.size);
    let n = 0;
    for (let j = 0; j < l.size; j++) {
      const raw = l.rawIds[j] as number;
      const v = raw < variantOfRaw.length ? (variantOfRaw[raw] as number) : -1;
      if (v < 0) continue;
      const price = Math.min(l.minUnitPrice[j] as number, input.maxPrice);
      const k = entryAt(offsets, entryPrice, entryRealm, v, r, price);
      if (k < 0) continue;
      rows.variant[n] = v;
      rows.sell[n] = price;
      rows.entry[n] = k;
      n++;
    }
    for (let i = 0; i < n; i++) worth[rows.variant[i] as number] = out[rows.entry[i] as number] as number;
    rows.floor.fill(0, 0, n);
    if (days.length > 0) fillItemFloors(days, rows.variant, rows.sell, n, values, rows.floor, floorScratch);
    for (let i = 0; i < n; i++)
      worth[rows.variant[i] as number] = region[rows.variant[i] as number] as number;
    for (let i = 0; i < n; i++) out[rows.entry[i] as number] = rows.floor[i] as number;
  }
}
