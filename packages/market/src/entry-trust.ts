// The snapshot's evidence columns (issue 13): one value per (variant, realm) entry, taken from the
// realm's ListingEvidence row that holds the entry's lowest price. Several raw variants can make one
// variant (bonus ids that change nothing); their sales add up and the median of the busiest one is kept.

import type { ListingEvidence } from './evidence/listing-evidence';

export interface EntryTrust {
  entryAge: Uint16Array;
  entryNearListings: Uint16Array;
  entryNearQuantity: Uint32Array;
  entryLowestQuantity: Uint32Array;
  entrySales: Uint16Array;
  entryMedian: Float64Array;
  /** Lower quartile of the realm's daily lowest prices of the variant over 14 days, copper (0: none). */
  entryLowQuartile: Float64Array;
}

export function emptyEntryTrust(entries: number): EntryTrust {
  return {
    entryAge: new Uint16Array(entries),
    entryNearListings: new Uint16Array(entries),
    entryNearQuantity: new Uint32Array(entries),
    entryLowestQuantity: new Uint32Array(entries),
    entrySales: new Uint16Array(entries),
    entryMedian: new Float64Array(entries),
    entryLowQuartile: new Float64Array(entries),
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
      c.entryNearQuantity[p] = ev.nearQuantity[j] as number;
      c.entryLowestQuantity[p] = ev.lowestQuantity[j] as number;
      c.entryLowQuartile[p] = ev.lowQuartile[j] as number;
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
    // Column by column, spelled out: a loop over the keys read each column through a dynamic key.
    const c = this.columns;
    const r = this.byRealm;
    r.entryAge[realm] = c.entryAge[k] as number;
    r.entryNearListings[realm] = c.entryNearListings[k] as number;
    r.entryNearQuantity[realm] = c.entryNearQuantity[k] as number;
    r.entryLowestQuantity[realm] = c.entryLowestQuantity[k] as number;
    r.entrySales[realm] = c.entrySales[k] as number;
    r.entryMedian[realm] = c.entryMedian[k] as number;
    r.entryLowQuartile[realm] = c.entryLowQuartile[k] as number;
  }

  /** After the sort: entry `k` now belongs to `realm`. */
  unstash(k: number, realm: number): void {
    const c = this.columns;
    const r = this.byRealm;
    c.entryAge[k] = r.entryAge[realm] as number;
    c.entryNearListings[k] = r.entryNearListings[realm] as number;
    c.entryNearQuantity[k] = r.entryNearQuantity[realm] as number;
    c.entryLowestQuantity[k] = r.entryLowestQuantity[realm] as number;
    c.entrySales[k] = r.entrySales[realm] as number;
    c.entryMedian[k] = r.entryMedian[realm] as number;
    c.entryLowQuartile[k] = r.entryLowQuartile[realm] as number;
  }
}
