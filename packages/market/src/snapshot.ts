// A columnar, immutable per-region snapshot: interned variant keys, per-variant metadata and TSM
// figures, and for every variant the realms that list it with their lowest unit price and total
// quantity, sorted by price once (CSR layout: offsets + parallel typed-array columns).
import { EntryTrustBuilder, emptyEntryTrust } from './entry-trust';
import type { ListingEvidence } from './evidence/listing-evidence';
import { listingEvidence } from './evidence/listing-evidence';
import { RealmEvidence } from './evidence/realm-evidence';
import type { RealmAuctions, RealmListing } from './ingest';
import { ingestRealmDump } from './ingest';
import { toGold } from './money';
import { RawVariantTable } from './raw-variants';
import type { BonusData, ItemInfo, PetInfo, RealmInfo, TsmRow } from './types';
import { dropshipGroupKey, petItemKey, qualityLabel, resolveVariant, uniqueItemKey } from './variant-key';

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
  readonly itemLevel: number;
  readonly patchNumber: number;
  readonly crafted: boolean;
  readonly sockets: readonly number[];
  readonly tertiaryStats: readonly string[];
  readonly saleRate: number;
  readonly avgSale: number;
  readonly marketValue: number;
  readonly historical: number;
  /** Dropship group key: id|quality|itemLevel. */
  readonly groupKey: string;
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
   * Evidence per entry from the realm's consecutive snapshots (issue 13; ListingEvidence): zeros when
   * the builder keeps no evidence. Age of the lowest listing in snapshots, listings and units at or
   * below 1.1x the entry's price, units at the price, sales seen in 14 days and their median (copper).
   */
  readonly entryAge: Uint16Array;
  readonly entryNearListings: Uint16Array;
  readonly entryNearQuantity: Uint32Array;
  readonly entryLowestQuantity: Uint32Array;
  readonly entrySales: Uint16Array;
  readonly entryMedian: Float64Array;
  /** Lower quartile of the realm's daily lowest prices of the variant over 14 days, copper (0: none). */
  readonly entryLowQuartile: Float64Array;
  /** Per realm: unix ms of its dump in the snapshot (0: unknown), and its snapshots in the 14-day evidence. */
  readonly realmModified: Float64Array;
  readonly realmHoursObserved: Uint16Array;
  /** The raw variant ids (builder's table) of variant v: rawIds[rawOffsets[v] .. rawOffsets[v + 1]) (evidence history). */
  readonly rawOffsets: Uint32Array;
  readonly rawIds: Int32Array;
  /** Item ids seen in dumps but missing from the item data (their auctions are left out). */
  readonly unknownItemIds: readonly number[];
  readonly unknownPetSpecies: readonly number[];
  realmIndexOf(connectedRealmId: number): number;
  variantIndexOf(uniqueItemKey: string): number;
}

type Lookup<T> = ReadonlyMap<number, T> | ((id: number) => T | undefined);

export interface SnapshotSources {
  items: Lookup<ItemInfo>;
  pets: Lookup<PetInfo>;
  bonusData: BonusData;
  /**
   * Item ids that never become variants (fake items: listings nobody buys at those prices); they are left
   * out without counting as unknown, so nothing tries to learn them.
   */
  excludedItems?: ReadonlySet<number>;
}

export interface BuildSnapshotInput extends SnapshotSources {
  region: string;
  realms: readonly RealmInfo[];
  listings: readonly RealmListing[];
  /** The raw variant table the listings were ingested with. */
  table: RawVariantTable;
  tsm?: readonly TsmRow[];
  lastModified?: number;
  /** Per connected realm id: the evidence of its listing's rows, and the time of its dump (ms). */
  evidence?: ReadonlyMap<number, ListingEvidence>;
  modified?: ReadonlyMap<number, number>;
}

