// Stable ascending argsort of float64 keys without a JS comparator: an LSD radix sort over the keys' bit
// patterns (six 11-bit digits), so 50,000 keys sort in about a millisecond. Short lists use the ordinary
// comparator sort, which gives the same order.

const RADIX_BITS = 11;
const BUCKETS = 1 << RADIX_BITS;
const MASK = BUCKETS - 1;
/** Below this many keys a comparator sort is cheaper than clearing and summing the histograms. */
const RADIX_THRESHOLD = 512;

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Digit `d` (0..5) of a key split into two 32-bit halves: 11, 11 and 10 bits of each half. */
function digit(lo: number, hi: number, d: number): number {
  const word = d < 3 ? lo : hi;
  return (word >>> ((d % 3) * RADIX_BITS)) & MASK;
}

/**
 * Indices 0..n-1 ordered by `keys` ascending; equal keys keep their index order. Keys must not be NaN
 * (callers map NaN to Infinity); -0 and +0 are equal.
 */
export function argsort(keys: Float64Array): Uint32Array {
  const n = keys.length;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (n < RADIX_THRESHOLD) {
    order.sort((a, b) => keys[a]! - keys[b]! || a - b);
    return order;
  }

  // Bit patterns turned into unsigned integers that order like the numbers: negative numbers have every
  // bit flipped, positive ones only the sign bit.
  const copy = new Float64Array(n);
  for (let i = 0; i < n; i++) copy[i] = keys[i]! + 0; // -0 + 0 is +0
  const words = new Uint32Array(copy.buffer);
  const lo = new Uint32Array(n);
  const hi = new Uint32Array(n);
  const loAt = littleEndian ? 0 : 1;
  for (let i = 0; i < n; i++) {
    let l = words[2 * i + loAt]!;
    let h = words[2 * i + 1 - loAt]!;
    if (h & 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else {
      h = (h | 0x80000000) >>> 0;
    }
    lo[i] = l;
    hi[i] = h;
  }

  // All six histograms in one pass.
  const counts = new Uint32Array(6 * BUCKETS);
  for (let i = 0; i < n; i++) {
    const l = lo[i]!;
    const h = hi[i]!;
    counts[l & MASK]!++;
    counts[BUCKETS + ((l >>> 11) & MASK)]!++;
    counts[2 * BUCKETS + (l >>> 22)]!++;
    counts[3 * BUCKETS + (h & MASK)]!++;
    counts[4 * BUCKETS + ((h >>> 11) & MASK)]!++;
    counts[5 * BUCKETS + (h >>> 22)]!++;
  }

  let from = order;
  let to = new Uint32Array(n);
  for (let d = 0; d < 6; d++) {
    const base = d * BUCKETS;
    // A digit every key shares does not reorder anything.
    let skip = false;
    let sum = 0;
    for (let b = 0; b < BUCKETS; b++) {
      const c = counts[base + b]!;
      if (c === n) {
        skip = true;
        break;
      }
      counts[base + b] = sum;
      sum += c;
    }
    if (skip) continue;
    for (let k = 0; k < n; k++) {
      const i = from[k]!;
      to[counts[base + digit(lo[i]!, hi[i]!, d)]!++] = i;
    }
    const swap = from;
    from = to;
    to = swap;
  }
  return from;
}
