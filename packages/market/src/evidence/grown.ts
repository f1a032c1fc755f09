/**
 * `arr`, or a copy with room for `min` entries, a quarter longer at least: still amortised, and a
 * live day's columns are left at most a fifth unused where doubling left up to half.
 */
export function grown<T extends Float64Array | Float32Array | Int32Array | Uint16Array>(
  arr: T,
  min: number,
): T {
  if (min <= arr.length) return arr;
  const next = new (arr.constructor as new (n: number) => T)(Math.max(min, arr.length + (arr.length >> 2)));
  next.set(arr);
  return next;
}