const CLASS_NAMES = new Set(['Weapon', 'Armor', 'Recipe', 'Profession', 'Miscellaneous']);
const SPECIAL_SUBCLASSES: Readonly<Record<string, string>> = {
  'Companion Pets': 'Companions',
  Companions: 'Companions',
  Toy: 'Toys',
  Toys: 'Toys',
  Mount: 'Mount',
  Cosmetic: 'Cosmetic',
};

/**
 * App class/subclass labels from Blizzard's: the five SPEC classes keep their name, any other
 * class counts as Miscellaneous; the special subclasses get the SPEC category names
 * (Companion Pets -> Companions, Toy -> Toys, Mount, Cosmetic); battle pets are class Pet.
 */
export function appClassification(
  className: string,
  subclassName: string,
): { class: string; subclass: string } {
  return {
    class: CLASS_NAMES.has(className) ? className : 'Miscellaneous',
    subclass: SPECIAL_SUBCLASSES[subclassName] ?? subclassName,
  };
}

const EMPTY: readonly never[] = Object.freeze([]);

/** A frozen list; every empty one is the same array. */
export function frozen<T>(list: T[]): readonly T[] {
  return list.length === 0 ? EMPTY : Object.freeze(list);
}

function lookup<T>(source: Lookup<T>, id: number): T | undefined {
  return typeof source === 'function' ? source(id) : source.get(id);
}

interface Resolved {
  key: string;
  isPet: boolean;
  baseId: number;
  meta: Omit<SnapshotVariant, 'saleRate' | 'avgSale' | 'marketValue' | 'historical'>;
}

/** Resolves raw variants to variant keys and metadata, caching per raw id. */
class Resolver {
  private cache: (Resolved | undefined)[] = [];
  readonly unknownItems = new Set<number>();
  readonly unknownPets = new Set<number>();

  constructor(
    private readonly table: RawVariantTable,
    private readonly sources: SnapshotSources,
  ) {}

  /** Unknown ids are not cached (a growing lookup may know them later); this clears the report. */
  forgetUnknown(): void {
    this.unknownItems.clear();
    this.unknownPets.clear();
  }

  /** A raw variant of an excluded item: left out on purpose, not unknown. */
  excluded(raw: number): boolean {
    return (
      this.table.petSpecies(raw) <= 0 && (this.sources.excludedItems?.has(this.table.itemId(raw)) ?? false)
    );
  }

  resolve(raw: number): Resolved | undefined {
    const hit = this.cache[raw];
    if (hit) return hit;
    const t = this.table;
    const itemId = t.itemId(raw);
    const species = t.petSpecies(raw);
    let resolved: Resolved;
    if (species > 0) {
      const pet = lookup(this.sources.pets, species);
      if (!pet) {
        this.unknownPets.add(species);
        return undefined;
      }
      const level = t.petLevel(raw);
      const q = t.petQuality(raw);
      const key = petItemKey(species, level, q);
      const id = `pet_${species}`;
      const quality = qualityLabel(q);
      resolved = {
        key,
        isPet: true,
        baseId: species,
        meta: {
          uniqueItemKey: key,
          id,
          itemId,
          realPetId: species,
          npcId: pet.npcId,
          name: pet.name,
          class: 'Pet',
          subclass: pet.familyName ?? 'Battle Pet',
          bonus: EMPTY,
          mediaURL: pet.mediaURL,
          quality,
          qualityId: q,
          itemLevel: level,
          patchNumber: pet.expansion,
          crafted: false,
          sockets: EMPTY,
          tertiaryStats: EMPTY,
          groupKey: dropshipGroupKey(id, quality, level),
        },
      };
    } else {
      if (this.sources.excludedItems?.has(itemId)) return undefined;
      const item = lookup(this.sources.items, itemId);
      if (!item) {
        this.unknownItems.add(itemId);
        return undefined;
      }
      // Resolutions stay cached for the builder's life: empty lists share one frozen array.
      const bonus = frozen(t.bonusIds(raw));
      const v = resolveVariant(item, bonus, t.dropLevel(raw), this.sources.bonusData);
      const sockets = frozen(v.sockets);
      const tertiaryStats = frozen(v.tertiaryStats);
      const key = uniqueItemKey(itemId, v);
      const quality = qualityLabel(v.quality);
      const cls = appClassification(item.className, item.subclassName);
      resolved = {
        key,
        isPet: false,
        baseId: itemId,
        meta: {
          uniqueItemKey: key,
          id: itemId,
          itemId,
          realPetId: null,
          npcId: null,
          name: item.name,
          class: cls.class,
          subclass: cls.subclass,
          bonus,
          mediaURL: item.mediaURL,
          quality,
          qualityId: v.quality,
          itemLevel: v.itemLevel,
          patchNumber: item.expansion,
          crafted: item.crafted,
          sockets,
          tertiaryStats,
          groupKey: dropshipGroupKey(itemId, quality, v.itemLevel),
        },
      };
    }
    this.cache[raw] = resolved;
    return resolved;
  }
}

