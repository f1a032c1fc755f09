// Test oracle, the market: dumps reduced to variants with their lowest price and quantity per realm,
// written the obvious way (JSON.parse, plain objects, nested loops, no typed arrays, no early exits).
// Property tests compare the engine against it, through the deals (reference-deals.ts) and the realm
// statistics (reference-realm-stats.ts) computed from it.
import { craftedStatName } from '@goldroute/domain';
import { toGold } from '../money';
import { appClassification } from '../snapshot';
import type { BonusData, ItemInfo, PetInfo, RealmInfo, TradeItem, TsmRow } from '../types';
import { petItemKey, qualityLabel, resolveVariant, uniqueItemKey } from '../variants';

export interface RefVariant {
  key: string;
  isPet: boolean;
  baseId: number;
  qualityId: number;
  itemLevel: number | null;
  row: Omit<
    TradeItem,
    | 'uniqueTradeKey'
    | 'buyBuyout'
    | 'sellBuyout'
    | 'sellAHCut'
    | 'sellVsBuy'
    | 'saleAvgVsBuy'
    | 'buyingConnectedRealmId'
    | 'buyingConnectedRealmName'
    | 'buyingConnectedRealmPopulation'
    | 'sellingConnectedRealmId'
    | 'sellingConnectedRealmName'
    | 'sellingConnectedRealmPopulation'
    | 'realisticProfit'
    | 'saleChance'
    | 'confidence'
    | 'flags'
    | 'evidence'
  >;
  avgSaleCopper: number;
  saleRate: number;
  /** realm id -> lowest unit price (copper) and quantity. */
  prices: Map<number, { min: number; qty: number }>;
}

export interface RefMarket {
  realms: RealmInfo[];
  /** Variants in the engine's order. */
  variants: RefVariant[];
  auctions: Map<number, number>;
}

