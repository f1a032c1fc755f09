// The immutable snapshot the searches read: per-variant metadata and TSM figures, and for every variant
// the realms that list it in CSR columns (offsets + parallel typed arrays). Built by buildSnapshot or a
// SnapshotBuilder, or restored from the snapshot codec's buffer.
import type { RealmInfo } from '../types';

/** Static, per-variant fields of a trade item (money in gold). Shared by every row of the variant. */
export interface SnapshotVariant {
  readonly uniqueItemKey: string;
  /** Item id, or "pet_{speciesId}". */
  readonly id: number | string;
  /** Blizzard item id of the auctions (82800 for caged pets). */
  readonly itemId: number;
  readonly realPetId: number | null;
  /** Creature id of a pet (game-database links), null for items. */
  readonly npcId: number | null;
  readonly name: string;
  /** App class and subclass labels (see appClassification). */
  readonly class: string;
  readonly subclass: string;
  readonly bonus: readonly number[];
  readonly mediaURL: string;
  readonly quality: string;
  readonly qualityId: number;
  /** null: ilvl unknown (the bonus data does not know the auction's bonus ids). */
  readonly itemLevel: number | null;
  readonly patchNumber: number;
  readonly crafted: boolean;
  readonly sockets: readonly number[];
  readonly tertiaryStats: readonly string[];
  /** Display names of a crafted piece's chosen secondary stats (modifiers 29, 30). */
  readonly craftedStats: readonly string[];
  readonly saleRate: number;
  readonly avgSale: number;
  readonly marketValue: number;
  readonly historical: number;
  /** Dropship group key: id|quality|itemLevel. */
  readonly groupKey: string;
}

/** What the item data says about a variant, before its TSM figures are known. */
export type VariantMeta = Omit<SnapshotVariant, 'saleRate' | 'avgSale' | 'marketValue' | 'historical'>;

export const EMPTY_LIST: readonly never[] = Object.freeze([]);

/** A frozen list for a variant's field; every empty one is the same array. */
export function frozen<T>(list: T[]): readonly T[] {
  return list.length === 0 ? EMPTY_LIST : Object.freeze(list);
}

/**
 * One object literal for every variant, so all share one hidden class: searches read these
 * fields for every row, and objects made by spreading end up with many shapes (slow reads).
 */
export function variantOf(
  m: VariantMeta,
  saleRate: number,
  avgSale: number,
  marketValue: number,
  historical: number,
): SnapshotVariant {
  return Object.freeze({
    uniqueItemKey: m.uniqueItemKey,
    id: m.id,
    itemId: m.itemId,
    realPetId: m.realPetId,
    npcId: m.npcId,
    name: m.name,
    class: m.class,
    subclass: m.subclass,
    bonus: m.bonus,
    mediaURL: m.mediaURL,
    quality: m.quality,
    qualityId: m.qualityId,
    itemLevel: m.itemLevel,
    patchNumber: m.patchNumber,
    crafted: m.crafted,
    sockets: m.sockets,
    tertiaryStats: m.tertiaryStats,
    craftedStats: m.craftedStats,
    saleRate,
    avgSale,
    marketValue,
    historical,
    groupKey: m.groupKey,
  });
}

export interface MarketSnapshot {
  readonly region: string;
  /** Unix ms of the newest dump in the snapshot (as given). */
  readonly lastModified: number;
  readonly realmCount: number;
  /** Realms sorted by id; index = realm index used in the columns. */
  readonly realms: readonly RealmInfo[];
  readonly realmIds: Int32Array;
  /** Auctions in each realm's dump. */
  readonly realmAuctions: Float64Array;
  /** Whether a realm has a listing (dump) in the snapshot. */
  readonly realmHasData: Uint8Array;
  readonly variantCount: number;
  readonly variants: readonly SnapshotVariant[];
  /** TSM sale rate per variant. */
  readonly saleRate: Float64Array;
  /** TSM average sale price per variant, copper. */
  readonly avgSale: Float64Array;
  /** Dropship group per variant (groups are runs of consecutive variants). */
  readonly groupOf: Int32Array;
  readonly groupCount: number;
  /** Entries of variant v are offsets[v] .. offsets[v + 1] - 1, sorted by (price, realm index). */
  readonly offsets: Uint32Array;
  readonly entryRealm: Uint16Array;
  /** Lowest unit buyout on that realm, copper. */
  readonly entryPrice: Float64Array;
  readonly entryQuantity: Float64Array;
  /**
   * Evidence per entry from the realm's consecutive snapshots (ListingEvidence): zeros when
   * the builder keeps no evidence. Age of the lowest listing in snapshots, listings and units at or
   * below 1.1x the entry's price, units at the price, sales seen in 14 days and their median (copper).
   */
  readonly entryAge: Uint16Array;
  readonly entryNearListings: Uint16Array;
  readonly entryNearQuantity: Uint16Array;
  readonly entryLowestQuantity: Uint16Array;
  readonly entrySales: Uint16Array;
  readonly entryMedian: Float32Array;
  /** Lower quartile of the realm's daily lowest prices of the variant over 14 days, copper (0: none). */
  readonly entryLowQuartile: Float32Array;
  /** The item floor of the entry's variant on its realm (evidence/item-floor.ts), copper (0: none). */
  readonly entryItemFloor: Float32Array;
  /** Hours the entry's lowest listing was posted for: 12, 24 or 48, 0 when unknown (evidence/posted-hours.ts). */
  readonly entryPostedHours: Uint8Array;
  /** Per realm: unix ms of its dump in the snapshot (0: unknown), and its snapshots in the 14-day evidence. */
  readonly realmModified: Float64Array;
  /** Per realm: 1 when its region's last batch left it behind (its deals are stale), else 0. */
  readonly realmLate: Uint8Array;
  readonly realmHoursObserved: Uint16Array;
  /** The raw variant ids (builder's table) of variant v: rawIds[rawOffsets[v] .. rawOffsets[v + 1]) (evidence history). */
  readonly rawOffsets: Uint32Array;
  readonly rawIds: Int32Array;
  /** Item ids seen in dumps but missing from the item data (their auctions are left out). */
  readonly unknownItemIds: readonly number[];
  readonly unknownPetSpecies: readonly number[];
  /**
   * Units listed across the region whose item level is unknown (a bonus id or curve the bonus data does
   * not know yet), and those bonus ids: the operator's sign that the bonus data is behind the game.
   */
  readonly unknownLevelAuctions: number;
  readonly unknownBonusIds: readonly number[];
  realmIndexOf(connectedRealmId: number): number;
  variantIndexOf(uniqueItemKey: string): number;
}

