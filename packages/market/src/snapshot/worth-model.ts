// What a variant is worth against the other variants of its item, from what makes variants differ
// (for the item floors): item level, sockets, tertiary stats and quality for equipment, level
// and quality for caged pets. A variant listed on one or two realms has a worth (variant-worth.ts)
// that is as noisy as those one or two listings; the same item-level step, socket or tertiary stat is
// worth about the same share of the price on every item, so one fit over the whole region (a hedonic
// price model: log worth = the item's own level + the sum of its features' effects) says what such a
// variant should be worth, and its own few listings move it from there as far as their number allows.

/** What sets one variant of an item apart from another. */
export interface VariantFeatures {
  isPet: boolean;
  /** Item level (a pet's level for pets); NaN when unknown (the bonus data is behind the game). */
  itemLevel: number;
  qualityId: number;
  sockets: number;
  tertiaryStats: readonly string[];
}

const TERTIARIES = ['Speed', 'Leech', 'Avoidance', 'Indestructible'] as const;
/** Effects fitted: item level, one socket, two or more, each tertiary, quality; a pet's level 25 and quality. */
const FEATURES = 10;
/**
 * A variant's own worth counts as this many realms' worth of evidence against the model: one realm's
 * listing is a single seller's price (often a hopeful one), the model is every item's variants at once.
 */
export const MODEL_WEIGHT_REALMS = 4;
/** Realms beyond this add no weight to a variant in the fit: a common variant must not set the slope alone. */
const MAX_FIT_WEIGHT = 8;
/** Fit residuals beyond this many robust standard deviations are left out of the second fit. */
const TRIM_SIGMAS = 3;

const PET = 1;
const SOCKET_SHIFT = 1;
const TERTIARY_SHIFT = 3;

/**
 * Every variant's features, packed (6 bytes a variant: a full region has hundreds of thousands), read
 * by the fit as the effects' inputs (featuresInto).
 */
export class VariantTraits {
  readonly level: Float32Array;
  readonly quality: Uint8Array;
  /** Bit 0: a pet; bits 1-2: sockets (2: two or more); bits 3-6: Speed, Leech, Avoidance, Indestructible. */
  readonly flags: Uint8Array;

  constructor(count: number, features: (v: number) => VariantFeatures) {
    this.level = new Float32Array(count);
    this.quality = new Uint8Array(count);
    this.flags = new Uint8Array(count);
    for (let v = 0; v < count; v++) {
      const f = features(v);
      this.level[v] = f.itemLevel;
      this.quality[v] = f.qualityId;
      let flags = (f.isPet ? PET : 0) | (Math.min(2, f.sockets) << SOCKET_SHIFT);
      for (const stat of f.tertiaryStats) {
        const i = TERTIARIES.indexOf(stat as (typeof TERTIARIES)[number]);
        if (i >= 0) flags |= 1 << (TERTIARY_SHIFT + i);
      }
      this.flags[v] = flags;
    }
  }

  get count(): number {
    return this.level.length;
  }
}

/** The fit's inputs of variant v: item level, one socket, two or more, each tertiary, quality; a pet's level 25 and quality. */
function featuresInto(t: VariantTraits, v: number, out: Float64Array): void {
  out.fill(0);
  const flags = t.flags[v] as number;
  if ((flags & PET) !== 0) {
    out[8] = (t.level[v] as number) >= 25 ? 1 : 0;
    out[9] = t.quality[v] as number;
    return;
  }
  // An unknown level counts as no level step: such a variant also takes no part in the fit.
  const level = t.level[v] as number;
  out[0] = Number.isNaN(level) ? 0 : level;
  const sockets = (flags >> SOCKET_SHIFT) & 3;
  if (sockets === 1) out[1] = 1;
  if (sockets === 2) out[2] = 1;
  for (let i = 0; i < TERTIARIES.length; i++) if ((flags & (1 << (TERTIARY_SHIFT + i))) !== 0) out[3 + i] = 1;
  out[7] = t.quality[v] as number;
}