interface AnyAuction {
  item?: {
    id?: unknown;
    bonus_lists?: unknown;
    modifiers?: unknown;
    pet_species_id?: unknown;
    pet_level?: unknown;
    pet_quality_id?: unknown;
  };
  buyout?: unknown;
  unit_price?: unknown;
  quantity?: unknown;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

export interface RefDump {
  realmId: number;
  json: string;
}

/** A row's TSM figures (zero without a TSM row), money in gold. */
function tsmFigures(
  row: TsmRow | undefined,
): Pick<TradeItem, 'saleRate' | 'avgSale' | 'marketValue' | 'historical'> {
  return {
    saleRate: row ? (row.saleRate ?? row.salePct ?? 0) : 0,
    avgSale: toGold(row ? Math.round(row.avgSalePrice) : 0),
    marketValue: toGold(row ? Math.round(row.marketValue) : 0),
    historical: toGold(row ? Math.round(row.historical) : 0),
  };
}

/** Reduces dumps (parsed with JSON.parse) to variants with per-realm lowest price and quantity. */
export function referenceMarket(
  dumps: readonly RefDump[],
  realms: readonly RealmInfo[],
  items: ReadonlyMap<number, ItemInfo>,
  pets: ReadonlyMap<number, PetInfo>,
  bonusData: BonusData,
  tsm: readonly TsmRow[],
): RefMarket {
  const sortedRealms = [...realms].sort((a, b) => a.id - b.id);
  const known = new Set(sortedRealms.map((r) => r.id));
  const byKey = new Map<string, RefVariant>();
  const auctions = new Map<number, number>();
  const latest = new Map<number, string>();
  for (const d of dumps) latest.set(d.realmId, d.json);
  for (const realm of sortedRealms) {
    const json = latest.get(realm.id);
    if (json === undefined || !known.has(realm.id)) continue;
    const doc = JSON.parse(json) as { auctions: AnyAuction[] };
    auctions.set(realm.id, doc.auctions.length);
    for (const a of doc.auctions) {
      const itemId = num(a.item?.id);
      if (itemId === undefined || itemId < 0) continue;
      const quantity = a.quantity === undefined ? 1 : num(a.quantity);
      if (quantity === undefined || !(quantity > 0)) continue;
      const buyout = num(a.buyout);
      const unit = num(a.unit_price);
      let price: number;
      if (buyout !== undefined && buyout >= 0) price = Math.max(1, Math.round(buyout / quantity));
      else if (unit !== undefined && unit >= 0) price = Math.max(1, Math.round(unit));
      else continue;
      const species = num(a.item?.pet_species_id) ?? 0;
      let v: RefVariant | undefined;
      if (species > 0) {
        const pet = pets.get(species);
        if (!pet) continue;
        const level = (num(a.item?.pet_level) ?? 0) > 0 ? (num(a.item?.pet_level) as number) : 1;
        const q = (num(a.item?.pet_quality_id) ?? 0) > 0 ? (num(a.item?.pet_quality_id) as number) : 1;
        const key = petItemKey(species, level, q);
        v = byKey.get(key);
        if (!v) {
          const id = `pet_${species}`;
          const row = tsm.find((t) => t.petSpeciesId === species);
          v = {
            key,
            isPet: true,
            baseId: species,
            qualityId: q,
            itemLevel: level,
            avgSaleCopper: row ? Math.round(row.avgSalePrice) : 0,
            saleRate: row ? (row.saleRate ?? row.salePct ?? 0) : 0,
            row: {
              uniqueItemKey: key,
              id,
              realPetId: species,
              npcId: pet.npcId,
              name: pet.name,
              class: 'Pet',
              subclass: pet.familyName ?? 'Battle Pet',
              bonus: [],
              mediaURL: pet.mediaURL,
              quality: qualityLabel(q),
              itemLevel: level,
              patchNumber: pet.expansion,
              crafted: false,
              sockets: [],
              tertiaryStats: [],
              craftedStats: [],
              ...tsmFigures(row),
            },
            prices: new Map(),
          };
          byKey.set(key, v);
        }
      } else {
        const item = items.get(itemId);
        if (!item) continue;
        const bonus = Array.isArray(a.item?.bonus_lists)
          ? (a.item.bonus_lists as unknown[]).filter((b): b is number => typeof b === 'number')
          : [];
        const modifiers: { type: number; value: number }[] = [];
        if (Array.isArray(a.item?.modifiers)) {
          for (const m of a.item.modifiers as { type?: unknown; value?: unknown }[]) {
            if (typeof m.type === 'number' && typeof m.value === 'number' && m.value >= 0)
              modifiers.push({ type: m.type, value: m.value });
          }
        }
        const r = resolveVariant(item, bonus, modifiers, bonusData);
        const key = uniqueItemKey(itemId, r);
        v = byKey.get(key);
        if (!v) {
          const row = tsm.find(
            (t) => t.itemId === itemId && !(typeof t.petSpeciesId === 'number' && t.petSpeciesId > 0),
          );
          const cls = appClassification(item.className, item.subclassName);
          v = {
            key,
            isPet: false,
            baseId: itemId,
            qualityId: r.quality,
            itemLevel: r.itemLevel,
            avgSaleCopper: row ? Math.round(row.avgSalePrice) : 0,
            saleRate: row ? (row.saleRate ?? row.salePct ?? 0) : 0,
            row: {
              uniqueItemKey: key,
              id: itemId,
              realPetId: null,
              npcId: null,
              name: item.name,
              class: cls.class,
              subclass: cls.subclass,
              bonus: [...bonus].sort((x, y) => x - y),
              mediaURL: item.mediaURL,
              quality: qualityLabel(r.quality),
              itemLevel: r.itemLevel,
              patchNumber: item.expansion,
              crafted: item.crafted,
              sockets: r.sockets,
              tertiaryStats: r.tertiaryStats,
              craftedStats: r.craftedStats.map((id) => craftedStatName(id) ?? `Stat ${id}`),
              ...tsmFigures(row),
            },
            prices: new Map(),
          };
          byKey.set(key, v);
        }
      }
      const cur = v.prices.get(realm.id);
      if (!cur) v.prices.set(realm.id, { min: price, qty: quantity });
      else {
        cur.min = Math.min(cur.min, price);
        cur.qty += quantity;
      }
    }
  }
  const variants = [...byKey.values()].sort((a, b) => {
    if (a.isPet !== b.isPet) return a.isPet ? 1 : -1;
    if (a.baseId !== b.baseId) return a.baseId - b.baseId;
    if (a.qualityId !== b.qualityId) return a.qualityId - b.qualityId;
    const la = a.itemLevel ?? Infinity;
    const lb = b.itemLevel ?? Infinity;
    if (la !== lb) return la < lb ? -1 : 1;
    return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  });
  return { realms: sortedRealms, variants, auctions };
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function medianOf(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
