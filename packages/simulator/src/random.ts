// Deterministic randomness: a sequential PRNG (mulberry32) for generation passes and a stateless
// integer hash for random access (realm x item x hour), so any realm dump can be produced alone.

export type Rng = () => number;

/** mulberry32: 32-bit state, uniform floats in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Avalanche finaliser (murmur3 fmix32). */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Stateless hash of up to four integers to a uint32. */
export function hash4(a: number, b: number, c = 0, d = 0): number {
  let h = fmix((a ^ 0x9e3779b9) >>> 0);
  h = fmix((h ^ Math.imul(b | 0, 0x85ebca6b)) >>> 0);
  h = fmix((h ^ Math.imul(c | 0, 0xc2b2ae35)) >>> 0);
  h = fmix((h ^ Math.imul(d | 0, 0x27d4eb2f)) >>> 0);
  return h;
}

/** Uniform float in [0, 1) from a hash. */
export function unit(h: number): number {
  return h / 4294967296;
}

/** Standard normal from two hashes (Box-Muller). */
export function normalFrom(h1: number, h2: number): number {
  const u1 = (h1 + 1) / 4294967297;
  const u2 = h2 / 4294967296;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** Standard normal from one key (derives the second hash itself). */
export function hashedNormal(a: number, b: number, c = 0, d = 0): number {
  const h1 = hash4(a, b, c, d);
  return normalFrom(h1, fmix((h1 ^ 0x5bd1e995) >>> 0));
}

/** Smooth noise in about [-1.7, 1.7]: normal values at knots every `period` steps, linearly interpolated. */
export function smoothNoise(key1: number, key2: number, t: number, period: number): number {
  const k = Math.floor(t / period);
  const f = t / period - k;
  const a = hashedNormal(key1, key2, k, 0x51ed);
  const b = hashedNormal(key1, key2, k + 1, 0x51ed);
  return a + (b - a) * f;
}

export function normal(rng: Rng): number {
  const u1 = 1 - rng();
  const u2 = rng();
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, list: readonly T[]): T {
  const value = list[Math.floor(rng() * list.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

/** Index drawn from non-negative weights. */
export function weightedIndex(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = rng() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i] ?? 0;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/** Log-uniform value in [min, max]. */
export function logUniform(rng: Rng, min: number, max: number): number {
  return Math.exp(Math.log(min) + rng() * (Math.log(max) - Math.log(min)));
}

/** Poisson sample (Knuth for small means, normal approximation above 30). */
export function poisson(rng: Rng, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(rng)));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rng();
  while (p > limit) {
    k++;
    p *= rng();
  }
  return k;
}
