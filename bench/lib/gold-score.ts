// Scoring lists of deals by what they really realised (bench:gold). Pure functions over scored rows;
// the realised profit of a row is trust-score.ts's: the best sale in 48 hours capped at the sell
// price, less the cut, less the buy; 0 when the buy listing was gone an hour later.

export interface GoldRow {
  hour: number;
  /** Gold the row realised. */
  realised: number;
  /** Gold the list's figure stated for it. */
  stated: number;
}

/**
 * Realised / stated in each fifth of the rows, sorted by what they stated (lowest first): 1 is a
 * figure that means what it says. NaN for a fifth that states nothing in sum.
 */
export function calibrationFifths(rows: readonly Pick<GoldRow, 'realised' | 'stated'>[]): number[] {
  const sorted = [...rows].sort((a, b) => a.stated - b.stated);
  return [0, 1, 2, 3, 4].map((q) => {
    const part = sorted.slice(Math.floor((q * sorted.length) / 5), Math.floor(((q + 1) * sorted.length) / 5));
    const stated = part.reduce((s, r) => s + r.stated, 0);
    return stated === 0 ? Number.NaN : part.reduce((s, r) => s + r.realised, 0) / stated;
  });
}

/** The n rows of each hour that rank first by `rank` (highest first), among those `shown` keeps. */
export function topPerHour<T extends { hour: number }>(
  rows: readonly T[],
  n: number,
  rank: (row: T) => number,
  shown: (row: T) => boolean = () => true,
): T[] {
  const byHour = new Map<number, T[]>();
  for (const row of rows) {
    if (!shown(row)) continue;
    let list = byHour.get(row.hour);
    if (!list) byHour.set(row.hour, (list = []));
    list.push(row);
  }
  return [...byHour.values()].flatMap((list) => list.sort((a, b) => rank(b) - rank(a)).slice(0, n));
}

export const realisedGold = (rows: readonly Pick<GoldRow, 'realised'>[]): number =>
  rows.reduce((s, r) => s + r.realised, 0);

/**
 * Of the rows that truly realised at least `deal` gold, the share a rule picks (recall); of the rows it
 * picks, the share that realised more than 0 (precision).
 */
export function dealRecall<T extends Pick<GoldRow, 'realised'>>(
  rows: readonly T[],
  picked: (row: T) => boolean,
  deal: number,
): { recall: number; precision: number; picked: number; deals: number } {
  let deals = 0;
  let found = 0;
  let pickedCount = 0;
  let pickedWon = 0;
  for (const row of rows) {
    const isPicked = picked(row);
    if (row.realised >= deal) {
      deals++;
      if (isPicked) found++;
    }
    if (isPicked) {
      pickedCount++;
      if (row.realised > 0) pickedWon++;
    }
  }
  return {
    recall: deals === 0 ? Number.NaN : found / deals,
    precision: pickedCount === 0 ? Number.NaN : pickedWon / pickedCount,
    picked: pickedCount,
    deals,
  };
}

/**
 * The most real deals (rows that realised at least `deal` gold) any cut-off on `rank` finds while at
 * least `minPrecision` of what it picks realises more than 0: the recall of the best such cut-off (0 when
 * none reaches it), and the highest precision of any cut-off picking at least `minPicked` rows.
 */
export function bestCutoff<T extends Pick<GoldRow, 'realised'>>(
  rows: readonly T[],
  rank: (row: T) => number,
  deal: number,
  minPrecision: number,
  minPicked: number,
): { recallAtPrecision: number; bestPrecision: number } {
  const sorted = [...rows].sort((a, b) => rank(b) - rank(a));
  const deals = rows.filter((r) => r.realised >= deal).length;
  let found = 0;
  let won = 0;
  let recallAtPrecision = 0;
  let bestPrecision = 0;
  sorted.forEach((row, i) => {
    if (row.realised >= deal) found++;
    if (row.realised > 0) won++;
    const precision = won / (i + 1);
    if (precision >= minPrecision && deals > 0)
      recallAtPrecision = Math.max(recallAtPrecision, found / deals);
    if (i + 1 >= minPicked) bestPrecision = Math.max(bestPrecision, precision);
  });
  return { recallAtPrecision, bestPrecision };
}

/** A row as its own expected-profit model states it: the chances and the buy price (gold). */
export interface StatedChances extends Pick<GoldRow, 'stated'> {
  buyChance: number;
  saleChance: number;
  buyGold: number;
}

/**
 * One outcome of a row drawn from its own chances: the buy listing gone, 0; sold, the sale that makes the
 * row's mean its stated figure; unsold, the buy price lost.
 */
export function drawRealised(row: StatedChances, random: () => number): number {
  const b = Math.max(row.buyChance, 1e-6);
  const s = Math.max(row.saleChance, 1e-6);
  if (random() >= b) return 0;
  return random() < s ? (row.stated / b + row.buyGold) / s - row.buyGold : -row.buyGold;
}

/**
 * How often a figure that is exactly right passes a calibration band: each row's outcome is drawn from
 * its own chances (drawRealised), `draws` times, and the share of draws whose every fifth lies in
 * [lo, hi] is returned. A test a true figure seldom passes cannot tell a true figure from a wrong one.
 */
export function calibratedPassRate(
  rows: readonly StatedChances[],
  [lo, hi]: readonly [number, number],
  draws: number,
  random: () => number,
): number {
  let passed = 0;
  for (let d = 0; d < draws; d++) {
    const drawn = rows.map((r) => ({ stated: r.stated, realised: drawRealised(r, random) }));
    if (calibrationFifths(drawn).every((x) => x >= lo && x <= hi)) passed++;
  }
  return passed / draws;
}
