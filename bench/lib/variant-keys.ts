// The engine's variant keys (uniqueItemKey / petItemKey) for the trust benchmark, independent of the
// snapshot builder: dumps go through the engine's own scanner (ingestRealmDump with every auction's
// id, price and time left) into a table of our own, and each raw variant is resolved by the same
// rules as the snapshot's resolver. So a row of the engine, an auction in a dump and an auction of
// the simulator's ground truth (its `item` exactly as the dumps show it) all get the same key.
import type { BonusData, ItemInfo, PetInfo, RealmAuctions } from '@goldroute/market';
import {
  ingestRealmDump,
  petItemKey,
  rawModifiers,
  RawVariantTable,
  resolveVariant,
  uniqueItemKey,
} from '@goldroute/market';
import type { BlizzardAuctionItem } from '@goldroute/simulator';

export interface KeySources {
  items: ReadonlyMap<number, ItemInfo>;
  pets: ReadonlyMap<number, PetInfo>;
  bonusData: BonusData;
}

/** Index of "no variant" (an item or pet species the static data does not know). */
export const UNKNOWN_VARIANT = 0;

/**
 * Dense variant numbering: index 0 is UNKNOWN_VARIANT, every known variant key gets the next
 * index the first time it is seen (raw variants resolving to one key share it, as in the snapshot).
 */
export class VariantKeys {
  readonly table = new RawVariantTable();
  private readonly keys: string[] = [''];
  private readonly indexOfKey = new Map<string, number>();
  /** Raw variant id -> dense index; -1 until resolved. */
  private rawIndex = new Int32Array(1 << 12).fill(-1);
  private readonly itemIndex = new Map<string, number>();

  constructor(private readonly sources: KeySources) {}

  get count(): number {
    return this.keys.length;
  }

  /** The variant key of a dense index ('' for UNKNOWN_VARIANT). */
  key(index: number): string {
    return this.keys[index] ?? '';
  }

  /** Dense index of a variant key, or -1 when it was never seen. */
  indexOf(key: string): number {
    return this.indexOfKey.get(key) ?? -1;
  }

  /** Dense index of a raw variant of `table`. */
  ofRaw(raw: number): number {
    if (raw < this.rawIndex.length) {
      const hit = this.rawIndex[raw] as number;
      if (hit >= 0) return hit;
    } else {
      let n = this.rawIndex.length * 2;
      while (n <= raw) n *= 2;
      const next = new Int32Array(n).fill(-1);
      next.set(this.rawIndex);
      this.rawIndex = next;
    }
    const key = this.resolve(raw);
    let index = UNKNOWN_VARIANT;
    if (key !== undefined) {
      index = this.indexOfKey.get(key) ?? this.keys.length;
      if (index === this.keys.length) {
        this.keys.push(key);
        this.indexOfKey.set(key, index);
      }
    }
    this.rawIndex[raw] = index;
    return index;
  }

  /** Dense index of an auction's `item` as the dumps (and the ground truth) show it. */
  ofItem(item: BlizzardAuctionItem): number {
    const json = JSON.stringify(item);
    const hit = this.itemIndex.get(json);
    if (hit !== undefined) return hit;
    // A one-auction dump through the engine's scanner: the same reading of bonus lists, modifiers
    // and pet fields as the real dumps get.
    const dump = `{"auctions":[{"id":1,"item":${json},"buyout":10000,"quantity":1,"time_left":"LONG"}]}`;
    const listing = ingestRealmDump(dump, { connectedRealmId: 0, table: this.table });
    const raw = listing.rawIds[0];
    const index = raw === undefined ? UNKNOWN_VARIANT : this.ofRaw(raw);
    this.itemIndex.set(json, index);
    return index;
  }

  /** Every priced auction of a dump (ids, raw variants of this table, unit prices, time left). */
  auctions(connectedRealmId: number, dump: Uint8Array | string): RealmAuctions {
    const listing = ingestRealmDump(dump, { connectedRealmId, table: this.table, auctions: true });
    if (!listing.auctions) throw new Error('ingestRealmDump returned no auction columns');
    return listing.auctions;
  }

  /** The snapshot resolver's key rules (packages/market/src/snapshot.ts, Resolver.resolve). */
  private resolve(raw: number): string | undefined {
    const t = this.table;
    const species = t.petSpecies(raw);
    if (species > 0) {
      return this.sources.pets.has(species)
        ? petItemKey(species, t.petLevel(raw), t.petQuality(raw))
        : undefined;
    }
    const itemId = t.itemId(raw);
    const item = this.sources.items.get(itemId);
    if (!item) return undefined;
    return uniqueItemKey(
      itemId,
      resolveVariant(item, t.bonusIds(raw), rawModifiers(t, raw), this.sources.bonusData),
    );
  }
}

/** A realm's lowest listing of one variant: its unit price (copper) and every auction at that price. */
export interface LowestListing {
  price: number;
  ids: number[];
}

/** Per variant (dense index) the lowest listing of one realm's dump. */
export function lowestListings(auctions: RealmAuctions, keys: VariantKeys): Map<number, LowestListing> {
  const out = new Map<number, LowestListing>();
  for (let i = 0; i < auctions.count; i++) {
    const v = keys.ofRaw(auctions.raw[i] as number);
    if (v === UNKNOWN_VARIANT) continue;
    const price = auctions.unitPrice[i] as number;
    const id = auctions.id[i] as number;
    const low = out.get(v);
    if (!low || price < low.price) out.set(v, { price, ids: [id] });
    else if (price === low.price) low.ids.push(id);
  }
  return out;
}

/** The auction ids of a dump, to tell which listings are still there an hour later. */
export function auctionIds(auctions: RealmAuctions): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < auctions.count; i++) out.add(auctions.id[i] as number);
  return out;
}
