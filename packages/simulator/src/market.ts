// The auction market of every connected realm: the listings a realm's dump shows in any hour.
// An hour is built from the postings of the 48 hours before it (nothing older can still be listed),
// and each realm's latest book is kept, so the next hour costs one hour of postings. Which hours
// were asked for, and in which order, never changes what a dump says.
import { AuctionIds } from './auction-ids';
import type { MarketWorld, RealmTraits } from './market-catalog';
import { MarketCatalog, realmTraits } from './market-catalog';
import { MINUTES_PER_HOUR } from './market-params';
import { RealmBook } from './realm-book';
import type { Posting } from './realm-postings';
import { LONGEST_LISTING_HOURS, RealmPostings } from './realm-postings';
import type { RegionCode, SimConnectedRealm } from './realms';

export interface MarketOptions {
  /**
   * Listings the cached books may hold across all realms (default 2 million, 60-90 MB: every realm
   * of `standard`, a sixth of `full`; all of `full` needs about 11 million, 420 MB). A realm whose
   * book does not fit is rebuilt from its last 48 hours of postings each time it is asked for.
   */
  cachedListings?: number;
}

/** Going forward at most this many hours is done hour by hour; further, the book is rebuilt. */
const MAX_STEPS = 24;
const DEFAULT_CACHED_LISTINGS = 2_000_000;

export class Market {
  readonly catalog: MarketCatalog;
  readonly ids: AuctionIds;
  /** A realm's position among all (connected realm ids of the two regions may coincide). */
  private readonly slotOf: Record<RegionCode, Map<number, number>> = { us: new Map(), eu: new Map() };
  private readonly realms: readonly SimConnectedRealm[];
  private readonly postingsOf = new Map<number, RealmPostings>();
  /** Latest book per realm slot. */
  private readonly books = new Map<number, RealmBook>();
  private readonly cachedListings: number;

  constructor(world: MarketWorld, options: MarketOptions = {}) {
    this.catalog = new MarketCatalog(world);
    this.ids = new AuctionIds(world.seed, world.realms.length);
    this.realms = world.realms;
    world.realms.forEach((r, slot) => this.slotOf[r.region].set(r.id, slot));
    this.cachedListings = options.cachedListings ?? DEFAULT_CACHED_LISTINGS;
  }

  /** Position of a connected realm among all the market's realms. */
  slot(region: RegionCode, realmId: number): number {
    const slot = this.slotOf[region].get(realmId);
    if (slot === undefined) throw new Error(`unknown connected realm ${region}/${realmId}`);
    return slot;
  }

  /** The realm at a slot (an auction id names its realm's slot). */
  realmAtSlot(slot: number): SimConnectedRealm | undefined {
    return this.realms[slot];
  }

  /** The posting generator of the realm at a slot (built on first use: it holds the realm's weights). */
  postings(slot: number): RealmPostings {
    let postings = this.postingsOf.get(slot);
    if (!postings) {
      const realm = this.realms[slot];
      if (!realm) throw new Error(`no connected realm at slot ${slot}`);
      postings = new RealmPostings(this.catalog, this.ids, realmTraits(this.catalog, realm, slot));
      this.postingsOf.set(slot, postings);
    }
    return postings;
  }

  traits(slot: number): RealmTraits {
    return this.postings(slot).traits;
  }

  /** Unit price a posting was listed at (copper). */
  unitPrice(realm: SimConnectedRealm, p: Readonly<Posting>): number {
    return this.catalog.unitPrice(p.key, p.variant, realm, p.priceHour, p.spread);
  }

  /**
   * The listings in the dump of absolute hour `absHour` of the realm at `slot`. The book returned is the cache's:
   * read it before asking for another hour of the same realm, or copy it.
   */
  book(slot: number, absHour: number): RealmBook {
    const postings = this.postings(slot);
    const realm = postings.traits.realm;
    let book = this.books.get(slot);
    if (book && book.hour === absHour) {
      // Reused as it is.
    } else if (book && absHour > book.hour && absHour - book.hour <= MAX_STEPS) {
      for (let h = book.hour + 1; h <= absHour; h++) this.step(book, realm, postings, h);
    } else {
      book ??= new RealmBook();
      this.rebuild(book, realm, postings, absHour);
    }
    if (!this.books.has(slot) && this.cachedCount() + book.length <= this.cachedListings) {
      this.books.set(slot, book);
    }
    return book;
  }

  /** Listings held by the cached books, and the bytes of their arrays. */
  cacheUse(): { realms: number; listings: number; bytes: number } {
    let listings = 0;
    let bytes = 0;
    for (const b of this.books.values()) {
      listings += b.length;
      bytes += b.bytes();
    }
    return { realms: this.books.size, listings, bytes };
  }

  private step(book: RealmBook, realm: SimConnectedRealm, postings: RealmPostings, absHour: number): void {
    book.dropGoneBy(absHour * MINUTES_PER_HOUR);
    // Everything posted during the hour is still there at its end: sales and cancellations start
    // after a posting's first dump.
    postings.forEach(absHour, (p) => book.append(p, this.unitPrice(realm, p)));
    book.hour = absHour;
  }

  private rebuild(book: RealmBook, realm: SimConnectedRealm, postings: RealmPostings, absHour: number): void {
    book.clear(absHour);
    const dumpMinute = absHour * MINUTES_PER_HOUR;
    const append = (p: Readonly<Posting>) => book.append(p, this.unitPrice(realm, p));
    for (let h = absHour - LONGEST_LISTING_HOURS + 1; h <= absHour; h++)
      postings.forEach(h, append, dumpMinute);
  }

  /**
   * Listings held by the cached books. What is cached stays cached: the server asks for every realm
   * in turn each hour, and evicting the least recently used realm would then miss every time.
   */
  private cachedCount(): number {
    let total = 0;
    for (const b of this.books.values()) total += b.length;
    return total;
  }
}
