// The incremental builder a realm poller keeps: the latest listing of every realm, the evidence that
// follows each realm from dump to dump, and variant resolutions cached from one build to the next.
import type { RowEvidenceSource } from './build-snapshot';
import { buildSnapshotWith } from './build-snapshot';
import {
  ListingScratch,
  listingEvidence,
  memoryShelf,
  PastDayReader,
  type PastDayShelf,
  ObserveScratch,
  RealmEvidence,
} from '../evidence';
import type { DayBucket, KeptShelf } from '../evidence';
import type { RealmAuctions, RealmListing } from '../ingest';
import { IngestScratch, ingestRealmDump, RawVariantTable } from '../ingest';
import type { MarketSnapshot } from './market-snapshot';
import type { RealmInfo, TsmRow } from '../types';
import type { SnapshotSources } from './variant-resolver';
import { Resolver } from './variant-resolver';

export interface SnapshotBuilderOptions extends SnapshotSources {
  region: string;
  realms: readonly RealmInfo[];
  /**
   * Keep evidence from consecutive dumps of each realm (docs/deal-trust.md): ingest then needs each dump's
   * time (lastModified), and the snapshot's evidence columns are filled.
   */
  evidence?: boolean;
  /** Where compacted past days keep their bytes (compactEvidence); in memory without it. */
  pastDays?: PastDayShelf;
  /** Where each realm's last snapshot stays between its hours (kept-shelf.ts); in memory without it. */
  keptSnapshots?: KeptShelf;
}

// The builder's listings and its evidence use one raw variant table, so a raw id is its own evidence key.
const sameRaw = (raw: number): number => raw;

/**
 * Keeps the latest listing of every realm and builds snapshots from them. A dump that fails to
 * ingest leaves that realm's previous listing in place. Variant resolution is cached across builds.
 */
export class SnapshotBuilder {
  readonly table = new RawVariantTable();
  private readonly listings = new Map<number, RealmListing>();
  private readonly modified = new Map<number, number>();
  private readonly evidenceOf = new Map<number, RealmEvidence>();
  /**
   * The working memory of every realm's ingest and observe: this builder's, reused realm after realm
   * (and by a replay feeding this builder's realms: ingest and observe run one at a time).
   */
  readonly ingestScratch = new IngestScratch();
  readonly observeScratch = new ObserveScratch();
  /** What every realm's past days are read with, by its listing pass and by the item floors. */
  private readonly pastDayReader = new PastDayReader();
  /** The working arrays and answer columns of every realm's listing pass, likewise this builder's. */
  private readonly listingScratch = new ListingScratch(this.pastDayReader);
  private resolver: Resolver;
  private realms: readonly RealmInfo[];
  private tsm: readonly TsmRow[] = [];
  private late: ReadonlySet<number> = new Set();
  /** The last build's time and the realm dump times it was built from (snapshotTime). */
  private lastBuild: { at: number; modified: Map<number, number> } | null = null;

  constructor(private readonly options: SnapshotBuilderOptions) {
    this.realms = options.realms;
    this.resolver = new Resolver(this.table, options);
  }

  /** Ingests one realm's dump; on IngestError the previous listing of the realm stays. */
  ingest(connectedRealmId: number, dump: Uint8Array | string, lastModified?: number): RealmListing {
    const withEvidence = this.options.evidence === true;
    const ingested = ingestRealmDump(dump, {
      connectedRealmId,
      table: this.table,
      auctions: withEvidence,
      scratch: this.ingestScratch,
    });
    const { auctions, ...listing } = ingested;
    this.listings.set(connectedRealmId, listing);
    if (lastModified !== undefined) this.modified.set(connectedRealmId, lastModified);
    if (withEvidence && auctions) this.observe(listing, auctions, lastModified ?? Date.now());
    return listing;
  }

  /**
   * Follows the realm's auctions from its previous dump (the evidence keeps what the next needs). A
   * dump not newer than the last one observed (re-fetched) is not counted again.
   */
  private observe(listing: RealmListing, auctions: RealmAuctions, hourMs: number): void {
    const id = listing.connectedRealmId;
    let evidence = this.evidenceOf.get(id);
    if (!evidence) this.restoreEvidence(id, (evidence = new RealmEvidence()));
    evidence.observe(hourMs, auctions, sameRaw, this.observeScratch);
  }

  /** The evidence of a realm (undefined before its first dump, or without the evidence option). */
  realmEvidence(connectedRealmId: number): RealmEvidence | undefined {
    return this.evidenceOf.get(connectedRealmId);
  }

  /**
   * Evidence from elsewhere: restored from storage before the realm's first dump of this process, or
   * replayed from past dumps up to the realm's current one.
   */
  restoreEvidence(connectedRealmId: number, evidence: RealmEvidence): void {
    const kept = this.options.keptSnapshots;
    if (kept) evidence.keepSnapshotsOn(kept.slot(connectedRealmId));
    this.evidenceOf.set(connectedRealmId, evidence);
  }