/** Variant order: items before pets, then base id, quality, item level, key. */
function compareResolved(a: Resolved, b: Resolved): number {
  if (a.isPet !== b.isPet) return a.isPet ? 1 : -1;
  if (a.baseId !== b.baseId) return a.baseId - b.baseId;
  if (a.meta.qualityId !== b.meta.qualityId) return a.meta.qualityId - b.meta.qualityId;
  if (a.meta.itemLevel !== b.meta.itemLevel) return a.meta.itemLevel - b.meta.itemLevel;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

class Snapshot implements MarketSnapshot {
  readonly realmCount: number;
  readonly variantCount: number;
  readonly region: string;
  readonly lastModified: number;
  readonly realms: readonly RealmInfo[];
  readonly realmIds: Int32Array;
  readonly realmAuctions: Float64Array;
  readonly realmHasData: Uint8Array;
  readonly variants: readonly SnapshotVariant[];
  readonly saleRate: Float64Array;
  readonly avgSale: Float64Array;
  readonly groupOf: Int32Array;
  readonly groupCount: number;
  readonly offsets: Uint32Array;
  readonly entryRealm: Uint16Array;
  readonly entryPrice: Float64Array;
  readonly entryQuantity: Float64Array;
  readonly entryAge: Uint16Array;
  readonly entryNearListings: Uint16Array;
  readonly entryNearQuantity: Uint32Array;
  readonly entryLowestQuantity: Uint32Array;
  readonly entrySales: Uint16Array;
  readonly entryMedian: Float64Array;
  readonly entryLowQuartile: Float64Array;
  readonly realmModified: Float64Array;
  readonly realmHoursObserved: Uint16Array;
  readonly rawOffsets: Uint32Array;
  readonly rawIds: Int32Array;
  readonly unknownItemIds: readonly number[];
  readonly unknownPetSpecies: readonly number[];
  private readonly realmIndex = new Map<number, number>();
  private readonly variantIndex = new Map<string, number>();

  constructor(p: SnapshotParts) {
    this.region = p.region;
    this.lastModified = p.lastModified;
    this.realms = p.realms;
    this.realmIds = p.realmIds;
    this.realmAuctions = p.realmAuctions;
    this.realmHasData = p.realmHasData;
    this.variants = p.variants;
    this.saleRate = p.saleRate;
    this.avgSale = p.avgSale;
    this.groupOf = p.groupOf;
    this.groupCount = p.groupCount;
    this.offsets = p.offsets;
    this.entryRealm = p.entryRealm;
    this.entryPrice = p.entryPrice;
    this.entryQuantity = p.entryQuantity;
    this.entryAge = p.entryAge;
    this.entryNearListings = p.entryNearListings;
    this.entryNearQuantity = p.entryNearQuantity;
    this.entryLowestQuantity = p.entryLowestQuantity;
    this.entrySales = p.entrySales;
    this.entryMedian = p.entryMedian;
    this.entryLowQuartile = p.entryLowQuartile;
    this.realmModified = p.realmModified;
    this.realmHoursObserved = p.realmHoursObserved;
    this.rawOffsets = p.rawOffsets;
    this.rawIds = p.rawIds;
    this.unknownItemIds = p.unknownItemIds;
    this.unknownPetSpecies = p.unknownPetSpecies;
    this.realmCount = p.realms.length;
    this.variantCount = p.variants.length;
    p.realms.forEach((r, i) => this.realmIndex.set(r.id, i));
    p.variants.forEach((v, i) => this.variantIndex.set(v.uniqueItemKey, i));
  }

  realmIndexOf(connectedRealmId: number): number {
    return this.realmIndex.get(connectedRealmId) ?? -1;
  }

  variantIndexOf(key: string): number {
    return this.variantIndex.get(key) ?? -1;
  }
}

function tsmIndex(rows: readonly TsmRow[] | undefined): {
  items: Map<number, TsmRow>;
  pets: Map<number, TsmRow>;
} {
  const items = new Map<number, TsmRow>();
  const pets = new Map<number, TsmRow>();
  for (const row of rows ?? []) {
    if (typeof row.petSpeciesId === 'number' && row.petSpeciesId > 0) pets.set(row.petSpeciesId, row);
    else if (typeof row.itemId === 'number') items.set(row.itemId, row);
  }
  return { items, pets };
}

/**
 * One object literal for every variant, so all share one hidden class: searches read these
 * fields for every row, and objects made by spreading end up with many shapes (slow reads).
 */
export function variantOf(
  m: Omit<SnapshotVariant, 'saleRate' | 'avgSale' | 'marketValue' | 'historical'>,
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
    saleRate,
    avgSale,
    marketValue,
    historical,
    groupKey: m.groupKey,
  });
}

