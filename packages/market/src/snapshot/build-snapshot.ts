// Lays realm listings out as a snapshot's columns in two passes: intern the variants and count the realms
// listing each, then write every (variant, realm) entry straight into its CSR slot and sort each variant's
// entries by price once. Per-variant metadata, TSM figures and dropship groups follow the variant order.
import { fillEntryItemFloors } from './entry-item-floors';
import { EntryTrustBuilder, emptyEntryTrust } from './entry-trust';
import type { ListingEvidence, PastDayReader, WindowDay } from '../evidence';
import type { RealmListing, RawVariantTable } from '../ingest';
import type { MarketSnapshot, SnapshotVariant } from './market-snapshot';
import { Snapshot, variantOf } from './market-snapshot';
import { toGold } from '../money';
import type { RealmInfo, TsmRow } from '../types';
import type { Resolved, SnapshotSources } from './variant-resolver';
import { compareResolved, Resolver } from './variant-resolver';
import { grown } from '../grown';

export interface BuildSnapshotInput extends SnapshotSources {
  region: string;
  realms: readonly RealmInfo[];
  listings: readonly RealmListing[];
  /** The raw variant table the listings were ingested with. */
  table: RawVariantTable;
  tsm?: readonly TsmRow[];
  lastModified?: number;
  /** The evidence of each realm's listing rows, asked for once per realm while the entries are laid out. */
  evidence?: RowEvidenceSource;
  modified?: ReadonlyMap<number, number>;
  /** Connected realm ids their region's last batch left behind (their deals are stale). */
  late?: ReadonlySet<number>;
}

export interface RowEvidenceSource {
  /** The evidence of the rows of the realm's listing (RealmListing order); undefined without any. */
  rows(connectedRealmId: number): ListingEvidence | undefined;
  /** Hourly snapshots of the realm in the 14-day evidence window. */
  hoursObserved(connectedRealmId: number): number;
  /** The realm's days in the 14-day window, keyed by raw variant id (the item floors). */
  days(connectedRealmId: number): readonly WindowDay[];
  /** What the days are read with: the working memory of the source's owner. */
  readonly pastDays: PastDayReader;
}

/** Builds a snapshot from realm listings in one call. */
export function buildSnapshot(input: BuildSnapshotInput): MarketSnapshot {
  return buildSnapshotWith(input, new Resolver(input.table, input));
}

const MAX_REALMS = 1 << 15;

/** Builds with a given resolver, so a SnapshotBuilder keeps its resolutions from one build to the next. */
export function buildSnapshotWith(input: BuildSnapshotInput, resolver: Resolver): MarketSnapshot {
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
          const had = lastRealm.length;
          lastRealm = grown(lastRealm, had * 2).fill(-1, had);
          realmsListing = grown(realmsListing, realmsListing.length * 2);
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
  let unknownLevelAuctions = 0;
  lastRealm.fill(-1);
  for (let r = 0; r < R; r++) {
    const l = listingOf[r];
    if (!l) continue;
    const ev = input.evidence?.rows(l.connectedRealmId);
    for (let j = 0; j < l.size; j++) {
      const v = variantOfRaw(l.rawIds[j] as number);
      if (v < 0) continue;
      const composite = Math.min(l.minUnitPrice[j] as number, maxPrice) * M + r;
      const qty = l.quantity[j] as number;
      if (!(found[v] as Resolved).isPet && (found[v] as Resolved).meta.itemLevel === null)
        unknownLevelAuctions += qty;
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

  if (input.evidence) {
    const evidence = input.evidence;
    const variantOfRaw = new Int32Array(rawToVariant.length);
    for (let raw = 0; raw < variantOfRaw.length; raw++) {
      const v = rawToVariant[raw] as number;
      variantOfRaw[raw] = v >= 0 ? (rank[v] as number) : -1;
    }
    // Pets' species and items' ids never meet: a pet's item key is below zero.
    const itemKey = (v: number) => {
      const res = found[order[v] as number] as Resolved;
      return res.isPet ? -1 - res.baseId : res.baseId;
    };
    const realmIds = Int32Array.from(realms, (r) => r.id);
    const days = (id: number) => evidence.days(id);
    const floors = {
      listingOf,
      realmIds,
      offsets,
      entryPrice,
      entryRealm,
      variantOfRaw,
      itemKey,
      maxPrice,
      days,
      pastDays: evidence.pastDays,
      lowQuartile: trust.columns.entryLowQuartile,
      features: (v: number) => {
        const res = found[order[v] as number] as Resolved;
        return {
          isPet: res.isPet,
          itemLevel: res.meta.itemLevel ?? Number.NaN,
          qualityId: res.meta.qualityId,
          sockets: res.meta.sockets.length,
          tertiaryStats: res.meta.tertiaryStats,
        };
      },
    };
    fillEntryItemFloors(floors, trust.columns.entryItemFloor);
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
  const realmLate = Uint8Array.from(realms, (r) => (input.late?.has(r.id) ? 1 : 0));
  const realmHoursObserved = Uint16Array.from(realms, (r) => input.evidence?.hoursObserved(r.id) ?? 0);
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
    realmLate,
    realmHoursObserved,
    ...rawsOfVariants(rawToVariant, rank, V),
    unknownItemIds: [...resolver.unknownItems].sort((a, b) => a - b),
    unknownPetSpecies: [...resolver.unknownPets].sort((a, b) => a - b),
    unknownLevelAuctions,
    unknownBonusIds: [...resolver.unknownBonusIds].sort((a, b) => a - b),
  });
}

/** TSM rows by item id and by pet species (a variant's figures are its base item's or species'). */
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