/** A snapshot's own data, without the derived counts and lookups. */
export type SnapshotParts = Omit<
  MarketSnapshot,
  'realmCount' | 'variantCount' | 'realmIndexOf' | 'variantIndexOf'
>;

export class Snapshot implements MarketSnapshot {
  // The fields stay declared one by one although the constructor copies them in one call: class fields
  // are defined in this order before the constructor runs, so built and decoded snapshots (whose parts
  // list their keys in different orders) share one hidden class and the searches' reads stay monomorphic.
  // `!`: Object.assign stores every one of them (the parts hold each key of SnapshotParts).
  readonly realmCount: number;
  readonly variantCount: number;
  readonly region!: string;
  readonly lastModified!: number;
  readonly realms!: readonly RealmInfo[];
  readonly realmIds!: Int32Array;
  readonly realmAuctions!: Float64Array;
  readonly realmHasData!: Uint8Array;
  readonly variants!: readonly SnapshotVariant[];
  readonly saleRate!: Float64Array;
  readonly avgSale!: Float64Array;
  readonly groupOf!: Int32Array;
  readonly groupCount!: number;
  readonly offsets!: Uint32Array;
  readonly entryRealm!: Uint16Array;
  readonly entryPrice!: Float64Array;
  readonly entryQuantity!: Float64Array;
  readonly entryAge!: Uint16Array;
  readonly entryNearListings!: Uint16Array;
  readonly entryNearQuantity!: Uint16Array;
  readonly entryLowestQuantity!: Uint16Array;
  readonly entrySales!: Uint16Array;
  readonly entryMedian!: Float32Array;
  readonly entryLowQuartile!: Float32Array;
  readonly entryItemFloor!: Float32Array;
  readonly entryPostedHours!: Uint8Array;
  readonly realmModified!: Float64Array;
  readonly realmLate!: Uint8Array;
  readonly realmHoursObserved!: Uint16Array;
  readonly rawOffsets!: Uint32Array;
  readonly rawIds!: Int32Array;
  readonly unknownItemIds!: readonly number[];
  readonly unknownPetSpecies!: readonly number[];
  readonly unknownLevelAuctions!: number;
  readonly unknownBonusIds!: readonly number[];
  private readonly realmIndex = new Map<number, number>();
  private readonly variantIndex: ReadonlyMap<string, number>;

  /** `variantIndex`: indexVariants of these variants when already made (the stepwise decode makes it in steps). */
  constructor(p: SnapshotParts, variantIndex?: ReadonlyMap<string, number>) {
    Object.assign(this, p);
    this.realmCount = p.realms.length;
    this.variantCount = p.variants.length;
    p.realms.forEach((r, i) => this.realmIndex.set(r.id, i));
    this.variantIndex = variantIndex ?? indexVariants(p.variants);
  }

  realmIndexOf(connectedRealmId: number): number {
    return this.realmIndex.get(connectedRealmId) ?? -1;
  }

  variantIndexOf(key: string): number {
    return this.variantIndex.get(key) ?? -1;
  }
}

/**
 * Each variant's index by its uniqueItemKey, from `from` on, added to `into` (a full-size region's
 * hundreds of thousands of keys are a step of their own, so a decode in steps indexes chunk by chunk).
 */
export function indexVariants(
  variants: readonly SnapshotVariant[],
  from = 0,
  into = new Map<string, number>(),
): Map<string, number> {
  for (let i = from; i < variants.length; i++) into.set((variants[i] as SnapshotVariant).uniqueItemKey, i);
  return into;
}

/** A snapshot from parts that were taken from one before (the snapshot codec), its variant index if made. */
export function restoreSnapshot(
  p: SnapshotParts,
  variantIndex?: ReadonlyMap<string, number>,
): MarketSnapshot {
  return new Snapshot(p, variantIndex);
}