const MAX_REALMS = 1 << 15;

function build(input: BuildSnapshotInput, resolver: Resolver): MarketSnapshot {
  const realms = [...input.realms].sort((a, b) => a.id - b.id);
  const R = realms.length;
  if (R >= MAX_REALMS) throw new Error(`too many realms (${R})`);
  const realmIndex = new Map<number, number>();
  realms.forEach((r, i) => realmIndex.set(r.id, i));
  const realmAuctions = new Float64Array(R);
  const realmHasData = new Uint8Array(R);

  // Latest listing per realm, in realm order.
  const listingOf: (RealmListing | undefined)[] = new Array<RealmListing | undefined>(R);
  for (const l of input.listings) {
    const r = realmIndex.get(l.connectedRealmId);
    if (r !== undefined) listingOf[r] = l;
  }

  // Pass 1: intern variants (raw variants with one key merge) and count the realms listing each.
  // Entries go straight into their final columns in pass 2, so the build holds no copy of them.
  const keyIndex = new Map<string, number>();
  const found: Resolved[] = [];
  const rawToVariant = new Int32Array(input.table.count).fill(-2);
  let realmsListing = new Int32Array(1 << 14);
  let lastRealm = new Int32Array(1 << 14).fill(-1);
  const variantOfRaw = (raw: number): number => {
    let v = raw < rawToVariant.length ? (rawToVariant[raw] as number) : -2;
    if (v !== -2) return v;
    const res = resolver.resolve(raw);
    if (!res) v = -1;
    else {
      const known = keyIndex.get(res.key);
      if (known !== undefined) v = known;
      else {
        v = found.length;
        found.push(res);
        keyIndex.set(res.key, v);
        if (v >= lastRealm.length) {
          const nl = new Int32Array(lastRealm.length * 2).fill(-1);
          nl.set(lastRealm);
          lastRealm = nl;
          const nc = new Int32Array(realmsListing.length * 2);
          nc.set(realmsListing);
          realmsListing = nc;
        }
      }
    }
    if (raw < rawToVariant.length) rawToVariant[raw] = v;
    return v;
  };
  for (let r = 0; r < R; r++) {
    const l = listingOf[r];
    if (!l) continue;
    realmAuctions[r] = l.auctionCount;
    realmHasData[r] = 1;
    for (let j = 0; j < l.size; j++) {
      const v = variantOfRaw(l.rawIds[j] as number);
      if (v < 0 || lastRealm[v] === r) continue;
      lastRealm[v] = r;
      realmsListing[v] = (realmsListing[v] as number) + 1;
    }
  }

  // Pass 2: order variants and lay entries out per variant (CSR), then sort each variant's
  // entries by (price, realm index). Until sorted, entryPrice holds the composite sort key
  // price * M + realm index (exact: prices stay far below 2^53 / M).
  const V = found.length;
  const order = Array.from({ length: V }, (_, i) => i);
  order.sort((a, b) => compareResolved(found[a] as Resolved, found[b] as Resolved));
  const rank = new Int32Array(V);
  order.forEach((old, i) => (rank[old] = i));
  const offsets = new Uint32Array(V + 1);
  for (let v = 0; v < V; v++) offsets[(rank[v] as number) + 1] = realmsListing[v] as number;
  for (let v = 0; v < V; v++) offsets[v + 1] = (offsets[v + 1] as number) + (offsets[v] as number);
  const en = offsets[V] as number;
  const fill = offsets.slice(0, V);
  let M = 1;
  while (M < R) M *= 2;
  // WoW caps a posting at 9,999,999g; anything beyond the exact range is clamped.
  const maxPrice = Math.floor(Number.MAX_SAFE_INTEGER / M) - 1;
  const entryRealm = new Uint16Array(en);
  const entryPrice = new Float64Array(en);
  const entryQuantity = new Float64Array(en);
  const lastPos = new Int32Array(V);
  const trust = new EntryTrustBuilder(input.evidence ? en : 0, input.evidence ? R : 0);
  lastRealm.fill(-1);
  for (let r = 0; r < R; r++) {
    const l = listingOf[r];
    if (!l) continue;
    const ev = input.evidence?.get(l.connectedRealmId);
    for (let j = 0; j < l.size; j++) {
      const v = variantOfRaw(l.rawIds[j] as number);
      if (v < 0) continue;
      const composite = Math.min(l.minUnitPrice[j] as number, maxPrice) * M + r;
      const qty = l.quantity[j] as number;
      if (lastRealm[v] === r) {
        const p = lastPos[v] as number;
        const lower = composite < (entryPrice[p] as number);
        if (lower) entryPrice[p] = composite;
        entryQuantity[p] = (entryQuantity[p] as number) + qty;
        trust.take(p, ev, j, false, lower);
        continue;
      }
      const nv = rank[v] as number;
      const p = fill[nv] as number;
      fill[nv] = p + 1;
      lastRealm[v] = r;
      lastPos[v] = p;
      entryPrice[p] = composite;
      entryQuantity[p] = qty;
      trust.take(p, ev, j, true, true);
    }
  }
  const qtyByRealm = new Float64Array(R);
  const withTrust = input.evidence !== undefined;
  for (let v = 0; v < V; v++) {
    const start = offsets[v] as number;
    const end = offsets[v + 1] as number;
    for (let k = start; k < end; k++) {
      const r = (entryPrice[k] as number) % M;
      qtyByRealm[r] = entryQuantity[k] as number;
      if (withTrust) trust.stash(k, r);
    }
    entryPrice.subarray(start, end).sort();
    for (let k = start; k < end; k++) {
      const c = entryPrice[k] as number;
      const r = c % M;
      entryRealm[k] = r;
      entryPrice[k] = (c - r) / M;
      entryQuantity[k] = qtyByRealm[r] as number;
      if (withTrust) trust.unstash(k, r);
    }
  }

  // Per-variant metadata, TSM figures and dropship groups.
  const tsm = tsmIndex(input.tsm);
  const variants: SnapshotVariant[] = new Array<SnapshotVariant>(V);
  const saleRate = new Float64Array(V);
  const avgSale = new Float64Array(V);
  const groupOf = new Int32Array(V);
  let groupCount = 0;
  let prevGroupKey: string | undefined;
  for (let v = 0; v < V; v++) {
    const res = found[order[v] as number] as Resolved;
    const row = res.isPet ? tsm.pets.get(res.baseId) : tsm.items.get(res.baseId);
    const rate = row ? (row.saleRate ?? row.salePct ?? 0) : 0;
    const avg = row ? Math.round(row.avgSalePrice) : 0;
    saleRate[v] = rate;
    avgSale[v] = avg;
    variants[v] = variantOf(
      res.meta,
      rate,
      toGold(avg),
      toGold(row ? Math.round(row.marketValue) : 0),
      toGold(row ? Math.round(row.historical) : 0),
    );
    if (res.meta.groupKey !== prevGroupKey) {
      groupCount++;
      prevGroupKey = res.meta.groupKey;
    }
    groupOf[v] = groupCount - 1;
  }

  const realmModified = Float64Array.from(realms, (r) => input.modified?.get(r.id) ?? 0);
  const realmHoursObserved = Uint16Array.from(realms, (r) => input.evidence?.get(r.id)?.hoursObserved ?? 0);
  return new Snapshot({
    region: input.region,
    lastModified: input.lastModified ?? 0,
    realms,
    realmIds: Int32Array.from(realms, (r) => r.id),
    realmAuctions,
    realmHasData,
    variants,
    saleRate,
    avgSale,
    groupOf,
    groupCount,
    offsets,
    entryRealm,
    entryPrice,
    entryQuantity,
    ...(withTrust ? trust.columns : emptyEntryTrust(en)),
    realmModified,
    realmHoursObserved,
    ...rawsOfVariants(rawToVariant, rank, V),
    unknownItemIds: [...resolver.unknownItems].sort((a, b) => a - b),
    unknownPetSpecies: [...resolver.unknownPets].sort((a, b) => a - b),
  });
}