/** Solves a x = b for a symmetric positive (semi-)definite FEATURES x FEATURES system; a tiny ridge keeps unused effects at 0. */
function solve(a: Float64Array, b: Float64Array): Float64Array {
  const n = FEATURES;
  const m = Float64Array.from(a);
  const x = Float64Array.from(b);
  let trace = 0;
  for (let i = 0; i < n; i++) trace += m[i * n + i] as number;
  const ridge = 1e-9 * (trace || 1);
  for (let i = 0; i < n; i++) m[i * n + i] = (m[i * n + i] as number) + ridge;
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs(m[r * n + c] as number) > Math.abs(m[pivot * n + c] as number)) pivot = r;
    if (pivot !== c) {
      for (let k = 0; k < n; k++) {
        const t = m[c * n + k] as number;
        m[c * n + k] = m[pivot * n + k] as number;
        m[pivot * n + k] = t;
      }
      const t = x[c] as number;
      x[c] = x[pivot] as number;
      x[pivot] = t;
    }
    const d = m[c * n + c] as number;
    if (Math.abs(d) < 1e-300) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = (m[r * n + c] as number) / d;
      if (f === 0) continue;
      for (let k = c; k < n; k++) m[r * n + k] = (m[r * n + k] as number) - f * (m[c * n + k] as number);
      x[r] = (x[r] as number) - f * (x[c] as number);
    }
  }
  for (let c = 0; c < n; c++) {
    const d = m[c * n + c] as number;
    x[c] = Math.abs(d) < 1e-300 ? 0 : (x[c] as number) / d;
  }
  return x;
}

/** The fitted model: per variant its predicted log worth (NaN: its item has no variant with a worth). */
export interface WorthModel {
  effects: Float64Array;
  predictedLog: Float64Array;
}

/**
 * Fits the model to the variants with a known worth (`worth[v] > 0`, from `realms[v]` realms) and
 * predicts every variant's log worth. The variants of one item are consecutive (`itemOf`). The fit
 * is within items (each item's own level cancels out), weighted by realms, once more without the
 * variants it fits worst (a dead listing setting a rare variant's worth).
 */
export function fitWorthModel(
  itemOf: Int32Array,
  traits: VariantTraits,
  worth: ArrayLike<number>,
  realms: ArrayLike<number>,
): WorthModel {
  const V = itemOf.length;
  const weight = new Float32Array(V);
  for (let v = 0; v < V; v++) {
    const w = worth[v] as number;
    weight[v] = w > 0 && !Number.isNaN(traits.level[v]) ? Math.min(MAX_FIT_WEIGHT, realms[v] as number) : 0;
  }
  const fit: Fit = {
    itemOf,
    traits,
    worth,
    weight,
    row: new Float64Array(FEATURES),
    level: new Float64Array(64),
    levelWeight: new Float64Array(64),
  };
  let effects = fitWithin(fit);
  // Second fit without the worst residuals: the limit from the first fit's median absolute residual.
  const absResiduals = new Float32Array(V);
  let known = 0;
  forEachItem(itemOf, (a, b) => {
    const level = itemLevelOf(fit, a, b, effects);
    for (let v = a; v < b; v++)
      if ((weight[v] as number) > 0) absResiduals[known++] = Math.abs(residualOf(fit, v, level, effects));
  });
  if (known > 0) {
    const sorted = absResiduals.subarray(0, known).sort();
    const sigma = 1.4826 * (sorted[known >> 1] as number);
    const limit = Math.max(TRIM_SIGMAS * sigma, 0.05);
    forEachItem(itemOf, (a, b) => {
      const level = itemLevelOf(fit, a, b, effects);
      for (let v = a; v < b; v++)
        if ((weight[v] as number) > 0 && Math.abs(residualOf(fit, v, level, effects)) > limit) weight[v] = 0;
    });
    effects = fitWithin(fit);
  }
  const predictedLog = new Float64Array(V).fill(Number.NaN);
  forEachItem(itemOf, (a, b) => {
    const level = itemLevelOf(fit, a, b, effects);
    if (Number.isNaN(level)) return;
    for (let v = a; v < b; v++) predictedLog[v] = level + dot(fit, v, effects);
  });
  return { effects, predictedLog };
}

/** What the fit reads: the variants, their worth and their weight in it (0: left out), and a working row. */
interface Fit {
  itemOf: Int32Array;
  traits: VariantTraits;
  worth: ArrayLike<number>;
  weight: Float32Array;
  row: Float64Array;
  /** itemLevelOf's working rows, grown to the item with the most variants. */
  level: Float64Array;
  levelWeight: Float64Array;
}

