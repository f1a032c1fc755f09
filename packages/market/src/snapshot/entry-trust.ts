// The snapshot's evidence columns (docs/deal-trust.md): one value per (variant, realm) entry, taken from the
// realm's ListingEvidence row that holds the entry's lowest price. Several raw variants can make one
// variant (bonus ids that change nothing); their sales add up and the median of the busiest one is kept.

import type { ListingEvidence } from '../evidence';

const U16 = 0xffff;

export interface EntryTrust {
  entryAge: Uint16Array;
  entryNearListings: Uint16Array;
  /**
   * Units near the sell price and at the lowest price, saturating at 65,535: realm dumps list items,
   * not commodities, so a realm's units of one variant stay far below it (2 bytes less an entry each).
   */
  entryNearQuantity: Uint16Array;
  entryLowestQuantity: Uint16Array;
  entrySales: Uint16Array;
  /**
   * Median sale and (below) the lower quartile of the realm's daily lowest prices of the variant over
   * 14 days, copper (0: none), as 32-bit floats: within 1 part in 16 million, where the median's price
   * bins are 2% wide anyway, and 8 MB less a million entries (a full region has ~1.8 million).
   */
  entryMedian: Float32Array;
  entryLowQuartile: Float32Array;
  /**
   * The item floor (evidence/item-floor.ts) of the entry's variant on its realm, copper (0: none):
   * filled once the entries are sorted (entry-item-floors.ts), so neither taken nor moved here.
   */
  entryItemFloor: Float32Array;
  /** Hours the lowest listing was posted for (12, 24 or 48; 0: unknown). */
  entryPostedHours: Uint8Array;
}

export function emptyEntryTrust(entries: number): EntryTrust {
  return {
    entryAge: new Uint16Array(entries),
    entryNearListings: new Uint16Array(entries),
    entryNearQuantity: new Uint16Array(entries),
    entryLowestQuantity: new Uint16Array(entries),
    entrySales: new Uint16Array(entries),
    entryMedian: new Float32Array(entries),
    entryLowQuartile: new Float32Array(entries),
    entryItemFloor: new Float32Array(entries),
    entryPostedHours: new Uint8Array(entries),
  };
}

export class EntryTrustBuilder {
  readonly columns: EntryTrust;
  /** Per realm: the values of the entry being moved by the per-variant sort. */
  private readonly byRealm: EntryTrust;

  constructor(entries: number, realms: number) {
    this.columns = emptyEntryTrust(entries);
    this.byRealm = emptyEntryTrust(realms);
  }

  /** Entry `p` from row `j` of its realm's evidence (`lower`: the row holds the entry's lowest price). */
  take(p: number, ev: ListingEvidence | undefined, j: number, first: boolean, lower: boolean): void {
    if (ev === undefined) return;
    const c = this.columns;
    if (first || lower) {
      c.entryAge[p] = ev.lowestAge[j] as number;
      c.entryNearListings[p] = ev.nearListings[j] as number;
      c.entryNearQuantity[p] = Math.min(U16, ev.nearQuantity[j] as number);
      c.entryLowestQuantity[p] = Math.min(U16, ev.lowestQuantity[j] as number);
      c.entryLowQuartile[p] = ev.lowQuartile[j] as number;
      c.entryPostedHours[p] = ev.postedHours[j] as number;
    }
    const sales = ev.sales[j] as number;
    if (first) {
      c.entrySales[p] = sales;
      c.entryMedian[p] = ev.median[j] as number;
      return;
    }
    if (sales > (c.entrySales[p] as number)) c.entryMedian[p] = ev.median[j] as number;
    c.entrySales[p] = Math.min(0xffff, (c.entrySales[p] as number) + sales);
  }

  /** Before a variant's entries are sorted: remember entry `k` under its realm. */
  stash(k: number, realm: number): void {
    copyEntry(this.columns, k, this.byRealm, realm);
  }

  /** After the sort: entry `k` now belongs to `realm`. */
  unstash(k: number, realm: number): void {
    copyEntry(this.byRealm, realm, this.columns, k);
  }
}

/** Every column's value at `from[i]` into `to[j]`. */
function copyEntry(from: EntryTrust, i: number, to: EntryTrust, j: number): void {
  // Column by column, spelled out: a loop over the keys read each column through a dynamic key.
  to.entryAge[j] = from.entryAge[i] as number;
  to.entryNearListings[j] = from.entryNearListings[i] as number;
  to.entryNearQuantity[j] = from.entryNearQuantity[i] as number;
  to.entryLowestQuantity[j] = from.entryLowestQuantity[i] as number;
  to.entrySales[j] = from.entrySales[i] as number;
  to.entryMedian[j] = from.entryMedian[i] as number;
  to.entryLowQuartile[j] = from.entryLowQuartile[i] as number;
  to.entryPostedHours[j] = from.entryPostedHours[i] as number;
}
