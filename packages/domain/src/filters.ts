// Filter state, defaults and ranges, and the SPEC §5 "Item filter rule".
import {
  CATEGORIES,
  EXPANSION_IDS,
  QUALITY_IDS,
  QUALITY_NONE,
  SPECIAL_SUBCLASS_CATEGORIES,
  isCategory,
  qualityFromLabel,
} from './enums';
import { CONFIG_MESSAGES, FILTER_LABELS } from './messages';
import { profitPercent } from './profit';
import { isPet } from './trade-item';
import type { TradeItem } from './trade-item';
import type { DealSort } from './tool-opening';
import { meetsConfidence } from './trust';
import { CONFIDENCE_LEVELS, type ConfidenceLevel } from './deal-evidence';

export interface FilterRange {
  min: number;
  max: number;
  step: number;
}

export const FILTER_RANGES = {
  sellRate: { min: 0.001, max: 0.5, step: 0.001 },
  saleAvg: { min: 500, max: 100000, step: 500 },
  goldProfitSaleAvg: { min: 1000, max: 250000, step: 1000 },
  goldProfit: { min: 1000, max: 250000, step: 1000 },
  goldProfitPercent: { min: 1, max: 10000000, step: 1 },
  maxGoldBuyout: { min: 0, max: 9999999, step: 100 },
  regionMarketValue: { min: 0, max: 10000000, step: 100 },
  regionHistorical: { min: 0, max: 10000000, step: 100 },
} as const satisfies Record<keyof typeof FILTER_LABELS, FilterRange>;
export type RangeKey = keyof typeof FILTER_RANGES;

/** Sale Avg tops out lower on the config and TSM screens (SPEC §5). */
export const SALE_AVG_MAX_CONFIG = 50000;

export type FilterScreen = 'tool' | 'config' | 'tsm';

export function filterRanges(screen: FilterScreen): Record<RangeKey, FilterRange> {
  if (screen === 'tool') return FILTER_RANGES;
  return { ...FILTER_RANGES, saleAvg: { ...FILTER_RANGES.saleAvg, max: SALE_AVG_MAX_CONFIG } };
}

export const CRAFTED_FILTERS = ['include', 'excluded', 'exclusive'] as const;
export type CraftedFilter = (typeof CRAFTED_FILTERS)[number];

/** Personal filter defaults as stored on the user (SPEC §3 Config). */
export interface Config {
  categories: string[];
  qualities: number[];
  expansions: number[];
  sellRate: number;
  saleAvg: number;
  goldProfit: number;
  goldProfitSaleAvg: number;
  /**
   * The activation checkbox of Gold Profit on Sale Avg (SPEC §5: the filter is off unless it is on). Absent
   * in configs saved before it existed, which read as off, the system default.
   */
  goldProfitSaleAvgEnabled?: boolean;
  goldProfitPercent: number;
  maxGoldBuyout: number;
  /** "Minimum confidence" (deal trust); absent in configs saved before it existed, which read as Any. */
  minConfidence?: ConfidenceLevel;
  /** "Hide dead listings" (deal trust); absent reads as off. */
  hideDeadListings?: boolean;
  /** What flipping and dropship open sorted by, descending; not a filter (toolOpeningOf reads it). */
  dealSort?: DealSort;
  /** Whether the Auctionator export starts with "High-confidence rows only" ticked; not a filter. */
  exportHighConfidenceOnly?: boolean;
}

export const CONFIG_NUMBER_KEYS = [
  'sellRate',
  'saleAvg',
  'goldProfit',
  'goldProfitSaleAvg',
  'goldProfitPercent',
  'maxGoldBuyout',
] as const satisfies readonly (keyof Config & RangeKey)[];

export interface Filters {
  categories: readonly string[];
  qualities: readonly number[];
  expansions: readonly number[];
  /** Buying realm filter; null means every realm of the user's list is selected. */
  buyingRealms: readonly number[] | null;
  /** Selling realm filter; null means every realm of the user's list is selected. */
  sellingRealms: readonly number[] | null;
  sellRate: number;
  saleAvg: number;
  goldProfit: number;
  goldProfitSaleAvg: number;
  /** Activation checkbox of "Gold Profit on Sale Avg" (the positive sale-avg-vs-buy toggle). */
  goldProfitSaleAvgEnabled: boolean;
  goldProfitPercent: number;
  maxGoldBuyout: number;
  /** TSM generator only; 0 lets everything through. */
  regionMarketValue: number;
  regionHistorical: number;
  crafted: CraftedFilter;
  /** Name search text. */
  name: string;
  /** Lowest confidence a deal may have; 'low' lets every deal through ("Any"). Flipping and dropship only. */
  minConfidence: ConfidenceLevel;
  /** Leave out deals flagged 'dead-listing'. Flipping and dropship only. */
  hideDeadListings: boolean;
}

