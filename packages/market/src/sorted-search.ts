/** Position of `value` among the first `size` entries of an ascending array, or -1. */
export function indexInSorted(sorted: Int32Array, size: number, value: number): number {
  let lo = 0;
  let hi = size - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid] as number;
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The first position in sorted[from .. to) whose value is not below `x` (`to` when none). */
export function lowerBound(sorted: Float64Array, from: number, to: number, x: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Puts `v` into a[from .. end), ascending, moving the larger ones up: a[from .. end] is then ascending. */
export function insertSorted(a: Uint16Array | Int32Array, from: number, end: number, v: number): void {
  let at = end;
  while (at > from && (a[at - 1] as number) > v) {
    a[at] = a[at - 1] as number;
    at--;
  }
  a[at] = v;
}

/** How many distinct values of vs[0..count) (ascending, repeats allowed) are not among have[0..n) (ascending). */
export function countMissing(have: Int32Array, n: number, vs: Int32Array, count: number): number {
  let missing = 0;
  let s = 0;
  let prev = -1;
  for (let i = 0; i < count; i++) {
    const v = vs[i] as number;
    if (v === prev) continue;
    prev = v;
    while (s < n && (have[s] as number) < v) s++;
    if (s === n || (have[s] as number) !== v) missing++;
  }
  return missing;
}
