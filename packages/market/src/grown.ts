// The one way the engine grows a typed array it fills as it goes (columns, working arrays).

export type TypedArray =
  Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

function sameKind<T extends TypedArray>(arr: T, length: number): T {
  return new (arr.constructor as new (n: number) => T)(length);
}

/**
 * `arr`, or a copy with room for `min` entries, a quarter longer at least: still amortised, and a
 * live day's columns are left at most a fifth unused where doubling left up to half. Callers that
 * double pass the doubled length as `min`.
 */
export function grown<T extends TypedArray>(arr: T, min: number): T {
  if (min <= arr.length) return arr;
  const next = sameKind(arr, Math.max(min, arr.length + (arr.length >> 2)));
  next.set(arr);
  return next;
}

/** `arr`, or a new one of its kind with room for `min` (at least twice as long), its contents not kept. */
export function roomFor<T extends TypedArray>(arr: T, min: number): T {
  return min <= arr.length ? arr : sameKind(arr, Math.max(min, arr.length * 2));
}