export const SYSTEM_DEFAULT_FILTERS: Readonly<Filters> = Object.freeze({
  categories: [...CATEGORIES],
  qualities: [...QUALITY_IDS],
  expansions: [...EXPANSION_IDS],
  buyingRealms: null,
  sellingRealms: null,
  sellRate: 0.001,
  saleAvg: 500,
  goldProfit: 1000,
  goldProfitSaleAvg: 1000,
  goldProfitSaleAvgEnabled: false,
  goldProfitPercent: 1,
  maxGoldBuyout: 9999999,
  regionMarketValue: 0,
  regionHistorical: 0,
  crafted: 'include',
  name: '',
  minConfidence: 'low',
  hideDeadListings: false,
});

/** Applies saved defaults over a base; a missing config (null) leaves the base untouched. */
export function configToFilters(
  config: Partial<Config> | null | undefined,
  base: Readonly<Filters> = SYSTEM_DEFAULT_FILTERS,
): Filters {
  const filters: Filters = { ...base };
  if (!config) return filters;
  if (config.categories) filters.categories = config.categories.filter(isCategory);
  if (config.qualities) filters.qualities = [...config.qualities];
  if (config.expansions) filters.expansions = [...config.expansions];
  for (const key of CONFIG_NUMBER_KEYS) {
    const value = config[key];
    if (typeof value === 'number' && Number.isFinite(value)) filters[key] = value;
  }
  if (typeof config.goldProfitSaleAvgEnabled === 'boolean')
    filters.goldProfitSaleAvgEnabled = config.goldProfitSaleAvgEnabled;
  // A stored value from a newer or broken client must not make the tools hide everything.
  const level = config.minConfidence;
  if (level !== undefined && CONFIDENCE_LEVELS.includes(level)) filters.minConfidence = level;
  if (typeof config.hideDeadListings === 'boolean') filters.hideDeadListings = config.hideDeadListings;
  return filters;
}

export function filtersToConfig(
  filters: Readonly<Filters>,
): Config & Required<Pick<Config, 'goldProfitSaleAvgEnabled' | 'minConfidence' | 'hideDeadListings'>> {
  return {
    categories: [...filters.categories],
    qualities: [...filters.qualities],
    expansions: [...filters.expansions],
    sellRate: filters.sellRate,
    saleAvg: filters.saleAvg,
    goldProfit: filters.goldProfit,
    goldProfitSaleAvg: filters.goldProfitSaleAvg,
    goldProfitSaleAvgEnabled: filters.goldProfitSaleAvgEnabled,
    goldProfitPercent: filters.goldProfitPercent,
    maxGoldBuyout: filters.maxGoldBuyout,
    minConfidence: filters.minConfidence,
    hideDeadListings: filters.hideDeadListings,
  };
}

/**
 * Category = class, except the four special subclasses, which are categories of their own
 * whatever their class (so Miscellaneous only ever holds the remaining subclasses).
 */
export function categoryOf(item: Pick<TradeItem, 'class' | 'subclass'>): string {
  return (SPECIAL_SUBCLASS_CATEGORIES as readonly string[]).includes(item.subclass)
    ? item.subclass
    : item.class;
}

/** Unknown quality labels count as None (999), the spec's bucket for items without a quality. */
export function qualityIdOf(item: Pick<TradeItem, 'quality'>): number {
  return qualityFromLabel(item.quality) ?? QUALITY_NONE;
}

export function craftedPasses(crafted: boolean, filter: CraftedFilter): boolean {
  if (filter === 'excluded') return !crafted;
  if (filter === 'exclusive') return crafted;
  return true;
}

function realmSelected(realmId: number, selection: readonly number[] | null): boolean {
  return selection === null || selection.includes(realmId);
}

function nameMatches(name: string, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || name.toLowerCase().includes(needle);
}

// Checks shared by the flipping/dropship rule and the TSM generator.
function classificationPasses(item: TradeItem, filters: Readonly<Filters>): boolean {
  return (
    filters.categories.includes(categoryOf(item)) &&
    (isPet(item) || filters.expansions.includes(item.patchNumber)) &&
    filters.qualities.includes(qualityIdOf(item)) &&
    item.saleRate >= filters.sellRate &&
    item.avgSale >= filters.saleAvg &&
    nameMatches(item.name, filters.name)
  );
}