/** CSR of the raw variants behind each variant (rawToVariant: -1/-2 for none, else a pre-rank index). */
function rawsOfVariants(
  rawToVariant: Int32Array,
  rank: Int32Array,
  V: number,
): { rawOffsets: Uint32Array; rawIds: Int32Array } {
  const rawOffsets = new Uint32Array(V + 1);
  for (const v of rawToVariant)
    if (v >= 0) {
      const at = (rank[v] as number) + 1;
      rawOffsets[at] = (rawOffsets[at] as number) + 1;
    }
  for (let v = 0; v < V; v++) rawOffsets[v + 1] = (rawOffsets[v + 1] as number) + (rawOffsets[v] as number);
  const rawIds = new Int32Array(rawOffsets[V] as number);
  const fill = rawOffsets.slice(0, V);
  rawToVariant.forEach((v, raw) => {
    if (v < 0) return;
    const at = rank[v] as number;
    rawIds[fill[at] as number] = raw;
    fill[at] = (fill[at] as number) + 1;
  });
  return { rawOffsets, rawIds };
}

/** A snapshot's own data, without the derived counts and lookups. */
export type SnapshotParts = Omit<
  MarketSnapshot,
  'realmCount' | 'variantCount' | 'realmIndexOf' | 'variantIndexOf'
