// Trade item and dropship group of SPEC §3. Prices on the wire are gold (copper stays inside packages/market).
import type { ConfidenceLevel, DealEvidence, DealFlag } from './deal-evidence';

/** What our own hourly snapshots show about a deal, on the wire (median in gold, times unix seconds). */
export type TradeEvidence = DealEvidence;

export interface TradeItem {
  uniqueTradeKey: string;
  uniqueItemKey: string;
  /** Item id, or for battle pets a string starting with "pet" ("pet_1234"). */
  id: number | string;
  /** Pet species id for pets (used in the TSM string), null for other items. */
  realPetId: number | null;
  /** Creature (npc) id of a battle pet, for game-database links; null for other items. */
  npcId: number | null;
  name: string;
  class: string;
  subclass: string;
  /** Bonus ids of the auctioned variant (joined with ':' in game-database links). */
  bonus: number[];
  mediaURL: string;
  /** Lower-case quality label, e.g. 'epic'. */
  quality: string;
  /**
   * null: unknown. The loaded bonus data does not know one of the auction's bonus ids or curves (a patch
   * newer than the data), so no level can be worked out and none may be guessed.
   */
  itemLevel: number | null;
  /** Expansion number (1 Classic ... 11 TWW). */
  patchNumber: number;
  crafted: boolean;
  sockets: number[];
  tertiaryStats: string[];
  /**
   * The secondary stats a crafter chose for a crafted piece (auction modifiers 29 and 30, CRAFTED_STAT_NAMES),
   * as display names in modifier order, e.g. ["Haste", "Mastery"]; empty for everything else.
   */
  craftedStats: string[];
  saleRate: number;
  avgSale: number;
  marketValue: number;
  historical: number;
  buyBuyout: number;
  sellBuyout: number;
  sellAHCut: number;
  sellVsBuy: number;
  saleAvgVsBuy: number;
  buyingConnectedRealmId: number;
  buyingConnectedRealmName: string;
  buyingConnectedRealmPopulation: string;
  sellingConnectedRealmId: number;
  sellingConnectedRealmName: string;
  sellingConnectedRealmPopulation: string;
  /**
   * Gold: the expected profit (expected-profit.ts): the chance the buy listing is still there times what
   * the sale is expected to bring within 48 hours after the 5% cut, less the buy price. Shown as
   * "Expected Profit".
   */
  realisticProfit: number;
  /** That the item sells on the sell realm within 48 hours at the listed price or below, 0..1 in hundredths. */
  saleChance: number;
  /** How sure the expected profit is (deal-confidence.ts). */
  confidence: ConfidenceLevel;
  /** What the evidence says about the deal, mildest first (DEAL_FLAGS order). */
  flags: DealFlag[];
  evidence: TradeEvidence;
}

/** The fields of a trade item that its variant fixes (every row of the variant shares them), in TradeItem order. */
export const TRADE_ITEM_VARIANT_FIELDS = [
  'uniqueItemKey',
  'id',
  'realPetId',
  'npcId',
  'name',
  'class',
  'subclass',
  'bonus',
  'mediaURL',
  'quality',
  'itemLevel',
  'patchNumber',
  'crafted',
  'sockets',
  'tertiaryStats',
  'craftedStats',
  'saleRate',
  'avgSale',
  'marketValue',
  'historical',
] as const satisfies readonly (keyof TradeItem)[];
export type TradeItemVariantField = (typeof TRADE_ITEM_VARIANT_FIELDS)[number];

export interface DropshipGroup {
  key: string;
  /** The best variant, shown on the group row. */
  mainItem: TradeItem;
  /** Sorted by sellVsBuy, highest first. */
  variants: TradeItem[];
  /** sellVsBuy of the top variant. */
  bestProfit: number;
  totalCount: number;
}

export function isPet(item: Pick<TradeItem, 'id'>): boolean {
  return typeof item.id === 'string' && item.id.startsWith('pet');
}

/**
 * Dropship rows group by item id, quality and item level (SPEC §2). An unknown item level groups as
 * `unknown`: such variants may be of any level, but they are told apart from every known one.
 */
export function dropshipGroupKey(item: Pick<TradeItem, 'id' | 'quality' | 'itemLevel'>): string {
  return `${item.id}|${item.quality}|${item.itemLevel ?? 'unknown'}`;
}

/** Groups keep the order in which their first item appears; variants are sorted by profit. */
export function groupDropship(items: readonly TradeItem[]): DropshipGroup[] {
  const byKey = new Map<string, TradeItem[]>();
  for (const item of items) {
    const key = dropshipGroupKey(item);
    const list = byKey.get(key);
    if (list) list.push(item);
    else byKey.set(key, [item]);
  }
  const groups: DropshipGroup[] = [];
  for (const [key, list] of byKey) {
    const variants = [...list].sort((a, b) => b.sellVsBuy - a.sellVsBuy);
    const best = variants[0];
    if (!best) continue;
    groups.push({ key, mainItem: best, variants, bestProfit: best.sellVsBuy, totalCount: variants.length });
  }
  return groups;
}