/** Calls `each(a, b)` for each item's variants a..b-1. */
function forEachItem(itemOf: Int32Array, each: (a: number, b: number) => void): void {
  for (let a = 0; a < itemOf.length;) {
    let b = a + 1;
    while (b < itemOf.length && itemOf[b] === itemOf[a]) b++;
    each(a, b);
    a = b;
  }
}

function dot(fit: Fit, v: number, effects: Float64Array): number {
  featuresInto(fit.traits, v, fit.row);
  let s = 0;
  for (let k = 0; k < FEATURES; k++) s += (fit.row[k] as number) * (effects[k] as number);
  return s;
}

function logWorth(fit: Fit, v: number): number {
  return Math.log(fit.worth[v] as number);
}

/** log worth less the item's level and the features' effects (NaN when the level is unknown). */
function residualOf(fit: Fit, v: number, level: number, effects: Float64Array): number {
  return logWorth(fit, v) - level - dot(fit, v, effects);
}

/**
 * The item's own level: the weighted median of its variants' log worth less their features' effects
 * (NaN: none known). A median, so one variant's dead listing does not move the level of the others.
 */
function itemLevelOf(fit: Fit, a: number, b: number, effects: Float64Array): number {
  if (fit.level.length < b - a) {
    fit.level = new Float64Array(2 * (b - a));
    fit.levelWeight = new Float64Array(2 * (b - a));
  }
  const { level, levelWeight: w } = fit;
  let n = 0;
  let total = 0;
  for (let v = a; v < b; v++) {
    const wv = fit.weight[v] as number;
    if (wv <= 0) continue;
    // Insertion by level: an item has a handful of variants.
    const l = logWorth(fit, v) - dot(fit, v, effects);
    let i = n++;
    while (i > 0 && (level[i - 1] as number) > l) {
      level[i] = level[i - 1] as number;
      w[i] = w[i - 1] as number;
      i--;
    }
    level[i] = l;
    w[i] = wv;
    total += wv;
  }
  if (n === 0) return Number.NaN;
  let below = 0;
  for (let i = 0; i < n; i++) {
    below += w[i] as number;
    if (below >= total / 2) return level[i] as number;
  }
  return level[n - 1] as number;
}

/** Weighted least squares of log worth on the features, each item's variants centred on their own mean. */
function fitWithin(fit: Fit): Float64Array {
  const { itemOf, traits, weight, row } = fit;
  const xtx = new Float64Array(FEATURES * FEATURES);
  const xty = new Float64Array(FEATURES);
  const mean = new Float64Array(FEATURES);
  const d = new Float64Array(FEATURES);
  forEachItem(itemOf, (a, b) => {
    let sw = 0;
    let my = 0;
    mean.fill(0);
    let known = 0;
    for (let v = a; v < b; v++) {
      const w = weight[v] as number;
      if (w <= 0) continue;
      known++;
      sw += w;
      my += w * logWorth(fit, v);
      featuresInto(traits, v, row);
      for (let k = 0; k < FEATURES; k++) mean[k] = (mean[k] as number) + w * (row[k] as number);
    }
    if (known < 2) return;
    my /= sw;
    for (let k = 0; k < FEATURES; k++) mean[k] = (mean[k] as number) / sw;
    for (let v = a; v < b; v++) {
      const w = weight[v] as number;
      if (w <= 0) continue;
      const y = logWorth(fit, v) - my;
      featuresInto(traits, v, row);
      for (let k = 0; k < FEATURES; k++) d[k] = (row[k] as number) - (mean[k] as number);
      for (let i = 0; i < FEATURES; i++) {
        const di = d[i] as number;
        if (di === 0) continue;
        xty[i] = (xty[i] as number) + w * di * y;
        for (let j = 0; j < FEATURES; j++)
          xtx[i * FEATURES + j] = (xtx[i * FEATURES + j] as number) + w * di * (d[j] as number);
      }
    }
  });
  return solve(xtx, xty);
}

/**
 * A variant's worth from its own (`own`, 0: none, from `realms` realms) and the model's prediction
 * (log; NaN: none): their geometric mean weighted by realms against MODEL_WEIGHT_REALMS.
 */
export function blendedWorth(own: number, realms: number, predictedLog: number): number {
  if (Number.isNaN(predictedLog)) return own;
  if (!(own > 0) || realms <= 0) return Math.exp(predictedLog);
  return Math.exp(
    (realms * Math.log(own) + MODEL_WEIGHT_REALMS * predictedLog) / (realms + MODEL_WEIGHT_REALMS),
  );
}