/**
 * The deal-trust filters: confidence at least the minimum, and no dead listing while those
 * are hidden. rows.ts passMask implements the same rule over typed columns.
 */
export function trustPasses(
  item: Pick<TradeItem, 'confidence' | 'flags'>,
  filters: Pick<Filters, 'minConfidence' | 'hideDeadListings'>,
): boolean {
  return (
    meetsConfidence(item.confidence, filters.minConfidence) &&
    !(filters.hideDeadListings && item.flags.includes('dead-listing'))
  );
}

/** SPEC §5 "Item filter rule" (an item passes when every condition holds), plus the deal-trust filters. */
export function itemPasses(item: TradeItem, filters: Readonly<Filters>): boolean {
  return (
    classificationPasses(item, filters) &&
    item.sellVsBuy >= filters.goldProfit &&
    profitPercent(item.sellVsBuy, item.buyBuyout) >= filters.goldProfitPercent &&
    item.buyBuyout <= filters.maxGoldBuyout &&
    realmSelected(item.buyingConnectedRealmId, filters.buyingRealms) &&
    realmSelected(item.sellingConnectedRealmId, filters.sellingRealms) &&
    craftedPasses(item.crafted, filters.crafted) &&
    (!filters.goldProfitSaleAvgEnabled || item.saleAvgVsBuy >= filters.goldProfitSaleAvg) &&
    trustPasses(item, filters)
  );
}

/** TSM generator rows have no buy/sell pair: classification plus its two region price floors. */
export function tsmItemPasses(item: TradeItem, filters: Readonly<Filters>): boolean {
  return (
    classificationPasses(item, filters) &&
    craftedPasses(item.crafted, filters.crafted) &&
    item.marketValue >= filters.regionMarketValue &&
    item.historical >= filters.regionHistorical
  );
}

function sameSet(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  const setA = new Set(a);
  const setB = new Set(b);
  return setA.size === setB.size && [...setA].every((value) => setB.has(value));
}

const NUMERIC_FILTER_KEYS = [
  'sellRate',
  'saleAvg',
  'goldProfit',
  'goldProfitPercent',
  'maxGoldBuyout',
  'regionMarketValue',
  'regionHistorical',
] as const satisfies readonly (keyof Filters)[];

/**
 * Badge count of the Filters button: panel filters that differ from the system defaults.
 * The name search has its own box and is not counted; "Gold Profit on Sale Avg" counts only
 * while its activation checkbox is on, because only then does it filter.
 */
export function countActiveFilters(
  filters: Readonly<Filters>,
  defaults: Readonly<Filters> = SYSTEM_DEFAULT_FILTERS,
): number {
  let count = 0;
  if (!sameSet(filters.categories, defaults.categories)) count++;
  if (!sameSet(filters.qualities, defaults.qualities)) count++;
  if (!sameSet(filters.expansions, defaults.expansions)) count++;
  for (const realms of ['buyingRealms', 'sellingRealms'] as const) {
    const value = filters[realms];
    const base = defaults[realms];
    if (value === null ? base !== null : base === null || !sameSet(value, base)) count++;
  }
  for (const key of NUMERIC_FILTER_KEYS) if (filters[key] !== defaults[key]) count++;
  if (filters.goldProfitSaleAvgEnabled) count++;
  if (filters.crafted !== defaults.crafted) count++;
  if (filters.minConfidence !== defaults.minConfidence) count++;
  if (filters.hideDeadListings !== defaults.hideDeadListings) count++;
  return count;
}

/** Server check of a personal config: known enum values and numbers inside the screen's ranges. */
export function validateConfig(config: Config, screen: FilterScreen = 'config'): string | null {
  const unknownCategory = config.categories.find((c) => !isCategory(c));
  if (unknownCategory !== undefined) return CONFIG_MESSAGES.unknownCategory(unknownCategory);
  const unknownQuality = config.qualities.find((q) => !QUALITY_IDS.includes(q));
  if (unknownQuality !== undefined) return CONFIG_MESSAGES.unknownQuality(unknownQuality);
  const unknownExpansion = config.expansions.find((e) => !EXPANSION_IDS.includes(e));
  if (unknownExpansion !== undefined) return CONFIG_MESSAGES.unknownExpansion(unknownExpansion);
  const ranges = filterRanges(screen);
  for (const key of CONFIG_NUMBER_KEYS) {
    const { min, max } = ranges[key];
    const value = config[key];
    if (!Number.isFinite(value) || value < min || value > max) {
      return CONFIG_MESSAGES.outOfRange(FILTER_LABELS[key], min, max);
    }
  }
  return null;
}