>;

/** A snapshot from parts that were taken from one before (the snapshot codec). */
export function restoreSnapshot(p: SnapshotParts): MarketSnapshot {
  return new Snapshot(p);
}

/** Builds a snapshot from realm listings in one call. */
export function buildSnapshot(input: BuildSnapshotInput): MarketSnapshot {
  return build(input, new Resolver(input.table, input));
}

export interface SnapshotBuilderOptions extends SnapshotSources {
  region: string;
  realms: readonly RealmInfo[];
  /**
   * Keep evidence from consecutive dumps of each realm (issue 13): ingest then needs each dump's
   * time (lastModified), and the snapshot's evidence columns are filled.
   */
  evidence?: boolean;
}

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
  /** Per realm: the evidence of its current listing's rows. */
  private readonly rowEvidence = new Map<number, ListingEvidence>();
  private resolver: Resolver;
  private realms: readonly RealmInfo[];
  private tsm: readonly TsmRow[] = [];

  constructor(private readonly options: SnapshotBuilderOptions) {
    this.realms = options.realms;
    this.resolver = new Resolver(this.table, options);
  }

  /** Ingests one realm's dump; on IngestError the previous listing of the realm stays. */
  ingest(connectedRealmId: number, dump: Uint8Array | string, lastModified?: number): RealmListing {
    const withEvidence = this.options.evidence === true;
    const ingested = ingestRealmDump(dump, { connectedRealmId, table: this.table, auctions: withEvidence });
    const { auctions, ...listing } = ingested;
    this.listings.set(connectedRealmId, listing);
    if (lastModified !== undefined) this.modified.set(connectedRealmId, lastModified);
    if (withEvidence && auctions) this.observe(listing, auctions, lastModified ?? Date.now());
    return listing;
  }

  /** Follows the realm's auctions from its previous dump (the evidence keeps the columns for the next). */
  private observe(listing: RealmListing, auctions: RealmAuctions, hourMs: number): void {
    const id = listing.connectedRealmId;
    let evidence = this.evidenceOf.get(id);
    if (!evidence) this.evidenceOf.set(id, (evidence = new RealmEvidence()));
    // A dump not newer than the last one observed (re-fetched) keeps the evidence it gave.
    if (!evidence.observe(hourMs, auctions, sameRaw) && this.rowEvidence.has(id)) return;
    this.rowEvidence.set(id, listingEvidence(evidence, listing.rawIds, listing.size, hourMs, sameRaw));
  }

  /** The evidence of a realm (undefined before its first dump, or without the evidence option). */
  realmEvidence(connectedRealmId: number): RealmEvidence | undefined {
    return this.evidenceOf.get(connectedRealmId);
  }

  /**
   * Evidence from elsewhere: restored from storage before the realm's first dump of this process, or
   * replayed from past dumps up to the realm's current one (its rows' evidence is then taken afresh).
   */
  restoreEvidence(connectedRealmId: number, evidence: RealmEvidence): void {
    this.evidenceOf.set(connectedRealmId, evidence);
    const listing = this.listings.get(connectedRealmId);
    const at = evidence.lastHourMs;
    if (listing && at !== null) {
      this.rowEvidence.set(
        connectedRealmId,
        listingEvidence(evidence, listing.rawIds, listing.size, at, sameRaw),
      );
    }
  }

  /** Realms with evidence, by connected realm id. */
  evidenceRealms(): ReadonlyMap<number, RealmEvidence> {
    return this.evidenceOf;
  }

  listing(connectedRealmId: number): RealmListing | undefined {
    return this.listings.get(connectedRealmId);
  }

  setTsm(rows: readonly TsmRow[]): void {
    this.tsm = rows;
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

  build(): MarketSnapshot {
    // Lookups may have learnt ids since the last build: unknowns are counted afresh.
    this.resolver.forgetUnknown();
    let lastModified = 0;
    for (const t of this.modified.values()) lastModified = Math.max(lastModified, t);
    return build(
      {
        ...this.options,
        region: this.options.region,
        realms: this.realms,
        listings: [...this.listings.values()],
        table: this.table,
        tsm: this.tsm,
        lastModified,
        modified: this.modified,
        evidence: this.options.evidence === true ? this.rowEvidence : undefined,
      },
      this.resolver,
    );
  }
}