  /**
   * The rows' evidence of each realm, taken from its evidence as the build lays the entries out: one
   * realm's columns at a time, never all (~30 B a row, 55 MB in a full region, when kept per realm).
   */
  private rowEvidenceSource(): RowEvidenceSource {
    const evidenceAt = (id: number) => {
      const evidence = this.evidenceOf.get(id);
      const at = evidence?.lastHourMs ?? null;
      return evidence && at !== null ? { evidence, at } : undefined;
    };
    return {
      rows: (id) => {
        const e = evidenceAt(id);
        const listing = this.listings.get(id);
        return e && listing
          ? listingEvidence(e.evidence, listing.rawIds, listing.size, e.at, sameRaw, this.listingScratch)
          : undefined;
      },
      hoursObserved: (id) => {
        const e = evidenceAt(id);
        return e ? e.evidence.hoursObserved(e.at) : 0;
      },
      days: (id) => {
        const e = evidenceAt(id);
        return e ? e.evidence.windowDays(e.at) : [];
      },
      pastDays: this.pastDayReader,
    };
  }

  /** Realms with evidence, by connected realm id. */
  evidenceRealms(): ReadonlyMap<number, RealmEvidence> {
    return this.evidenceOf;
  }

  /**
   * Keeps every realm's past days that are stored in full as they are now (`stored`, by realm and
   * day; all without it) as only what the build reads of them (RealmEvidence.compactPast); returns
   * the days compacted.
   */
  compactEvidence(stored?: (connectedRealmId: number, bucket: DayBucket) => boolean): number {
    const shelf = this.options.pastDays ?? memoryShelf;
    let days = 0;
    const held = new Set<number>();
    for (const [id, evidence] of this.evidenceOf) {
      days += evidence.compactPast(stored && ((bucket) => stored(id, bucket)), shelf);
      for (const d of evidence.allDays) held.add(d.day);
    }
    shelf.keepOnly(held);
    return days;
  }

  listing(connectedRealmId: number): RealmListing | undefined {
    return this.listings.get(connectedRealmId);
  }

  setTsm(rows: readonly TsmRow[]): void {
    this.tsm = rows;
  }

  /**
   * Realms their region's last batch left behind (the poller decides): the next builds mark them, and
   * the deals they are part of carry the stale flag whatever the age of their dump.
   */
  setLateRealms(connectedRealmIds: Iterable<number>): void {
    this.late = new Set(connectedRealmIds);
  }

  setRealms(realms: readonly RealmInfo[]): void {
    this.realms = realms;
  }

  /**
   * Item ids and pet species in the current listings that the item data does not know (yet), so a
   * caller whose lookups grow (fetched on demand) can fill them in before building. Resolutions made
   * here are cached for the next build.
   */
  missingIds(): { itemIds: number[]; petSpecies: number[] } {
    const items = new Map<number, number>();
    const pets = new Map<number, number>();
    // 0 unchecked, 1 resolved, 2 unknown: each raw variant is resolved once, but counted per listing.
    const state = new Uint8Array(this.table.count);
    for (const l of this.listings.values()) {
      for (let j = 0; j < l.size; j++) {
        const raw = l.rawIds[j] as number;
        if (state[raw] === 0) state[raw] = this.resolver.resolve(raw) || this.resolver.excluded(raw) ? 1 : 2;
        if (state[raw] === 1) continue;
        const species = this.table.petSpecies(raw);
        const [counts, id] = species > 0 ? [pets, species] : [items, this.table.itemId(raw)];
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    this.resolver.forgetUnknown();
    // Most listed first (a source that learns a few at a time gets the most traded ones first), then by id.
    const ranked = (m: Map<number, number>) =>
      [...m].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
    return { itemIds: ranked(items), petSpecies: ranked(pets) };
  }

  /** Forgets cached resolutions (after item or bonus data changed). */
  resetResolutions(sources?: Partial<SnapshotSources>): void {
    this.resolver = new Resolver(this.table, { ...this.options, ...sources });
  }

  /**
   * The snapshot's time, ms: its newest dump's Last-Modified, except that a build bringing a realm's new
   * dump stamped within the last build's second (a late realm of a batch can share an earlier realm's
   * second) is one second later than the last build. Tools reload when this time changes (SPEC §4), so
   * every build that changed a realm must have its own second; a build without new dumps keeps the last.
   */
  private snapshotTime(): number {
    let newest = 0;
    for (const t of this.modified.values()) newest = Math.max(newest, t);
    const last = this.lastBuild;
    if (!last || last.at === 0) return newest;
    const changed =
      last.modified.size !== this.modified.size ||
      [...this.modified].some(([realm, t]) => last.modified.get(realm) !== t);
    if (!changed) return last.at;
    const lastSecond = Math.floor(last.at / 1000);
    return Math.floor(newest / 1000) > lastSecond ? newest : (lastSecond + 1) * 1000;
  }

  build(): MarketSnapshot {
    // Lookups may have learnt ids since the last build: unknowns are counted afresh.
    this.resolver.forgetUnknown();
    const lastModified = this.snapshotTime();
    this.lastBuild = { at: lastModified, modified: new Map(this.modified) };
    return buildSnapshotWith(
      {
        ...this.options,
        region: this.options.region,
        realms: this.realms,
        listings: [...this.listings.values()],
        table: this.table,
        tsm: this.tsm,
        lastModified,
        modified: this.modified,
        late: this.late,
        evidence: this.options.evidence === true ? this.rowEvidenceSource() : undefined,
      },
      this.resolver,
    );
  }
}
