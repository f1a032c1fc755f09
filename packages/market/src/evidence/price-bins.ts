// Sale prices are kept as log-scale bins, not exact copper: a bin is 2% wide, so a price read back
// from its bin is within ~1% of the true one (sqrt(1.02) - 1 = 0.995%), and a bin fits in 16 bits
// (1.02^1512 ~ 1e13 copper = 1 billion gold). A 14-day median taken over bins therefore carries at
// most ~1% error, which is below what a player reads from a gold figure, while every sale counts
// (no cap, no sampling) and storage is 2 bytes per sale (about 1 byte once delta-encoded).

const RATIO = 1.02;
const LOG_RATIO = Math.log(RATIO);
export const MAX_BIN = 0xffff;

/** Bin of a unit price in copper (prices below 1 copper share bin 0). */
export function priceBin(copper: number): number {
  if (!(copper > 1)) return 0;
  return Math.min(MAX_BIN, Math.round(Math.log(copper) / LOG_RATIO));
}

/** The copper price a bin stands for (its centre on the log scale). */
export function binPrice(bin: number): number {
  return Math.round(RATIO ** bin);
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
