// Ingest: one realm's Blizzard auction dump (JSON bytes) to its listing per raw variant, with the raw
// variants interned in a RawVariantTable and, for the evidence, every priced auction's columns.
export { IngestError, ingestRealmDump } from './ingest';
export { inflateDump, isGzip } from './gzip-dump';
export type { IngestOptions, RealmAuctions, RealmListing } from './ingest';
export { IngestScratch } from './ingest-scratch';
export { RawVariantTable } from './raw-variants';
export {
  TIME_LEFT_LONG,
  TIME_LEFT_MEDIUM,
  TIME_LEFT_NAMES,
  TIME_LEFT_SHORT,
  TIME_LEFT_UNKNOWN,
  TIME_LEFT_VERY_LONG,
} from './time-left';
export type { TimeLeftCode } from './time-left';
