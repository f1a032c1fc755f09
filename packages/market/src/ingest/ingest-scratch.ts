// The working memory of ingestRealmDump, kept between calls by its owner: each SnapshotBuilder has one
// for all its realms, which it ingests one after another, so the arrays grow to the largest dump once
// and are reused; two owners never share any.
import type { RawVariantTable } from './raw-variants';
import { TableScratch } from './realm-accumulator';
import { ScanBuffer } from './scan-buffer';

export class IngestScratch {
  /** The padded copy of the dump every scan reads. */
  readonly scan = new ScanBuffer();
  private accumulator: TableScratch | null = null;

  /** The accumulator's arrays for `table` (made anew if the owner switches tables: they index its raw ids). */
  tableScratch(table: RawVariantTable): TableScratch {
    if (this.accumulator?.table !== table) this.accumulator = new TableScratch(table);
    return this.accumulator;
  }
}
