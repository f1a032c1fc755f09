// Hand-made auction columns for the evidence tests and the cost measurement.
import type { RealmAuctions } from '../ingest';

/** One auction: [id, raw variant, unit price (copper), quantity, time-left code]. */
export type AuctionRow = readonly [number, number, number, number, number];

export function auctionsOf(rows: readonly AuctionRow[]): RealmAuctions {
  const n = rows.length;
  const a = {
    count: n,
    id: new Float64Array(n),
    raw: new Int32Array(n),
    unitPrice: new Float64Array(n),
    quantity: new Float64Array(n),
    timeLeft: new Uint8Array(n),
  };
  rows.forEach(([id, raw, price, qty, left], i) => {
    a.id[i] = id;
    a.raw[i] = raw;
    a.unitPrice[i] = price;
    a.quantity[i] = qty;
    a.timeLeft[i] = left;
  });
  return a;
}
