// A tool's view (its filters and sort) as the page URL and a saved preset carry it. A link reopens the same
// rows for whoever opens it, so a URL names every filter that differs from the system defaults and a missing
// one reads as its system default, never as the opener's own saved defaults.
import { CONFIDENCE_LEVELS, type ConfidenceLevel } from './deal-evidence';
import { CATEGORIES, EXPANSION_IDS, QUALITY_IDS } from './enums';
import {
  CRAFTED_FILTERS,
  SYSTEM_DEFAULT_FILTERS,
  filterRanges,
  type CraftedFilter,
  type FilterScreen,
  type Filters,
  type RangeKey,
} from './filters';

export const SORT_KEYS = [
  'name',
  'category',
  'itemLevel',
  'sellRate',
  'expansion',
  'quality',
  'extraStats',
  'saleAvg',
  'saleAvgVsBuy',
  'sellVsBuy',
  'sellPrice',
  'sellRealm',
  'buyPrice',
  'buyRealm',
  'marketValue',
  'historical',
  'realisticProfit',
  'confidence',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

export interface ToolView {
  filters: Filters;
  sort: SortState;
}

/** URL parameter of each range filter: short, so a shared link stays readable. */
const RANGE_PARAMS = {
  sellRate: 'rate',
  saleAvg: 'avg',
  goldProfit: 'profit',
  goldProfitSaleAvg: 'psa',
  goldProfitPercent: 'pct',
  maxGoldBuyout: 'max',
  regionMarketValue: 'rmv',
  regionHistorical: 'rh',
} as const satisfies Record<RangeKey, string>;

const LIST_PARAMS = { categories: 'cat', qualities: 'q', expansions: 'exp' } as const;
const REALM_PARAMS = { buyingRealms: 'buy', sellingRealms: 'sell' } as const;
const FLAG_PARAMS = { goldProfitSaleAvgEnabled: 'psaOn', hideDeadListings: 'dead' } as const;
const OTHER_PARAMS = ['crafted', 'name', 'conf', 'sort'] as const;

/** Every parameter a view may set: a URL with none of them opens on the user's saved defaults. */
export const VIEW_PARAMS: readonly string[] = [
  ...Object.values(RANGE_PARAMS),
  ...Object.values(LIST_PARAMS),
  ...Object.values(REALM_PARAMS),
  ...Object.values(FLAG_PARAMS),
  ...OTHER_PARAMS,
];

const ALL = 'all';
const NONE = 'none';
const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

function listText(values: readonly (string | number)[], all: readonly (string | number)[]): string {
  if (values.length === 0) return NONE;
  const set = new Set(values);
  return all.every((v) => set.has(v)) && set.size === all.length ? ALL : values.join(',');
}

/** The view as URL parameters: the filters that differ from the system defaults, and the sort. */
export function viewToParams(view: ToolView): URLSearchParams {
  const { filters } = view;
  const params = new URLSearchParams();
  const lists = { categories: CATEGORIES, qualities: QUALITY_IDS, expansions: EXPANSION_IDS };
  for (const key of Object.keys(LIST_PARAMS) as (keyof typeof LIST_PARAMS)[]) {
    const text = listText(filters[key], lists[key]);
    if (text !== ALL) params.set(LIST_PARAMS[key], text);
  }
  for (const key of Object.keys(REALM_PARAMS) as (keyof typeof REALM_PARAMS)[]) {
    const ids = filters[key];
    if (ids) params.set(REALM_PARAMS[key], ids.length ? ids.join(',') : NONE);
  }
  for (const key of Object.keys(RANGE_PARAMS) as RangeKey[])
    if (filters[key] !== SYSTEM_DEFAULT_FILTERS[key]) params.set(RANGE_PARAMS[key], String(filters[key]));
  for (const key of Object.keys(FLAG_PARAMS) as (keyof typeof FLAG_PARAMS)[])
    if (filters[key] !== SYSTEM_DEFAULT_FILTERS[key]) params.set(FLAG_PARAMS[key], filters[key] ? '1' : '0');
  if (filters.crafted !== SYSTEM_DEFAULT_FILTERS.crafted) params.set('crafted', filters.crafted);
  if (filters.name) params.set('name', filters.name);
  if (filters.minConfidence !== SYSTEM_DEFAULT_FILTERS.minConfidence)
    params.set('conf', filters.minConfidence);
  params.set('sort', `${view.sort.key}.${view.sort.direction}`);
  return params;
}

/** Whether the URL carries a view (any view parameter), rather than leaving the tool to its defaults. */
export function hasViewParams(params: URLSearchParams): boolean {
  return VIEW_PARAMS.some((p) => params.has(p));
}

function parseList<T extends string | number>(
  text: string | null,
  all: readonly T[],
  parse: (part: string) => T | null,
): T[] | null {
  if (text === null || text === ALL) return [...all];
  if (text === NONE) return [];
  const values = text.split(',').map(parse);
  return values.every((v): v is T => v !== null && all.includes(v)) ? [...new Set(values)] : null;
}

const intOf = (part: string): number | null => (/^\d{1,10}$/.test(part) ? Number(part) : null);

/**
 * The view a URL's parameters name, every missing filter at its system default and the sort at
 * `fallbackSort` when it names none; null when a parameter is not a value the filters can take (a mangled
 * link opens on the user's defaults rather than on a guess). Ranges are checked against `screen`'s bounds.
 */
export function viewFromParams(
  params: URLSearchParams,
  fallbackSort: SortState,
  screen: FilterScreen = 'tool',
): ToolView | null {
  const filters: Filters = { ...SYSTEM_DEFAULT_FILTERS };
  const categories = parseList<string>(params.get('cat'), CATEGORIES, (p) => p);
  const qualities = parseList(params.get('q'), QUALITY_IDS, intOf);
  const expansions = parseList(params.get('exp'), EXPANSION_IDS, intOf);
  if (!categories || !qualities || !expansions) return null;
  Object.assign(filters, { categories, qualities, expansions });
  for (const key of Object.keys(REALM_PARAMS) as (keyof typeof REALM_PARAMS)[]) {
    const text = params.get(REALM_PARAMS[key]);
    if (text === null) continue;
    const ids = text === NONE ? [] : text.split(',').map(intOf);
    if (!ids.every((id): id is number => id !== null)) return null;
    filters[key] = [...new Set(ids)];
  }
  const ranges = filterRanges(screen);
  for (const key of Object.keys(RANGE_PARAMS) as RangeKey[]) {
    const text = params.get(RANGE_PARAMS[key]);
    if (text === null) continue;
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value)) return null;
    if (value < ranges[key].min || value > ranges[key].max) return null;
    filters[key] = value;
  }
  for (const key of Object.keys(FLAG_PARAMS) as (keyof typeof FLAG_PARAMS)[]) {
    const text = params.get(FLAG_PARAMS[key]);
    if (text === null) continue;
    if (text !== '0' && text !== '1') return null;
    filters[key] = text === '1';
  }
  const crafted = params.get('crafted');
  if (crafted !== null) {
    if (!(CRAFTED_FILTERS as readonly string[]).includes(crafted)) return null;
    filters.crafted = crafted as CraftedFilter;
  }
  filters.name = params.get('name') ?? '';
  const conf = params.get('conf');
  if (conf !== null) {
    if (!(CONFIDENCE_LEVELS as readonly string[]).includes(conf)) return null;
    filters.minConfidence = conf as ConfidenceLevel;
  }
  const sort = sortOf(params.get('sort')) ?? (params.has('sort') ? null : fallbackSort);
  return sort ? { filters, sort } : null;
}

