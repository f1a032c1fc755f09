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
