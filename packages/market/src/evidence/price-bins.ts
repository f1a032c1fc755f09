// Sale prices are kept as log-scale bins, not exact copper: a bin is 2% wide, so a price read back
// from its bin is within ~1% of the true one (sqrt(1.02) - 1 = 0.995%), and a bin fits in 16 bits
// (1.02^1512 ~ 1e13 copper = 1 billion gold). A 14-day median taken over bins therefore carries at
// most ~1% error, which is below what a player reads from a gold figure, while every sale counts
// (no cap, no sampling) and storage is 2 bytes per sale (about 1 byte once delta-encoded).

import { insertSorted } from '../sorted-search';

const RATIO = 1.02;
const LOG_RATIO = Math.log(RATIO);
export const MAX_BIN = 0xffff;

/** Bin of a unit price in copper (prices below 1 copper share bin 0). */
export function priceBin(copper: number): number {
  if (!(copper > 1)) return 0;
  return Math.min(MAX_BIN, Math.round(Math.log(copper) / LOG_RATIO));
}

/**
 * binPrice of each bin, computed on first use (0: not yet; every price is at least 1). A power takes
 * ~100 ns, a read ~2 ns, and a median over the listing's rows takes two a row. The pages of bins never
 * used are never touched, so the table costs little resident memory.
 */
const binPrices = new Float64Array(MAX_BIN + 1);

/** The copper price a bin stands for (its centre on the log scale). */
export function binPrice(bin: number): number {
  const known = binPrices[bin];
  if (known === undefined) return Math.round(RATIO ** bin); // not a bin index
  if (known > 0) return known;
  return (binPrices[bin] = Math.round(RATIO ** bin));
}

/** Median price of the binned sales (mean of the two middle ones for an even count); null when empty. */
export function medianOfBins(bins: number[]): number | null {
  const n = bins.length;
  if (n === 0) return null;
  bins.sort((a, b) => a - b);
  const hi = bins[n >> 1] as number;
  if (n % 2 === 1) return binPrice(hi);
  return Math.round((binPrice(bins[(n >> 1) - 1] as number) + binPrice(hi)) / 2);
}

/**
 * The value that would sit at index k of a[lo..hi] sorted; reorders a[lo..hi] so that everything
 * before k is at most that value (quickselect, Hoare partition).
 */
function select(a: Uint16Array, lo: number, hi: number, k: number): number {
  while (hi > lo) {
    const pivot = a[(lo + hi) >> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i++] = a[j] as number;
        a[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k] as number;
  }
  return a[k] as number;
}

/** Up to this many sales, a range is sorted by insertion (most variants sell a few times a day). */
const INSERTION_MAX = 32;

/**
 * medianOfBins of bins[from..from + count) without allocating (reorders that range); 0 when empty
 * (a number either way, so the caller's loop stays on unboxed numbers).
 */
export function medianOfBinRange(bins: Uint16Array, from: number, count: number): number {
  if (count === 0) return 0;
  const end = from + count;
  const mid = from + (count >> 1);
  let hi: number;
  let lo: number;
  if (count <= INSERTION_MAX) {
    for (let k = from + 1; k < end; k++) insertSorted(bins, from, k, bins[k] as number);
    hi = bins[mid] as number;
    lo = bins[mid - 1] as number; // read only for an even count (>= 2)
  } else {
    hi = select(bins, from, end - 1, mid);
    lo = bins[from] as number;
    for (let k = from + 1; k < mid; k++) if ((bins[k] as number) > lo) lo = bins[k] as number;
  }
  if (count % 2 === 1) return binPrice(hi);
  return Math.round((binPrice(lo) + binPrice(hi)) / 2);
}