function sortOf(text: string | null): SortState | null {
  const [key, direction, ...rest] = (text ?? '').split('.');
  if (rest.length || !(SORT_KEYS as readonly string[]).includes(key ?? '')) return null;
  if (direction !== 'asc' && direction !== 'desc') return null;
  return { key: key as SortKey, direction };
}

/**
 * A view's realm filters fitted to the realms a user has chosen: realms they have not chosen are left out,
 * and a filter left with none of theirs selects all of theirs (a link from another subscriber names the
 * sender's realms; the opener sees the same filters over their own).
 */
export function fitViewRealms(
  filters: Filters,
  buying: readonly number[],
  selling: readonly number[],
): Filters {
  const fit = (ids: readonly number[] | null, mine: readonly number[]) => {
    if (ids === null) return null;
    const kept = ids.filter((id) => mine.includes(id));
    if (sameList(kept, ids)) return ids;
    return kept.length === 0 ? null : kept;
  };
  const buyingRealms = fit(filters.buyingRealms, buying);
  const sellingRealms = fit(filters.sellingRealms, selling);
  if (buyingRealms === filters.buyingRealms && sellingRealms === filters.sellingRealms) return filters;
  return { ...filters, buyingRealms, sellingRealms };
}

/** Whether two views show the same rows in the same order (a preset is "the current view"). */
export function sameView(a: ToolView, b: ToolView): boolean {
  return viewToParams(a).toString() === viewToParams(b).toString();
}
