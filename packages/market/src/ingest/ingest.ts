// Blizzard auction dump of one connected realm -> per raw variant lowest unit buyout (copper)
// and total quantity, and on request every priced auction's id, price and time left. A hand-written
// scanner walks the UTF-8 bytes once, validates the JSON grammar, reads only the fields it needs and
// builds no objects per auction. Malformed or truncated input throws IngestError (callers keep
// their previous listing).
//
// The pieces, each with one job:
//   gzip-dump.ts          a gzip body, inflated before the scan
//   ingest-scratch.ts     the working memory an owner keeps between calls (IngestScratch)
//   scan-buffer.ts        the padded copy of the document that every scan reads
//   json-scan.ts          JSON grammar at byte level (JsonScanner: one per call, holds the registers)
//   auction-keys.ts       which key was read, without building strings
//   dump-reader.ts        the document and its auctions array
//   auction-compact.ts    one auction in Blizzard's compact layout (the fast path)
//   auction-general.ts    one auction in any layout (the fallback)
//   auction-fields.ts     the auction just read, handed from the readers to the accumulator
//   realm-accumulator.ts  auctions -> raw variants with lowest price and quantity
//   auction-columns.ts    the per-auction columns of IngestOptions.auctions
//   time-left.ts          time_left names <-> codes
import type { RealmAuctions } from './auction-columns';
import { AuctionFields } from './auction-fields';
import { readDump } from './dump-reader';
import { inflateDump } from './gzip-dump';
import { IngestError } from './ingest-error';
import { RawVariantTable } from './raw-variants';
import { RealmAccumulator } from './realm-accumulator';
import { IngestScratch } from './ingest-scratch';

/** One realm's dump reduced to raw variants (ids into the region's RawVariantTable). */
export interface RealmListing {
  readonly connectedRealmId: number;
  /** Every auction in the dump. */
  readonly auctionCount: number;
  /** Auctions that had a buyout (or unit price) and an item. */
  readonly pricedAuctions: number;
  /** Number of raw variants listed. */
  readonly size: number;
  readonly rawIds: Int32Array;
  /** Lowest unit buyout per raw variant, copper (buyout / quantity, rounded, at least 1). */
  readonly minUnitPrice: Float64Array;
  /** Total quantity listed per raw variant (priced auctions only). */
  readonly quantity: Float64Array;
  /**
   * Every priced auction (pricedAuctions of them), only when IngestOptions.auctions was set: views
   * valid until the next ingest that asks for auctions (read them at once).
   */
  readonly auctions?: RealmAuctions;
}

export interface IngestOptions {
  connectedRealmId: number;
  /** The region's raw variant table (shared by all realms of a snapshot). */
  table: RawVariantTable;
  /** Also return every priced auction (id, raw variant, unit price, quantity, time left). */
  auctions?: boolean;
  /**
   * The working memory to reuse (a SnapshotBuilder passes its own, for all its realms); without it
   * the call makes its own. The auctions returned are views into it, valid until its next ingest.
   */
  scratch?: IngestScratch;
}

/**
 * Reduces one realm's auction dump (the body of /data/wow/connected-realm/{id}/auctions, as UTF-8
 * bytes, those bytes gzip-compressed as Blizzard sends them, or a string) to raw variants with their
 * lowest unit buyout and total quantity. Auctions without a buyout (bid only) are counted but not priced. Throws IngestError on
 * malformed or truncated JSON, or when there is no `auctions` array.
 */
export function ingestRealmDump(input: Uint8Array | string, options: IngestOptions): RealmListing {
  const scratch = options.scratch ?? new IngestScratch();
  const scanner = scratch.scan.scannerFor(inflateDump(input));
  const out = new RealmAccumulator(scratch.tableScratch(options.table), options.auctions === true);
  try {
    readDump(scanner, out, new AuctionFields());
  } catch (err) {
    // Only a stack overflow (absurdly deep nesting) can escape as a RangeError.
    if (err instanceof RangeError && /call stack/i.test(err.message))
      throw new IngestError('Nesting too deep', 0);
    throw err;
  } finally {
    scratch.scan.releaseLarge();
  }
  const size = out.size;
  const listing: RealmListing = {
    connectedRealmId: options.connectedRealmId,
    auctionCount: out.auctionCount,
    pricedAuctions: out.priced,
    size,
    rawIds: out.raw.slice(0, size),
    minUnitPrice: out.min.slice(0, size),
    quantity: out.qty.slice(0, size),
  };
  // Without the option the listing has no `auctions` key at all (not one set to undefined).
  return out.columns ? { ...listing, auctions: out.columns.result() } : listing;
}

export { IngestError, RawVariantTable };
export type { RealmAuctions };
